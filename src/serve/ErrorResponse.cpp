#include "serve/ErrorResponse.hpp"

#include "parser/Parser.hpp"
#include "serve/ServedFolders.hpp"
#include "support/Failure.hpp"

namespace ptx::serve {

ErrorResponse errorResponse(const std::exception_ptr& error, const std::string& where) {
    const Failure failure = describeFailure(error, where);
    ErrorResponse r;
    r.body = {{"error", failure.message}, {"exit_status", failure.exitCode}};
    switch (failure.exitCode) {
    case kExitBadInput:
        r.status = 400;
        break;
    case kExitResource:
        r.status = 503;
        break;
    case kExitInternal:
        r.status = 500;
        break;
    default:
        r.status = failure.exitCode > 128 ? 409 : 500;
    }
    try {
        std::rethrow_exception(error);
    } catch (const ParseError& e) {
        r.body["line"] = e.pos().line;
        r.body["column"] = e.pos().col;
    } catch (const PathRefused&) {
        r.status = 403;
    } catch (const PathNotFound&) {
        r.status = 404;
    } catch (...) {
    }
    return r;
}

ErrorResponse plainError(int status, const std::string& message) {
    return {status, {{"error", message}}};
}

} // namespace ptx::serve
