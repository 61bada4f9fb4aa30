#include "enumerate/LocationTable.hpp"

#include "enumerate/ThreadPath.hpp"
#include "model/Observables.hpp"
#include "model/RegisterAddresses.hpp"
#include "model/VectorAccess.hpp"

#include <set>

namespace ptx {
namespace {

constexpr std::int64_t kAddressStride = std::int64_t{1} << 32;

template <class F> void forEachAddress(const Program& program, F&& f) {
    // Each element of a vector access: a location of its own.
    forEachAccessElement(program, [&](const Address& a) {
        if (const auto* name = std::get_if<std::string>(&a.base)) f(*name, a.offset);
    });
}

} // namespace

LocationTable::LocationTable(const Program& program) {
    for (const AliasDecl& a : program.aliases)
        aliasNames_.insert(a.name);
    for (const InitEntry& e : program.init)
        if (!e.thread) add(e.name);
    for (const AliasDecl& a : program.aliases)
        add(a.target);
    forEachAddress(program, [&](const std::string& base, std::int64_t offset) {
        if (aliasNames_.count(base)) {
            if (offset != 0)
                throw EnumerationError("unsupported: an offset from the alias " + base +
                                       " (write the offset on the aliased location)");
            return;
        }
        add(base);
        add(locationName(base, offset));
    });
    for (const Observable& o : program.locations)
        if (const auto* l = std::get_if<LocTerm>(&o)) add(l->location);
    // Condition locations.
    const auto locations = [&](const CondCompare& n) {
        for (const Term* t : {&n.lhs, &n.rhs})
            if (const auto* l = std::get_if<LocTerm>(t)) add(l->location);
    };
    forEachComparison(program.condition.expr, locations);
    if (program.filter) forEachComparison(*program.filter, locations);
    // Pointer targets named in the init block, and what accesses through a register reach
    // from them.
    for (const InitEntry& e : program.init)
        if (const auto* a = std::get_if<AddressOf>(&e.value)) add(a->location);
    for (const auto& [base, offset] : locationsThroughRegisters(program))
        add(locationName(base, offset));
    // Aliases, in declaration order (the parser checks that a target is declared before).
    int nextVirtual = size(); // locations are virtual addresses 0..size()-1
    for (const AliasDecl& a : program.aliases) {
        AliasTarget target;
        if (auto it = aliases_.find(a.target); it != aliases_.end()) {
            target = it->second;
        } else {
            const auto loc = find(a.target);
            if (!loc) throw EnumerationError("the alias " + a.name + " names no location");
            target = {*loc, *loc};
        }
        if (a.proxy == Proxy::Generic) target.virtualAddress = nextVirtual++;
        aliases_[a.name] = target;
    }
    // Initial values (after every location is known, since they may be addresses).
    init_.assign(names_.size(), 0);
    for (const InitEntry& e : program.init) {
        if (e.thread) continue;
        const int i = index_.at(e.name);
        if (const auto* v = std::get_if<std::int64_t>(&e.value))
            init_[static_cast<std::size_t>(i)] = *v;
        else
            init_[static_cast<std::size_t>(i)] =
                addressValue(std::get<AddressOf>(e.value).location);
    }
}

int LocationTable::add(const std::string& name) {
    if (aliasNames_.count(name)) return -1; // an alias names its target's location
    if (auto it = index_.find(name); it != index_.end()) return it->second;
    const int i = static_cast<int>(names_.size());
    names_.push_back(name);
    index_.emplace(name, i);
    if (name.find_first_of("+-") == std::string::npos)
        baseIndex_.emplace(name, static_cast<int>(baseIndex_.size()));
    return i;
}

int LocationTable::addSegment(const std::string& name, std::int64_t initial) {
    if (index_.find(name) == index_.end() && !aliases_.empty())
        throw EnumerationError("unsupported: mixed-size accesses in a test with aliases");
    const int i = add(name);
    init_.resize(names_.size(), 0);
    init_[static_cast<std::size_t>(i)] = initial;
    return i;
}

std::optional<int> LocationTable::find(const std::string& name) const {
    if (auto it = index_.find(name); it != index_.end()) return it->second;
    if (auto it = aliases_.find(name); it != aliases_.end()) return it->second.location;
    return std::nullopt;
}

std::optional<int> LocationTable::findVirtual(const std::string& name) const {
    if (auto it = index_.find(name); it != index_.end()) return it->second;
    if (auto it = aliases_.find(name); it != aliases_.end()) return it->second.virtualAddress;
    return std::nullopt;
}

std::int64_t LocationTable::addressValue(const std::string& base, std::int64_t offset) const {
    if (aliasNames_.count(base))
        throw EnumerationError("unsupported: the address of the alias " + base + " (&" + base +
                               "): pointers to aliases are not modelled; point at the aliased "
                               "location");
    auto it = baseIndex_.find(base);
    const std::int64_t b = it == baseIndex_.end() ? 0 : it->second + 1;
    return b * kAddressStride + offset;
}

std::optional<std::pair<std::string, std::int64_t>>
LocationTable::pointerParts(std::int64_t value) const {
    // The nearest base: offsets are within ±kMaxAddressOffset (Program.hpp), below the stride's
    // half, so `x-4` is x's (not the previous base's, 2^32 - 4 bytes on).
    std::int64_t shifted = 0;
    if (__builtin_add_overflow(value, kAddressStride / 2, &shifted)) return std::nullopt;
    const std::int64_t b = shifted / kAddressStride - (shifted % kAddressStride < 0 ? 1 : 0);
    const std::int64_t offset = value - b * kAddressStride;
    if (b <= 0) return std::nullopt;
    for (const auto& [name, idx] : baseIndex_)
        if (idx + 1 == b) return std::pair{name, offset};
    return std::nullopt;
}

std::optional<int> LocationTable::locationOfAddress(std::int64_t value) const {
    const auto parts = pointerParts(value);
    return parts ? find(locationName(parts->first, parts->second)) : std::nullopt;
}

} // namespace ptx
