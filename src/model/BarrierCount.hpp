// The thread count of a counted barrier (`bar.cta.sync a, b, c`: c threads of the CTA take
// part), one rule for the parser, both engines and the simulator.
//
// PTX ISA (barrier{.cta}, bar{.cta}): the operand is a .u32 giving "the number of threads
// participating in the barrier", a multiple of the warp size, non-zero for .arrive; a CTA has at
// most 1024 threads. A litmus thread stands for a whole thread of the CTA, so the warp-size rule
// does not apply (the peer suite counts 2, 3 or 4 threads); the count must lie in 1..1024. An
// immediate outside that range is a parse error; a register holding one when the barrier
// executes is an input error, the same message from every engine (docs/model.md, "Barriers").
#pragma once

#include <cstdint>
#include <string>

namespace ptx {

inline constexpr std::int64_t kMinBarrierCount = 1;
inline constexpr std::int64_t kMaxBarrierCount = 1024; // threads of a CTA, at most

[[nodiscard]] constexpr bool validBarrierCount(std::int64_t count) {
    return count >= kMinBarrierCount && count <= kMaxBarrierCount;
}

/// `the valid range`, as the messages say it.
[[nodiscard]] inline std::string barrierCountRange() {
    return std::to_string(kMinBarrierCount) + ".." + std::to_string(kMaxBarrierCount);
}

/// The message for a count of `count` (held in register `reg`; empty: an immediate) when thread
/// `thread` reaches the barrier:
/// `P1: the barrier thread count in register r2 is 4294967298, outside 1..1024 (...)`.
[[nodiscard]] inline std::string barrierCountError(int thread, const std::string& reg,
                                                   std::int64_t count) {
    return "P" + std::to_string(thread) + ": the barrier thread count" +
           (reg.empty() ? std::string() : " in register " + reg) + " is " + std::to_string(count) +
           ", outside " + barrierCountRange() +
           " (the threads of a CTA taking part in the barrier)";
}

} // namespace ptx
