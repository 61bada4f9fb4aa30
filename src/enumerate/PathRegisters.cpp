// A path's registers: their symbolic values, the reads they depend on and the location a
// pointer was computed from (its provenance), and the location an address designates.
#include "enumerate/PathWalker.hpp"

#include "model/Names.hpp"

#include <algorithm>

namespace ptx::pathwalk {

std::optional<std::string> provenance(BinOp op, const RegValue& a, const RegValue& b) {
    if (op == BinOp::Add && a.pointsInto && !b.pointsInto) return a.pointsInto;
    if (op == BinOp::Add && b.pointsInto && !a.pointsInto) return b.pointsInto;
    if (op == BinOp::Sub && a.pointsInto && !b.pointsInto) return a.pointsInto;
    return std::nullopt;
}

std::vector<int> merged(std::vector<int> a, const std::vector<int>& b) {
    a.insert(a.end(), b.begin(), b.end());
    std::sort(a.begin(), a.end());
    a.erase(std::unique(a.begin(), a.end()), a.end());
    return a;
}

PathWalker::Target PathWalker::resolve(State& s, const Address& a, const SourcePos& at) {
    if (const auto* name = std::get_if<std::string>(&a.base)) {
        const std::string full = locationName(*name, a.offset);
        const auto loc = locations_.find(full);
        if (!loc) throw EnumerationError("unknown location " + full);
        return {*loc, *locations_.findVirtual(full), {}};
    }
    const RegValue r = reg(s, std::get<Reg>(a.base));
    const auto v = s.path.values.constantValue(r.value);
    std::int64_t address = 0;
    const bool fits = v && !__builtin_add_overflow(*v, a.offset, &address);
    const auto parts = fits ? locations_.pointerParts(address) : std::nullopt;
    const auto loc =
        parts ? locations_.find(locationName(parts->first, parts->second)) : std::nullopt;
    const std::string what = "unsupported: the address in register " + std::get<Reg>(a.base).name +
                             " of P" + std::to_string(thread_.id) + " (line " +
                             std::to_string(at.line) + ", column " + std::to_string(at.col) + ")";
    if (!loc)
        throw EnumerationError(what +
                               " is not a known location on every path (addresses computed "
                               "from values read from memory are not modelled, nor addresses "
                               "outside every location the test names)");
    const int location = *loc;
    if (!r.pointsInto)
        throw EnumerationError(what +
                               " was not computed from a location's address (&x, plus or "
                               "minus a number): a number used as an address is not modelled");
    if (parts->first != *r.pointsInto)
        throw EnumerationError(what + " was computed from &" + *r.pointsInto +
                               " but lies in another location (" +
                               locations_.names()[static_cast<std::size_t>(location)] +
                               "): pointer arithmetic across locations is not modelled");
    return {location, location, r.deps};
}

RegValue PathWalker::reg(State& s, const Reg& r) {
    s.loops.readRegister(r.name);
    if (s.spinWritten.count(r.name) != 0) s.spinWrittenRead = true;
    auto it = s.regs.find(r.name);
    if (it != s.regs.end()) return it->second;
    RegValue zero{s.path.values.constant(0), {}, std::nullopt};
    s.regs[r.name] = zero;
    return zero;
}

RegValue PathWalker::operand(State& s, const Operand& o) {
    if (const auto* v = std::get_if<std::int64_t>(&o))
        return {s.path.values.constant(*v), {}, std::nullopt};
    if (const auto* r = std::get_if<Reg>(&o)) return reg(s, *r);
    const std::string& location = std::get<AddressOf>(o).location;
    return {s.path.values.constant(locations_.addressValue(location)), {}, location};
}

void PathWalker::setRegister(State& s, const std::string& name, RegValue v) {
    s.loops.writeRegister(name);
    s.spinWritten.erase(name);
    s.regs[name] = std::move(v);
}

std::map<std::string, ValueId> PathWalker::registerValues(const State& s) const {
    std::map<std::string, ValueId> out;
    for (const auto& [name, v] : s.regs)
        out[name] = v.value;
    return out;
}

} // namespace ptx::pathwalk
