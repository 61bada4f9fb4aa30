#include "explain/Graphviz.hpp"

#include "support/AtomicFile.hpp"

#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace ptx::explain {
namespace {

/// A temporary file removed when it goes out of scope (also when a deadline's failure or an
/// interruption unwinds through renderDot).
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

std::string contentsOf(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!in.is_open() || in.bad()) throw GraphvizError("cannot read " + path);
    return text.str();
}

/// Starts `dot` with `args` as the leader of a new process group, its stderr into `errors`.
pid_t startDot(std::vector<std::string>& args, const TempFile& errors) {
    std::vector<char*> argv;
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    static constexpr char kCannotRun[] = "cannot run dot (install Graphviz)\n";
    const pid_t pid = fork();
    if (pid < 0) throw GraphvizError("cannot start dot: " + std::string(std::strerror(errno)));
    if (pid == 0) {
        // Only async-signal-safe calls here: the parent has other threads. A group of its own,
        // so that the whole of it can be killed; stdin from /dev/null, so that it never stops
        // reading a terminal it is now in the background of.
        setpgid(0, 0);
        // The CLI blocks SIGINT/SIGTERM in its threads (src/cli/SignalWatcher); dot gets them.
        sigset_t none;
        sigemptyset(&none);
        pthread_sigmask(SIG_SETMASK, &none, nullptr);
        dup2(errors.fd(), STDERR_FILENO);
        const int devnull = open("/dev/null", O_RDWR);
        if (devnull >= 0) {
            dup2(devnull, STDIN_FILENO);
            dup2(devnull, STDOUT_FILENO);
        }
        execvp("dot", argv.data());
        [[maybe_unused]] const ssize_t n = write(STDERR_FILENO, kCannotRun, sizeof kCannotRun - 1);
        _exit(127);
    }
    setpgid(pid, pid); // also here: whichever of the two runs first, the group exists
    return pid;
}

/// Kills `pid`'s process group and reaps `pid`: nothing it started outlives it.
int endGroup(pid_t pid) {
    kill(-pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
}

/// Waits for dot (the leader of its own group) to exit, looking at the deadline every 5 ms;
/// past it, or once a stop is asked for, kills the group and throws the deadline's failure.
/// Returns dot's wait status; the group is gone either way.
int waitForDot(pid_t pid, const Deadline& deadline) {
    constexpr timespec kPoll{0, 5'000'000};
    while (true) {
        siginfo_t info{};
        // WNOWAIT: dot stays a zombie, and its group id reserved, until endGroup reaps it.
        if (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) < 0 &&
            errno != EINTR) {
            const int e = errno;
            endGroup(pid);
            throw GraphvizError("waiting for dot: " + std::string(std::strerror(e)));
        }
        if (info.si_pid == pid) return endGroup(pid);
        if (deadline.stopRequested() || deadline.expired()) {
            endGroup(pid);
            deadline.fail(Phase::Rendering);
        }
        nanosleep(&kPoll, nullptr);
    }
}

std::string statusText(int status) {
    if (WIFEXITED(status)) return "status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
    return "status " + std::to_string(status);
}

} // namespace

void renderDot(const std::string& dotText, const std::string& format, const std::string& outPath,
               const Deadline& deadline) {
    // dot writes into a temporary file; only a complete rendering replaces the target, through
    // the one atomic write (a failed, empty or interrupted rendering leaves the old file).
    deadline.check(Phase::Rendering);
    TempFile input, errors, rendered;
    {
        std::ofstream in(input.path(), std::ios::binary);
        in << dotText;
        if (!in) throw GraphvizError("cannot write " + input.path());
    }
    const std::string formatArg = "-T" + format;
    std::vector<std::string> args{"dot", formatArg, "-o", rendered.path(), input.path()};
    const int status = waitForDot(startDot(args, errors), deadline);
    std::string warnings = contentsOf(errors.path());
    while (!warnings.empty() && std::isspace(static_cast<unsigned char>(warnings.back())))
        warnings.pop_back();
    const bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok || !warnings.empty())
        throw GraphvizError("dot " + formatArg + " " +
                            (ok ? std::string("warned") : "failed (" + statusText(status) + ")") +
                            (warnings.empty() ? "" : ": " + warnings));
    const std::string output = contentsOf(rendered.path());
    if (output.empty())
        throw GraphvizError("dot " + formatArg + " wrote nothing (exit status 0); " + outPath +
                            " is left as it was");
    writeFileAtomically(outPath, output);
}

} // namespace ptx::explain
