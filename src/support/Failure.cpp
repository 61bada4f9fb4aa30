#include "support/Failure.hpp"

#include "support/Deadline.hpp"
#include "support/Errors.hpp"
#include "support/Text.hpp"

#include <new>
#include <system_error>

namespace ptx {
namespace {

constexpr const char* kPleaseReport =
    " (a bug in ptxlitmus: please report it with the input that caused it)";

std::string prefixed(const std::string& where, const std::string& kind, const std::string& what) {
    return (where.empty() ? std::string() : where + ": ") + kind + ": " + what;
}

int severity(int code) {
    switch (code) {
    case kExitOk:
        return 0;
    case kExitUndefined: // a verdict, not a failure: below every failure
        return 1;
    case kExitCheckFailed:
        return 2;
    case kExitBadInput:
        return 3;
    case kExitResource:
        return 4;
    case kExitInternal:
        return 5;
    default:
        return 6; // 128 + signal
    }
}

Failure describe(const std::exception_ptr& error, const std::string& where) {
    try {
        std::rethrow_exception(error);
    } catch (const Interrupted& e) {
        return {interruptedExitCode(e.signal()), prefixed(where, "stopped", e.what())};
    } catch (const InputError& e) {
        return {kExitBadInput, e.located() ? e.what() : prefixed(where, "error", e.what())};
    } catch (const ResourceError& e) {
        return {kExitResource, prefixed(where, "error", e.what())};
    } catch (const std::bad_alloc&) {
        return {kExitResource,
                prefixed(where, "error",
                         "out of memory; try --no-witnesses, a lower --unroll, fewer jobs (-j 1) "
                         "or a machine with more memory")};
    } catch (const std::system_error& e) {
        // A system resource ran out, as with std::bad_alloc: a thread that cannot start
        // (std::thread: EAGAIN) under a memory or process limit. Any other system error is a bug.
        if (e.code() != std::errc::resource_unavailable_try_again &&
            e.code() != std::errc::not_enough_memory)
            return {kExitInternal,
                    prefixed(where, "internal error", std::string(e.what()) + kPleaseReport)};
        return {kExitResource,
                prefixed(where, "error",
                         "out of memory or of threads (" + std::string(e.what()) +
                             "); try fewer jobs (-j 1) or a machine with more memory")};
    } catch (const std::exception& e) {
        return {kExitInternal,
                prefixed(where, "internal error", std::string(e.what()) + kPleaseReport)};
    } catch (...) {
        return {kExitInternal, prefixed(where, "internal error", "an unknown exception")};
    }
}

} // namespace

Failure describeFailure(const std::exception_ptr& error, const std::string& where) {
    Failure failure = describe(error, where);
    // Messages quote what was read (names, lines, paths): no control character reaches a terminal.
    failure.message = terminalText(failure.message);
    return failure;
}

int worseExitCode(int a, int b) {
    return severity(b) > severity(a) ? b : a;
}

} // namespace ptx
