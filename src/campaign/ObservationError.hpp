// The one error type of the campaign readers: malformed or inconsistent campaign data, reported
// where it is (exit status 2, like every other bad input).
#pragma once

#include "support/Errors.hpp"

namespace ptx::campaign {

/// Malformed campaign data: what() is `file:line: error: message` (`file: error: ...` where
/// there is no line, with the place inside the file first in the message: `test MP, entry 3:`).
class ObservationError : public LocatedInputError {
  public:
    using LocatedInputError::LocatedInputError;
};

} // namespace ptx::campaign
