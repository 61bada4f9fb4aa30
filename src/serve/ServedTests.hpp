// The litmus tests of a served folder, as regress finds them (`.litmus` files searched
// recursively, each with the `.expected` beside it), named as the page names files
// (`litmus/MP/MP.litmus`). A test or expectation that a symbolic link leads out of the served
// folders is left out and listed: `regress` and a campaign on the page read nothing else.
#pragma once

#include "regress/SuiteDiscovery.hpp"
#include "serve/ServedFolders.hpp"

#include <string>
#include <vector>

namespace ptx::serve {

struct ServedTests {
    std::vector<regress::TestCase> tests; // `id`: the served name; `index`: the position
    std::vector<std::string> outside;     // the names of those left out (links out)
};

/// The tests under served folder `folder` (`litmus/MP`). Throws PathRefused or PathNotFound for
/// the folder as ServedFolders::resolveFolder does, regress's DiscoveryError for a folder
/// without tests.
[[nodiscard]] ServedTests servedTests(const ServedFolders& folders, const std::string& folder);

} // namespace ptx::serve
