#include "enumerate/ValueResolver.hpp"

namespace ptx {

ValueResolver::ValueResolver(const CandidateExecution& c)
    : c_(c), source_(static_cast<std::size_t>(c.size()), -1),
      known_(static_cast<std::size_t>(c.size()), false),
      value_(static_cast<std::size_t>(c.size()), 0), writeDeps_(static_cast<std::size_t>(c.size())),
      condOfRead_(static_cast<std::size_t>(c.size())) {
    frames_.emplace_back(); // the votes resolved before any rf choice: never undone
    for (const Event& e : c.events) {
        if (e.kind == EventKind::Read) ++readCount_;
        if (e.kind == EventKind::Write)
            writeDeps_[static_cast<std::size_t>(e.id)] = c.values.readsOf(e.value);
        if (e.barrierVote) {
            // A bar.red's result is its own source: known once the votes of its group are.
            ++readCount_;
            source_[static_cast<std::size_t>(e.id)] = e.id;
            assigned_.push_back(e.id);
            writeDeps_[static_cast<std::size_t>(e.id)] = c.values.readsOf(e.barrierVoteResult);
        }
    }
    for (std::size_t i = 0; i < c.pathConditions.size(); ++i) {
        const std::vector<int> reads = c.values.readsOf(c.pathConditions[i]);
        condPending_.push_back(static_cast<int>(reads.size()));
        for (const int r : reads)
            condOfRead_[static_cast<std::size_t>(r)].push_back(static_cast<int>(i));
        if (reads.empty() && c.values.evaluate(c.pathConditions[i], value_) == 0)
            constantsHold_ = false;
    }
    if (!resolveReady()) constantsHold_ = false;
}

bool ValueResolver::ready(int write) const {
    for (const int r : writeDeps_[static_cast<std::size_t>(write)])
        if (!known_[static_cast<std::size_t>(r)]) return false;
    return true;
}

bool ValueResolver::resolve(int read) {
    const auto i = static_cast<std::size_t>(read);
    const Event& w = c_.events[static_cast<std::size_t>(source_[i])];
    value_[i] = c_.values.evaluate(w.barrierVote ? w.barrierVoteResult : w.value, value_);
    known_[i] = true;
    ++resolvedCount_;
    frames_.back().push_back(read);
    bool ok = true;
    for (const int cond : condOfRead_[i]) {
        if (--condPending_[static_cast<std::size_t>(cond)] == 0 &&
            c_.values.evaluate(c_.pathConditions[static_cast<std::size_t>(cond)], value_) == 0)
            ok = false;
    }
    return ok;
}

bool ValueResolver::assign(int read, int write) {
    source_[static_cast<std::size_t>(read)] = write;
    assigned_.push_back(read);
    frames_.emplace_back();
    if (!ready(write)) return true;
    const bool ok = resolve(read);
    return resolveReady() && ok; // reads (and votes) waiting for this value may be known now
}

bool ValueResolver::resolveReady() {
    bool ok = true;
    for (bool progress = true; progress;) {
        progress = false;
        for (const int r : assigned_) {
            if (known_[static_cast<std::size_t>(r)] || !ready(source_[static_cast<std::size_t>(r)]))
                continue;
            ok = resolve(r) && ok;
            progress = true;
        }
    }
    return ok;
}

void ValueResolver::undo() {
    for (const int r : frames_.back()) {
        const auto i = static_cast<std::size_t>(r);
        known_[i] = false;
        --resolvedCount_;
        for (const int cond : condOfRead_[i])
            ++condPending_[static_cast<std::size_t>(cond)];
    }
    frames_.pop_back();
    source_[static_cast<std::size_t>(assigned_.back())] = -1;
    assigned_.pop_back();
}

} // namespace ptx
