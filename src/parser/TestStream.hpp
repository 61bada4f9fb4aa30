// Several litmus tests in one stream (`ptxlitmus gen MP | ptxlitmus -`): a new test starts on a
// line whose first word is an architecture (`PTX`, `ptx`, `GPU_PTX`) followed by a name, outside
// quoted descriptions and `(* ... *)` comments. Each piece keeps the line number it starts at,
// so that errors point into the stream.
#pragma once

#include <string_view>
#include <vector>

namespace ptx {

struct TestText {
    std::string_view text; // one test, from its header line (or the stream's start) to the next
    int firstLine = 1;     // the line of the stream where `text` starts
};

/// The tests of `stream`, in order. Text before the first header belongs to the first test; a
/// stream without a header is one piece (the parser then reports what is missing).
[[nodiscard]] std::vector<TestText> splitTestStream(std::string_view stream);

} // namespace ptx
