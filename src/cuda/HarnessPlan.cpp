#include "cuda/HarnessPlan.hpp"

#include "cuda/AccessForms.hpp"
#include "cuda/BarrierMapping.hpp"
#include "cuda/MemoryPlan.hpp"
#include "model/Names.hpp"
#include "model/Observables.hpp"
#include "model/Outcome.hpp"
#include "model/VectorAccess.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <type_traits>

namespace ptx::cuda {

namespace {

bool is64(const TypeSuffix& t) {
    return t.size() >= 2 && t.substr(t.size() - 2) == "64";
}

// A written memory type the harness can emit: [bus]8, 16, 32 or 64 (or none).
bool memoryTypeOk(const TypeSuffix& t) {
    if (t.empty()) return true;
    const std::string bits = t.substr(1);
    return (t[0] == 'b' || t[0] == 'u' || t[0] == 's') &&
           (bits == "8" || bits == "16" || bits == "32" || bits == "64");
}

// Per thread: the registers it mentions and which of them are written or 64-bit.
struct RegisterUse {
    std::set<std::string> mentioned;
    std::set<std::string> written;
    std::set<std::string> wide;
};

void noteOperand(const Operand& o, RegisterUse& use, std::set<std::string>& locs) {
    if (const auto* r = std::get_if<Reg>(&o)) use.mentioned.insert(r->name);
    if (const auto* a = std::get_if<AddressOf>(&o)) locs.insert(a->location);
}

/// Whether the harness records a register or a location's final value at 64 bits: a register
/// planned wide, a location read as 8 bytes (HarnessPlan::observedRead).
bool recordedWhole(const HarnessPlan& plan, const Term& t) {
    if (const auto* r = std::get_if<RegTerm>(&t)) {
        for (const ThreadPlan& tp : plan.threads)
            if (tp.id == r->thread && tp.registerIndex(r->reg) >= 0) return tp.reg(r->reg).wide;
        return false;
    }
    if (const auto* l = std::get_if<LocTerm>(&t)) return plan.observedRead(l->location).bytes == 8;
    return false;
}

/// The first immediate of the program (init values, operands, condition constants) outside
/// the 32-bit signed range, with where it is written. Values stored to and initial values of the
/// locations in `split` are left out: the checker cuts them to the bytes they cover, as the
/// hardware does; so are constants of the condition compared with a value the harness records
/// at 64 bits.
std::optional<std::pair<std::int64_t, SourcePos>>
firstWideImmediate(const HarnessPlan& plan, const RegisterAddresses& regAddress,
                   const std::set<std::string>& split) {
    const Program& p = plan.program;
    const auto toSplit = [&](const Address& a, int thread) {
        const auto l = addressed(a, thread, regAddress);
        return l && split.count(l->first) > 0;
    };
    const auto narrow = [](std::int64_t v) {
        return v >= std::numeric_limits<std::int32_t>::min() &&
               v <= std::numeric_limits<std::int32_t>::max();
    };
    std::optional<std::pair<std::int64_t, SourcePos>> found;
    const auto seeValue = [&](const std::int64_t* v, SourcePos pos) {
        if (v && !found && !narrow(*v)) found.emplace(*v, pos);
    };
    const auto see = [&](const Operand& o, SourcePos pos) {
        seeValue(std::get_if<std::int64_t>(&o), pos);
    };
    for (const InitEntry& e : p.init)
        if (e.thread || !split.count(locationParts(e.name).first))
            seeValue(std::get_if<std::int64_t>(&e.value), e.pos);
    for (const Thread& t : p.threads)
        for (const Instruction& ins : t.code)
            std::visit(
                [&](const auto& b) {
                    using T = std::decay_t<decltype(b)>;
                    if constexpr (std::is_same_v<T, Store>) {
                        for (const Instruction& element : scalarElements(ins)) {
                            const Store& st = std::get<Store>(element.body);
                            if (!toSplit(st.addr, t.id)) see(st.value, ins.pos);
                        }
                    } else if constexpr (std::is_same_v<T, Atomic>) {
                        see(b.operand, ins.pos);
                        if (b.operand2) see(*b.operand2, ins.pos);
                    } else if constexpr (std::is_same_v<T, Local>) {
                        see(b.a, ins.pos);
                        if (b.b) see(*b.b, ins.pos);
                    } else if constexpr (std::is_same_v<T, SetPredicate>) {
                        see(b.a, ins.pos);
                        see(b.b, ins.pos);
                    } else if constexpr (std::is_same_v<T, Branch>) {
                        if (b.condition) {
                            see(b.condition->a, ins.pos);
                            see(b.condition->b, ins.pos);
                        }
                    }
                },
                ins.body);
    const auto compareConstants = [&](const CondCompare& n) {
        if (recordedWhole(plan, n.lhs) || recordedWhole(plan, n.rhs)) return;
        for (const Term* term : {&n.lhs, &n.rhs})
            seeValue(std::get_if<std::int64_t>(term), n.pos);
    };
    forEachComparison(p.condition.expr, compareConstants);
    if (p.filter) forEachComparison(*p.filter, compareConstants);
    return found;
}

} // namespace

void rejectTest(const Program& p, const std::string& why, SourcePos pos) {
    std::string where = p.file.empty() ? p.name : p.file;
    if (pos.line > 0) where += ":" + std::to_string(pos.line) + ":" + std::to_string(pos.col);
    throw HarnessUnsupported(where + ": test " + p.name +
                             " is unsupported by the CUDA harness: " + why);
}

int ThreadPlan::registerIndex(const std::string& name) const {
    for (std::size_t i = 0; i < registers.size(); ++i)
        if (registers[i].name == name) return static_cast<int>(i);
    return -1;
}

const RegisterPlan& ThreadPlan::reg(const std::string& name) const {
    return registers.at(static_cast<std::size_t>(registerIndex(name)));
}

int HarnessPlan::locationIndex(const std::string& name) const {
    for (std::size_t i = 0; i < locations.size(); ++i)
        if (locations[i].name == name) return static_cast<int>(i);
    return -1;
}

const LocationPlan& HarnessPlan::location(const std::string& name) const {
    return locations.at(static_cast<std::size_t>(locationIndex(name)));
}

int HarnessPlan::slotWords() const {
    int words = 1, alignWords = 1;
    for (const LocationPlan& l : locations) {
        words = std::max(words, l.layout.words);
        alignWords = std::max(alignWords, l.layout.alignment / 8);
    }
    return (words + alignWords - 1) / alignWords * alignWords;
}

ObservedRead HarnessPlan::observedRead(const std::string& name) const {
    const auto [base, offset] = locationParts(name);
    ObservedRead read;
    read.location = locationIndex(base);
    const ByteLayout& layout = locations.at(static_cast<std::size_t>(read.location)).layout;
    read.byte = layout.origin + static_cast<int>(offset);
    read.bytes = observedBytes(layout.ranges, offset);
    return read;
}

std::vector<Observable> conditionObservables(const Program& program) {
    std::vector<Observable> named;
    collectObservables(program.condition.expr, named);
    std::set<Observable> obs(named.begin(), named.end());
    obs.insert(program.locations.begin(), program.locations.end());
    return {obs.begin(), obs.end()};
}

std::string identifierFor(const std::string& name) {
    std::string id;
    for (char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        id += ok ? c : '_';
    }
    if (id.empty() || (id[0] >= '0' && id[0] <= '9')) id = "T" + id;
    return id;
}

HarnessPlan planHarness(const Program& program) {
    HarnessPlan plan;
    plan.program = program;
    plan.identifier = identifierFor(program.name);
    const Program& p = plan.program;

    // Proxies (docs/hardware.md): each needs hardware set-up the harness does not do, and a
    // harness that ran the accesses as generic ones would test another program.
    if (!p.aliases.empty())
        rejectTest(p,
                   "location aliases (proxies): two virtual addresses of one physical location "
                   "need a driver-level mapping (cuMemMap of one allocation twice), and texture, "
                   "surface and constant names need texture/surface objects or __constant__ "
                   "memory bound on the host, which the harness does not set up");
    for (const auto& [name, space] : p.spaces)
        if (space == StateSpace::Shared) rejectTest(p, "shared-memory location " + name);
    if (p.threads.empty()) rejectTest(p, "no threads");
    if (!p.host.empty())
        rejectTest(p,
                   "several kernel launches or a host thread (a `host { ... }` block): the harness "
                   "launches one kernel, without streams, events or graphs",
                   p.host.front().pos);

    // ---- placement: one role per CTA, one warp per thread -------------------------------------
    std::set<int> gpus, ctas;
    for (const auto& t : p.threads) {
        gpus.insert(t.gpu);
        ctas.insert(t.cta);
    }
    if (gpus.size() > 1)
        rejectTest(p,
                   "threads on " + std::to_string(gpus.size()) + " GPUs; the harness runs one GPU");
    std::set<std::pair<int, int>> warps;
    for (const auto& t : p.threads)
        if (t.warp && !warps.insert({t.cta, *t.warp}).second)
            rejectTest(p, "two threads share warp " + std::to_string(*t.warp) +
                              "; the harness gives each thread its own warp");

    // ---- instructions -------------------------------------------------------------------------
    std::set<std::string> allLocations;
    std::map<int, RegisterUse> uses;
    std::map<std::string, std::vector<ByteAccess>> accessesOf; // location -> its accesses
    RegisterAddresses regAddress;
    std::map<int, std::vector<LoadedRegister>> loadsOf; // by thread id
    for (const auto& e : p.init) {
        if (!e.thread) {
            if (std::holds_alternative<AddressOf>(e.value))
                rejectTest(p, "location " + e.name + " initialised to an address", e.pos);
            allLocations.insert(locationParts(e.name).first);
        } else if (const auto* a = std::get_if<AddressOf>(&e.value)) {
            regAddress[*e.thread][e.name] = a->location;
            allLocations.insert(locationParts(a->location).first);
        }
    }
    for (const auto& t : p.threads) {
        RegisterUse& use = uses[t.id];
        std::set<std::string> locs;
        bool branches = false, barriers = false;
        // Notes an access of `kind` (`ld`, `st`, `ld.v2`, ...) and returns its location. The
        // elements of a vector access are accesses of their own, as the checker models them
        // (VectorAccess.hpp): the first sets `vector` to the instruction's text for messages
        // (`ld.v2.u32 [x]`), which the others reuse, and carries the vector's alignment.
        auto address = [&](const Address& a, const TypeSuffix& type, SourcePos pos,
                           const std::string& kind, std::string* vector = nullptr,
                           int alignment = 0) {
            if (const auto* r = std::get_if<Reg>(&a.base)) {
                use.mentioned.insert(r->name);
                if (!regAddress[t.id].count(r->name))
                    rejectTest(p, "register " + r->name + " used as an address holds no &location",
                               pos);
            }
            if (!memoryTypeOk(type)) rejectTest(p, "memory access type ." + type, pos);
            const auto [loc, offset] = *addressed(a, t.id, regAddress);
            locs.insert(loc);
            const ByteRange range{offset, accessBytes(type)};
            const std::string text =
                kind + (type.empty() ? "" : "." + type) + " [" + locationName(loc, offset) + "]";
            if (vector && vector->empty()) *vector = text;
            accessesOf[loc].push_back({range, pos, vector ? *vector : text, false, alignment});
            return loc;
        };
        for (const auto& ins : t.code) {
            if (ins.guard) use.mentioned.insert(ins.guard->predicate.name);
            std::visit(
                [&](const auto& b) {
                    using B = std::decay_t<decltype(b)>;
                    if constexpr (std::is_same_v<B, Load>) {
                        if (b.proxy != Proxy::Generic)
                            rejectTest(p,
                                       "tld/suld/cold (proxies): texture and surface loads need a "
                                       "texture/surface object and coordinates, constant loads "
                                       "__constant__ memory, none of which the harness sets up",
                                       ins.pos);
                        if (b.space == StateSpace::Shared) rejectTest(p, "ld.shared", ins.pos);
                        refuseCacheOperatorWithSemantics(p, ins);
                        const int vectorBytes = runnableVectorBytes(p, ins);
                        std::string text;
                        for (const Instruction& element : scalarElements(ins)) {
                            const Load& l = std::get<Load>(element.body);
                            const std::string loc = address(
                                l.addr, l.type, ins.pos, "ld" + vectorQualifier(vectorElements(b)),
                                &text, text.empty() ? vectorBytes : 0);
                            loadsOf[t.id].push_back({l.dst.name, loc, accessBytes(l.type)});
                            use.mentioned.insert(l.dst.name);
                            use.written.insert(l.dst.name);
                            if (is64(l.type)) use.wide.insert(l.dst.name);
                        }
                    } else if constexpr (std::is_same_v<B, Store>) {
                        if (b.proxy != Proxy::Generic)
                            rejectTest(p,
                                       "sust (proxies): surface stores need a surface object bound "
                                       "on the host, which the harness does not set up",
                                       ins.pos);
                        if (b.space == StateSpace::Shared) rejectTest(p, "st.shared", ins.pos);
                        refuseCacheOperatorWithSemantics(p, ins);
                        const int vectorBytes = runnableVectorBytes(p, ins);
                        std::string text;
                        for (const Instruction& element : scalarElements(ins)) {
                            const Store& st = std::get<Store>(element.body);
                            address(st.addr, st.type, ins.pos,
                                    "st" + vectorQualifier(vectorElements(b)), &text,
                                    text.empty() ? vectorBytes : 0);
                            noteOperand(st.value, use, locs);
                        }
                    } else if constexpr (std::is_same_v<B, Atomic>) {
                        if (b.op == AtomOp::Inc || b.op == AtomOp::Dec)
                            rejectTest(p, "atom.inc/atom.dec (wrap-around semantics)", ins.pos);
                        if (b.space == StateSpace::Shared) rejectTest(p, "atom.shared", ins.pos);
                        if (floatTypeOf(b.type) || packedFloatTypeOf(b.type))
                            rejectTest(p,
                                       std::string(b.isRed ? "red" : "atom") + ".add." +
                                           (b.noftz ? "noftz." : "") + b.type +
                                           ": the harness keeps every value in an integer "
                                           "register, and floating-point atomics need ." +
                                           b.type + " operands",
                                       ins.pos);
                        const int bytes = accessBytes(b.type);
                        if (bytes == 1)
                            rejectTest(p,
                                       std::string(b.isRed ? "red" : "atom") + "." +
                                           atomOpName(b.op) + "." + b.type +
                                           ": PTX has no 8-bit atomics",
                                       ins.pos);
                        if (bytes == 2 && (b.op != AtomOp::Cas || b.isRed))
                            rejectTest(p,
                                       std::string(b.isRed ? "red" : "atom") + "." +
                                           atomOpName(b.op) + "." + b.type +
                                           ": PTX's only 16-bit atomic is atom.cas.b16",
                                       ins.pos);
                        const std::string loc =
                            address(b.addr, b.type, ins.pos, b.isRed ? "red" : "atom");
                        noteOperand(b.operand, use, locs);
                        if (b.operand2) noteOperand(*b.operand2, use, locs);
                        if (b.dst) {
                            loadsOf[t.id].push_back({b.dst->name, loc, bytes});
                            use.mentioned.insert(b.dst->name);
                            use.written.insert(b.dst->name);
                            if (is64(b.type)) use.wide.insert(b.dst->name);
                        }
                    } else if constexpr (std::is_same_v<B, Fence>) {
                        if (b.kind != FenceKind::Sc && b.kind != FenceKind::AcqRel)
                            rejectTest(p,
                                       "fence.proxy (proxies): it only means something beside "
                                       "proxy accesses, which the harness cannot run",
                                       ins.pos);
                    } else if constexpr (std::is_same_v<B, Barrier>) {
                        barriers = true;
                        if (ins.guard) rejectTest(p, "a guarded barrier", ins.pos);
                        // Dat3M's quorum counts litmus threads; a PTX count counts warps'
                        // threads, and runs when it is every user's (mapBarriers).
                        if (b.count && b.operands == BarrierOperands::Dat3m)
                            rejectTest(p,
                                       "Dat3M barrier quorums: the hardware counts whole warps and "
                                       "starts a new generation at each quorum",
                                       ins.pos);
                        noteOperand(b.instance, use, locs);
                        if (b.id) noteOperand(*b.id, use, locs);
                        if (b.count) noteOperand(*b.count, use, locs);
                        if (b.vote) {
                            use.mentioned.insert(b.vote->predicate.name);
                            use.mentioned.insert(b.vote->dst.name);
                            use.written.insert(b.vote->dst.name);
                        }
                    } else if constexpr (std::is_same_v<B, Local>) {
                        noteOperand(b.a, use, locs);
                        if (b.b) noteOperand(*b.b, use, locs);
                        use.mentioned.insert(b.dst.name);
                        use.written.insert(b.dst.name);
                        if (is64(b.type)) use.wide.insert(b.dst.name);
                    } else if constexpr (std::is_same_v<B, SetPredicate>) {
                        noteOperand(b.a, use, locs);
                        noteOperand(b.b, use, locs);
                        use.mentioned.insert(b.dst.name);
                        use.written.insert(b.dst.name);
                    } else if constexpr (std::is_same_v<B, Branch>) {
                        branches = true;
                        if (b.condition) {
                            noteOperand(b.condition->a, use, locs);
                            noteOperand(b.condition->b, use, locs);
                        }
                    }
                },
                ins.body);
        }
        if (branches && barriers)
            rejectTest(p,
                       "P" + std::to_string(t.id) +
                           " has both branches and barriers: a capped spin loop could skip a "
                           "hardware barrier and hang the GPU",
                       t.pos);
        for (const auto& [reg, loc] : regAddress[t.id])
            if (use.written.count(reg))
                rejectTest(p, "register " + reg + " holds an address and is written", t.pos);
        ThreadPlan tp;
        tp.id = t.id;
        tp.index = static_cast<std::size_t>(&t - p.threads.data());
        tp.locations.assign(locs.begin(), locs.end());
        allLocations.insert(locs.begin(), locs.end());
        plan.threads.push_back(std::move(tp));
    }

    // ---- observables ---------------------------------------------------------------------------
    plan.projection = conditionObservables(p);
    std::set<Observable> recorded(plan.projection.begin(), plan.projection.end());
    plan.recorded = plan.projection;
    if (p.filter) {
        std::vector<Observable> named;
        collectObservables(*p.filter, named);
        const std::set<Observable> filterObs(named.begin(), named.end());
        for (const auto& o : filterObs)
            if (recorded.insert(o).second) plan.recorded.push_back(o);
    }
    for (const auto& o : plan.recorded) {
        if (const auto* l = std::get_if<LocTerm>(&o))
            allLocations.insert(locationParts(l->location).first);
        if (const auto* r = std::get_if<RegTerm>(&o)) {
            if (!uses.count(r->thread))
                rejectTest(p, "the condition reads " + observableName(o) + " of a missing thread");
            if (regAddress[r->thread].count(r->reg))
                rejectTest(p,
                           "the condition reads " + observableName(o) + ", which holds an address");
            uses[r->thread].mentioned.insert(r->reg);
        }
    }

    // ---- locations and registers --------------------------------------------------------------
    MemoryUse memory{std::move(allLocations), std::move(accessesOf), regAddress,
                     std::move(loadsOf)};
    MemoryPlan mem = planMemory(p, memory);
    plan.locations = std::move(mem.locations);
    const std::set<std::string>& split = mem.split;
    for (auto& tp : plan.threads) {
        const RegisterUse& use = uses[tp.id];
        for (const auto& e : p.init)
            if (e.thread == tp.id) uses[tp.id].mentioned.insert(e.name);
        for (const auto& name : uses[tp.id].mentioned) {
            RegisterPlan rp;
            rp.name = name;
            rp.wide = use.wide.count(name) > 0;
            for (const auto& e : p.init) {
                if (e.thread != tp.id || e.name != name) continue;
                if (const auto* v = std::get_if<std::int64_t>(&e.value)) rp.init = *v;
                if (const auto* a = std::get_if<AddressOf>(&e.value)) rp.addressOf = a->location;
                if (e.declaredType && is64(*e.declaredType)) rp.wide = true;
            }
            if (rp.addressOf || mem.wholeRegisters[tp.id].count(name)) rp.wide = true;
            tp.registers.push_back(rp);
        }
    }

    // The model's values are 64-bit; an untyped or 32-bit access keeps a 32-bit word, which
    // holds them faithfully only within the 32-bit signed range (the harness sign-extends what
    // it records). A larger value would run as another program: refused.
    bool anyNarrow = false;
    for (const LocationPlan& lp : plan.locations)
        anyNarrow = anyNarrow || !lp.wide;
    for (const ThreadPlan& tp : plan.threads)
        for (const RegisterPlan& rp : tp.registers)
            anyNarrow = anyNarrow || !rp.wide;
    if (anyNarrow)
        if (const auto wide = firstWideImmediate(plan, regAddress, split))
            rejectTest(p,
                       "the value " + std::to_string(wide->first) +
                           " does not fit the 32-bit words the harness gives untyped and 32-bit "
                           "accesses and registers (the model's values are 64-bit): give the "
                           "accesses and registers a 64-bit type (.u64, .b64)",
                       wide->second);

    // ---- roles and barriers -------------------------------------------------------------------
    std::map<int, int> roleOf;
    for (int cta : ctas)
        roleOf.emplace(cta, static_cast<int>(roleOf.size()));
    plan.roles = static_cast<int>(roleOf.size());
    std::map<int, int> nextWarp;
    for (auto& tp : plan.threads) {
        const Thread& t = p.threads[tp.index];
        tp.role = roleOf.at(t.cta);
        tp.warp = nextWarp[tp.role]++;
        plan.warpsPerBlock = std::max(plan.warpsPerBlock, tp.warp + 1);
    }
    mapBarriers(plan);
    // Inline asm takes at most 30 operands: registers, the capped flag, the spin cap, one pointer
    // per location and one per bar.red vote slot (mapBarriers).
    for (const ThreadPlan& tp : plan.threads) {
        const std::size_t operands =
            tp.registers.size() + tp.locations.size() + 2 + tp.voteSlots.size();
        if (operands > 30)
            rejectTest(p, "P" + std::to_string(tp.id) + " needs " + std::to_string(operands) +
                              " inline-asm operands (at most 30)");
    }
    return plan;
}

} // namespace ptx::cuda
