// Vector accesses (`ld.v4.u32 {r0, r1, r2, r3}, [x]`, `st.v2.u32 [x], {a, b}`): the PTX memory
// model treats one as several scalar accesses, one per element, performed in no particular order
// (docs/model-races.md, "Vector accesses"). Element k covers the type's bytes from the address
// plus k times their number.
#pragma once

#include "model/Program.hpp"

#include <type_traits>
#include <variant>
#include <vector>

namespace ptx {

/// The address of element k of a vector access of type `type`.
[[nodiscard]] Address elementAddress(const Address& a, const TypeSuffix& type, int k);

/// Calls f(address) for each element of a load, store or atomic: one address for a scalar
/// access, one per element of a vector or packed one; none for another instruction.
template <class F> void forEachElementAddress(const Instruction& ins, F&& f) {
    std::visit(
        [&](const auto& body) {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, Load> || std::is_same_v<T, Store> ||
                          std::is_same_v<T, Atomic>)
                for (int k = 0; k < vectorElements(body); ++k)
                    f(elementAddress(body.addr, body.type, k));
        },
        ins.body);
}

/// forEachElementAddress over every instruction of the program.
template <class F> void forEachAccessElement(const Program& program, F&& f) {
    for (const Thread& t : program.threads)
        for (const Instruction& ins : t.code)
            forEachElementAddress(ins, f);
}

/// The scalar accesses a vector load or store stands for, in element order, each with the
/// instruction's guard and position; `{ins}` for every other instruction. For a back end that
/// runs them one after another (one of the orders the model allows).
[[nodiscard]] std::vector<Instruction> scalarElements(const Instruction& ins);

/// Whether a vector load writes a register it reads: its guard's predicate or its address's
/// base. The engines read every operand first; run element by element, a later element would
/// read the value an earlier one loaded.
[[nodiscard]] bool vectorReadsItsDestinations(const Instruction& ins);

} // namespace ptx
