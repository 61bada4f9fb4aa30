#include "smt/ModelValue.hpp"

#include "smt/SmtEngine.hpp"

#include <stdexcept>
#include <utility>

namespace ptx::smt {

std::int64_t modelValue(const z3::model& m, const z3::expr& term, const ValueDomain& domain) {
    const z3::expr v = m.eval(term, true);
    std::uint64_t u = 0;
    if (!v.is_numeral_u64(u))
        throw SmtFailure("the solver gave a non-numeral value: " + v.to_string());
    try {
        return domain.decode(u);
    } catch (const std::out_of_range&) {
        throw SmtFailure("the solver gave " + term.to_string() + " the value " + v.to_string() +
                         ", the rank of no value of the candidate");
    }
}

ModelValues::ModelValues(z3::model m, const CandidateEncoding& encoding)
    : m_(std::move(m)), encoding_(encoding), readValue_(encoding.candidate().events.size(), 0),
      known_(encoding.candidate().events.size(), false) {}

ModelValues::ModelValues(WitnessChoices choices, const CandidateEncoding& encoding)
    : choices_(std::move(choices)), encoding_(encoding),
      readValue_(encoding.candidate().events.size(), 0),
      known_(encoding.candidate().events.size(), false),
      reading_(encoding.candidate().events.size(), false) {}

std::int64_t ModelValues::readValue(int e) {
    if (m_) return modelValue(*m_, encoding_.readValue(e), encoding_.valueDomain());
    const auto i = static_cast<std::size_t>(e);
    const int w = i < choices_->sourceOf.size() ? choices_->sourceOf[i] : -1;
    if (w < 0) throw SmtFailure("a counted execution has a read that reads from no write");
    if (reading_[i]) throw SmtFailure("a counted execution has a value that depends on itself");
    reading_[i] = true; // the write's value may depend on other reads (well-founded)
    const std::int64_t v = value(encoding_.candidate().events[static_cast<std::size_t>(w)].value);
    reading_[i] = false;
    return v;
}

std::int64_t ModelValues::value(ValueId v) {
    const ValuePool& pool = encoding_.candidate().values;
    for (const int e : pool.readsOf(v)) {
        const auto i = static_cast<std::size_t>(e);
        if (known_[i]) continue;
        readValue_[i] = readValue(e);
        known_[i] = true;
    }
    return pool.evaluate(v, readValue_);
}

std::int64_t ModelValues::finalValue(int location) {
    // As CandidateEncoding::encodeFinalValues nests its choices: the last write chosen.
    const std::vector<Event>& events = encoding_.candidate().events;
    if (choices_) {
        const auto l = static_cast<std::size_t>(location);
        const int w = l < choices_->finalOf.size() ? choices_->finalOf[l] : -1;
        return w < 0 ? 0 : value(events[static_cast<std::size_t>(w)].value);
    }
    const Event* chosen = nullptr;
    for (const Event& w : events)
        if (w.kind == EventKind::Write && w.location == location &&
            m_->eval(encoding_.finalLiteral(w.id), true).is_true())
            chosen = &w;
    return chosen ? value(chosen->value) : 0;
}

} // namespace ptx::smt
