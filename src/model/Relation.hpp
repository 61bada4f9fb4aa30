// A concrete binary relation over the events 0..n-1 of one execution, stored as a bit matrix.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace ptx {

class Relation {
  public:
    Relation() = default;
    explicit Relation(int n);

    [[nodiscard]] int size() const { return n_; }
    [[nodiscard]] bool has(int a, int b) const {
        return (bits_[index(a, b)] >> (b & 63)) & 1U;
    }
    void add(int a, int b) { bits_[index(a, b)] |= std::uint64_t{1} << (b & 63); }
    void remove(int a, int b) { bits_[index(a, b)] &= ~(std::uint64_t{1} << (b & 63)); }

    [[nodiscard]] static Relation identity(int n);

    Relation& operator|=(const Relation& o);
    Relation& operator&=(const Relation& o);
    Relation& operator-=(const Relation& o);
    [[nodiscard]] friend Relation operator|(Relation a, const Relation& b) { return a |= b; }
    [[nodiscard]] friend Relation operator&(Relation a, const Relation& b) { return a &= b; }
    [[nodiscard]] friend Relation operator-(Relation a, const Relation& b) { return a -= b; }
    friend bool operator==(const Relation&, const Relation&) = default;

    [[nodiscard]] Relation compose(const Relation& o) const;  // this ; o
    [[nodiscard]] Relation inverse() const;
    [[nodiscard]] Relation transitiveClosure() const;  // this+
    [[nodiscard]] Relation reflexive() const;          // this?

    [[nodiscard]] bool empty() const;
    [[nodiscard]] bool irreflexive() const;
    [[nodiscard]] bool acyclic() const;  // irreflexive(this+)
    /// The pairs of the relation, in row-major order.
    [[nodiscard]] std::vector<std::pair<int, int>> pairs() const;

  private:
    [[nodiscard]] std::size_t index(int a, int b) const {
        return static_cast<std::size_t>(a) * words_ + static_cast<std::size_t>(b >> 6);
    }

    int n_ = 0;
    std::size_t words_ = 0;
    std::vector<std::uint64_t> bits_;
};

} // namespace ptx
