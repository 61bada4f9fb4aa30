#include "explain/Graphviz.hpp"

#include "support/AtomicFile.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace ptx::explain {
namespace {

/// A temporary file removed when it goes out of scope.
class TempFile {
  public:
    TempFile() {
        const char* dir = std::getenv("TMPDIR");
        path_ = std::string(dir && *dir ? dir : "/tmp") + "/ptxlitmus-XXXXXX";
        fd_ = mkstemp(path_.data());
        if (fd_ < 0)
            throw GraphvizError("cannot create a temporary file: " +
                                std::string(std::strerror(errno)));
    }
    ~TempFile() {
        if (fd_ >= 0) close(fd_);
        unlink(path_.c_str());
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    [[nodiscard]] const std::string& path() const { return path_; }
    [[nodiscard]] int fd() const { return fd_; }

  private:
    std::string path_;
    int fd_ = -1;
};

} // namespace

void renderDot(const std::string& dotText, const std::string& format, const std::string& outPath) {
    // dot writes into a temporary file; only a complete rendering replaces the target, through
    // the one atomic write (a failed or interrupted dot leaves the old file as it was).
    TempFile input, errors, rendered;
    {
        std::ofstream in(input.path(), std::ios::binary);
        in << dotText;
        if (!in) throw GraphvizError("cannot write " + input.path());
    }
    const std::string formatArg = "-T" + format;
    std::vector<std::string> args{"dot", formatArg, "-o", rendered.path(), input.path()};
    std::vector<char*> argv;
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid < 0) throw GraphvizError("cannot start dot: " + std::string(std::strerror(errno)));
    if (pid == 0) {
        // The CLI blocks SIGINT/SIGTERM in its threads (src/cli/SignalWatcher); dot gets them.
        sigset_t none;
        sigemptyset(&none);
        pthread_sigmask(SIG_SETMASK, &none, nullptr);
        dup2(errors.fd(), STDERR_FILENO);
        const int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0) dup2(devnull, STDOUT_FILENO);
        execvp("dot", argv.data());
        std::fprintf(stderr, "cannot run dot: %s (install Graphviz)\n", std::strerror(errno));
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            throw GraphvizError("waiting for dot: " + std::string(std::strerror(errno)));
    std::ifstream err(errors.path());
    std::stringstream text;
    text << err.rdbuf();
    const bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok || !text.str().empty())
        throw GraphvizError("dot " + formatArg + " " +
                            (ok ? "warned"
                                : "failed (status " +
                                      std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) +
                                      ")") +
                            (text.str().empty() ? "" : ": " + text.str()));
    std::ifstream result(rendered.path(), std::ios::binary);
    const std::string output((std::istreambuf_iterator<char>(result)),
                             std::istreambuf_iterator<char>());
    if (!result.is_open() || result.bad())
        throw GraphvizError("cannot read dot's output " + rendered.path());
    writeFileAtomically(outPath, output);
}

} // namespace ptx::explain
