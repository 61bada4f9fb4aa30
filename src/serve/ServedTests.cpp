#include "serve/ServedTests.hpp"

#include <filesystem>

namespace ptx::serve {

ServedTests servedTests(const ServedFolders& folders, const std::string& folder) {
    const auto found = regress::discoverTests({folders.resolveFolder(folder).string()},
                                              regress::EmptyFolders::Refused);
    ServedTests served;
    for (regress::TestCase t : found.tests) {
        const auto name = folders.nameOf(t.litmus);
        const bool expectationInside =
            !std::filesystem::exists(t.expected) || folders.nameOf(t.expected);
        if (!name || !expectationInside) {
            const std::filesystem::path litmus(t.litmus);
            served.outside.push_back(folders.nameOf(litmus.parent_path()).value_or("?") + "/" +
                                     litmus.filename().string());
            continue;
        }
        t.id = *name;
        t.index = served.tests.size();
        served.tests.push_back(std::move(t));
    }
    return served;
}

} // namespace ptx::serve
