#include "serve/ServedFolders.hpp"

#include "support/Text.hpp"

#include <algorithm>
#include <system_error>

namespace ptx::serve {
namespace fs = std::filesystem;

namespace {

bool isInside(const fs::path& file, const fs::path& root) {
    auto f = file.begin();
    for (auto r = root.begin(); r != root.end(); ++r, ++f)
        if (f == file.end() || *f != *r) return false;
    return f != file.end();
}

std::string kindOf(const fs::path& file) {
    const std::string ext = file.extension().string();
    return ext == ".litmus" ? "litmus" : ext == ".cat" ? "cat" : "";
}

} // namespace

ServedFolders::ServedFolders(const std::vector<std::string>& dirs) {
    for (const std::string& dir : dirs) {
        std::error_code ec;
        const fs::path root = fs::canonical(dir, ec);
        if (ec || !fs::is_directory(root))
            throw InputError("'" + terminalText(dir) + "' is not a folder" +
                             (ec ? " (" + ec.message() + ")" : ""));
        std::string name = root.filename().string();
        if (name.empty()) name = "root";
        if (std::any_of(folders_.begin(), folders_.end(),
                        [&](const Folder& f) { return f.name == name; }))
            throw InputError("two served folders are named '" + terminalText(name) +
                             "': the page names files by their folder's name");
        folders_.push_back({name, root});
    }
}

std::vector<ServedFile> ServedFolders::list(std::size_t limit) const {
    std::vector<ServedFile> files;
    for (const Folder& folder : folders_) {
        std::error_code ec;
        // Links to folders are not followed: what a link leads to is checked by resolve().
        fs::recursive_directory_iterator it(folder.root,
                                            fs::directory_options::skip_permission_denied, ec);
        for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
            const std::string kind = kindOf(it->path());
            if (kind.empty()) continue;
            const std::string name =
                folder.name + "/" + it->path().lexically_relative(folder.root).generic_string();
            try {
                (void)resolve(name);
            } catch (const InputError&) {
                continue; // a link out of the folder, a folder named x.litmus: not served
            }
            files.push_back({name, kind});
            if (files.size() >= limit) break;
        }
    }
    std::sort(files.begin(), files.end(),
              [](const ServedFile& a, const ServedFile& b) { return a.name < b.name; });
    return files;
}

std::vector<std::string> ServedFolders::names() const {
    std::vector<std::string> names;
    for (const Folder& f : folders_)
        names.push_back(f.name);
    return names;
}

fs::path ServedFolders::resolve(const std::string& name) const {
    return resolveAs(name, Kind::File);
}

fs::path ServedFolders::resolveFolder(const std::string& name) const {
    return resolveAs(name, Kind::Folder);
}

std::optional<std::string> ServedFolders::nameOf(const fs::path& path) const {
    std::error_code ec;
    const fs::path file = fs::canonical(path, ec);
    if (ec) return std::nullopt;
    for (const Folder& f : folders_)
        if (isInside(file, f.root))
            return f.name + "/" + file.lexically_relative(f.root).generic_string();
    return std::nullopt;
}

fs::path ServedFolders::resolveAs(const std::string& name, Kind kind) const {
    const auto refused = [&](const std::string& why) {
        return PathRefused("'" + terminalText(name) + "' is not served: " + why);
    };
    if (name.find('\0') != std::string::npos) throw refused("it holds a NUL character");
    const fs::path path(name);
    if (path.is_absolute()) throw refused("files are named FOLDER/PATH, not by absolute paths");
    auto part = path.begin();
    if (part == path.end()) throw refused("the name is empty");
    const std::string folderName = part->string();
    const auto folder = std::find_if(folders_.begin(), folders_.end(),
                                     [&](const Folder& f) { return f.name == folderName; });
    if (folder == folders_.end()) throw refused("no served folder is named '" + folderName + "'");
    fs::path relative;
    for (++part; part != path.end(); ++part) {
        if (*part == ".." || *part == "." || part->empty())
            throw refused("'..', '.' and empty parts are not allowed");
        relative /= *part;
    }
    if (relative.empty()) {
        if (kind == Kind::Folder) return folder->root;
        throw refused("it names a folder, not a file");
    }
    std::error_code ec;
    const fs::path file = fs::canonical(folder->root / relative, ec);
    if (ec) throw PathNotFound("'" + terminalText(name) + "': no such file or folder");
    if (!isInside(file, folder->root)) throw refused("a link leads out of the served folder");
    if (kind == Kind::File ? !fs::is_regular_file(file, ec) : !fs::is_directory(file, ec))
        throw PathNotFound("'" + terminalText(name) + "' is not a " +
                           (kind == Kind::File ? "file" : "folder"));
    return file;
}

} // namespace ptx::serve
