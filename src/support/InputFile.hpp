// The one way ptxlitmus reads an input file (litmus tests, expectations, CSVs, histograms, index
// files, cat models): the whole file, or standard input for `-`. A file that cannot be read is an
// input error that says why in the operating system's words (`No such file or directory`,
// `Is a directory`, `Permission denied`), without a made-up line and column.
//
// Reading never waits past the deadline: a FIFO is opened without waiting for a writer, and
// every read (of a FIFO, a pipe, standard input, a terminal) waits for data in slices of at most
// 50 ms, looking at the deadline and the stop token between them. A FIFO nobody writes thus ends
// with the deadline's failure (exit 3 under --timeout, 130/143 on Ctrl-C or SIGTERM) instead of
// blocking for ever.
#pragma once

#include "support/Deadline.hpp"

#include <cstddef>
#include <string>

namespace ptx {

/// The most ptxlitmus reads from one input (256 MiB): far above any litmus test or hardware
/// log, and a bound on what an endless input (`/dev/zero`, a pipe that never closes its end of
/// data) can take before it is refused.
inline constexpr std::size_t kMaxInputBytes = std::size_t{256} << 20U;

/// The contents of `path` (`-`: standard input). `what` names the kind of file in the message
/// (`litmus test`, `expectation file`). Throws LocatedInputError
/// `path: error: cannot read the <what>: <reason>`, also for an input larger than
/// kMaxInputBytes (`... is larger than 256 MiB`), refused as soon as it is; the deadline's
/// failure (TimeLimitExceeded naming Phase::Reading, or Interrupted) when it passes while the
/// input is still being waited for.
[[nodiscard]] std::string readInputFile(const std::string& path, const std::string& what,
                                        const Deadline& deadline);

} // namespace ptx
