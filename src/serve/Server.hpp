// `ptxlitmus serve`'s HTTP server: the embedded page, and the API it calls (docs/serve.md):
//   GET  /api/info            models, engines, limits, served folders
//   GET  /api/files           the .litmus and .cat files under the served folders
//   GET  /api/file?name=N     one of them (403 outside the folders, 404 none)
//   POST /api/check           TestRequest -> `ptxlitmus --json`'s object (+ `herd`)
//   POST /api/explain         TestRequest (+ outcome, way) -> explanation, DOT, SVG
//   POST /api/hang, /api/race `explain --hang` / `--race`: the text, the witness's DOT and SVG
//   POST /api/executions      the consistent executions drawn (`--show`)
//   POST /api/sim             `sim --json` (+ the histogram's text, the schedule to a hang)
//   POST /api/regress         `regress --json` over a served folder
//   POST /api/validate        the test against uploaded observations (`validate FILE`)
//   POST /api/campaign        a served folder's tests against them (`validate --tests DIR`)
//   POST /api/cancel          {"run_id": ID}: stops that run (it answers 409)
// Every POST takes JSON (Content-Type application/json: a cross-site form cannot post it) of at
// most RunLimits::maxRequestBytes (413 above); runs beyond maxConcurrentRuns are refused (429).
// When bound to a loopback address, requests must name a loopback host (DNS rebinding).
#pragma once

#include "serve/RunLimits.hpp"
#include "support/Deadline.hpp"

#include <memory>
#include <string>
#include <vector>

namespace ptx::serve {

struct ServeSettings {
    std::vector<std::string> folders; // served folders (the bundled litmus/ when none is given)
    std::string bind = "127.0.0.1";
    int port = 8080; // 0: any free port
    RunLimits limits;
};

class Server {
  public:
    /// Throws InputError for a folder that cannot be served, OutputError when the temporary
    /// folder cannot be made.
    Server(ServeSettings settings, StopToken stop);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    /// Binds the address and port; returns the port (the one chosen for port 0). Throws
    /// ResourceError when it cannot bind.
    int bind();
    /// Answers requests until stop() is called or the stop token stops.
    void serve();
    void stop();

  private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace ptx::serve
