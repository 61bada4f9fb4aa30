#include "smt/WitnessCounter.hpp"

#include "smt/SmtEngine.hpp"

namespace ptx::smt {

WitnessCounter::WitnessCounter(SharedSolver& shared, const std::vector<z3::expr>& literals,
                               DeferredCheck deferred)
    : shared_(shared), ctx_(shared.solver().ctx()), solver_(shared.solver()),
      deferred_(std::move(deferred)) {
    // After a check Z3 keeps its assignment (for the model) until the solver changes; a push
    // returns it to the level of the solver's last scope first. Registered there, the counter
    // sees every push and pop that follows.
    solver_.push();
    solver_.pop();
    shared_.attach(*this);
    for (const z3::expr& lit : literals) {
        const unsigned id = Z3_solver_propagate_register(ctx_, solver_, lit);
        ctx_.check_error();
        if (id != literals_.size())
            throw SmtFailure("the solver numbered its propagator's terms out of order");
        literals_.push_back(lit);
        idOfAst_.emplace(Z3_get_ast_id(ctx_, lit), id);
    }
    witnessIds_ = literals_.size();
    for (const z3::expr& term : deferred_.terms) {
        const unsigned id = Z3_solver_propagate_register(ctx_, solver_, term);
        ctx_.check_error();
        if (id > literals_.size())
            throw SmtFailure("the solver numbered its propagator's terms out of order");
        if (id == literals_.size()) literals_.push_back(term); // else: registered already
        idOfAst_.emplace(Z3_get_ast_id(ctx_, term), id);
    }
    value_.resize(literals_.size());
    fromModel_.assign(literals_.size(), false);
}

std::uint64_t WitnessCounter::count(const z3::expr& condition,
                                    const std::function<z3::check_result()>& check,
                                    const std::function<void()>& onWitness) {
    solver_.push();
    solver_.add(condition);
    onWitness_ = &onWitness;
    count_ = 0;
    counted_.clear();
    try {
        while (true) {
            needsModel_ = false;
            const z3::check_result r = check();
            if (failure_) std::rethrow_exception(failure_);
            if (r == z3::unsat) break; // every witness was seen
            if (!needsModel_)
                throw SmtFailure("the solver found an execution its propagator did not see");
            if (!fillFromModel(solver_.get_model()))
                throw SmtFailure("the solver's propagator misses values no model gives");
        }
    } catch (...) {
        onWitness_ = nullptr; // the solver is not used after a failure: no pop
        throw;
    }
    onWitness_ = nullptr;
    counted_.clear();
    solver_.pop();
    return count_;
}

bool WitnessCounter::fillFromModel(const z3::model& model) {
    bool filled = false;
    for (std::size_t id = 0; id < literals_.size(); ++id) {
        if (value_[id]) continue;
        value_[id] = model.eval(literals_[id], true).is_true();
        fromModel_[id] = true; // not on the trail: fixed at the base level, kept by every pop
        filled = true;
    }
    return filled;
}

void WitnessCounter::push() {
    scopes_.push_back(trail_.size());
}

void WitnessCounter::pop(unsigned scopes) {
    if (scopes > scopes_.size()) { // cannot happen: registered at the level of the last scope
        if (!failure_)
            failure_ = std::make_exception_ptr(
                SmtFailure("the solver popped scopes its propagator never saw pushed"));
        scopes = static_cast<unsigned>(scopes_.size());
    }
    if (scopes == 0) return;
    const std::size_t keep = scopes_[scopes_.size() - scopes];
    scopes_.resize(scopes_.size() - scopes);
    while (trail_.size() > keep) {
        value_[trail_.back()].reset();
        trail_.pop_back();
    }
}

void WitnessCounter::fresh() {
    // Only a solver copied for parallel search asks for one; the engine's solvers never are.
    failure_ = std::make_exception_ptr(SmtFailure("the solver asked for a propagator copy"));
}

void WitnessCounter::fixed(unsigned id, Z3_ast value) {
    if (id >= literals_.size()) return;
    const bool v = Z3_get_bool_value(ctx_, value) == Z3_L_TRUE;
    if (fromModel_[id]) {
        // Taken from a model as fixed for good: Z3 may report it again, never differently.
        if (value_[id] != v && !failure_)
            failure_ = std::make_exception_ptr(
                SmtFailure("the solver changed a value its propagator took as fixed"));
        return;
    }
    value_[id] = v;
    trail_.push_back(id);
}

void WitnessCounter::final(Z3_solver_callback cb) {
    if (needsModel_) return; // the check answers sat: see fillFromModel
    const bool counting = onWitness_ != nullptr;
    // Outside count(): nothing to do unless refuting in the search (the check answers sat).
    if (!counting && (!refuteInSearch_ || !deferred_.violations)) return;
    std::vector<unsigned> chosen; // the true literals Z3 reported: they justify the conflict
    if (!failure_) {
        for (std::size_t id = 0; id < literals_.size(); ++id)
            if (!value_[id]) {
                // Counting: the check answers sat, and the model fills the gap. Outside
                // count(): the check answers sat, and the caller checks the model itself.
                needsModel_ = counting;
                return;
            }
        if (deferred_.violations && refutedDeferred(cb)) return;
        if (!counting) return; // no violation: the check answers sat
    }
    if (!failure_) {
        std::vector<std::uint64_t> witness((witnessIds_ + 63) / 64, 0);
        for (std::size_t id = 0; id < witnessIds_; ++id) {
            if (!*value_[id]) continue;
            witness[id / 64] |= std::uint64_t{1} << (id % 64);
            // Those filled from a model hold in every assignment (base level): leaving them
            // out blocks the same assignments.
            if (!fromModel_[id]) chosen.push_back(static_cast<unsigned>(id));
        }
        if (counted_.insert(std::move(witness)).second) {
            ++count_;
            try {
                (*onWitness_)();
            } catch (...) {
                failure_ = std::current_exception();
            }
        }
    }
    // After a failure, a conflict over nothing ends the search (unsat), then it is rethrown.
    if (failure_) chosen.clear();
    const z3::expr no = ctx_.bool_val(false);
    Z3_solver_propagate_consequence(ctx_, cb, static_cast<unsigned>(chosen.size()), chosen.data(),
                                    0, nullptr, nullptr, no);
}

bool WitnessCounter::refutedDeferred(Z3_solver_callback cb) {
    const Holds holds = [this](const z3::expr& e) {
        const auto it = idOfAst_.find(Z3_get_ast_id(ctx_, e));
        if (it == idOfAst_.end())
            throw SmtFailure("the deferred constraints read a term the counter does not watch");
        return *value_[it->second];
    };
    std::vector<Violation> found;
    try {
        // The first only, counting too: Z3 learns one clause from a final check's conflicts,
        // and counting a CADP sample (callgrind, 20 tests) took 12% fewer instructions so.
        found = deferred_.violations(holds, true);
    } catch (...) {
        failure_ = std::current_exception(); // final() ends the search
        return false;
    }
    if (found.empty()) return false;
    const z3::expr no = ctx_.bool_val(false);
    for (const Violation& v : found) {
        const std::vector<unsigned> ids = reportedIds(v);
        Z3_solver_propagate_consequence(ctx_, cb, static_cast<unsigned>(ids.size()), ids.data(), 0,
                                        nullptr, nullptr, no);
    }
    refuted_.insert(refuted_.end(), std::make_move_iterator(found.begin()),
                    std::make_move_iterator(found.end()));
    return true;
}

std::vector<unsigned> WitnessCounter::reportedIds(const Violation& v) const {
    std::vector<unsigned> ids;
    for (const z3::expr& term : v.terms) {
        const unsigned id = idOfAst_.at(Z3_get_ast_id(ctx_, term));
        // Values filled from a model hold at the base level, in every assignment.
        if (!fromModel_[id]) ids.push_back(id);
    }
    return ids;
}

} // namespace ptx::smt
