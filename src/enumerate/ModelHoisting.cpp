#include "enumerate/ModelHoisting.hpp"

#include <map>
#include <string>
#include <tuple>

namespace ptx {
namespace {

class Hoister {
  public:
    explicit Hoister(const MemoryModel& from) : from_(from) {
        out_.name = from.name;
        // The original definitions keep their indices, so that references stay valid.
        out_.definitions.resize(from.definitions.size());
    }

    MemoryModel run() {
        for (std::size_t i = 0; i < from_.definitions.size(); ++i)
            out_.definitions[i] = {from_.definitions[i].name, rewrite(from_.definitions[i].rel)};
        for (const Axiom& a : from_.axioms) {
            Axiom b{a.name, a.rule, {}};
            for (const Check& c : a.checks)
                b.checks.push_back({c.kind, rewrite(c.rel)});
            out_.axioms.push_back(std::move(b));
        }
        return std::move(out_);
    }

  private:
    // Structure of a node whose operands are already shared: equal keys, equal relations.
    using Key = std::tuple<RelOp, BaseRel, EventSet, EventSet, int, const RelNode*, const RelNode*>;

    RelExpr rewrite(const RelExpr& e) {
        if (!e) return e;
        if (auto it = done_.find(e.get()); it != done_.end()) return it->second;
        RelNode n = *e;
        n.a = rewrite(e->a);
        n.b = rewrite(e->b);
        const Key key{n.op, n.base, n.set1, n.set2, n.ref, n.a.get(), n.b.get()};
        RelExpr result;
        if (auto it = shared_.find(key); it != shared_.end()) {
            result = it->second;
        } else if (n.op == RelOp::Base || n.op == RelOp::IdOn || n.op == RelOp::Product ||
                   n.op == RelOp::Ref) {
            result = makeNode(std::move(n));
        } else {
            RelNode ref;
            ref.op = RelOp::Ref;
            ref.ref = static_cast<int>(out_.definitions.size());
            ref.name = "#" + std::to_string(ref.ref);
            ref.a = makeNode(std::move(n));
            out_.definitions.push_back({ref.name, ref.a});
            result = makeNode(std::move(ref));
        }
        shared_.emplace(key, result);
        done_.emplace(e.get(), result);
        return result;
    }

    const MemoryModel& from_;
    MemoryModel out_;
    std::map<const RelNode*, RelExpr> done_;
    std::map<Key, RelExpr> shared_;
};

} // namespace

MemoryModel hoistSubexpressions(const MemoryModel& model) {
    return Hoister(model).run();
}

} // namespace ptx
