#include "serve/Server.hpp"

#include "model/MemoryModel.hpp"
#include "serve/Assets.hpp"
#include "serve/ErrorResponse.hpp"
#include "serve/Explorer.hpp"
#include "serve/ServedFolders.hpp"
#include "serve/TempFolder.hpp"
#include "serve/TestRequest.hpp"
#include "support/InputFile.hpp"

#include <functional>
#include <httplib.h>
#include <stop_token>

namespace ptx::serve {
namespace {

using nlohmann::json;

constexpr const char* kJsonType = "application/json";
// The page loads only its own files; graphs are inline SVG, downloads blob: URLs.
constexpr const char* kContentPolicy =
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

void send(httplib::Response& res, const ErrorResponse& e) {
    res.status = e.status;
    res.set_content(e.body.dump(), kJsonType);
}

bool isLoopback(const std::string& address) {
    return address == "127.0.0.1" || address == "::1" || address == "localhost" ||
           address.rfind("127.", 0) == 0;
}

/// `localhost:8080` -> `localhost`, `[::1]:80` -> `::1`.
std::string hostName(const std::string& host) {
    if (!host.empty() && host.front() == '[') return host.substr(1, host.find(']') - 1);
    return host.substr(0, host.find(':'));
}

} // namespace

struct Server::State {
    ServeSettings settings;
    StopToken stop;
    ServedFolders folders;
    TempFolder temp;
    RunRegistry runs;
    Explorer explorer;
    httplib::Server http;
    std::unique_ptr<std::stop_callback<std::function<void()>>> onStop;

    State(ServeSettings s, StopToken t)
        : settings(std::move(s)), stop(std::move(t)), folders(settings.folders),
          runs(settings.limits, stop), explorer(folders, temp) {}

    /// A POST that runs a test: the body read, a run slot taken, `answer` called under it.
    void run(const httplib::Request& req, httplib::Response& res,
             const std::function<json(const TestRequest&, const RunSlot&)>& answer) {
        try {
            const TestRequest request = TestRequest::fromJson(json::parse(req.body));
            const std::unique_ptr<RunSlot> slot = runs.start(request.runId, request.timeout);
            if (!slot) {
                send(res,
                     plainError(429, "serve: " + std::to_string(settings.limits.maxConcurrentRuns) +
                                         " runs are going on already (--max-runs): try "
                                         "again when one ends"));
                return;
            }
            res.set_content(answer(request, *slot).dump(), kJsonType);
        } catch (const json::parse_error& e) {
            send(res, plainError(400, std::string("request: not JSON: ") + e.what()));
        } catch (...) {
            send(res, errorResponse(std::current_exception(), ""));
        }
    }

