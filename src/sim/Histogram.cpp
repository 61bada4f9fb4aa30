#include "sim/Histogram.hpp"

#include "sim/Condition.hpp"

#include <algorithm>

namespace ptx::sim {

HistogramSummary summarize(const Condition& condition,
                           const std::map<Outcome, std::uint64_t>& counts) {
    HistogramSummary s;
    for (const auto& [o, n] : counts)
        (evaluate(condition.expr, o) ? s.positive : s.negative) += n;
    switch (condition.kind) {
    case ConditionKind::Exists:
        s.ok = s.positive > 0;
        break;
    case ConditionKind::NotExists:
        s.ok = s.positive == 0;
        break;
    case ConditionKind::Forall:
        s.ok = s.negative == 0;
        break;
    }
    s.observation = s.positive == 0 ? "Never" : s.negative == 0 ? "Always" : "Sometimes";
    return s;
}

std::string formatHistogram(const std::string& testName, const Condition& condition,
                            const std::map<Outcome, std::uint64_t>& counts,
                            const std::string& countsLine, bool complete) {
    const HistogramSummary s = summarize(condition, counts);
    const char* kind = condition.kind == ConditionKind::Exists      ? "Allowed"
                       : condition.kind == ConditionKind::NotExists ? "Forbidden"
                                                                    : "Required";
    std::size_t width = 1;
    for (const auto& [o, n] : counts)
        width = std::max(width, std::to_string(n).size());
    std::string out = "Test " + testName + " " + kind + "\n";
    if (!countsLine.empty()) out += countsLine + "\n";
    out += "Histogram (" + std::to_string(counts.size()) + " states)\n";
    for (const auto& [o, n] : counts) {
        std::string num = std::to_string(n);
        num.resize(std::max(width, num.size()), ' ');
        out += num + "  " + (evaluate(condition.expr, o) ? "*>" : ":>") + " " + formatOutcome(o) +
               "\n";
    }
    out += complete ? (s.ok ? "Ok\n" : "No\n") : std::string(kIncomplete) + "\n";
    out += "Witnesses\n";
    out += "Positive: " + std::to_string(s.positive) + ", Negative: " + std::to_string(s.negative) +
           "\n";
    out += "Condition " + formatCondition(condition) + "\n";
    out += "Observation " + testName + " " + (complete ? s.observation : kIncomplete) + " " +
           std::to_string(s.positive) + " " + std::to_string(s.negative) + "\n";
    return out;
}

} // namespace ptx::sim
