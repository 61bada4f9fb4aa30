#include "model/OutcomeList.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace ptx {

OutcomeList::OutcomeList(std::vector<Observable> observables, const PackedOutcomeSet& set)
    : observables_(std::move(observables)), size_(set.size()) {
    if (set.width() != observables_.size())
        throw std::logic_error("OutcomeList: rows of " + std::to_string(set.width()) +
                               " values for " + std::to_string(observables_.size()) +
                               " observables");
    std::vector<std::size_t> order(size_);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const auto ra = set.row(a), rb = set.row(b);
        return std::lexicographical_compare(ra.begin(), ra.end(), rb.begin(), rb.end());
    });
    values_.reserve(size_ * observables_.size());
    for (const std::size_t i : order) {
        const auto r = set.row(i);
        values_.insert(values_.end(), r.begin(), r.end());
    }
}

Outcome OutcomeList::operator[](std::size_t i) const {
    Outcome o;
    const auto v = values(i);
    for (std::size_t k = 0; k < observables_.size(); ++k)
        o.emplace_hint(o.end(), observables_[k], v[k]);
    return o;
}

} // namespace ptx
