// A failed request as the page receives it: the CLI's message and exit status
// (describeFailure, src/support/Failure.hpp, the one mapping), an HTTP status that says the
// same, and for a parse error the line and column to mark in the editor.
//
//   exit 2 (bad input) 400, a name outside the served folders 403, no such file 404;
//   exit 3 (time limit, memory, solver, Graphviz) 503; exit 4 (internal) 500;
//   stopped (cancelled from the page, or the server stopping) 409.
#pragma once

#include <exception>
#include <nlohmann/json.hpp>
#include <string>

namespace ptx::serve {

struct ErrorResponse {
    int status = 500;
    nlohmann::json body; // {"error": MESSAGE, "exit_status": N[, "line": L, "column": C]}
};

/// The response for `error`; `where` prefixes messages that do not say where (as the CLI does).
[[nodiscard]] ErrorResponse errorResponse(const std::exception_ptr& error,
                                          const std::string& where);

/// A response that is not an exception's: `{"error": message}` with `status`.
[[nodiscard]] ErrorResponse plainError(int status, const std::string& message);

} // namespace ptx::serve
