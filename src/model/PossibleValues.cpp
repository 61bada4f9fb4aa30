#include "model/PossibleValues.hpp"

#include <algorithm>
#include <iterator>

namespace ptx {
namespace {

ValueSet anyValue() {
    return ValueSet{true, {}};
}

/// `values` sorted and made distinct; `any` past the limit.
ValueSet normalised(std::vector<std::int64_t> values) {
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    if (values.size() > PossibleValues::kMaxValues) return anyValue();
    return ValueSet{false, std::move(values)};
}

ValueSet unite(const ValueSet& a, const ValueSet& b) {
    if (a.any || b.any) return anyValue();
    std::vector<std::int64_t> out;
    std::set_union(a.values.begin(), a.values.end(), b.values.begin(), b.values.end(),
                   std::back_inserter(out));
    return normalised(std::move(out));
}

} // namespace

bool ValueSet::intersects(const ValueSet& other) const {
    if (any) return other.any || !other.values.empty();
    if (other.any) return !values.empty();
    auto i = values.begin();
    auto j = other.values.begin();
    while (i != values.end() && j != other.values.end()) {
        if (*i == *j) return true;
        if (*i < *j)
            ++i;
        else
            ++j;
    }
    return false;
}

PossibleValues::PossibleValues(const CandidateExecution& c)
    : c_(c), sets_(c.values.size()), writesOf_(c.locations.size()) {
    for (const Event& e : c.events)
        if (e.kind == EventKind::Write && e.location >= 0)
            writesOf_[static_cast<std::size_t>(e.location)].push_back(e.id);
    for (const ValueId cond : c.pathConditions) {
        const std::vector<int> reads = c.values.readsOf(cond);
        if (reads.empty()) {
            const auto k = c.values.constantValue(cond);
            if (k && *k == 0) impossible_ = true;
        } else if (reads.size() == 1) {
            conditions_.push_back(cond);
            conditionRead_.push_back(reads.front());
        }
    }
    // The least fixpoint, from empty read sets: every change grows a set (or makes it `any`),
    // so it ends after at most kMaxValues + 2 changes per node. Operands have smaller ids than
    // their users, so one pass in id order settles every node given the reads' sets.
    std::vector<std::int64_t> readValue(static_cast<std::size_t>(c.size()), 0);
    for (bool changed = true; changed;) {
        changed = false;
        for (ValueId id = 0; id < static_cast<ValueId>(c.values.size()); ++id) {
            const ValueNode& n = c.values.node(id);
            ValueSet s = n.op == ValueOp::Read
                             ? readSet(c.events[static_cast<std::size_t>(n.event)], readValue)
                             : apply(n);
            if (s != sets_[static_cast<std::size_t>(id)]) {
                sets_[static_cast<std::size_t>(id)] = std::move(s);
                changed = true;
            }
        }
    }
    for (const Event& e : c.events)
        if (e.kind == EventKind::Read && e.value >= 0 && !of(e.value).any &&
            of(e.value).values.empty())
            impossible_ = true;
}

bool PossibleValues::canRead(int write, int read) const {
    const Event& w = c_.events[static_cast<std::size_t>(write)];
    const Event& r = c_.events[static_cast<std::size_t>(read)];
    if (w.value < 0 || r.value < 0) return true;
    return of(w.value).intersects(of(r.value));
}

ValueSet PossibleValues::readSet(const Event& r, std::vector<std::int64_t>& readValue) const {
    ValueSet all;
    if (r.location < 0) return anyValue();
    for (const int write : writesOf_[static_cast<std::size_t>(r.location)]) {
        const Event& w = c_.events[static_cast<std::size_t>(write)];
        all = unite(all, w.value < 0 ? anyValue() : of(w.value));
        if (all.any) return all;
    }
    std::vector<std::int64_t> kept;
    for (const std::int64_t v : all.values)
        if (meetsConditions(r.id, v, readValue)) kept.push_back(v);
    return ValueSet{false, std::move(kept)};
}

bool PossibleValues::meetsConditions(int read, std::int64_t v,
                                     std::vector<std::int64_t>& readValue) const {
    readValue[static_cast<std::size_t>(read)] = v;
    for (std::size_t i = 0; i < conditions_.size(); ++i)
        if (conditionRead_[i] == read && c_.values.evaluate(conditions_[i], readValue) == 0)
            return false;
    return true;
}

ValueSet PossibleValues::apply(const ValueNode& n) const {
    if (n.op == ValueOp::Const) return ValueSet{false, {n.constant}};
    const ValueSet& a = of(n.a);
    if (n.op == ValueOp::Select) {
        const bool someZero = a.any || std::binary_search(a.values.begin(), a.values.end(), 0);
        const bool someNonZero = a.any || a.values.size() > (someZero ? 1U : 0U);
        if (someZero && someNonZero) return unite(of(n.b), of(n.c));
        if (someNonZero) return of(n.b);
        if (someZero) return of(n.c);
        return ValueSet{}; // no value yet
    }
    const ValueSet& b = of(n.b);
    if (a.any || b.any) return anyValue();
    if (a.values.size() * b.values.size() > kMaxValues * kMaxValues) return anyValue();
    std::vector<std::int64_t> out;
    for (const std::int64_t x : a.values)
        for (const std::int64_t y : b.values)
            out.push_back(applyOp(n.op, x, y));
    return normalised(std::move(out));
}

} // namespace ptx
