#include "enumerate/ConcreteAlgebra.hpp"

#include "model/EventSets.hpp"

#include <stdexcept>

namespace ptx {

void ConcreteAlgebra::reset(const CandidateExecution& candidate) {
    reset(candidate, staticRelations(candidate, interrupt_));
}

void ConcreteAlgebra::reset(const CandidateExecution& candidate, StaticRelations statics) {
    c_ = &candidate;
    n_ = candidate.size();
    static_ = std::move(statics);
    if (interrupt_) interrupt_();
    identity_ = Relation::identity(n_); // n pages written on n events of more than 512
    // Each made empty, not copied: an empty relation's zeroed pages cost nothing until written
    // (model/ZeroedAllocator.hpp), a copy of one writes every page.
    for (Relation* r : {&rf_, &co_, &syncFence_, &syncBarrier_})
        *r = Relation(n_);
    for (auto& s : idOn_)
        s.reset();
    products_.clear();
}

bool ConcreteAlgebra::set(BaseRel r, const Relation& value) {
    Relation* slot = nullptr;
    switch (r) {
    case BaseRel::Rf:
        slot = &rf_;
        break;
    case BaseRel::Co:
        slot = &co_;
        break;
    case BaseRel::SyncFence:
        slot = &syncFence_;
        break;
    case BaseRel::SyncBarrier:
        slot = &syncBarrier_;
        break;
    default:
        throw std::logic_error("ConcreteAlgebra::set: not a chosen relation");
    }
    if (*slot == value) return false; // compared before copied: no copy when unchanged
    *slot = value;
    return true;
}

const Relation& ConcreteAlgebra::base(BaseRel r) const {
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
    case BaseRel::VLoc:
        return static_.vloc;
    case BaseRel::SameProxy:
        return static_.sameProxy;
    case BaseRel::Api:
        return static_.api;
    case BaseRel::CompleteOverlap:
        return static_.completeOverlap;
    case BaseRel::SameAccess:
        return static_.sameAccess;
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
    throw std::logic_error("ConcreteAlgebra::base: unknown base relation");
}

const Relation& ConcreteAlgebra::idOn(EventSet s) {
    auto& slot = idOn_[static_cast<std::size_t>(s)];
    if (!slot) {
        Relation r(n_);
        for (const Event& e : c_->events)
            if (belongsTo(e, s)) r.add(e.id, e.id);
        slot = std::move(r);
    }
    return *slot;
}

const Relation& ConcreteAlgebra::product(EventSet s1, EventSet s2) {
    const auto key = std::make_pair(s1, s2);
    if (auto it = products_.find(key); it != products_.end()) return it->second;
    Relation r(n_);
    for (const Event& a : c_->events)
        if (belongsTo(a, s1))
            for (const Event& b : c_->events)
                if (belongsTo(b, s2)) r.add(a.id, b.id);
    return products_.emplace(key, std::move(r)).first->second;
}

bool passes(CheckKind k, const Relation& r, const std::function<void()>& check) {
    switch (k) {
    case CheckKind::Acyclic:
        return r.size() > 64 && check ? r.acyclic(check) : r.acyclic();
    case CheckKind::Irreflexive:
        return r.irreflexive();
    case CheckKind::Empty:
        return r.empty();
    case CheckKind::NonEmpty:
        return !r.empty();
    }
    return false;
}

} // namespace ptx
