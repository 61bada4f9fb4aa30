#include "cuda/AccessForms.hpp"

#include "cuda/HarnessPlan.hpp"
#include "model/Names.hpp"

#include <optional>
#include <vector>

namespace ptx::cuda {

namespace {

/// What the checks need of a load or a store.
struct Access {
    std::string op; // ld, st
    TypeSuffix type;
    int elements = 1;
    Sem sem = Sem::Weak;
    bool isVolatile = false;
    std::vector<std::string> cacheOps;
};

template <class LoadOrStore> Access accessOf(const std::string& op, const LoadOrStore& a) {
    return {op, a.type, vectorElements(a), a.sem, a.isVolatile, a.cacheOps};
}

std::optional<Access> accessOf(const Instruction& ins) {
    if (const auto* ld = std::get_if<Load>(&ins.body)) return accessOf("ld", *ld);
    if (const auto* st = std::get_if<Store>(&ins.body)) return accessOf("st", *st);
    return std::nullopt;
}

} // namespace

std::string vectorQualifier(int elements) {
    return elements > 1 ? ".v" + std::to_string(elements) : std::string();
}

int runnableVectorBytes(const Program& program, const Instruction& ins) {
    const auto a = accessOf(ins);
    if (!a || a->elements == 1) return 0;
    const int bytes = a->elements * accessBytes(a->type);
    if (bytes > 16)
        rejectTest(program,
                   a->op + vectorQualifier(a->elements) + "." + a->type + ": a " +
                       std::to_string(8 * bytes) +
                       "-bit vector access (.v8 of a 32-bit type, .v4 of a 64-bit one) needs "
                       "sm_100 or later (ptxas: \"Feature '256 bit wide load/store' requires "
                       ".target sm_100 or higher\"), and harnesses are built for sm_70 to sm_90",
                   ins.pos);
    return bytes;
}

void refuseCacheOperatorWithSemantics(const Program& program, const Instruction& ins) {
    const auto a = accessOf(ins);
    if (!a || a->cacheOps.empty() || (a->sem == Sem::Weak && !a->isVolatile)) return;
    const std::string semantics = a->isVolatile ? "volatile" : semName(a->sem);
    const std::string& cacheOp = a->cacheOps.front();
    rejectTest(program,
               a->op + "." + semantics + "." + cacheOp +
                   ": PTX has cache operators on weak loads and stores only (ptxas: \"Modifier '." +
                   semantics + "' cannot be combined with modifier '." + cacheOp + "'\")",
               ins.pos);
}

} // namespace ptx::cuda
