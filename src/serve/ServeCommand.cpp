// `ptxlitmus serve [DIR...] [--port N] [--bind ADDR]`: the local web explorer (Server.hpp).
// Wired into the command line here; the server itself knows nothing of CLI11.
#include "cli/CheckOptions.hpp"
#include "cli/Commands.hpp"
#include "serve/Server.hpp"

#include <filesystem>
#include <iostream>
#include <memory>

namespace ptx::cli {
namespace {

struct ServeArgs {
    std::vector<std::string> folders;
    serve::ServeSettings settings;
    double timeout = 30;
    std::uint64_t maxRequestKiB = 1024;
    unsigned maxRuns = 2;
};

/// The bundled suites and models, when no folder is named: those of the source tree this
/// executable was built from.
std::vector<std::string> bundledFolders() {
    std::vector<std::string> folders;
    for (const char* dir : {PTXLITMUS_SOURCE_DIR "/litmus", PTXLITMUS_SOURCE_DIR "/models"})
        if (std::filesystem::is_directory(dir)) folders.emplace_back(dir);
    if (folders.empty())
        throw InputError("the bundled litmus/ folder (" PTXLITMUS_SOURCE_DIR
                         "/litmus) is not there: name the folders to serve");
    return folders;
}

void runServe(ServeArgs& args, CommandContext& context) {
    serve::ServeSettings settings = args.settings;
    settings.folders = args.folders.empty() ? bundledFolders() : args.folders;
    settings.limits.timeoutSeconds = args.timeout;
    settings.limits.maxRequestBytes = args.maxRequestKiB * 1024;
    settings.limits.maxConcurrentRuns = args.maxRuns;
    serve::Server server(settings, context.stop);
    const int port = server.bind();
    const std::string host =
        settings.bind.find(':') != std::string::npos ? "[" + settings.bind + "]" : settings.bind;
    std::cout << "ptxlitmus serve: http://" << host << ":" << port << "/ (Ctrl-C stops)"
              << std::endl;
    server.serve();
}

} // namespace

void addServeCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<ServeArgs>();
    CLI::App* cmd = app.add_subcommand(
        "serve", "A local web explorer: check, explain and draw tests in a browser");
    cmd->add_option("folders", args->folders,
                    "Folders whose .litmus tests and .cat models the page may open (default: the "
                    "bundled litmus/ and models/); nothing outside them is read");
    cmd->add_option("--port", args->settings.port,
                    "TCP port (default 8080; 0: any free port, printed at start)")
        ->check(countValidator(0, 65535));
    cmd->add_option("--bind", args->settings.bind,
                    "Address to listen on (default 127.0.0.1: this machine only; a loopback "
                    "server answers only requests for localhost)");
    addTimeoutOption(*cmd, args->timeout)
        ->description("Time limit of each run the page asks for, in seconds (default 30); the "
                      "page may ask for less");
    cmd->add_option("--max-runs", args->maxRuns,
                    "Runs going on at once (1 to 64, default 2); more are refused (HTTP 429)")
        ->check(countValidator(1, 64));
    cmd->add_option("--max-request", args->maxRequestKiB,
                    "Largest request body in KiB (1 to 65536, default 1024); larger are refused "
                    "(HTTP 413)")
        ->check(countValidator(1, 65536));
    cmd->callback([args, &context] {
        try {
            runServe(*args, context);
        } catch (...) {
            context.reportCurrent("ptxlitmus serve");
        }
    });
}

} // namespace ptx::cli
