// The allowed outcomes of a check, as the user sees them: sorted and distinct, stored packed
// (one int64_t per observable, row after row) and handed out one Outcome at a time, so a test
// with 823,543 outcomes keeps 46 MB of values rather than 823,543 maps of names.
#pragma once

#include "model/Outcome.hpp"
#include "model/PackedOutcomeSet.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <vector>

namespace ptx {

class OutcomeList {
  public:
    OutcomeList() = default;
    /// The rows of `set`, its values in `observables` order, sorted (herd7's order: value by
    /// value in observable order, which is the order of Outcome's maps when `observables` is
    /// sorted).
    OutcomeList(std::vector<Observable> observables, const PackedOutcomeSet& set);

    [[nodiscard]] std::size_t size() const { return size_; }
    [[nodiscard]] bool empty() const { return size_ == 0; }
    [[nodiscard]] const std::vector<Observable>& observables() const { return observables_; }
    /// Row i's values, in observables() order.
    [[nodiscard]] std::span<const std::int64_t> values(std::size_t i) const {
        return {values_.data() + i * observables_.size(), observables_.size()};
    }
    [[nodiscard]] Outcome operator[](std::size_t i) const;
    [[nodiscard]] Outcome front() const { return (*this)[0]; }

    class const_iterator {
      public:
        using iterator_category = std::input_iterator_tag;
        using value_type = Outcome;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = Outcome;
        const_iterator() = default;
        const_iterator(const OutcomeList* list, std::size_t i) : list_(list), i_(i) {}
        Outcome operator*() const { return (*list_)[i_]; }
        const_iterator& operator++() {
            ++i_;
            return *this;
        }
        const_iterator operator++(int) {
            const_iterator old = *this;
            ++i_;
            return old;
        }
        friend bool operator==(const const_iterator& a, const const_iterator& b) {
            return a.i_ == b.i_;
        }

      private:
        const OutcomeList* list_ = nullptr;
        std::size_t i_ = 0;
    };
    [[nodiscard]] const_iterator begin() const { return {this, 0}; }
    [[nodiscard]] const_iterator end() const { return {this, size_}; }

    friend bool operator==(const OutcomeList&, const OutcomeList&) = default;

  private:
    std::vector<Observable> observables_;
    std::vector<std::int64_t> values_; // sorted rows, packed
    std::size_t size_ = 0;
};

} // namespace ptx
