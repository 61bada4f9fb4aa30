#include "model/VectorAccess.hpp"

#include <algorithm>

namespace ptx {

Address elementAddress(const Address& a, const TypeSuffix& type, int k) {
    Address out = a;
    out.offset += static_cast<std::int64_t>(k) * accessBytes(type);
    return out;
}

std::vector<Instruction> scalarElements(const Instruction& ins) {
    std::vector<Instruction> out;
    if (const auto* ld = std::get_if<Load>(&ins.body); ld && !ld->vector.empty()) {
        for (std::size_t k = 0; k < ld->vector.size(); ++k) {
            Load element = *ld;
            element.vector.clear();
            element.dst = ld->vector[k];
            element.addr = elementAddress(ld->addr, ld->type, static_cast<int>(k));
            out.push_back({element, ins.guard, ins.pos});
        }
    } else if (const auto* st = std::get_if<Store>(&ins.body); st && !st->vector.empty()) {
        for (std::size_t k = 0; k < st->vector.size(); ++k) {
            Store element = *st;
            element.vector.clear();
            element.value = st->vector[k];
            element.addr = elementAddress(st->addr, st->type, static_cast<int>(k));
            out.push_back({element, ins.guard, ins.pos});
        }
    } else {
        out.push_back(ins);
    }
    return out;
}

bool vectorReadsItsDestinations(const Instruction& ins) {
    const auto* ld = std::get_if<Load>(&ins.body);
    if (!ld || ld->vector.empty()) return false;
    const auto written = [&](const Reg& r) {
        return std::find(ld->vector.begin(), ld->vector.end(), r) != ld->vector.end();
    };
    const auto* base = std::get_if<Reg>(&ld->addr.base);
    return (ins.guard && written(ins.guard->predicate)) || (base && written(*base));
}

} // namespace ptx
