// The page's files (src/serve/web: HTML, JavaScript, CSS), embedded in the executable at build
// time (EmbedAssets.cmake writes their bytes into a generated source): `ptxlitmus serve` needs
// no file beside it and the page no build step.
#pragma once

#include <string_view>

namespace ptx::serve {

struct Asset {
    std::string_view path;        // `/index.html`
    std::string_view contentType; // `text/html; charset=utf-8`
    std::string_view bytes;
};

/// The asset served at `path` (`/` is `/index.html`); nullptr when there is none.
[[nodiscard]] const Asset* findAsset(std::string_view path);

} // namespace ptx::serve
