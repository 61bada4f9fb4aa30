#include "smt/ModelValue.hpp"

#include "smt/SmtEngine.hpp"

namespace ptx::smt {

std::int64_t modelValue(const z3::model& m, const z3::expr& term) {
    const z3::expr v = m.eval(term, true);
    std::uint64_t u = 0;
    if (!v.is_numeral_u64(u))
        throw SmtFailure("the solver gave a non-numeral value: " + v.to_string());
    return static_cast<std::int64_t>(u);
}

} // namespace ptx::smt
