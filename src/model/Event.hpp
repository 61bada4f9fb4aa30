// Events of a candidate execution: reads, writes, fences and barriers.
#pragma once

#include "model/Program.hpp"
#include "model/Value.hpp"

#include <optional>
#include <string>

namespace ptx {

enum class EventKind { Read, Write, Fence, Barrier };

struct Event {
    int id = 0;
    int thread = -1; // -1: an initial write
    int cta = 0;
    int gpu = 0;
    int index = 0; // position in its thread's program order
    EventKind kind = EventKind::Read;
    /// Reads: Weak, Relaxed, Acquire. Writes: Weak, Relaxed, Release. Fences: Sc or AcqRel.
    /// Barriers: Weak. Initial writes: Weak.
    Sem sem = Sem::Weak;
    Scope scope = Scope::Sys;
    int location = -1;  // index into CandidateExecution::locations (memory events)
    ValueId value = -1; // Read: ValueOp::Read of itself; Write: the value written
    bool isInit = false;
    bool isRmw = false; // part of an atom/red
    // Barriers (bar.cta.sync / arrive): instance and id values; count as a constant.
    bool barrierArrive = false;
    ValueId barrierInstance = -1;
    ValueId barrierId = -1;
    std::optional<std::int64_t> barrierCount;
    SourcePos pos;    // the instruction it comes from
    std::string text; // short description (`W.rel.gpu y`), for explanations
};

[[nodiscard]] inline bool isMemory(const Event& e) {
    return e.kind == EventKind::Read || e.kind == EventKind::Write;
}

} // namespace ptx
