#include "model/RegisterAddresses.hpp"

#include "model/VectorAccess.hpp"

#include <set>

namespace ptx {
namespace {

/// The offsets accesses through a register have, each element of a vector access its own.
std::set<std::int64_t> registerOffsets(const Program& program) {
    std::set<std::int64_t> out;
    forEachAccessElement(program, [&](const Address& a) {
        if (std::holds_alternative<Reg>(a.base) && a.offset != 0) out.insert(a.offset);
    });
    return out;
}

} // namespace

std::vector<std::pair<std::string, std::int64_t>>
locationsThroughRegisters(const Program& program) {
    const std::set<std::int64_t> offsets = registerOffsets(program);
    std::set<std::string> aliases;
    for (const AliasDecl& a : program.aliases)
        aliases.insert(a.name);
    std::set<std::pair<std::string, std::int64_t>> out;
    for (const InitEntry& e : program.init)
        if (const auto* a = std::get_if<AddressOf>(&e.value); a && !aliases.count(a->location))
            for (const std::int64_t offset : offsets)
                out.emplace(a->location, offset);
    return {out.begin(), out.end()};
}

} // namespace ptx
