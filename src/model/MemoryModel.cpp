#include "model/MemoryModel.hpp"

#include <stdexcept>

namespace ptx {

RelExpr MemoryModel::define(const std::string& name, RelExpr rel) {
    RelNode n;
    n.op = RelOp::Ref;
    n.ref = static_cast<int>(definitions.size());
    n.name = name;
    n.a = rel;
    definitions.push_back({name, std::move(rel)});
    return makeNode(std::move(n));
}

RelExpr MemoryModel::ref(const std::string& name) const {
    for (std::size_t i = 0; i < definitions.size(); ++i) {
        if (definitions[i].name != name) continue;
        RelNode n;
        n.op = RelOp::Ref;
        n.ref = static_cast<int>(i);
        n.name = name;
        n.a = definitions[i].rel;
        return makeNode(std::move(n));
    }
    throw std::out_of_range("no relation named " + name + " in model " + this->name);
}

void MemoryModel::axiom(std::string name, std::string rule, std::vector<Check> checks) {
    axioms.push_back({std::move(name), std::move(rule), std::move(checks)});
}

} // namespace ptx
