// An SM's shared memory as banks with request queues. Shared locations are laid out one 4-byte
// word each (see assignSharedWords) and word w lives in bank w mod B (B = 32 on NVIDIA GPUs). A
// `.shared` load, store or atomic does not complete when it issues: it joins its warp's queue at
// its bank. Each bank serves one request at a time: the head of one of its warps' queues, picked
// by the bank's arbiter (the scheduler). So a warp's requests to one bank are served in the order
// it issued them, while its requests to different banks, and different warps' requests, complete
// in whatever order the scheduler picks. (One queue per bank for all warps would serve every
// location in issue order and make the banks sequentially consistent: nothing weak could come
// from them.) All queues are kept in one list ordered by (warp, bank), each queue oldest first:
// a request can be served when no older request of its warp is for its bank. Only the order
// inside a queue means anything, so keeping the list in this canonical order lets states that
// differ only in how queues interleave hash alike (the exhaustive search's state hashing).
//
// The values themselves live at the coherence point (SystemMemory): a litmus location is one
// location for the model even when CTAs on different SMs name it, so every SM's banks serve the
// same cell. This component holds what is specific to shared memory: the mapping to banks and
// the queues.
#pragma once

#include "model/Program.hpp"

#include <cstdint>
#include <vector>

namespace ptx::sim {

struct SimLocation;

enum class BankOp : std::uint8_t { Load, Store, Atomic };

/// One access waiting in a bank queue; the operands were read from registers when it issued.
struct BankRequest {
    BankOp op = BankOp::Load;
    std::int8_t bank = 0;
    std::int16_t warp = 0; // the issuing thread's warp: its queue at the bank
    std::int16_t thread = 0;
    int loc = 0;
    int dst = -1;            // Load, Atomic: the register written when it is served
    std::int64_t value = 0;  // Store: the value; Atomic: the first operand
    std::int64_t value2 = 0; // Atomic: the second operand (cas: the new value)
    AtomOp atomOp = AtomOp::Add;
    std::optional<FloatType> atomFloat;
    bool acquire = false;     // serving it is an acquire of `scope` (invalidates below it)
    bool blocking = false;    // the issuing thread stalls until it is served
    Scope scope = Scope::Cta; // strong accesses: their scope (for the acquire's invalidation)
    friend bool operator==(const BankRequest&, const BankRequest&) = default;
};

class SharedMemory {
  public:
    SharedMemory() = default;

    /// The bank of a shared word, with `banks` banks (1..32).
    [[nodiscard]] static int bankOf(std::int64_t word, int banks) {
        return static_cast<int>(word % banks);
    }

    /// Appends a request at the tail of its warp's queue at its bank.
    void enqueue(const BankRequest& r);

    /// Request i is at the head of its warp's queue at its bank (no older request of the same
    /// warp for the same bank): the bank may serve it next.
    [[nodiscard]] bool atHead(std::size_t i) const;

    /// Requests of `warp` waiting at `bank` (ahead of a new one it issues there).
    [[nodiscard]] int queued(int warp, int bank) const;

    /// Removes and returns request i (the caller checked atHead).
    BankRequest serve(std::size_t i);

    [[nodiscard]] bool empty() const { return requests_.empty(); }
    [[nodiscard]] std::size_t size() const { return requests_.size(); }
    [[nodiscard]] const BankRequest& operator[](std::size_t i) const { return requests_[i]; }
    friend bool operator==(const SharedMemory&, const SharedMemory&) = default;

  private:
    std::vector<BankRequest> requests_; // every queue, by (warp, bank), each oldest first
};

/// Lays the shared locations out in words: each shared variable gets consecutive words in the
/// order the test first names it (`x+4k` is k words after `x`; offsets are bytes, 4 per word),
/// so `x` and `x+128` fall in the same bank of 32. Sets SimLocation::word (-1: not shared).
void assignSharedWords(std::vector<SimLocation>& locations);

} // namespace ptx::sim
