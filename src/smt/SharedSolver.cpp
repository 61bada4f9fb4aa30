#include "smt/SharedSolver.hpp"

#include "smt/SmtEngine.hpp"
#include "smt/SolverSettings.hpp"

namespace ptx::smt {

SharedSolver::SharedSolver(z3::context& ctx, SolverUse use) : solver_(makeEngineSolver(ctx)) {
    if (use == SolverUse::OneCandidate) return;
    z3::params p(ctx);
    p.set("auto_config", false);
    solver_.set(p);
    registerPropagator();
}

void SharedSolver::registerPropagator() {
    z3::context& ctx = solver_.ctx();
    Z3_solver_propagate_init(ctx, solver_, this, onPush, onPop, onFresh);
    Z3_solver_propagate_fixed(ctx, solver_, onFixed);
    Z3_solver_propagate_final(ctx, solver_, onFinal);
    ctx.check_error();
    registered_ = true;
}

void SharedSolver::attach(PropagatorClient& client) {
    if (client_) throw SmtFailure("a second propagator client on one solver");
    if (!registered_) registerPropagator();
    client_ = &client;
}

void SharedSolver::detach(const PropagatorClient& client) {
    if (client_ == &client) client_ = nullptr;
}

void SharedSolver::onPush(void* self) {
    if (PropagatorClient* c = static_cast<SharedSolver*>(self)->client_) c->push();
}

void SharedSolver::onPop(void* self, unsigned scopes) {
    if (PropagatorClient* c = static_cast<SharedSolver*>(self)->client_) c->pop(scopes);
}

void* SharedSolver::onFresh(void* self, Z3_context) {
    if (PropagatorClient* c = static_cast<SharedSolver*>(self)->client_) c->fresh();
    return self;
}

void SharedSolver::onFixed(void* self, Z3_solver_callback, unsigned id, Z3_ast value) {
    if (PropagatorClient* c = static_cast<SharedSolver*>(self)->client_) c->fixed(id, value);
}

void SharedSolver::onFinal(void* self, Z3_solver_callback cb) {
    if (PropagatorClient* c = static_cast<SharedSolver*>(self)->client_) c->final(cb);
}

} // namespace ptx::smt
