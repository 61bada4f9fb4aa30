#include "model/RegisterAddresses.hpp"

#include <set>
#include <type_traits>

namespace ptx {
namespace {

/// The offsets accesses through a register have, each element of a vector access its own.
std::set<std::int64_t> registerOffsets(const Program& program) {
    std::set<std::int64_t> out;
    const auto note = [&](const Address& a, std::int64_t offset) {
        if (std::holds_alternative<Reg>(a.base) && offset != 0) out.insert(offset);
    };
    for (const Thread& t : program.threads)
        for (const Instruction& ins : t.code)
            std::visit(
                [&](const auto& body) {
                    using T = std::decay_t<decltype(body)>;
                    if constexpr (std::is_same_v<T, Load> || std::is_same_v<T, Store>) {
                        for (int k = 0; k < vectorElements(body); ++k)
                            note(body.addr, body.addr.offset + k * accessBytes(body.type));
                    } else if constexpr (std::is_same_v<T, Atomic>) {
                        note(body.addr, body.addr.offset);
                    }
                },
                ins.body);
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
