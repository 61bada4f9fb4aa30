// `auto` under --speedcheck once the explicit engine ran past its first try: the explicit engine
// and the solver side by side, the first answer taken. One question of existence has the same
// verdict from either engine; which one answers it sooner depends on the test's shape (the
// explicit search of a ticket lock of 8 threads ends in seconds where the solver takes a
// minute; an XF barrier of 8 CTAs is the other way round) more than on any measure taken before.
#pragma once

#include "enumerate/EngineRequest.hpp"

#include <string>

namespace ptx {

struct FirstAnswer {
    EngineResult result;
    std::string engine; // "explicit" or "smt": the one that answered
};

/// Runs the explicit engine (on another thread) and the solver on `request`; the first to answer
/// stops the other. A failure of one engine leaves the other running; when both fail, the
/// request's own time limit or stop is reported if it is what ended them, the solver's failure
/// otherwise.
[[nodiscard]] FirstAnswer firstAnswerOf(const EngineRequest& request);

} // namespace ptx
