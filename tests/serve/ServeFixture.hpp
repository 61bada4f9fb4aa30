// The server of the API tests: `ptxlitmus serve` started in the test's process on a free port,
// serving a folder `suite` (MP with its .expected, a link to a test outside it) in a temporary
// folder, and an HTTP client for it.
#pragma once

#include "serve/Server.hpp"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <httplib.h>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <unistd.h>

namespace serve_test {

namespace fs = std::filesystem;
using nlohmann::json;

/// A served folder `suite` (MP, a link to a test outside it) beside an unserved test.
struct Fixture {
    fs::path base;
    ptx::StopSource stopSource;
    std::unique_ptr<ptx::serve::Server> server;
    std::thread thread;
    int port = 0;

    explicit Fixture(ptx::serve::RunLimits limits = {}) {
        base = fs::temp_directory_path() /
               ("serve-test-" + std::to_string(::getpid()) + "-" +
                std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
        fs::create_directories(base / "suite" / "sub");
        fs::copy_file(PTXLITMUS_SOURCE_DIR "/litmus/MP/MP.litmus", base / "suite" / "MP.litmus");
        fs::copy_file(PTXLITMUS_SOURCE_DIR "/litmus/MP/MP.expected",
                      base / "suite" / "MP.expected");
        fs::copy_file(PTXLITMUS_SOURCE_DIR "/litmus/MP/MP.litmus", base / "secret.litmus");
        fs::create_symlink(base / "secret.litmus", base / "suite" / "sub" / "escape.litmus");
        ptx::serve::ServeSettings settings;
        settings.folders = {(base / "suite").string()};
        settings.port = 0;
        settings.limits = limits;
        server = std::make_unique<ptx::serve::Server>(settings, stopSource.token());
        port = server->bind();
        thread = std::thread([this] { server->serve(); });
    }
    ~Fixture() {
        server->stop();
        thread.join();
        server.reset();
        fs::remove_all(base);
    }
    [[nodiscard]] httplib::Client client() const {
        httplib::Client c("127.0.0.1", port);
        c.set_read_timeout(60, 0);
        return c;
    }
    httplib::Result post(const std::string& path, const json& body) const {
        return client().Post(path.c_str(), body.dump(), "application/json");
    }
};

/// A file of the source tree (`litmus/MP/MP.litmus`), read.
inline std::string sourceText(const std::string& path) {
    std::ifstream in(PTXLITMUS_SOURCE_DIR "/" + path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline std::string mpText() {
    return sourceText("litmus/MP/MP.litmus");
}

} // namespace serve_test
