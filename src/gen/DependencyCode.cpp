#include "gen/DependencyCode.hpp"

namespace ptx::gen {

DependencyCode dependencyCode(Dependency kind, const std::string& readRegister,
                              const std::string& nextLocation, int nextValue, bool nextIsWrite,
                              std::size_t k) {
    DependencyCode out;
    out.address = nextLocation;
    const std::string k1 = std::to_string(k);
    switch (kind) {
    case Dependency::None:
        break;
    case Dependency::Ctrl:
        out.code.push_back("beq " + readRegister + ", 99, LC" + k1); // falls through either way
        out.code.push_back("LC" + k1 + ":");
        break;
    case Dependency::Data:
        if (!nextIsWrite) break;
        out.code.push_back("xor rd" + k1 + ", " + readRegister + ", " + readRegister);
        out.code.push_back("add rd" + k1 + ", rd" + k1 + ", " + std::to_string(nextValue));
        out.valueRegister = "rd" + k1;
        break;
    case Dependency::Addr:
        out.code.push_back("xor rd" + k1 + ", " + readRegister + ", " + readRegister);
        out.code.push_back("add ra" + k1 + ", rp" + k1 + ", rd" + k1); // &next + 0
        out.inits.push_back("rp" + k1 + "=&" + nextLocation);
        out.inits.push_back("ra" + k1 + "=0");
        out.address = "[ra" + k1 + "]";
        break;
    }
    return out;
}

} // namespace ptx::gen
