#include "cuda/MemoryPlan.hpp"

#include "model/Names.hpp"
#include "model/Observables.hpp"
#include "model/VectorAccess.hpp"

#include <algorithm>
#include <tuple>

namespace ptx::cuda {

std::optional<std::pair<std::string, std::int64_t>> addressed(const Address& a, int thread,
                                                              const RegisterAddresses& regAddress) {
    std::string name;
    if (const auto* n = std::get_if<std::string>(&a.base)) {
        name = *n;
    } else {
        const auto t = regAddress.find(thread);
        if (t == regAddress.end()) return std::nullopt;
        const auto r = t->second.find(std::get<Reg>(a.base).name);
        if (r == t->second.end()) return std::nullopt;
        name = r->second;
    }
    auto parts = locationParts(name);
    parts.second += a.offset;
    return parts;
}

MemoryPlan planMemory(const Program& p, const MemoryUse& use) {
    MemoryPlan result;
    // The final reads of the condition, the filter and the `locations` clause, where written.
    std::vector<std::pair<std::string, SourcePos>> observed;
    const auto noteRead = [&](const CondCompare& c) {
        for (const Term* term : {&c.lhs, &c.rhs})
            if (const auto* l = std::get_if<LocTerm>(term))
                observed.emplace_back(l->location, c.pos);
    };
    forEachComparison(p.condition.expr, noteRead);
    if (p.filter) forEachComparison(*p.filter, noteRead);
    for (const Observable& o : p.locations)
        if (const auto* l = std::get_if<LocTerm>(&o))
            observed.emplace_back(l->location, p.condition.pos);
    // location -> the first value written that a narrow access of it does not hold
    std::map<std::string, std::tuple<std::int64_t, int, SourcePos>> narrowMisfit;
    for (const auto& name : use.locations) {
        const auto found = use.accesses.find(name);
        std::vector<ByteAccess> accesses =
            found == use.accesses.end() ? std::vector<ByteAccess>{} : found->second;
        std::vector<ByteInit> inits;
        for (const auto& e : p.init) {
            const auto [base, offset] = locationParts(e.name);
            const auto* value = std::get_if<std::int64_t>(&e.value);
            if (e.thread || base != name || !value || *value == 0) continue;
            inits.push_back({initRange(offset, accesses), *value});
            const int bytes = inits.back().range.bytes;
            if (bytes < 4 && (*value < 0 || *value >= (std::int64_t{1} << (8 * bytes - 1))))
                narrowMisfit.emplace(name, std::make_tuple(*value, bytes, e.pos));
        }
        std::vector<ByteRange> ranges;
        for (const ByteAccess& a : accesses)
            ranges.push_back(a.range);
        for (const auto& [read, pos] : observed) {
            const auto [base, offset] = locationParts(read);
            if (base == name)
                accesses.push_back(
                    {{offset, observedBytes(ranges, offset)}, pos, read + " (condition)", true});
        }
        LocationPlan lp;
        lp.name = name;
        lp.layout = layoutBytes(p, name, accesses, inits);
        lp.wide = !lp.layout.ranges.empty() &&
                  std::all_of(lp.layout.ranges.begin(), lp.layout.ranges.end(),
                              [](const ByteRange& r) { return r.bytes == 8; });
        if (lp.layout.split) result.split.insert(name);
        for (const ByteAccess& read : accesses) {
            if (!read.observed) continue;
            const bool partly =
                std::any_of(lp.layout.ranges.begin(), lp.layout.ranges.end(),
                            [&](const ByteRange& r) { return r.overlapsPartially(read.range); });
            if (lp.layout.split || partly)
                rejectTest(p,
                           read.what + " reads " + std::to_string(read.range.bytes) +
                               " bytes at byte offset " + std::to_string(read.range.offset) +
                               " of " + name +
                               ", and accesses of other sizes overlap them in part: the checker "
                               "does not model a final value assembled from bytes (it refuses "
                               "the test); read it into a register in a thread instead",
                           read.pos);
        }
        result.locations.push_back(lp);
    }
    // A location whose accesses do not overlap in part holds one value in the model, whatever its
    // type: a 1- or 2-byte access keeps what it wrote only if every read of it gives it back.
    for (const auto& t : p.threads)
        for (const Instruction& ins : t.code) {
            const auto check = [&](const Address& a, const TypeSuffix& type, const Operand& v) {
                const auto* value = std::get_if<std::int64_t>(&v);
                const int bytes = accessBytes(type);
                const auto loc = addressed(a, t.id, use.regAddress);
                if (!value || bytes >= 4 || !loc || result.split.count(loc->first)) return;
                if (*value < 0 || *value >= (std::int64_t{1} << (8 * bytes - 1)))
                    narrowMisfit.emplace(loc->first, std::make_tuple(*value, bytes, ins.pos));
            };
            if (std::holds_alternative<Store>(ins.body))
                for (const Instruction& element : scalarElements(ins)) {
                    const Store& st = std::get<Store>(element.body);
                    check(st.addr, st.type, st.value);
                }
            if (const auto* at = std::get_if<Atomic>(&ins.body)) {
                check(at->addr, at->type, at->operand);
                if (at->operand2) check(at->addr, at->type, *at->operand2);
            }
        }
    for (const auto& [loc, misfit] : narrowMisfit) {
        if (result.split.count(loc)) continue;
        const auto [value, bytes, pos] = misfit;
        rejectTest(p,
                   "the value " + std::to_string(value) + " written to " + std::to_string(bytes) +
                       " bytes of " + loc +
                       ": the checker keeps a location's value whole where its accesses do not "
                       "overlap in part, and every read of the bytes gives it back only from 0 "
                       "to " +
                       std::to_string((std::int64_t{1} << (8 * bytes - 1)) - 1),
                   pos);
    }
    // A read of a location two accesses overlap in part is assembled from bytes and zero- or
    // sign-extended by its type (SplitAccesses.hpp), as ld into a 64-bit register does: its
    // register is recorded whole (64 bits). Other 32-bit reads are recorded as 32-bit values.
    for (const auto& [thread, loads] : use.loads) {
        std::map<std::string, std::string> narrow; // register -> a location it reads whole
        for (const LoadedRegister& load : loads)
            if (result.split.count(load.location))
                result.wholeRegisters[thread].insert(load.reg);
            else if (load.bytes <= 4)
                narrow.emplace(load.reg, load.location);
        for (const auto& [reg, loc] : narrow)
            if (result.wholeRegisters[thread].count(reg))
                rejectTest(p, "P" + std::to_string(thread) + ":" + reg +
                                  " reads both a location of mixed-size accesses (recorded at 64 "
                                  "bits) and " +
                                  loc +
                                  " at 32 bits or fewer (recorded as a 32-bit value): use two "
                                  "registers");
    }
    return result;
}

} // namespace ptx::cuda
