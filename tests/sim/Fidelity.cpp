#include "Fidelity.hpp"

#include "gen/Family.hpp"
#include "gen/Variant.hpp"
#include "sim/Condition.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iomanip>
#include <map>
#include <ostream>
#include <sstream>

namespace fidelity {
namespace {

using ptx::gen::Dependency;
using ptx::gen::Ordering;
using ptx::gen::Placement;
using ptx::gen::ScopeChoice;
using ptx::gen::WriteOp;

const char* const kUnscoped = "unscoped";
const char* const kOther = "other";

/// Every name `ptxlitmus gen` can write (every family, every applicable variant), with its axes:
/// a name is read by looking it up, so it is grouped exactly as the generator named it.
const std::map<std::string, Axes>& generatedNames() {
    static const std::map<std::string, Axes> names = [] {
        std::map<std::string, Axes> m;
        for (const ptx::gen::Family& f : ptx::gen::families())
            for (Ordering o : ptx::gen::allOrderings())
                for (ScopeChoice s : ptx::gen::allScopes())
                    for (Placement p : ptx::gen::allPlacements())
                        for (WriteOp w : ptx::gen::allWrites())
                            for (Dependency d : ptx::gen::allDependencies()) {
                                const ptx::gen::Variant v{o, s, p, w, d};
                                if (!ptx::gen::applicable(f, v)) continue;
                                m.emplace(ptx::gen::testName(f, v),
                                          Axes{f.name, ptx::gen::name(o),
                                               ptx::gen::scoped(o) ? ptx::gen::name(s) : kUnscoped,
                                               ptx::gen::name(p), ptx::gen::name(w),
                                               ptx::gen::name(d)});
                            }
        return m;
    }();
    return names;
}

struct Row {
    std::size_t tests = 0, allowed = 0, reached = 0;
};

/// A table section: an axis, its values in the generator's order, then `other`.
struct Section {
    const char* title;
    std::string Axes::*field;
    std::vector<std::string> order;
};

template <class E> std::vector<std::string> names(const std::vector<E>& values) {
    std::vector<std::string> out;
    for (E v : values)
        out.push_back(ptx::gen::name(v));
    out.push_back(kOther);
    return out;
}

std::vector<Section> sections() {
    std::vector<std::string> families;
    for (const ptx::gen::Family& f : ptx::gen::families())
        families.push_back(f.name);
    families.push_back(kOther);
    std::vector<std::string> scopes = names(ptx::gen::allScopes());
    scopes.insert(scopes.begin(), kUnscoped);
    return {{"family", &Axes::family, families},
            {"ordering", &Axes::ordering, names(ptx::gen::allOrderings())},
            {"scope", &Axes::scope, scopes},
            {"placement", &Axes::placement, names(ptx::gen::allPlacements())},
            {"write", &Axes::write, names(ptx::gen::allWrites())},
            {"dependency", &Axes::dep, names(ptx::gen::allDependencies())}};
}

/// `80.0`, or `-` when there is nothing to divide by.
std::string percent(std::size_t part, std::size_t whole) {
    if (whole == 0) return "-";
    std::ostringstream s;
    s << std::fixed << std::setprecision(1) << 100.0 * static_cast<double>(part) / whole;
    return s.str();
}

} // namespace

bool isWitness(const ptx::Condition& condition, const ptx::Outcome& outcome) {
    return ptx::sim::evaluate(condition.expr, outcome) !=
           (condition.kind == ptx::ConditionKind::Forall);
}

TestFidelity measure(const ptx::Condition& condition, const std::set<ptx::Outcome>& allowed,
                     const std::set<ptx::Outcome>& reached) {
    TestFidelity f;
    f.allowedOutcomes = allowed.size();
    for (const ptx::Outcome& o : allowed) {
        const bool witness = isWitness(condition, o);
        f.witnessAllowed = f.witnessAllowed || witness;
        if (reached.count(o) == 0) continue;
        ++f.reachedOutcomes;
        f.witnessReached = f.witnessReached || witness;
    }
    return f;
}

std::string describe(const TestFidelity& f) {
    return std::string("witness ") +
           (!f.witnessAllowed  ? "forbidden"
            : f.witnessReached ? "allowed, reached"
                               : "allowed, not reached") +
           "; " + std::to_string(f.reachedOutcomes) + " of " + std::to_string(f.allowedOutcomes) +
           " allowed outcomes reached";
}

Axes axesOf(const std::string& testName) {
    const auto& known = generatedNames();
    const auto it = known.find(testName);
    if (it != known.end()) return it->second;
    return Axes{kOther, kOther, kOther, kOther, kOther, kOther};
}

void Summary::add(const std::string& file, const std::string& testName, const TestFidelity& f) {
    tests_.push_back({file, testName, axesOf(testName), f});
}

void Summary::addUnmeasured(const std::string& file) {
    unmeasured_.push_back(file);
}

void Summary::print(std::ostream& out, bool listUnreached) const {
    std::vector<Test> tests = tests_;
    std::sort(tests.begin(), tests.end(),
              [](const Test& a, const Test& b) { return a.file < b.file; });
    Row total;
    std::size_t allowedOutcomes = 0, reachedOutcomes = 0;
    for (const Test& t : tests) {
        ++total.tests;
        total.allowed += t.figures.witnessAllowed;
        total.reached += t.figures.witnessAllowed && t.figures.witnessReached;
        allowedOutcomes += t.figures.allowedOutcomes;
        reachedOutcomes += t.figures.reachedOutcomes;
    }
    const auto rowText = [](const std::string& label, const Row& r) {
        std::ostringstream s;
        s << std::left << std::setw(18) << label << std::right << std::setw(7) << r.tests
          << std::setw(9) << r.allowed << std::setw(9) << r.reached << std::setw(8)
          << percent(r.reached, r.allowed);
        return s.str();
    };
    out << "fidelity: allowed = tests whose condition's witness the model allows (an outcome that "
           "satisfies it; for forall, one that violates it); reached = of those, tests where the "
           "simulator reached one\n";
    out << std::left << std::setw(18) << "" << std::right << std::setw(7) << "tests" << std::setw(9)
        << "allowed" << std::setw(9) << "reached" << std::setw(8) << "%"
        << "\n";
    for (const Section& section : sections()) {
        std::map<std::string, Row> rows;
        for (const Test& t : tests) {
            Row& r = rows[t.axes.*section.field];
            ++r.tests;
            r.allowed += t.figures.witnessAllowed;
            r.reached += t.figures.witnessAllowed && t.figures.witnessReached;
        }
        // Without generated tests, the variant axes would repeat the family's `other` row.
        if (section.field != &Axes::family && rows.size() == 1 && rows.count(kOther)) continue;
        out << "by " << section.title << "\n";
        for (const std::string& value : section.order) {
            const auto it = rows.find(value);
            if (it == rows.end()) continue;
            out << rowText("  " + value, it->second) << "\n";
            rows.erase(it);
        }
        for (const auto& [value, row] : rows) // none: every value is in the order
            out << rowText("  " + value, row) << "\n";
    }
    out << rowText("total", total) << "\n";
    out << "outcomes: " << allowedOutcomes << " allowed, " << reachedOutcomes << " reached ("
        << percent(reachedOutcomes, allowedOutcomes) << "%), on every register and location\n";
    out << "not measured: " << unmeasured_.size()
        << " tests (unsupported, parse error or checker failure)\n";
    if (!listUnreached) return;
    std::vector<std::string> unreached;
    for (const Test& t : tests)
        if (t.figures.witnessAllowed && !t.figures.witnessReached) unreached.push_back(t.file);
    out << "allowed witness not reached: " << unreached.size() << " tests\n";
    for (const std::string& file : unreached)
        out << "  " << file << "\n";
}

std::string Summary::json() const {
    std::vector<Test> tests = tests_;
    std::sort(tests.begin(), tests.end(),
              [](const Test& a, const Test& b) { return a.file < b.file; });
    nlohmann::json perTest = nlohmann::json::array();
    for (const Test& t : tests)
        perTest.push_back({{"file", t.file},
                           {"name", t.name},
                           {"family", t.axes.family},
                           {"ordering", t.axes.ordering},
                           {"scope", t.axes.scope},
                           {"placement", t.axes.placement},
                           {"write", t.axes.write},
                           {"dep", t.axes.dep},
                           {"witnessAllowed", t.figures.witnessAllowed},
                           {"witnessReached", t.figures.witnessReached},
                           {"allowedOutcomes", t.figures.allowedOutcomes},
                           {"reachedOutcomes", t.figures.reachedOutcomes}});
    std::vector<std::string> unmeasured = unmeasured_;
    std::sort(unmeasured.begin(), unmeasured.end());
    return nlohmann::json{{"tests", perTest}, {"notMeasured", unmeasured}}.dump(1) + "\n";
}

} // namespace fidelity
