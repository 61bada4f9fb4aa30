// Which model a user's --model names, and which one a test is checked under.
#include "model/MemoryModel.hpp"
#include "model/Unsupported.hpp"

#include <type_traits>

namespace ptx {
namespace {

constexpr ModelKind kKinds[] = {ModelKind::Ptx, ModelKind::Ptx6, ModelKind::Ptx75, ModelKind::Sc};

/// Whether one instruction uses the mixed-proxy model.
bool usesProxy(const Instruction& ins) {
    return std::visit(
        [](const auto& body) {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, Load> || std::is_same_v<T, Store>)
                return body.proxy != Proxy::Generic;
            else if constexpr (std::is_same_v<T, Fence>)
                return body.kind != FenceKind::Sc && body.kind != FenceKind::AcqRel;
            else
                return false;
        },
        ins.body);
}

} // namespace

const char* modelKindName(ModelKind kind) {
    switch (kind) {
    case ModelKind::Ptx:
        return "ptx";
    case ModelKind::Ptx6:
        return "ptx6";
    case ModelKind::Ptx75:
        return "ptx75";
    case ModelKind::Sc:
        return "sc";
    }
    return "?";
}

std::vector<std::string> modelKindNames() {
    std::vector<std::string> out;
    for (const ModelKind k : kKinds)
        out.emplace_back(modelKindName(k));
    return out;
}

std::optional<ModelKind> modelKindNamed(const std::string& name) {
    for (const ModelKind k : kKinds)
        if (name == modelKindName(k)) return k;
    return std::nullopt;
}

bool usesProxies(const Program& program) {
    if (!program.aliases.empty()) return true;
    for (const Thread& t : program.threads)
        for (const Instruction& ins : t.code)
            if (usesProxy(ins)) return true;
    return false;
}

MemoryModel modelFor(ModelKind kind, const Program& program) {
    switch (kind) {
    case ModelKind::Ptx:
        return usesProxies(program) ? ptx75Model() : ptx6Model();
    case ModelKind::Ptx6:
        if (usesProxies(program))
            throw Unsupported("the test uses proxies (aliases, tld/suld/sust/cold or "
                              "fence.proxy), which the ptx6 model does not have: use --model "
                              "ptx75 (or the default, ptx)");
        return ptx6Model();
    case ModelKind::Ptx75:
        return ptx75Model();
    case ModelKind::Sc:
        return scModel();
    }
    return ptx6Model();
}

namespace {

bool mentionsAnywhere(const MemoryModel& model, BaseRel r) {
    for (const Definition& d : model.definitions)
        if (mentions(d.rel, r)) return true;
    for (const Axiom& a : model.axioms)
        for (const Check& c : a.checks)
            if (mentions(c.rel, r)) return true;
    return false;
}

} // namespace

MemoryModel modelFor(ModelKind kind, const std::shared_ptr<const MemoryModel>& cat,
                     const Program& program) {
    if (!cat) return modelFor(kind, program);
    const MemoryModel& model = *cat;
    if (!program.host.empty() && !mentionsAnywhere(model, BaseRel::Api))
        throw Unsupported("the test has several kernels or a host thread, whose CUDA API "
                          "synchronisation the model " +
                          model.name + " does not have (it never names api)");
    if (usesProxies(program)) {
        if (!mentionsAnywhere(model, BaseRel::VLoc))
            throw Unsupported("the test uses proxies (aliases, tld/suld/sust/cold or "
                              "fence.proxy), which the model " +
                              model.name + " does not have (it never names vloc)");
    }
    return model;
}

} // namespace ptx
