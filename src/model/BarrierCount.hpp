// The operands of a barrier that the PTX ISA bounds, one rule for the parser, both engines, the
// simulator and the CUDA harness (docs/model.md, "Barrier sync"; docs/litmus-format.md).
//
// Thread counts. Dat3M's quorum (`bar.cta.sync a, b, c`) counts litmus threads: 1..1024 (a CTA
// has at most 1024 threads; the peer suite counts 2, 3 or 4). The PTX ISA's count
// (`bar.sync a, b`) counts threads: "a multiple of the warp size", non-zero (32..1024), because
// barriers are executed per warp and a warp's arrival adds the warp size. ptxlitmus maps a litmus
// thread onto one warp of its own (as the CUDA harness runs it and the simulator places it), so
// a PTX count b stands for b / 32 litmus threads; a test that puts two threads of a CTA into one
// warp cannot use a counted PTX barrier (the parser refuses it). An immediate outside the range
// is a parse error; a register holding one when the barrier executes is an input error, the
// same message from every engine.
//
// Barrier numbers. The PTX ISA's `a` names one of the 16 barriers of a CTA: 0..15 (Dat3M's
// instance is a name and has no range).
#pragma once

#include "model/Program.hpp"

#include <cstdint>
#include <string>

namespace ptx {

inline constexpr std::int64_t kMinBarrierCount = 1;
inline constexpr std::int64_t kMaxBarrierCount = 1024; // threads of a CTA, at most
inline constexpr std::int64_t kWarpSize = 32;
inline constexpr std::int64_t kPtxBarriers = 16; // barriers 0..15 of a CTA

[[nodiscard]] constexpr bool validBarrierCount(BarrierOperands operands, std::int64_t count) {
    return count >= kMinBarrierCount && count <= kMaxBarrierCount &&
           (operands == BarrierOperands::Dat3m || count % kWarpSize == 0);
}

/// The litmus threads a valid count stands for: Dat3M's quorum counts them; a PTX count counts
/// threads, the 32 of each litmus thread's warp arriving together.
[[nodiscard]] constexpr std::int64_t barrierQuorum(BarrierOperands operands, std::int64_t count) {
    return operands == BarrierOperands::Ptx ? count / kWarpSize : count;
}

/// `1..1024` or `a multiple of 32 in 32..1024`, as the messages say it.
[[nodiscard]] inline std::string barrierCountRange(BarrierOperands operands) {
    const std::string max = std::to_string(kMaxBarrierCount);
    if (operands == BarrierOperands::Ptx)
        return "a multiple of " + std::to_string(kWarpSize) + " in " + std::to_string(kWarpSize) +
               ".." + max;
    return std::to_string(kMinBarrierCount) + ".." + max;
}

/// What a thread count is, as the messages say it.
[[nodiscard]] inline std::string barrierCountMeaning(BarrierOperands operands) {
    return operands == BarrierOperands::Ptx
               ? "the threads of a CTA taking part in the barrier, 32 for each warp"
               : "the threads of a CTA taking part in the barrier";
}

/// The message for a count of `count` (held in register `reg`; empty: an immediate) when thread
/// `thread` reaches the barrier:
/// `P1: the barrier thread count in register r2 is 4294967298, outside 1..1024 (...)`.
[[nodiscard]] inline std::string barrierCountError(int thread, const std::string& reg,
                                                   std::int64_t count, BarrierOperands operands) {
    return "P" + std::to_string(thread) + ": the barrier thread count" +
           (reg.empty() ? std::string() : " in register " + reg) + " is " + std::to_string(count) +
           (operands == BarrierOperands::Ptx ? ", not " : ", outside ") +
           barrierCountRange(operands) + " (" + barrierCountMeaning(operands) + ")";
}

[[nodiscard]] constexpr bool validPtxBarrier(std::int64_t barrier) {
    return barrier >= 0 && barrier < kPtxBarriers;
}

/// `0..15 (the barriers of a CTA)`, as the messages say it.
[[nodiscard]] inline std::string ptxBarrierRange() {
    return "0.." + std::to_string(kPtxBarriers - 1) + " (the named barriers of a CTA)";
}

/// The message for a PTX barrier number `barrier` held in register `reg` of thread `thread`.
[[nodiscard]] inline std::string ptxBarrierError(int thread, const std::string& reg,
                                                 std::int64_t barrier) {
    return "P" + std::to_string(thread) + ": the barrier number in register " + reg + " is " +
           std::to_string(barrier) + ", outside " + ptxBarrierRange();
}

} // namespace ptx
