#include "enumerate/ConcreteAlgebra.hpp"

#include "model/EventSets.hpp"

#include <stdexcept>

namespace ptx {

void ConcreteAlgebra::reset(const CandidateExecution& candidate) {
    c_ = &candidate;
    n_ = candidate.size();
    static_ = staticRelations(candidate);
    identity_ = Relation::identity(n_);
    rf_ = co_ = syncFence_ = syncBarrier_ = Relation(n_);
    for (auto& s : idOn_)
        s.reset();
    products_.clear();
}

void ConcreteAlgebra::set(BaseRel r, Relation value) {
    switch (r) {
    case BaseRel::Rf:
        rf_ = std::move(value);
        return;
    case BaseRel::Co:
        co_ = std::move(value);
        return;
    case BaseRel::SyncFence:
        syncFence_ = std::move(value);
        return;
    case BaseRel::SyncBarrier:
        syncBarrier_ = std::move(value);
        return;
    default:
        throw std::logic_error("ConcreteAlgebra::set: not a chosen relation");
    }
}

Relation ConcreteAlgebra::base(BaseRel r) const {
    switch (r) {
    case BaseRel::Id:
        return identity_;
    case BaseRel::Po:
        return static_.po;
    case BaseRel::Loc:
        return static_.loc;
    case BaseRel::SameScope:
        return static_.sameScope;
    case BaseRel::SameCta:
        return static_.sameCta;
    case BaseRel::Rf:
        return rf_;
    case BaseRel::Co:
        return co_;
    case BaseRel::Rmw:
        return static_.rmw;
    case BaseRel::Addr:
        return static_.addr;
    case BaseRel::Data:
        return static_.data;
    case BaseRel::Ctrl:
        return static_.ctrl;
    case BaseRel::SyncFence:
        return syncFence_;
    case BaseRel::SyncBarrier:
        return syncBarrier_;
    }
    return Relation(n_);
}

Relation ConcreteAlgebra::idOn(EventSet s) {
    auto& slot = idOn_[static_cast<std::size_t>(s)];
    if (!slot) {
        Relation r(n_);
        for (const Event& e : c_->events)
            if (belongsTo(e, s)) r.add(e.id, e.id);
        slot = std::move(r);
    }
    return *slot;
}

Relation ConcreteAlgebra::product(EventSet s1, EventSet s2) {
    const auto key = std::make_pair(s1, s2);
    if (auto it = products_.find(key); it != products_.end()) return it->second;
    Relation r(n_);
    for (const Event& a : c_->events)
        if (belongsTo(a, s1))
            for (const Event& b : c_->events)
                if (belongsTo(b, s2)) r.add(a.id, b.id);
    return products_.emplace(key, std::move(r)).first->second;
}

bool passes(CheckKind k, const Relation& r) {
    switch (k) {
    case CheckKind::Acyclic:
        return r.acyclic();
    case CheckKind::Irreflexive:
        return r.irreflexive();
    case CheckKind::Empty:
        return r.empty();
    }
    return false;
}

} // namespace ptx
