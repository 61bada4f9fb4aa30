// The test uses something the chosen model or machine does not cover (exit status 2), e.g.
// proxies. Thrown by the checker (src/check) and by the simulator (src/sim), which depends on the
// model only, hence its place here.
#pragma once

#include "support/Errors.hpp"

namespace ptx {

class Unsupported : public InputError {
  public:
    using InputError::InputError;
};

} // namespace ptx
