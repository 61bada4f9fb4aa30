// Numbering a program's locations for the simulator: every variable and offset the program
// names (init entries, addresses, &x, conditions, aliases), each a virtual address with its
// physical location, and the initial values.
#include "model/Unsupported.hpp"
#include "sim/ProgramCompiler.hpp"

#include <string>
#include <type_traits>

namespace ptx::sim {
namespace {

std::string locName(const std::string& base, std::int64_t offset) {
    if (offset == 0) return base;
    return base + (offset > 0 ? "+" : "") + std::to_string(offset);
}

} // namespace

int Compiler::named(const std::string& name) {
    if (aliasDecls_.count(name)) return aliasLocation(name);
    return location(name, 0);
}

int Compiler::aliasLocation(const std::string& name) {
    if (auto it = aliasLocs_.find(name); it != aliasLocs_.end()) return it->second;
    const AliasDecl& a = *aliasDecls_.at(name);
    const int target = named(a.target);
    int loc = target;
    if (a.proxy == Proxy::Generic) {
        loc = static_cast<int>(out_.locations.size());
        SimLocation l = out_.locations[static_cast<std::size_t>(target)];
        l.name = name;
        out_.locations.push_back(std::move(l)); // init, base, phys: the target's
        aliasedPhys_.insert(out_.locations.back().phys);
    }
    out_.locationByName.emplace(name, loc);
    aliasLocs_.emplace(name, loc);
    return loc;
}

void Compiler::refuseAlias(const std::string& name, const char* what) const {
    if (aliasDecls_.count(name))
        throw Unsupported(std::string("sim: ") + what + " the alias " + name +
                          " (write it on the aliased location)");
}

int Compiler::baseIndex(const std::string& name) {
    refuseAlias(name, "a pointer to");
    auto [it, inserted] = bases_.try_emplace(name, static_cast<int>(bases_.size()));
    if (inserted) location(name, 0);
    return it->second;
}

int Compiler::location(const std::string& base, std::int64_t offset) {
    if (aliasDecls_.count(base)) {
        if (offset != 0) refuseAlias(base, "an offset from");
        return aliasLocation(base);
    }
    const int b = baseIndex(base);
    const std::int64_t addr = addressValue(b, offset);
    auto it = out_.locationByAddress.find(addr);
    if (it != out_.locationByAddress.end()) return it->second;
    const int idx = static_cast<int>(out_.locations.size());
    SimLocation l;
    l.name = locName(base, offset);
    l.phys = idx;
    l.base = b;
    l.offset = offset;
    out_.locations.push_back(std::move(l));
    out_.locationByAddress.emplace(addr, idx);
    out_.locationByName.emplace(locName(base, offset), idx);
    return idx;
}

std::int64_t Compiler::initValue(const InitValue& v) {
    if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
    return addressValue(baseIndex(std::get<AddressOf>(v).location), 0);
}

void Compiler::collectAddress(const Address& a) {
    if (const auto* n = std::get_if<std::string>(&a.base)) location(*n, a.offset);
}

void Compiler::collectOperand(const Operand& o) {
    if (const auto* a = std::get_if<AddressOf>(&o)) baseIndex(a->location);
}

void Compiler::collectOperands(const Instruction& ins) {
    std::visit(
        [&](const auto& b) {
            using T = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<T, Store>) {
                if (b.vector.empty()) collectOperand(b.value);
                for (const Operand& v : b.vector)
                    collectOperand(v);
            } else if constexpr (std::is_same_v<T, Atomic>) {
                collectOperand(b.operand);
                if (b.operand2) collectOperand(*b.operand2);
            } else if constexpr (std::is_same_v<T, Local>) {
                collectOperand(b.a);
                if (b.b) collectOperand(*b.b);
            } else if constexpr (std::is_same_v<T, SetPredicate>) {
                collectOperand(b.a);
                collectOperand(b.b);
            }
        },
        ins.body);
}

void Compiler::collectCondLocations(const CondExpr& e) {
    std::visit(
        [&](const auto& n) {
            using T = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<T, CondCompare>) {
                for (const Term* t : {&n.lhs, &n.rhs})
                    if (const auto* l = std::get_if<LocTerm>(t)) named(l->location);
            } else if constexpr (std::is_same_v<T, CondAnd> || std::is_same_v<T, CondOr>) {
                for (const auto& p : n.parts)
                    collectCondLocations(p);
            } else if constexpr (std::is_same_v<T, CondNot>) {
                for (const auto& p : n.inner)
                    collectCondLocations(p);
            }
        },
        e.node);
}

} // namespace ptx::sim
