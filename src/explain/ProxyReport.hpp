// Under the proxy model (ptx75): the accesses to one location that base causality orders but
// proxy-preserved base causality does not, each with what is missing on the path (a proxy fence of
// some kind in some CTA, an alias fence), e.g. `a -cause-base-> f is not proxy-preserved (a
// through the surface proxy, f through the texture proxy): missing a fence.proxy.surface in P0's
// CTA after a`. These are the edges a user expected to order the accesses.
#pragma once

#include "explain/ConcreteModel.hpp"

#include <string>
#include <vector>

namespace ptx::explain {

/// One line per unordered pair; empty when the model has no proxy-preserved base causality
/// (ptx6, sc) or every base-causality edge between accesses to one location is preserved.
[[nodiscard]] std::vector<std::string> proxyReport(ConcreteModel& m);

/// Why two accesses are not morally strong because of proxies or aliases ("" if that is not
/// the reason): different proxies, or two virtual addresses of one location.
[[nodiscard]] std::string proxyMismatch(const Execution& x, int a, int b);

} // namespace ptx::explain
