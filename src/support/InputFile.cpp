#include "support/InputFile.hpp"

#include "support/Errors.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ptx {
namespace {

std::string shownName(const std::string& path) {
    return path == "-" ? std::string("<stdin>") : path;
}

[[noreturn]] void fail(const std::string& path, const std::string& what, int error) {
    throw LocatedInputError(shownName(path) + ": error: cannot read the " + what + ": " +
                            std::strerror(error));
}

/// The input's file descriptor, closed on every path out (standard input is left open).
class InputDescriptor {
  public:
    InputDescriptor(const std::string& path, const std::string& what) {
        if (path == "-") {
            fd_ = STDIN_FILENO;
            owned_ = false;
            return;
        }
        // O_NONBLOCK: opening a FIFO would otherwise wait, past any deadline, for a writer.
        fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        if (fd_ < 0) fail(path, what, errno);
        // Reads block again (each waits for data in poll first): a FIFO opened without a
        // writer would otherwise read as empty at once.
        const int flags = ::fcntl(fd_, F_GETFL);
        if (flags >= 0) ::fcntl(fd_, F_SETFL, flags & ~O_NONBLOCK);
    }
    ~InputDescriptor() {
        if (owned_) ::close(fd_);
    }
    InputDescriptor(const InputDescriptor&) = delete;
    InputDescriptor& operator=(const InputDescriptor&) = delete;
    [[nodiscard]] int fd() const { return fd_; }

  private:
    int fd_ = -1;
    bool owned_ = true;
};

/// Waits until `fd` has data or its end (a regular file always has), looking at the deadline
/// every 50 ms at most.
void waitReadable(int fd, const std::string& path, const std::string& what,
                  const Deadline& deadline) {
    using namespace std::chrono;
    constexpr milliseconds kSlice(50);
    while (true) {
        deadline.check(Phase::Reading);
        milliseconds wait = kSlice;
        if (const auto at = deadline.expiry())
            wait = std::clamp(duration_cast<milliseconds>(*at - Deadline::Clock::now()) +
                                  milliseconds(1),
                              milliseconds(0), kSlice);
        pollfd p{fd, POLLIN, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(wait.count()));
        if (ready > 0) return;
        if (ready < 0 && errno != EINTR) fail(path, what, errno);
    }
}

} // namespace

std::string readInputFile(const std::string& path, const std::string& what,
                          const Deadline& deadline) {
    const InputDescriptor input(path, what);
    struct stat st {};
    if (::fstat(input.fd(), &st) == 0 && S_ISDIR(st.st_mode)) fail(path, what, EISDIR);
    std::string text;
    char buf[65536];
    while (true) {
        waitReadable(input.fd(), path, what, deadline);
        const ssize_t n = ::read(input.fd(), buf, sizeof buf);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            fail(path, what, errno);
        }
        if (text.size() + static_cast<std::size_t>(n) > kMaxInputBytes)
            throw LocatedInputError(shownName(path) + ": error: cannot read the " + what +
                                    ": it is larger than " + std::to_string(kMaxInputBytes >> 20U) +
                                    " MiB, the most ptxlitmus reads from one input");
        text.append(buf, static_cast<std::size_t>(n));
    }
    return text;
}

} // namespace ptx