    void routes() {
        http.set_payload_max_length(settings.limits.maxRequestBytes);
        http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
            res.set_header("Content-Security-Policy", kContentPolicy);
            res.set_header("X-Content-Type-Options", "nosniff");
            res.set_header("Cache-Control", "no-store");
            if (isLoopback(settings.bind) && !isLoopback(hostName(req.get_header_value("Host")))) {
                send(res, plainError(403, "serve: this server answers only requests for "
                                          "localhost"));
                return httplib::Server::HandlerResponse::Handled;
            }
            if (req.method == "POST" &&
                req.get_header_value("Content-Type").rfind(kJsonType, 0) != 0) {
                send(res, plainError(415, "serve: POST bodies are JSON (Content-Type: "
                                          "application/json)"));
                return httplib::Server::HandlerResponse::Handled;
            }
            return httplib::Server::HandlerResponse::Unhandled;
        });
        http.Get("/api/info", [this](const httplib::Request&, httplib::Response& res) {
            const RunLimits& l = settings.limits;
            const json info = {{"models", modelKindNames()},
                               {"folders", folders.names()},
                               {"engines", {"auto", "explicit", "smt"}},
                               {"timeout_s", l.timeoutSeconds},
                               {"max_request_bytes", l.maxRequestBytes},
                               {"max_runs", l.maxConcurrentRuns}};
            res.set_content(info.dump(), kJsonType);
        });
        http.Get("/api/files", [this](const httplib::Request&, httplib::Response& res) {
            json files = json::array();
            for (const ServedFile& f : folders.list())
                files.push_back({{"name", f.name}, {"kind", f.kind}});
            res.set_content(json{{"files", files}}.dump(), kJsonType);
        });
        http.Get("/api/file", [this](const httplib::Request& req, httplib::Response& res) {
            try {
                const std::string name = req.get_param_value("name");
                const auto path = folders.resolve(name);
                const Deadline deadline(settings.limits.timeoutSeconds, stop);
                res.set_content(readInputFile(path.string(), "served file", deadline),
                                "text/plain; charset=utf-8");
            } catch (...) {
                send(res, errorResponse(std::current_exception(), ""));
            }
        });
        // The requests that run a command: each answered by its Explorer function.
        using Answer = json (Explorer::*)(const TestRequest&, const RunSlot&) const;
        const std::pair<const char*, Answer> commands[] = {
            {"/api/check", &Explorer::check},
            {"/api/explain", &Explorer::explain},
            {"/api/hang", &Explorer::hang},
            {"/api/race", &Explorer::race},
            {"/api/executions", &Explorer::executions},
            {"/api/sim", &Explorer::simulate},
            {"/api/regress", &Explorer::regress},
            {"/api/validate", &Explorer::validate},
            {"/api/campaign", &Explorer::campaign}};
        for (const auto& [path, answer] : commands)
            http.Post(path,
                      [this, answer = answer](const httplib::Request& req, httplib::Response& res) {
                          run(req, res, [this, answer](const TestRequest& r, const RunSlot& s) {
                              return (explorer.*answer)(r, s);
                          });
                      });
        http.Post("/api/cancel", [this](const httplib::Request& req, httplib::Response& res) {
            try {
                const json body = json::parse(req.body);
                if (!body.is_object() || !body.contains("run_id") || !body["run_id"].is_string())
                    throw InputError("request: 'run_id' (a string) is missing");
                const bool found = runs.cancel(body["run_id"].get<std::string>());
                res.status = found ? 200 : 404;
                res.set_content(json{{"cancelled", found}}.dump(), kJsonType);
            } catch (const json::parse_error& e) {
                send(res, plainError(400, std::string("request: not JSON: ") + e.what()));
            } catch (...) {
                send(res, errorResponse(std::current_exception(), ""));
            }
        });
        http.Get(R"(/[A-Za-z0-9._-]*)", [](const httplib::Request& req, httplib::Response& res) {
            const Asset* asset = findAsset(req.path);
            if (!asset) {
                send(res, plainError(404, "no such page: " + req.path));
                return;
            }
            res.set_content(std::string(asset->bytes), std::string(asset->contentType).c_str());
        });
    }
};

Server::Server(ServeSettings settings, StopToken stop)
    : state_(std::make_unique<State>(std::move(settings), std::move(stop))) {
    state_->routes();
    State* s = state_.get();
    state_->onStop = std::make_unique<std::stop_callback<std::function<void()>>>(
        state_->stop.native(), std::function<void()>([s] { s->http.stop(); }));
}

Server::~Server() {
    state_->onStop.reset();
    state_->http.stop();
}

int Server::bind() {
    const ServeSettings& s = state_->settings;
    const int port = s.port == 0 ? state_->http.bind_to_any_port(s.bind)
                                 : (state_->http.bind_to_port(s.bind, s.port) ? s.port : -1);
    if (port < 0)
        throw ResourceError("serve: cannot listen on " + s.bind + " port " +
                            std::to_string(s.port) +
                            " (in use, or an address this machine does not have)");
    return port;
}

void Server::serve() {
    if (state_->stop.stopRequested()) return;
    state_->http.listen_after_bind();
}

void Server::stop() {
    state_->http.stop();
}

} // namespace ptx::serve
