// The candidate's values as Z3 bit-vector terms: each value node translated once (memoised),
// the read values as constants, and the path conditions required to hold.
#include "smt/CandidateEncoding.hpp"
#include "smt/FloatTerms.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ptx::smt {

z3::expr CandidateEncoding::value(ValueId v) {
    // Post-order over the operands with an explicit stack (a chain of a thousand `add`s is a
    // thousand levels deep); each node is translated once and memoised.
    std::vector<ValueId> stack{v};
    while (!stack.empty()) {
        const ValueId top = stack.back();
        if (translated_[static_cast<std::size_t>(top)]) {
            stack.pop_back();
            continue;
        }
        const ValueNode& n = c_.values.node(top);
        bool ready = true;
        for (const ValueId operand : {n.c, n.b, n.a}) // a on top: translated first, as before
            if (operand >= 0 && !translated_[static_cast<std::size_t>(operand)]) {
                stack.push_back(operand);
                ready = false;
            }
        if (!ready) continue;
        stack.pop_back();
        if ((++translatedCount_ & 1023U) == 0) budget_.check();
        assign(valueTerms_[static_cast<std::size_t>(top)], translate(n));
        translated_[static_cast<std::size_t>(top)] = true;
    }
    return valueTerms_[static_cast<std::size_t>(v)];
}

std::optional<std::int64_t> CandidateEncoding::fixedValue(ValueId v) const {
    if (possible_ == nullptr || selection_.isUnion()) return std::nullopt;
    const ValueSet& s = possible_->of(v);
    if (s.any || s.values.size() != 1) return std::nullopt;
    return s.values.front();
}

z3::expr CandidateEncoding::readValue(int event) const {
    // A read of one candidate that the value analysis leaves one value reads that constant:
    // no term for the solver to choose (on CADP tests most reads).
    if (const auto v = fixedValue(c_.events[static_cast<std::size_t>(event)].value))
        return valueConstant(*v);
    return ctx_.bv_const(("val_" + std::to_string(event)).c_str(), domain_.bits());
}

z3::expr CandidateEncoding::translate(const ValueNode& n) {
    // The operands are translated already.
    auto term = [&](ValueId x) { return valueTerms_[static_cast<std::size_t>(x)]; };
    z3::expr r(ctx_);
    auto bit = [&](const z3::expr& b) { return z3::ite(b, valueConstant(1), valueConstant(0)); };
    switch (n.op) {
    case ValueOp::Const:
        r = valueConstant(n.constant);
        break;
    case ValueOp::Read:
        r = readValue(n.event);
        break;
    case ValueOp::Select:
        r = z3::ite(term(n.a) != valueConstant(0), term(n.b), term(n.c));
        break;
    default: {
        const z3::expr a = term(n.a), b = term(n.b);
        const z3::expr zero = valueConstant(0);
        switch (n.op) {
        case ValueOp::Add:
            r = a + b;
            break;
        case ValueOp::Sub:
            r = a - b;
            break;
        case ValueOp::Mul:
            r = a * b;
            break;
        case ValueOp::Div:
            r = z3::ite(b == zero, zero, a / b);
            break; // bvsdiv
        case ValueOp::And:
            r = a & b;
            break;
        case ValueOp::Or:
            r = a | b;
            break;
        case ValueOp::Xor:
            r = a ^ b;
            break;
        case ValueOp::Min:
            r = z3::ite(a < b, a, b);
            break; // signed
        case ValueOp::Max:
            r = z3::ite(a > b, a, b);
            break;
        case ValueOp::Eq:
            r = bit(a == b);
            break;
        case ValueOp::Ne:
            r = bit(a != b);
            break;
        case ValueOp::Lt:
            r = bit(a < b);
            break;
        case ValueOp::Gt:
            r = bit(a > b);
            break;
        case ValueOp::Le:
            r = bit(a <= b);
            break;
        case ValueOp::Ge:
            r = bit(a >= b);
            break;
        case ValueOp::IncWrap:
            r = z3::ite(z3::uge(a, b), zero, a + 1);
            break;
        case ValueOp::DecWrap:
            r = z3::ite(a == zero || z3::ugt(a, b), b, a - 1);
            break;
        case ValueOp::FAddF16:
        case ValueOp::FAddBF16:
        case ValueOp::FAddF32:
        case ValueOp::FAddF64:
            r = floatAddTerm(*floatAddType(n.op), a, b);
            break;
        default:
            break;
        }
    }
    }
    return r;
}

void CandidateEncoding::encodeValues() {
    for (const ValueId cond : c_.pathConditions) {
        budget_.check();
        const auto fixed = fixedValue(cond);
        if (fixed && *fixed != 0) continue; // holds in every execution
        solver_.add(value(cond) != valueConstant(0));
    }
    const CandidateUnion* u = selection_.candidateUnion();
    if (!u) return;
    for (std::size_t p = 0; p < u->paths.size(); ++p)
        for (const ValueId cond : u->paths[p].conditions) {
            budget_.check();
            solver_.add(
                whenTrue(selection_.taken(static_cast<int>(p)), value(cond) != valueConstant(0)));
        }
}

} // namespace ptx::smt
