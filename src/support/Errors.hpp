// The kinds of failure every part of ptxlitmus reports, each with its exit status. Every error
// class of the project derives from one of these; the one mapping from an exception to an exit
// status and a message is describeFailure (Failure.hpp).
//
//   InputError     exit 2  bad input or usage (a malformed test, an unknown name, a missing file)
//   ResourceError  exit 3  a resource ran out or failed: the time limit, memory, the solver
//                          (`unknown`), the disk (a failed write)
//   Interrupted    exit 128 + signal (130 for SIGINT, 143 for SIGTERM)
#pragma once

#include <stdexcept>
#include <string>

namespace ptx {

/// Bad input or usage (exit status 2). what() is the message without a location; the reporter
/// prefixes the file it was reading.
class InputError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
    /// Marks a what() that already says where (`file:line:col: error: ...`).
    struct Located {};
    InputError(Located, const std::string& what) : std::runtime_error(what), located_(true) {}
    /// what() already says where: reported as it is (any kind of input error can be).
    [[nodiscard]] bool located() const { return located_; }

  private:
    bool located_ = false;
};

/// Bad input whose what() already says where (`file:line:col: error: ...`): reported as it is.
class LocatedInputError : public InputError {
  public:
    explicit LocatedInputError(const std::string& what) : InputError(Located{}, what) {}
};

/// A resource ran out or failed (exit status 3).
class ResourceError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Writing a file failed; what() names the file and the operating system's reason.
class OutputError : public ResourceError {
  public:
    using ResourceError::ResourceError;
};

/// The run was stopped by a signal (SIGINT, SIGTERM) before it finished.
class Interrupted : public std::runtime_error {
  public:
    explicit Interrupted(int signal);
    [[nodiscard]] int signal() const { return signal_; }

  private:
    int signal_;
};

/// The exit status of a run stopped by `signal`: 128 + signal, as shells report it.
[[nodiscard]] int interruptedExitCode(int signal);

} // namespace ptx
