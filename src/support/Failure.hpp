// The one place that maps an exception to an exit status and a message. Every subcommand's
// top level, and every per-file or per-test handler, asks describeFailure; none has its own list.
//
//   0 success   1 a check failed (regression, validation)   2 bad input or usage
//   3 a resource ran out or failed (time limit, memory, solver `unknown`, a failed write)
//   4 internal error (a bug in ptxlitmus)   128 + N stopped by signal N (130 SIGINT, 143 SIGTERM)
#pragma once

#include <exception>
#include <string>

namespace ptx {

inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitResource = 3;
inline constexpr int kExitInternal = 4;
/// A test checked whose verdict is outside the model: a mixed-size race (herd's `Undef`).
inline constexpr int kExitUndefined = 5;

struct Failure {
    int exitCode = kExitInternal;
    std::string message; // `where: error: ...` (no trailing newline), control characters
                         // escaped (terminalText): it quotes what was read
};

/// The exit status and message for `error`. `where` (the file being read, or the subcommand)
/// prefixes messages that do not already say where they come from; empty: no prefix.
[[nodiscard]] Failure describeFailure(const std::exception_ptr& error, const std::string& where);

/// The more severe of two exit statuses (an interruption > internal > resource > input > failed).
[[nodiscard]] int worseExitCode(int a, int b);

} // namespace ptx
