// Whose operands a test's barriers have (docs/litmus-format.md, "Barriers"). Dat3M reads
// `bar.cta.sync a, b` as instance a, id b; the PTX ISA as barrier a with b threads. One test
// reads all its barriers one way, decided in this order:
//  1. a `Barriers=ptx` or `Barriers=dat3m` line in the preamble;
//  2. the spellings: `barrier.*` and `bar.sync`/`bar.arrive` without `.cta` exist only in real
//     PTX; `bar.cta.sync a, b, c` and `bar.cta.arrive a` only in Dat3M's grammar (both in one
//     test, or one against the declaration, is an error);
//  3. otherwise Dat3M's, which the peer suite relies on (its `bar.cta.sync 1, 2` tests say
//     nothing else); `parse` prints the `Barriers=` line whenever a form reads two ways.
// Then the operands the PTX ISA bounds are checked where they are immediates (or registers no
// instruction writes), and the forms it cannot give a meaning here are refused.
#include "parser/LitmusParser.hpp"
#include "support/Text.hpp" // quotedText()

#include "model/BarrierCount.hpp"
#include "parser/Parser.hpp"

#include <map>
#include <set>
#include <tuple>

namespace ptx::parser {

namespace {

std::string where(SourcePos pos) {
    return std::to_string(pos.line) + ":" + std::to_string(pos.col);
}

bool before(SourcePos a, SourcePos b) {
    return std::tie(a.line, a.col) < std::tie(b.line, b.col);
}

std::string spellingSays(BarrierOperands o) {
    return o == BarrierOperands::Ptx ? "a real-PTX barrier spelling (barrier a with b threads)"
                                     : "a form only Dat3M's grammar has (three operands: "
                                       "instance, id, quorum; or an arrive without a count)";
}

/// The value register `reg` of `thread` holds whenever it is read, when no instruction of the
/// thread writes it: its initial value (0 when not initialised).
std::optional<std::int64_t> staticValue(const Program& p, const Thread& thread, const Reg& reg) {
    for (const Instruction& ins : thread.code)
        if (writesRegister(ins, reg.name)) return std::nullopt;
    for (const InitEntry& e : p.init)
        if (e.thread && *e.thread == thread.id && e.name == reg.name) {
            const auto* v = std::get_if<std::int64_t>(&e.value);
            return v ? std::optional<std::int64_t>(*v) : std::nullopt;
        }
    return 0;
}

} // namespace

std::string barrierDeclarationText(BarrierOperands operands) {
    return operands == BarrierOperands::Ptx ? "Barriers=ptx" : "Barriers=dat3m";
}

std::optional<BarrierOperands> barrierSpellingSays(const Barrier& b) {
    if (b.barrierSpelled || !b.ctaSpelled || b.vote) return BarrierOperands::Ptx; // bar.cta.red too
    // Only Dat3M's grammar has three operands, or an arrive without a count.
    if (b.operands == BarrierOperands::Dat3m && (b.count || (b.arrive && !b.id)))
        return BarrierOperands::Dat3m;
    return std::nullopt;
}

std::optional<BarrierOperands> barrierDeclarationToPrint(const Program& program) {
    std::optional<BarrierOperands> reading;
    bool twoWays = false;
    for (const Thread& t : program.threads)
        for (const Instruction& ins : t.code)
            if (const auto* b = std::get_if<Barrier>(&ins.body)) {
                if (barrierSpellingSays(*b)) return std::nullopt;
                reading = b->operands;
                twoWays = twoWays || b->id || b->count; // `bar.cta.sync a, b`
            }
    if (reading && (twoWays || *reading != BarrierOperands::Dat3m)) return reading;
    return std::nullopt;
}

std::size_t LitmusParser::parseBarrierDeclaration(std::size_t offset) {
    const SourcePos pos = posAt(offset);
    std::size_t end = offset;
    while (end < text_.size() && text_[end] != ' ' && text_[end] != '\t' && text_[end] != '\n' &&
           text_[end] != '\r' && text_.compare(end, 2, "(*") != 0)
        ++end;
    const std::string_view line = text_.substr(offset, end - offset);
    BarrierOperands operands = BarrierOperands::Dat3m;
    if (line == barrierDeclarationText(BarrierOperands::Ptx))
        operands = BarrierOperands::Ptx;
    else if (line != barrierDeclarationText(BarrierOperands::Dat3m))
        fail(pos, quotedText(line), // non-printable bytes escaped (a NUL cut the message)
             "Barriers=ptx (barrier operands as the PTX ISA reads them) or Barriers=dat3m (as "
             "Dat3M reads them)");
    if (declaredBarriers_)
        fail(pos, "a second Barriers= line",
             "one Barriers= line (the one at " + where(declaredBarriers_->pos) +
                 " declares the barriers already)");
    declaredBarriers_ = BarrierDeclaration{operands, pos};
    return end;
}

void LitmusParser::resolveBarrierOperands() {
    // 1-3: the test's reading.
    const BarrierSite* says[2] = {nullptr, nullptr}; // first site saying Dat3m, Ptx
    for (const BarrierSite& s : barrierSites_)
        if (s.says && !says[static_cast<int>(*s.says)]) says[static_cast<int>(*s.says)] = &s;
    const BarrierSite* dat3m = says[static_cast<int>(BarrierOperands::Dat3m)];
    const BarrierSite* ptx = says[static_cast<int>(BarrierOperands::Ptx)];
    BarrierOperands reading = BarrierOperands::Dat3m;
    if (declaredBarriers_) {
        reading = declaredBarriers_->operands;
        if (const BarrierSite* against = reading == BarrierOperands::Ptx ? dat3m : ptx)
            fail(against->pos, "'" + against->spelling + "', " + spellingSays(*against->says),
                 "the barrier forms of the dialect that '" + barrierDeclarationText(reading) +
                     "' at " + where(declaredBarriers_->pos) + " declares");
    } else if (dat3m && ptx) {
        const BarrierSite* later = before(dat3m->pos, ptx->pos) ? ptx : dat3m;
        const BarrierSite* earlier = later == ptx ? dat3m : ptx;
        fail(later->pos, "'" + later->spelling + "', " + spellingSays(*later->says),
             "the barrier forms of one dialect per test ('" + earlier->spelling + "' at " +
                 where(earlier->pos) + " is " + spellingSays(*earlier->says) + ")");
    } else if (ptx) {
        reading = BarrierOperands::Ptx;
    }

    // Each barrier, in source order: its thread's barriers come in its code's order.
    std::vector<std::size_t> cursor(prog_.threads.size(), 0);
    struct PtxUse {
        const BarrierSite* counted = nullptr;
        const BarrierSite* uncounted = nullptr;
    };
    std::map<std::tuple<int, int, std::int64_t>, PtxUse> uses; // gpu, cta, barrier
    const BarrierSite* firstCounted = nullptr;
    std::vector<PlacedBarrier> placed; // the PTX reading's barriers, for checkBarrierVotes
    for (const BarrierSite& site : barrierSites_) {
        Thread& thread = prog_.threads[static_cast<std::size_t>(site.thread)];
        std::size_t& k = cursor[static_cast<std::size_t>(site.thread)];
        while (!std::holds_alternative<Barrier>(thread.code[k].body))
            ++k;
        Barrier& b = std::get<Barrier>(thread.code[k++].body);
        b.operands = reading;
        if (reading == BarrierOperands::Dat3m) {
            if (const auto* c = b.count ? std::get_if<std::int64_t>(&*b.count) : nullptr;
                c && !validBarrierCount(reading, *c))
                fail(site.operandPos[2], "thread count " + std::to_string(*c),
                     "a barrier thread count in " + barrierCountRange(reading) + " (" +
                         barrierCountMeaning(reading) + ")");
            continue;
        }
        if (b.id) { // the PTX ISA's second operand is the thread count
            b.count = std::move(b.id);
            b.id.reset();
        }
        placed.push_back({&site, &thread, &b});
        if (b.arrive && !b.count) // `bar.cta.arrive a` under Barriers=ptx is refused above
            fail(site.pos, "'" + site.spelling + "' without a thread count",
                 site.spelling + " a, b: a real-PTX arrive needs b, the threads taking part");
        if (const auto* a = std::get_if<std::int64_t>(&b.instance); a && !validPtxBarrier(*a))
            fail(site.operandPos[0], "barrier number " + std::to_string(*a),
                 "a barrier number in " + ptxBarrierRange());
        if (const auto* c = b.count ? std::get_if<std::int64_t>(&*b.count) : nullptr;
            c && !validBarrierCount(reading, *c))
            fail(site.operandPos[1], "thread count " + std::to_string(*c),
                 "a barrier thread count that is " + barrierCountRange(reading) + " (" +
                     barrierCountMeaning(reading) + ")");
        if (b.count && !firstCounted) firstCounted = &site;
        // A barrier some uses count and others do not: the PTX ISA gives it no meaning.
        std::optional<std::int64_t> number;
        if (const auto* a = std::get_if<std::int64_t>(&b.instance)) number = *a;
        if (const auto* r = std::get_if<Reg>(&b.instance)) number = staticValue(prog_, thread, *r);
        if (!number) continue;
        PtxUse& use = uses[{thread.gpu, thread.cta, *number}];
        const BarrierSite*& mine = b.count ? use.counted : use.uncounted;
        const BarrierSite* other = b.count ? use.uncounted : use.counted;
        if (!mine) mine = &site;
        if (other)
            fail(site.pos,
                 "'" + site.spelling + "' " + (b.count ? "with" : "without") +
                     " a thread count on barrier " + std::to_string(*number) + " of CTA " +
                     std::to_string(thread.cta) + ", which '" + other->spelling + "' at " +
                     where(other->pos) + " uses " + (b.count ? "without" : "with") + " one",
                 "a thread count on every use of a barrier or on none (the PTX ISA does not "
                 "define a barrier that some uses count and others do not)");
    }

    checkBarrierVotes(placed);

    // A PTX count counts whole warps, and a litmus thread stands for one warp of its own.
    if (!firstCounted) return;
    std::map<std::tuple<int, int, int>, int> warpOf; // gpu, cta, warp -> a thread in it
    for (const Thread& t : prog_.threads) {
        if (!t.warp) continue;
        const auto [it, fresh] = warpOf.emplace(std::make_tuple(t.gpu, t.cta, *t.warp), t.id);
        if (!fresh)
            fail(firstCounted->pos,
                 "'" + firstCounted->spelling + "' with a thread count in a test whose scope " +
                     "tree puts P" + std::to_string(it->second) + " and P" + std::to_string(t.id) +
                     " in one warp",
                 "each thread in a warp of its own (a PTX thread count counts whole warps, 32 "
                 "threads each, and a litmus thread stands for one warp)");
    }
}

void LitmusParser::checkBarrierVotes(const std::vector<PlacedBarrier>& placed) const {
    // bar.red: the PTX ISA leaves a barrier that bar.red and bar.sync/bar.arrive both use
    // undefined ("should not be intermixed ... using the same active barrier"). So that this is
    // checked here, in a test with bar.red every barrier number, and bar.red's thread count, is
    // known before the test runs.
    const PlacedBarrier* firstVote = nullptr;
    for (const PlacedBarrier& p : placed)
        if (p.barrier->vote && !firstVote) firstVote = &p;
    if (!firstVote) return;
    struct Use {
        const PlacedBarrier* vote = nullptr;  // first bar.red on it
        const PlacedBarrier* other = nullptr; // first bar.sync or bar.arrive on it
        std::set<int> voters;                 // threads with a bar.red on it
    };
    std::map<std::tuple<int, int, std::int64_t>, Use> uses; // gpu, cta, barrier
    auto known = [&](const PlacedBarrier& p, const Operand& o, SourcePos pos, const char* what) {
        std::optional<std::int64_t> v;
        if (const auto* i = std::get_if<std::int64_t>(&o)) v = *i;
        if (const auto* r = std::get_if<Reg>(&o)) v = staticValue(prog_, *p.thread, *r);
        if (!v)
            fail(pos,
                 std::string("a ") + what + " computed at run time in a test with '" +
                     firstVote->site->spelling + "' (at " + where(firstVote->site->pos) + ")",
                 std::string("a ") + what +
                     " known before the test runs (an immediate, or a register no instruction "
                     "writes), so that no barrier is seen to mix bar.red with bar.sync or "
                     "bar.arrive");
        return *v;
    };
    for (const PlacedBarrier& p : placed) {
        const std::int64_t number =
            known(p, p.barrier->instance, p.site->operandPos[0], "barrier number");
        Use& use = uses[{p.thread->gpu, p.thread->cta, number}];
        const bool vote = p.barrier->vote.has_value();
        const PlacedBarrier*& mine = vote ? use.vote : use.other;
        if (!mine) mine = &p;
        if (vote) use.voters.insert(p.thread->id);
        if (const PlacedBarrier* other = vote ? use.other : use.vote)
            fail(p.site->pos,
                 "'" + p.site->spelling + "' on barrier " + std::to_string(number) + " of CTA " +
                     std::to_string(p.thread->cta) + ", which '" + other->site->spelling + "' at " +
                     where(other->site->pos) + " uses too",
                 "bar.red on a barrier of its own (the PTX ISA leaves a barrier that bar.red and "
                 "bar.sync or bar.arrive both use undefined)");
    }
    // A counted bar.red: every thread that votes on the barrier is counted, else the vote would
    // be over whichever threads arrive first (the model's quorum rule says nothing of votes).
    for (const PlacedBarrier& p : placed) {
        if (!p.barrier->vote || !p.barrier->count) continue;
        const std::int64_t count =
            known(p, *p.barrier->count, p.site->operandPos[1], "thread count");
        const std::int64_t number =
            known(p, p.barrier->instance, p.site->operandPos[0], "barrier number");
        const Use& use = uses.at({p.thread->gpu, p.thread->cta, number});
        const auto voters = static_cast<std::int64_t>(use.voters.size());
        if (!validBarrierCount(BarrierOperands::Ptx, count) ||
            barrierQuorum(BarrierOperands::Ptx, count) >= voters)
            continue;
        std::string who;
        for (const int t : use.voters)
            who += (who.empty() ? "P" : ", P") + std::to_string(t);
        fail(p.site->operandPos[1],
             "thread count " + std::to_string(count) + " on barrier " + std::to_string(number) +
                 " of CTA " + std::to_string(p.thread->cta) + ", which " + who + " vote on",
             "a count of at least " + std::to_string(voters * kWarpSize) + " (" +
                 std::to_string(kWarpSize) +
                 " for each litmus thread that votes on the barrier: with fewer the vote would "
                 "be over whichever threads arrive first, which ptxlitmus does not model)");
    }
}

} // namespace ptx::parser
