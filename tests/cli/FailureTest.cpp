// The one exception-to-exit-status mapping (support/Failure.hpp): what ran out is exit 3, a bug
// is exit 4.
#include "support/Failure.hpp"

#include <doctest/doctest.h>

#include <new>
#include <stdexcept>
#include <system_error>

using ptx::describeFailure;

TEST_CASE("a thread that cannot start is a resource that ran out, not a bug") {
    // What std::thread throws under `ulimit -v` once the address space is spent.
    const auto eagain = std::make_exception_ptr(
        std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again)));
    const ptx::Failure f = describeFailure(eagain, "t.litmus");
    CHECK(f.exitCode == ptx::kExitResource);
    CHECK(f.message.find("t.litmus: error: out of memory") == 0);
    CHECK(describeFailure(std::make_exception_ptr(std::bad_alloc()), "").exitCode ==
          ptx::kExitResource);
}

TEST_CASE("any other system error or exception is an internal error") {
    const auto eacces = std::make_exception_ptr(
        std::system_error(std::make_error_code(std::errc::permission_denied)));
    CHECK(describeFailure(eacces, "").exitCode == ptx::kExitInternal);
    CHECK(describeFailure(std::make_exception_ptr(std::logic_error("x")), "").exitCode ==
          ptx::kExitInternal);
}
