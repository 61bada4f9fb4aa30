#include "cuda/VectorForms.hpp"

#include "cuda/HarnessPlan.hpp"

namespace ptx::cuda {

std::string vectorQualifier(int elements) {
    return elements > 1 ? ".v" + std::to_string(elements) : std::string();
}

int runnableVectorBytes(const Program& program, const Instruction& ins) {
    int elements = 1;
    TypeSuffix type;
    std::string op;
    if (const auto* ld = std::get_if<Load>(&ins.body)) {
        elements = vectorElements(*ld);
        type = ld->type;
        op = "ld";
    } else if (const auto* st = std::get_if<Store>(&ins.body)) {
        elements = vectorElements(*st);
        type = st->type;
        op = "st";
    }
    if (elements == 1) return 0;
    const int bytes = elements * accessBytes(type);
    if (bytes > 16)
        rejectTest(program,
                   op + vectorQualifier(elements) + "." + type + ": a " +
                       std::to_string(8 * bytes) +
                       "-bit vector access (.v8 of a 32-bit type, .v4 of a 64-bit one) needs "
                       "sm_100 or later (ptxas: \"Feature '256 bit wide load/store' requires "
                       ".target sm_100 or higher\"), and harnesses are built for sm_70 to sm_90",
                   ins.pos);
    return bytes;
}

} // namespace ptx::cuda
