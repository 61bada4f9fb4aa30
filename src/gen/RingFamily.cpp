#include "gen/RingFamily.hpp"

#include "gen/NameTable.hpp"

namespace ptx::gen {
namespace {

constexpr NameTable<RingShape, 5> kShapes{{{RingShape::Sb, "sb"},
                                           {RingShape::Lb, "lb"},
                                           {RingShape::Mp, "mp"},
                                           {RingShape::Wrc, "wrc"},
                                           {RingShape::Iriw, "iriw"}}};

std::string repeated(const std::string& unit, int times) {
    std::string out;
    for (int i = 0; i < times; ++i)
        out += unit + " ";
    return out;
}

} // namespace

std::string name(RingShape s) {
    return nameIn(kShapes, s);
}

RingShape parseRingShape(const std::string& s) {
    return parseIn(kShapes, s, "ring");
}

int minRingSize(RingShape s) {
    return s == RingShape::Wrc ? 3 : 2;
}

std::string ringCycle(RingShape s, int n) {
    const std::string relay = "Fence.sc.gpu.dRW Rfe.gpu"; // a middle thread of a chain
    const std::string close = "Fence.sc.gpu.dRR Fre.gpu"; // the last thread of a chain
    switch (s) {
    case RingShape::Sb:
        return repeated("Fence.sc.gpu.dWR Fre.gpu", n);
    case RingShape::Lb:
        return repeated("PodRW Rfe", n);
    case RingShape::Mp:
        return "Fence.sc.gpu.dWW Rfe.gpu " + repeated(relay, n - 2) + close;
    case RingShape::Wrc:
        return "Rfe.gpu " + repeated(relay, n - 2) + close;
    case RingShape::Iriw:
        return repeated("Rfe.gpu " + close, n);
    }
    return {};
}

} // namespace ptx::gen
