// Progress models: what the GPU scheduler promises, for the termination check
// (docs/model-termination.md, "Progress models"). Progress is per CTA (a workgroup in the anchors):
// a CTA the model guarantees has every thread scheduled fairly; a CTA it does not guarantee may be
// starved, i.e. never scheduled again from some point on (all of its threads that have not ended
// stop where they are, possibly before their first instruction).
//
// Definitions from the two anchors: AlloyForwardProgress (Sorensen, Salvador, Raval, Evrard,
// Wickerson, Martonosi, Donaldson, "Specifying and testing GPU workgroup progress models",
// OOPSLA'21; the schedulers SCHEDULER_WEAK_FAIR, _HSA, _OBE, _HSA_OBE and _LOBE of its
// artifact/cadp/*/checker_files/*/common.lnt, where each thread is a workgroup) and Dat3M's
// ProgressModel (FAIR, HSA, OBE, HSA_OBE, LOBE, UNFAIR). With the CTAs ordered by (gpu, cta) and
// "started" meaning some thread of the CTA executed an event:
//   fair     every CTA that has not ended;
//   hsa      the lowest-numbered CTA that has not ended;
//   obe      every started CTA that has not ended (occupancy-bound execution);
//   hsa-obe  the union of hsa and obe;
//   lobe     every CTA that has not ended and is not above a started CTA (linear OBE: once a CTA
//            started, all lower-numbered ones are guaranteed too);
//   unfair   none (Dat3M's UNFAIR).
// Whatever the model, the scheduler runs something while something can run (Dat3M's minimal
// progress; CADP's lassos are infinite): a hang that starves a thread has a thread spinning for
// ever.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ptx {

enum class ProgressModel { Fair, Hsa, Obe, HsaObe, Lobe, Unfair };

/// `fair`, `hsa`, `obe`, `hsa-obe`, `lobe`, `unfair`: the words of --progress.
[[nodiscard]] const char* progressName(ProgressModel m);
[[nodiscard]] std::optional<ProgressModel> progressNamed(const std::string& text);
/// Every name, in the order above.
[[nodiscard]] std::vector<std::string> progressNames();
/// What `m` guarantees, in words: "every started CTA that has not ended" (the table of
/// docs/model-termination.md, "Progress models").
[[nodiscard]] const char* progressGuarantee(ProgressModel m);

/// How a thread fares in a hang candidate.
enum class ThreadFate {
    Completes, // takes a complete path
    Spins,     // repeats a loop iteration for ever (scheduled for ever)
    Blocked,   // waits at a barrier that never completes
    Starved,   // never scheduled again after a prefix of a path
};

/// A CTA's place in the order the models use: (gpu, cta).
using CtaKey = std::pair<int, int>;

struct ScheduledThread {
    CtaKey cta;
    ThreadFate fate = ThreadFate::Completes;
    bool started = false; // executed at least one event (a thread that completes has started)
};

/// "CTA 1", or "CTA 1 of GPU 1" outside GPU 0.
[[nodiscard]] std::string ctaName(const CtaKey& k);

/// The CTAs `m` guarantees given the threads' fates (those of CTAs that have not ended), sorted.
[[nodiscard]] std::vector<CtaKey> guaranteedCtas(ProgressModel m,
                                                 const std::vector<ScheduledThread>& threads);

/// Whether a scheduler allowed by `m` can produce these fates: a CTA with a starved thread has
/// no thread that spins or is blocked (its threads that did not end all stopped), is not
/// guaranteed, and some thread spins for ever (the scheduler runs it).
[[nodiscard]] bool scheduleAllowed(ProgressModel m, const std::vector<ScheduledThread>& threads);

} // namespace ptx
