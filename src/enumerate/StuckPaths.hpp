// The paths that stop for ever (termination, model/Termination.hpp), built from the path walker's
// state: a loop iteration repeated for ever, and a barrier waited at for ever
// (docs/model-termination.md, "Termination").
#pragma once

#include "enumerate/LoopIterations.hpp"
#include "enumerate/ThreadPath.hpp"

#include <map>
#include <optional>
#include <string>

namespace ptx {

/// `path` (the walk so far, whose last events are iteration `it`) repeating `it` for ever, with
/// its events marked Event::repeated and the conditions that make the repetition exact: the
/// exposed registers end as they started (`registersNow` holds their values at the end), and an
/// iteration with side effects repeats the one before it (same instructions, same values read
/// and written). Nothing when that cannot hold.
[[nodiscard]] std::optional<ThreadPath>
repeatingForEver(ThreadPath path, const LoopIterations::Iteration& it,
                 const std::map<std::string, ValueId>& registersNow);

/// `path` stopping at its barrier event `barrier` for ever: it arrives but never passes.
[[nodiscard]] ThreadPath waitingForEver(ThreadPath path, int barrier);

} // namespace ptx
