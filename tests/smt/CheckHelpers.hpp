// Shared helpers of the smt tests that go through the check facade: check a litmus text with an
// engine (and axioms switched off), and the allowed states as herd state lines.
#pragma once

#include "check/Checker.hpp"
#include "parser/Parser.hpp"

#include <set>
#include <string>

namespace ptx::test {

inline CheckResult checkText(const std::string& text, EngineKind engine = EngineKind::Smt,
                             std::set<std::string> disabled = {},
                             ModelKind model = ModelKind::Ptx) {
    CheckOptions o;
    o.engine = engine;
    o.model = model;
    o.disabledAxioms = std::move(disabled);
    return check(parseLitmus(text, "t.litmus"), o);
}

inline std::set<std::string> states(const CheckResult& r) {
    std::set<std::string> s;
    for (const auto& o : r.outcomes)
        s.insert(formatOutcome(o));
    return s;
}

} // namespace ptx::test
