// Reading a model file: the standard library first (a stdlib.cat on the search path, else the
// built-in one), then the model, translated into a MemoryModel.
#include "model/cat/CatModel.hpp"
#include "model/cat/CatParser.hpp"
#include "model/cat/CatSearchPath.hpp"
#include "support/InputFile.hpp"

#include <filesystem>

namespace ptx::cat {

std::vector<std::string> searchPath(const std::string& file, const LoadOptions& options) {
    std::vector<std::string> folders{std::filesystem::path(file).parent_path().string()};
    folders.insert(folders.end(), options.includeDirs.begin(), options.includeDirs.end());
    return folders;
}

std::optional<std::string> findIn(const std::vector<std::string>& folders,
                                  const std::string& name) {
    for (const std::string& folder : folders) {
        std::error_code ec;
        const std::filesystem::path candidate = std::filesystem::path(folder) / name;
        if (std::filesystem::is_regular_file(candidate, ec)) return candidate.string();
    }
    return std::nullopt;
}

const char* builtinStdlib() {
    return "// ptxlitmus's standard library: read before a model when no stdlib.cat is found\n"
           "let fr = rf^-1 ; co\n"
           "let po-loc = po & loc\n"
           "let rmw = amo | lxsx\n"
           "let rfe = rf & ext\n"
           "let rfi = rf & int\n"
           "let coe = co & ext\n"
           "let coi = co & int\n"
           "let fre = fr & ext\n"
           "let fri = fr & int\n"
           "let fencerel(S) = po ; [S] ; po\n";
}

MemoryModel loadModel(const std::string& path, const LoadOptions& options) {
    std::vector<ModelFile> files;
    const auto stdlib = findIn(searchPath(path, options), "stdlib.cat");
    if (stdlib && std::filesystem::path(path).filename() != "stdlib.cat")
        files.push_back(parseModel(readInputFile(*stdlib, "cat model", options.deadline), *stdlib));
    else
        files.push_back(parseModel(builtinStdlib(), "<built-in stdlib.cat>"));
    files.push_back(parseModel(readInputFile(path, "cat model", options.deadline), path));
    return translate(files, std::filesystem::path(path).filename().string(), options);
}

} // namespace ptx::cat
