// How large the explicit engine's search of a test may be, for `auto`'s choice of engine
// (Checker.cpp, chooseEngine): per candidate, the rf choices times the coherence orders.
#pragma once

#include "enumerate/Candidates.hpp"
#include "model/Program.hpp"
#include "support/Deadline.hpp"

namespace ptx {

/// Sum over the candidates of (product over reads of the writes to its location) times (product
/// over locations of the interleavings of the threads' writes to it: the multinomial coefficient
/// of their counts, the initial write first). An upper bound of the executions the explicit
/// engine enumerates when it must find every final write (witnesses not counted, a location
/// projected); path conditions and the checks prune most of it. Stops summing once past `enough`.
[[nodiscard]] double explicitSearchSpace(const Program& program, const ProgramPaths& paths,
                                         const Deadline& deadline, double enough);

} // namespace ptx
