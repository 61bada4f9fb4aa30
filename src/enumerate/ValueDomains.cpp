#include "enumerate/ValueDomains.hpp"

namespace ptx {
namespace {

/// The value of an operand written as a constant (an immediate or an address), if it is one.
std::optional<std::int64_t> constantOf(const Operand& o, const LocationTable& locations) {
    if (const auto* v = std::get_if<std::int64_t>(&o)) return *v;
    if (const auto* a = std::get_if<AddressOf>(&o)) return locations.addressValue(a->location);
    return std::nullopt;
}

} // namespace

ValueDomains::ValueDomains(const Program& program, const LocationTable& locations) {
    for (int l = 0; l < locations.size(); ++l)
        domains_.push_back(std::set<std::int64_t>{locations.initialValue(l)});
    auto unknownAll = [&] {
        for (auto& d : domains_)
            d.reset();
    };
    // Adds `value` (nullopt: unknown) to the domain of the location `addr` names.
    auto add = [&](const Address& addr, std::optional<std::int64_t> value) {
        const auto* name = std::get_if<std::string>(&addr.base);
        const auto loc = name ? locations.find(locationName(*name, addr.offset)) : std::nullopt;
        if (!loc) return unknownAll(); // through a pointer: it could be any location
        auto& d = domains_.at(static_cast<std::size_t>(*loc));
        if (!value)
            d.reset();
        else if (d)
            d->insert(*value);
    };
    for (const Thread& t : program.threads)
        for (const Instruction& ins : t.code) {
            if (const auto* st = std::get_if<Store>(&ins.body)) {
                add(st->addr, constantOf(st->value, locations));
            } else if (const auto* at = std::get_if<Atomic>(&ins.body)) {
                if (at->op == AtomOp::Exch)
                    add(at->addr, constantOf(at->operand, locations));
                else if (at->op == AtomOp::Cas && at->operand2)
                    add(at->addr, constantOf(*at->operand2, locations)); // else the old value
                else
                    add(at->addr, std::nullopt); // arithmetic: values the domain cannot bound
            }
        }
}

} // namespace ptx
