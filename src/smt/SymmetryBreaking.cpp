#include "smt/SymmetryBreaking.hpp"

#include "model/Event.hpp"

#include <string>

namespace ptx::smt {

void breakThreadSymmetry(z3::context& ctx, z3::solver& solver, const CandidateEncoding& encoding,
                         const std::vector<ThreadSymmetry::Swap>& swaps) {
    const CandidateExecution& c = encoding.candidate();
    const SymRelation& rf = encoding.rf();
    std::vector<int> reads;
    std::vector<std::vector<int>> sourcesOf(static_cast<std::size_t>(c.size()));
    for (const Event& r : c.events) {
        if (r.kind != EventKind::Read) continue;
        reads.push_back(r.id);
        for (const Event& w : c.events)
            if (w.kind == EventKind::Write && w.location == r.location &&
                !rf.at(w.id, r.id).isFalse())
                sourcesOf[static_cast<std::size_t>(r.id)].push_back(w.id);
    }
    auto image = [](const ThreadSymmetry::Swap& swap, int e) {
        return swap[static_cast<std::size_t>(e)];
    };
    // A swap maps each event onto its counterpart (a union of one path per thread is laid out
    // as that candidate): one that does not is not this encoding's, and is left out.
    auto fits = [&](const ThreadSymmetry::Swap& swap) {
        if (swap.size() != c.events.size()) return false;
        for (const Event& e : c.events) {
            const Event& x = c.events[static_cast<std::size_t>(image(swap, e.id))];
            if (x.index != e.index || x.kind != e.kind || x.location != e.location) return false;
        }
        return true;
    };
    int number = 0;
    for (const ThreadSymmetry::Swap& swap : swaps) {
        encoding.budget().check();
        if (!fits(swap)) continue;
        // prefix: the sources agree on every read before this one.
        z3::expr prefix = ctx.bool_val(true);
        for (const int r : reads) {
            const int swapped = image(swap, r);
            // This read's source against the swapped execution's: the swap of the source of the
            // read `swapped`. Equal, or smaller, by event id.
            z3::expr_vector equal(ctx), smaller(ctx);
            for (const int w : sourcesOf[static_cast<std::size_t>(r)])
                for (const int v : sourcesOf[static_cast<std::size_t>(swapped)]) {
                    const int theirs = image(swap, v);
                    if (w > theirs) continue;
                    const z3::expr both = rf.at(w, r).expr(ctx) && rf.at(v, swapped).expr(ctx);
                    (w == theirs ? equal : smaller).push_back(both);
                }
            const z3::expr same = z3::mk_or(equal);
            solver.add(z3::implies(prefix, same || z3::mk_or(smaller)));
            const z3::expr next =
                ctx.bool_const(("sym_" + std::to_string(number) + "_" + std::to_string(r)).c_str());
            solver.add(next == (prefix && same));
            prefix = next;
        }
        ++number;
    }
}

} // namespace ptx::smt
