#include "smt/CandidateState.hpp"

#include "enumerate/CandidateUnion.hpp"
#include "smt/GoalEncoding.hpp"

#include <stdexcept>

namespace ptx::smt {

CandidateState::CandidateState(z3::context& ctx, const Program& program, const ProgramPaths& paths,
                               const CandidateExecution& candidate, EncodedCandidate& encoded)
    : ctx_(ctx), program_(program), paths_(paths), c_(candidate), enc_(encoded) {}

FullState CandidateState::read(const z3::model& m, const std::vector<Observable>* projection,
                               bool packed, std::vector<std::int64_t>& key, z3::expr_vector& same) {
    ModelValues values(m, enc_.encoding);
    return read(values, &m, projection, packed, key, &same);
}

FullState CandidateState::read(const WitnessChoices& choices,
                               const std::vector<Observable>* projection) {
    if (enc_.encoding.selection().candidateUnion() != nullptr)
        throw std::logic_error("CandidateState: a union's state is read from a model");
    ModelValues values(choices, enc_.encoding);
    std::vector<std::int64_t> key;
    return read(values, nullptr, projection, false, key, nullptr);
}

FullState CandidateState::read(ModelValues& values, const z3::model* model,
                               const std::vector<Observable>* projection, bool packed,
                               std::vector<std::int64_t>& key, z3::expr_vector* same) {
    auto read = [&](const auto& term, std::int64_t v) {
        if (same) same->push_back(term() == enc_.encoding.valueConstant(v));
        return v;
    };
    auto readRegister = [&](const RegTerm& reg) {
        return read([&] { return registerTerm(reg); }, registerValue(model, values, reg));
    };
    auto readLocation = [&](int l) {
        return read([&] { return enc_.encoding.finalValue(l); }, values.finalValue(l));
    };
    FullState state;
    if (!projection) {
        for (const RegTerm& reg : finalRegistersTaken(model, same))
            state.registers[reg] = readRegister(reg);
        for (int l = 0; l < static_cast<int>(c_.locations.size()); ++l)
            state.locations.push_back(readLocation(l));
        return state;
    }
    key.clear();
    for (const Observable& o : *projection) {
        std::int64_t v = 0;
        if (const auto* reg = std::get_if<RegTerm>(&o)) {
            v = readRegister(*reg);
        } else if (const auto l = locationOf(o)) {
            v = readLocation(*l);
        }
        key.push_back(v);
    }
    if (packed) return state;
    state.locations.assign(c_.locations.size(), 0);
    for (std::size_t i = 0; i < key.size(); ++i) {
        const Observable& o = (*projection)[i];
        if (const auto* reg = std::get_if<RegTerm>(&o))
            state.registers[*reg] = key[i];
        else if (const auto l = locationOf(o))
            state.locations[static_cast<std::size_t>(*l)] = key[i];
    }
    return state;
}

std::optional<FullState> CandidateState::fixedState(const std::vector<Observable>* projection) {
    if (enc_.encoding.selection().candidateUnion() != nullptr) return std::nullopt;
    bool fixed = true;
    auto constant = [&](const z3::expr& term) -> std::int64_t {
        std::uint64_t bits = 0;
        const z3::expr s = term.simplify();
        if (!fixed || !s.is_numeral() || !s.is_numeral_u64(bits)) {
            fixed = false;
            return 0;
        }
        return enc_.encoding.valueDomain().decode(bits);
    };
    FullState state;
    if (!projection) {
        for (const auto& [reg, v] : c_.finalRegisters)
            state.registers[reg] = constant(registerTerm(reg));
        for (int l = 0; l < static_cast<int>(c_.locations.size()); ++l)
            state.locations.push_back(constant(enc_.encoding.finalValue(l)));
    } else {
        state.locations.assign(c_.locations.size(), 0);
        for (const Observable& o : *projection) {
            if (const auto* reg = std::get_if<RegTerm>(&o))
                state.registers[*reg] = constant(registerTerm(*reg));
            else if (const auto l = locationOf(o))
                state.locations[static_cast<std::size_t>(*l)] =
                    constant(enc_.encoding.finalValue(*l));
        }
    }
    if (!fixed) return std::nullopt;
    return state;
}

std::vector<RegTerm> CandidateState::finalRegistersTaken(const z3::model* model,
                                                         z3::expr_vector* same) {
    // In a union, which registers depends on the paths: the paths of threads with several are
    // added to `same` (the state is that of these paths).
    std::vector<RegTerm> regs;
    const CandidateUnion* u = enc_.encoding.selection().candidateUnion();
    if (!u) {
        for (const auto& [reg, v] : c_.finalRegisters)
            regs.push_back(reg);
        return regs;
    }
    for (std::size_t p = 0; p < u->paths.size(); ++p) {
        const SymBool taken = enc_.encoding.selection().taken(static_cast<int>(p));
        if (!taken.isTrue()) {
            if (!model->eval(taken.expr(ctx_), true).is_true()) continue;
            if (same) same->push_back(taken.expr(ctx_));
        }
        for (const auto& [reg, v] : u->paths[p].finalRegisters)
            regs.push_back(reg);
    }
    return regs;
}

z3::expr CandidateState::registerTerm(const RegTerm& reg) {
    const CandidateUnion* u = enc_.encoding.selection().candidateUnion();
    if (!u) {
        const auto it = c_.finalRegisters.find(reg);
        return it == c_.finalRegisters.end() ? enc_.encoding.valueConstant(0)
                                             : enc_.encoding.value(it->second);
    }
    const auto known = registerTerms_.find(reg);
    if (known != registerTerms_.end()) return known->second;
    // One path per thread is taken: an ite over the paths of reg's thread.
    z3::expr term = enc_.encoding.valueConstant(0);
    bool first = true;
    for (std::size_t p = u->paths.size(); p-- > 0;) {
        const CandidateUnion::Path& path = u->paths[p];
        if (program_.threads[static_cast<std::size_t>(path.thread)].id != reg.thread) continue;
        const auto it = path.finalRegisters.find(reg);
        const z3::expr v = it == path.finalRegisters.end() ? enc_.encoding.valueConstant(0)
                                                           : enc_.encoding.value(it->second);
        const SymBool taken = enc_.encoding.selection().taken(static_cast<int>(p));
        if (first || taken.isTrue())
            assign(term, v);
        else
            assign(term, z3::ite(taken.expr(ctx_), v, term));
        first = false;
    }
    registerTerms_.emplace(reg, term);
    return term;
}

std::int64_t CandidateState::registerValue(const z3::model* model, ModelValues& values,
                                           const RegTerm& reg) {
    const CandidateUnion* u = enc_.encoding.selection().candidateUnion();
    if (!u) {
        const auto it = c_.finalRegisters.find(reg);
        return it == c_.finalRegisters.end() ? 0 : values.value(it->second);
    }
    // As registerTerm nests its choices: the first path of reg's thread taken, else the
    // thread's last path.
    std::optional<std::size_t> chosen;
    for (std::size_t p = 0; p < u->paths.size(); ++p) {
        if (program_.threads[static_cast<std::size_t>(u->paths[p].thread)].id != reg.thread)
            continue;
        const SymBool taken = enc_.encoding.selection().taken(static_cast<int>(p));
        chosen = p;
        if (taken.isTrue() || model->eval(taken.expr(ctx_), true).is_true()) break;
    }
    if (!chosen) return 0;
    const auto& regs = u->paths[*chosen].finalRegisters;
    const auto it = regs.find(reg);
    return it == regs.end() ? 0 : values.value(it->second);
}

z3::expr CandidateState::goal(const CondExpr& goal) {
    return encodeGoal(
        ctx_, goal,
        [&](const Observable& o) -> z3::expr {
            if (const auto* reg = std::get_if<RegTerm>(&o)) return registerTerm(*reg);
            if (const auto l = locationOf(o)) return enc_.encoding.finalValue(*l);
            return enc_.encoding.valueConstant(0);
        },
        [&](std::int64_t v) { return enc_.encoding.valueConstant(v); });
}

std::optional<int> CandidateState::locationOf(const Observable& o) const {
    return paths_.locations.find(std::get<LocTerm>(o).location);
}

} // namespace ptx::smt
