// What every subcommand is given: the process's stop token (SIGINT/SIGTERM) and the exit status
// it raises. Failures are reported through report(describeFailure(...)): the one mapping from
// exceptions to exit statuses lives in src/support/Failure.cpp.
#pragma once

#include "support/Deadline.hpp"
#include "support/Failure.hpp"

#include <iostream>

namespace ptx::cli {

struct CommandContext {
    StopToken stop;
    int exitCode = kExitOk;

    /// Raises the exit status to `code` unless it is already worse.
    void raise(int code) { exitCode = worseExitCode(exitCode, code); }
    /// Prints the failure's message on standard error and raises the exit status.
    void report(const Failure& failure) {
        std::cerr << failure.message << "\n" << std::flush;
        raise(failure.exitCode);
    }
    /// Reports the exception being handled (call inside a catch block).
    void reportCurrent(const std::string& where) {
        report(describeFailure(std::current_exception(), where));
    }
};

} // namespace ptx::cli
