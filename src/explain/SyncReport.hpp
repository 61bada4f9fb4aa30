// The synchronisation of a witness execution: the sync, fence-SC and barrier edges that exist,
// and for each communication between threads that does not synchronise, why not (e.g. `not
// morally strong: scopes cta and cta in different CTAs`).
#pragma once

#include "explain/ConcreteModel.hpp"

#include <string>
#include <vector>

namespace ptx::explain {

struct SyncReport {
    std::vector<std::string> present; // `b -sync-> c (b: W.rel.gpu y=1 (P0), ...)`
    std::vector<std::string> absent;  // `b -rf-> c does not synchronise: ...`
};

/// Why two events are not morally strong, or "" when they are.
[[nodiscard]] std::string whyNotMorallyStrong(const Execution& x, int a, int b);

[[nodiscard]] SyncReport syncReport(ConcreteModel& m);

} // namespace ptx::explain
