#include "explain/Decompose.hpp"

#include <deque>
#include <stdexcept>

namespace ptx::explain {
namespace {

std::size_t weight(const std::vector<Step>& steps) {
    return flatten(steps).size();
}

/// True when a single-step decomposition says little (ms, loc, sr...).
bool uninformative(const std::vector<Step>& steps) {
    if (steps.size() != 1) return steps.empty();
    const std::string& l = steps.front().label;
    return l == "ms" || l == "loc" || l == "sr" || l == "scta" ||
           l.find(" x ") != std::string::npos;
}

class Decomposer {
  public:
    explicit Decomposer(ConcreteModel& m) : m_(m) {}

    std::vector<Step> run(const RelExpr& e, int a, int b) {
        switch (e->op) {
        case RelOp::Base:
            if (e->base == BaseRel::Id) return {};
            return {Step{a, b, relationName(e->base), {}}};
        case RelOp::Ref:
            return {Step{a, b, e->name, run(e->a, a, b)}};
        case RelOp::IdOn:
            return {};
        case RelOp::Product:
            return {
                Step{a, b, std::string(eventSetName(e->set1)) + " x " + eventSetName(e->set2), {}}};
        case RelOp::Union:
            return run(has(e->a, a, b) ? e->a : e->b, a, b);
        case RelOp::Inter: {
            std::vector<Step> left = run(e->a, a, b), right = run(e->b, a, b);
            if (uninformative(left) && !uninformative(right)) return right;
            if (uninformative(right) && !uninformative(left)) return left;
            return weight(right) > weight(left) ? right : left;
        }
        case RelOp::Diff:
            return run(e->a, a, b);
        case RelOp::Seq:
            return sequence(e, a, b);
        case RelOp::Inverse: {
            std::vector<Step> inner = run(e->a, b, a), out;
            for (auto it = inner.rbegin(); it != inner.rend(); ++it)
                out.push_back(Step{it->to, it->from, it->label + "^-1", it->parts});
            return out;
        }
        case RelOp::Plus: {
            const Relation r = m_.eval(e->a);
            const auto path = shortestPath(r, a, b);
            if (!path) throw std::logic_error("decompose: no path in a transitive closure");
            std::vector<Step> out;
            for (std::size_t i = 0; i + 1 < path->size(); ++i)
                for (Step& s : run(e->a, (*path)[i], (*path)[i + 1]))
                    out.push_back(std::move(s));
            return out;
        }
        case RelOp::Opt:
            if (a == b) return {};
            return run(e->a, a, b);
        }
        return {};
    }

  private:
    bool has(const RelExpr& e, int a, int b) { return m_.eval(e).has(a, b); }

    std::vector<Step> sequence(const RelExpr& e, int a, int b) {
        const Relation left = m_.eval(e->a), right = m_.eval(e->b);
        // Prefer an empty left or right part (identity, r?), then any middle event.
        std::vector<int> order{a, b};
        for (int c = 0; c < m_.size(); ++c)
            if (c != a && c != b) order.push_back(c);
        for (const int c : order) {
            if (!left.has(a, c) || !right.has(c, b)) continue;
            std::vector<Step> out = run(e->a, a, c);
            for (Step& s : run(e->b, c, b))
                out.push_back(std::move(s));
            return out;
        }
        throw std::logic_error("decompose: no middle event in a sequence");
    }

    ConcreteModel& m_;
};

} // namespace

std::string relationName(BaseRel r) {
    switch (r) {
    case BaseRel::SyncFence:
        return "fence-SC";
    case BaseRel::SyncBarrier:
        return "bar-sync";
    default:
        return baseRelName(r);
    }
}

bool isAtomicLabel(const std::string& label) {
    static const char* const named[] = {
        "po-loc", "fr", "ms", "sync", "observation", "release-pattern", "acquire-pattern"};
    for (const char* n : named)
        if (label == n) return true;
    for (int r = 0; r <= static_cast<int>(BaseRel::Api); ++r) {
        const std::string base = relationName(static_cast<BaseRel>(r));
        if (label == base || label == base + "^-1") return true;
    }
    return label.find(" x ") != std::string::npos;
}

std::vector<Step> decompose(ConcreteModel& m, const RelExpr& rel, int a, int b) {
    if (!m.eval(rel).has(a, b))
        throw std::logic_error("decompose: the pair is not in the relation");
    return Decomposer(m).run(rel, a, b);
}

std::vector<Step> flatten(const std::vector<Step>& steps) {
    std::vector<Step> out;
    for (const Step& s : steps) {
        if (isAtomicLabel(s.label) || s.parts.empty()) {
            if (s.from != s.to || !s.parts.empty() || isAtomicLabel(s.label)) out.push_back(s);
            continue;
        }
        for (Step& p : flatten(s.parts))
            out.push_back(std::move(p));
    }
    return out;
}

void collect(const std::vector<Step>& steps, const std::string& label, std::vector<Step>& out) {
    for (const Step& s : steps) {
        if (s.label == label) out.push_back(s);
        collect(s.parts, label, out);
    }
}

std::optional<std::vector<int>> shortestPath(const Relation& r, int a, int b) {
    const int n = r.size();
    std::vector<int> parent(static_cast<std::size_t>(n), -1);
    std::vector<bool> seen(static_cast<std::size_t>(n), false);
    std::deque<int> queue;
    for (int c = 0; c < n; ++c)
        if (r.has(a, c) && !seen[static_cast<std::size_t>(c)]) {
            seen[static_cast<std::size_t>(c)] = true;
            parent[static_cast<std::size_t>(c)] = a;
            queue.push_back(c);
        }
    while (!queue.empty()) {
        const int u = queue.front();
        queue.pop_front();
        if (u == b) {
            std::vector<int> path{b};
            int v = b;
            do {
                v = parent[static_cast<std::size_t>(v)];
                path.insert(path.begin(), v);
            } while (v != a || path.size() < 2);
            return path;
        }
        for (int c = 0; c < n; ++c)
            if (r.has(u, c) && !seen[static_cast<std::size_t>(c)]) {
                seen[static_cast<std::size_t>(c)] = true;
                parent[static_cast<std::size_t>(c)] = u;
                queue.push_back(c);
            }
    }
    return std::nullopt;
}

std::optional<std::vector<int>> shortestCycle(const Relation& r) {
    std::optional<std::vector<int>> best;
    for (int v = 0; v < r.size(); ++v) {
        auto path = shortestPath(r, v, v);
        if (path && (!best || path->size() - 1 < best->size())) {
            path->pop_back();
            best = std::move(path);
        }
    }
    return best;
}

} // namespace ptx::explain
