#include "check/SearchSpace.hpp"

#include <map>
#include <vector>

namespace ptx {
namespace {

/// (a + b + ...)! / (a! b! ...): the interleavings of chains of the given lengths.
double multinomial(const std::vector<int>& counts) {
    double result = 1;
    int total = 0;
    for (const int k : counts)
        for (int i = 1; i <= k; ++i) {
            ++total;
            result = result * total / i; // stays an integer: C(total, i) at each step
        }
    return result;
}

} // namespace

double explicitSearchSpace(const Program& program, const ProgramPaths& paths,
                           const Deadline& deadline, double enough) {
    double total = 0;
    forEachCandidate(program, paths, deadline, [&](const CandidateExecution& c) {
        std::vector<int> writes(c.locations.size(), 0);
        std::vector<std::map<int, int>> perThread(c.locations.size()); // thread -> writes
        for (const Event& e : c.events) {
            if (e.kind != EventKind::Write) continue;
            const auto l = static_cast<std::size_t>(e.location);
            ++writes[l];
            if (!e.isInit) ++perThread[l][e.thread];
        }
        double product = 1;
        for (const Event& e : c.events)
            if (e.kind == EventKind::Read) product *= writes[static_cast<std::size_t>(e.location)];
        for (const auto& threads : perThread) {
            std::vector<int> counts;
            for (const auto& [thread, n] : threads)
                counts.push_back(n);
            product *= multinomial(counts);
        }
        total += product;
        return total <= enough; // enough to decide
    });
    return total;
}

} // namespace ptx
