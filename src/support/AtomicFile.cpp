#include "support/AtomicFile.hpp"

#include "support/Errors.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <ostream>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace ptx {
namespace fs = std::filesystem;
namespace {

[[noreturn]] void fail(const fs::path& path, const std::string& doing, int error) {
    throw OutputError("cannot " + doing + " " + path.string() + ": " + std::strerror(error));
}

/// Writes all of `text` to `fd`; false (errno set) on failure.
bool writeAll(int fd, std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        text.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

/// The file the path names, following symbolic links (a link is kept, its target replaced).
fs::path resolved(const fs::path& path) {
    std::error_code ec;
    if (!fs::is_symlink(path, ec)) return path;
    const fs::path target = fs::weakly_canonical(path, ec);
    return ec ? path : target;
}

void writeInPlace(const fs::path& path, std::string_view text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) fail(path, "open", errno);
    if (!writeAll(fd, text)) {
        const int e = errno;
        ::close(fd);
        fail(path, "write", e);
    }
    if (::close(fd) != 0) fail(path, "write", errno);
}

} // namespace

void writeFileAtomically(const fs::path& requested, std::string_view text) {
    const fs::path path = resolved(requested);
    struct stat st {};
    const bool exists = ::stat(path.c_str(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) fail(path, "write", EISDIR);
    if (exists && !S_ISREG(st.st_mode)) {
        writeInPlace(path, text);
        return;
    }
    const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
    std::string pattern = (dir / ("." + path.filename().string() + ".tmp-XXXXXX")).string();
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    const int fd = ::mkstemp(name.data());
    if (fd < 0) fail(path, "write", errno);
    const fs::path temp(name.data());
    auto abandon = [&](const std::string& doing, int error) {
        ::close(fd);
        ::unlink(temp.c_str());
        fail(path, doing, error);
    };
    // mkstemp makes 0600; the file gets the mode a new file would (or the old file's).
    mode_t mode = 0;
    if (exists) {
        mode = st.st_mode & 07777;
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    if (::fchmod(fd, mode) != 0) abandon("write", errno);
    if (!writeAll(fd, text)) abandon("write", errno);
    if (::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) abandon("write", errno);
    if (::close(fd) != 0) {
        const int e = errno;
        ::unlink(temp.c_str());
        fail(path, "write", e);
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        const int e = errno;
        ::unlink(temp.c_str());
        fail(path, "replace", e);
    }
}

void writeOutput(const std::string& pathOrDash, std::string_view text, std::ostream& out) {
    if (pathOrDash != "-") {
        writeFileAtomically(pathOrDash, text);
        return;
    }
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    checkStream(out, "standard output");
}

void checkStream(std::ostream& out, const std::string& what) {
    out.flush();
    if (!out) {
        const int e = errno;
        throw OutputError("cannot write " + what + ": " +
                          (e != 0 ? std::strerror(e) : "the stream failed"));
    }
}

void createDirectories(const fs::path& dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw OutputError("cannot create the folder " + dir.string() + ": " + ec.message());
}

} // namespace ptx
