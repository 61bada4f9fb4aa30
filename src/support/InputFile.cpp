#include "support/InputFile.hpp"

#include "support/Errors.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ptx {
namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what, int error) {
    throw LocatedInputError((path == "-" ? std::string("<stdin>") : path) +
                            ": error: cannot read the " + what + ": " + std::strerror(error));
}

} // namespace

std::string readInputFile(const std::string& path, const std::string& what) {
    const bool isStdin = path == "-";
    const int fd = isStdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) fail(path, what, errno);
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        if (!isStdin) ::close(fd);
        fail(path, what, EISDIR);
    }
    std::string text;
    char buf[65536];
    while (true) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            const int e = errno;
            if (!isStdin) ::close(fd);
            fail(path, what, e);
        }
        if (text.size() + static_cast<std::size_t>(n) > kMaxInputBytes) {
            if (!isStdin) ::close(fd);
            throw LocatedInputError((isStdin ? std::string("<stdin>") : path) +
                                    ": error: cannot read the " + what + ": it is larger than " +
                                    std::to_string(kMaxInputBytes >> 20U) +
                                    " MiB, the most ptxlitmus reads from one input");
        }
        text.append(buf, static_cast<std::size_t>(n));
    }
    if (!isStdin) ::close(fd);
    return text;
}

} // namespace ptx
