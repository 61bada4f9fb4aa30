// Membership of events in the model's event sets, and the static scope relations.
#pragma once

#include "model/Event.hpp"
#include "model/RelExpr.hpp"

namespace ptx {

/// Whether event `e` belongs to set `s` (e.g. a relaxed read is in Strong and StrongRead).
[[nodiscard]] bool belongsTo(const Event& e, EventSet s);

/// True when scope `s` of an event of thread (cta, gpu) includes a thread at (cta2, gpu2).
[[nodiscard]] bool scopeIncludes(Scope s, int cta, int gpu, int cta2, int gpu2);

/// sr: each event's scope includes the other's thread (initial writes are in no scope).
[[nodiscard]] bool sameScope(const Event& a, const Event& b);

} // namespace ptx
