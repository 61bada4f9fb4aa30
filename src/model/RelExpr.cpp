#include "model/RelExpr.hpp"

#include <algorithm>
#include <unordered_set>
#include <vector>

namespace ptx {

RelExpr makeNode(RelNode n) {
    n.height = 1 + std::max(n.a ? n.a->height : 0, n.b ? n.b->height : 0);
    return std::make_shared<const RelNode>(std::move(n));
}

namespace {

RelExpr make(RelNode n) {
    return makeNode(std::move(n));
}

RelExpr binaryNode(RelOp op, RelExpr a, RelExpr b) {
    RelNode n;
    n.op = op;
    n.a = std::move(a);
    n.b = std::move(b);
    return make(std::move(n));
}

RelExpr unaryNode(RelOp op, RelExpr a) {
    RelNode n;
    n.op = op;
    n.a = std::move(a);
    return make(std::move(n));
}

} // namespace

const char* baseRelName(BaseRel r) {
    switch (r) {
    case BaseRel::Id:
        return "id";
    case BaseRel::Po:
        return "po";
    case BaseRel::Loc:
        return "loc";
    case BaseRel::SameScope:
        return "sr";
    case BaseRel::SameCta:
        return "scta";
    case BaseRel::Rf:
        return "rf";
    case BaseRel::Co:
        return "co";
    case BaseRel::Rmw:
        return "rmw";
    case BaseRel::Addr:
        return "addr";
    case BaseRel::Data:
        return "data";
    case BaseRel::Ctrl:
        return "ctrl";
    case BaseRel::SyncFence:
        return "sync_fence";
    case BaseRel::SyncBarrier:
        return "sync_barrier";
    case BaseRel::VLoc:
        return "vloc";
    case BaseRel::SameProxy:
        return "same-proxy";
    case BaseRel::Api:
        return "api";
    case BaseRel::CompleteOverlap:
        return "complete-overlap";
    case BaseRel::SameAccess:
        return "same-access";
    }
    return "?";
}

const char* eventSetName(EventSet s) {
    switch (s) {
    case EventSet::All:
        return "_";
    case EventSet::Memory:
        return "M";
    case EventSet::Read:
        return "R";
    case EventSet::Write:
        return "W";
    case EventSet::Init:
        return "IW";
    case EventSet::Fence:
        return "F";
    case EventSet::FenceSc:
        return "F.sc";
    case EventSet::FenceAcqRel:
        return "F.acq_rel";
    case EventSet::Barrier:
        return "B";
    case EventSet::Strong:
        return "Strong";
    case EventSet::StrongRead:
        return "R.strong";
    case EventSet::StrongWrite:
        return "W.strong";
    case EventSet::AcquireRead:
        return "R.acq";
    case EventSet::ReleaseWrite:
        return "W.rel";
    case EventSet::GenericAccess:
        return "GEN";
    case EventSet::ProxyFence:
        return "F.proxy";
    case EventSet::AliasFence:
        return "F.alias";
    case EventSet::GenericProxy:
        return "GEN.any";
    case EventSet::SurfaceProxy:
        return "SUR";
    case EventSet::TextureProxy:
        return "TEX";
    case EventSet::ConstantProxy:
        return "CON";
    case EventSet::ScopeCta:
        return "CTA";
    case EventSet::ScopeGpu:
        return "GPU";
    case EventSet::ScopeSys:
        return "SYS";
    case EventSet::Repeated:
        return "REP";
    case EventSet::Infix:
        return "INFIX";
    }
    return "?";
}

RelExpr base(BaseRel r) {
    RelNode n;
    n.op = RelOp::Base;
    n.base = r;
    return make(std::move(n));
}

RelExpr id(EventSet s) {
    RelNode n;
    n.op = RelOp::IdOn;
    n.set1 = s;
    return make(std::move(n));
}

RelExpr product(EventSet s1, EventSet s2) {
    RelNode n;
    n.op = RelOp::Product;
    n.set1 = s1;
    n.set2 = s2;
    return make(std::move(n));
}

RelExpr operator|(RelExpr a, RelExpr b) {
    return binaryNode(RelOp::Union, std::move(a), std::move(b));
}
RelExpr operator&(RelExpr a, RelExpr b) {
    return binaryNode(RelOp::Inter, std::move(a), std::move(b));
}
RelExpr operator-(RelExpr a, RelExpr b) {
    return binaryNode(RelOp::Diff, std::move(a), std::move(b));
}
RelExpr seq(RelExpr a, RelExpr b) {
    return binaryNode(RelOp::Seq, std::move(a), std::move(b));
}
RelExpr seq(RelExpr a, RelExpr b, RelExpr c) {
    return seq(seq(std::move(a), std::move(b)), std::move(c));
}
RelExpr inverse(RelExpr a) {
    return unaryNode(RelOp::Inverse, std::move(a));
}
RelExpr plus(RelExpr a) {
    return unaryNode(RelOp::Plus, std::move(a));
}
RelExpr opt(RelExpr a) {
    return unaryNode(RelOp::Opt, std::move(a));
}
RelExpr star(RelExpr a) {
    return opt(plus(std::move(a)));
}

bool mentions(const RelExpr& e, BaseRel r) {
    // Each node once, without recursion: definitions share subexpressions, and a chain of
    // `let r(k+1) = r(k) | r(k)` has 2^k paths to its base relations but only k nodes.
    std::vector<const RelNode*> work{e.get()};
    std::unordered_set<const RelNode*> seen;
    while (!work.empty()) {
        const RelNode* n = work.back();
        work.pop_back();
        if (n == nullptr || !seen.insert(n).second) continue;
        if (n->op == RelOp::Base && n->base == r) return true;
        work.push_back(n->a.get());
        work.push_back(n->b.get());
    }
    return false;
}

std::string toString(const RelExpr& e) {
    switch (e->op) {
    case RelOp::Base:
        return baseRelName(e->base);
    case RelOp::Ref:
        // A definition hoisted by the engine (`#41`, enumerate/ModelHoisting) is no name a model
        // gave: shown by what it stands for.
        if (!e->name.empty() && e->name[0] == '#' && e->a) return toString(e->a);
        return e->name;
    case RelOp::IdOn:
        return std::string("[") + eventSetName(e->set1) + "]";
    case RelOp::Product:
        return std::string("(") + eventSetName(e->set1) + " * " + eventSetName(e->set2) + ")";
    case RelOp::Union:
        return "(" + toString(e->a) + " | " + toString(e->b) + ")";
    case RelOp::Inter:
        return "(" + toString(e->a) + " & " + toString(e->b) + ")";
    case RelOp::Diff:
        return "(" + toString(e->a) + " \\ " + toString(e->b) + ")";
    case RelOp::Seq:
        return "(" + toString(e->a) + " ; " + toString(e->b) + ")";
    case RelOp::Inverse:
        return toString(e->a) + "^-1";
    case RelOp::Plus:
        return toString(e->a) + "+";
    case RelOp::Opt:
        return toString(e->a) + "?";
    }
    return "?";
}

} // namespace ptx
