// A concrete binary relation over the events 0..n-1 of one execution, stored as a bit matrix.
// Relations over at most 64 events (one word per row) live inline, without heap allocation: the
// explicit engine evaluates the model millions of times on such small relations.
#pragma once

#include "model/ZeroedAllocator.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace ptx {

class Relation {
  public:
    // Provided, not defaulted: value-initialisation (`optional::emplace()`) would zero the
    // whole inline block before the relation is assigned.
    Relation() noexcept {}
    explicit Relation(int n);

    [[nodiscard]] int size() const { return n_; }
    Relation(const Relation& o);
    Relation(Relation&& o) noexcept;
    Relation& operator=(const Relation& o);
    Relation& operator=(Relation&& o) noexcept;
    ~Relation() = default;

    [[nodiscard]] bool has(int a, int b) const { return (data()[index(a, b)] >> (b & 63)) & 1U; }
    void add(int a, int b) { data()[index(a, b)] |= std::uint64_t{1} << (b & 63); }
    void remove(int a, int b) { data()[index(a, b)] &= ~(std::uint64_t{1} << (b & 63)); }

    [[nodiscard]] static Relation identity(int n);

    Relation& operator|=(const Relation& o);
    Relation& operator&=(const Relation& o);
    Relation& operator-=(const Relation& o);
    // Written once into the result (a by-value operand would copy the rows twice more: a copy
    // of a relation of up to 64 events is the inline block, not a pointer).
    [[nodiscard]] friend Relation operator|(const Relation& a, const Relation& b) {
        Relation r;
        r.assignUnion(a, b);
        return r;
    }
    [[nodiscard]] friend Relation operator&(const Relation& a, const Relation& b) {
        Relation r;
        r.assignIntersection(a, b);
        return r;
    }
    [[nodiscard]] friend Relation operator-(const Relation& a, const Relation& b) {
        Relation r;
        r.assignDifference(a, b);
        return r;
    }
    friend bool operator==(const Relation& a, const Relation& b);

    // In place: the relation becomes the result of an operation on others, rows written once,
    // for evaluators that keep each value in a slot of their own. `check` as below (none: null).
    // The operands of a composition, inverse or closure may be the relation itself.
    void assignUnion(const Relation& a, const Relation& b);        // a | b
    void assignIntersection(const Relation& a, const Relation& b); // a & b
    void assignDifference(const Relation& a, const Relation& b);   // a - b
    void assignComposition(const Relation& a, const Relation& b,
                           const std::function<void()>* check = nullptr);                // a ; b
    void assignInverse(const Relation& a);                                               // a^-1
    void assignClosure(const Relation& a, const std::function<void()>* check = nullptr); // a+
    void assignReflexive(const Relation& a);                                             // a?

    [[nodiscard]] Relation compose(const Relation& o) const; // this ; o
    [[nodiscard]] Relation inverse() const;
    [[nodiscard]] Relation transitiveClosure() const; // this+
    [[nodiscard]] Relation reflexive() const;         // this?

    [[nodiscard]] bool empty() const;
    [[nodiscard]] bool irreflexive() const;
    [[nodiscard]] bool acyclic() const; // irreflexive(this+)

    // The same, calling `check` every 64 rows on a relation of more than 64 events (cubic work:
    // a second or more on thousands of events); `check` may throw to abandon the operation.
    [[nodiscard]] Relation compose(const Relation& o, const std::function<void()>& check) const;
    [[nodiscard]] Relation transitiveClosure(const std::function<void()>& check) const;
    [[nodiscard]] bool acyclic(const std::function<void()>& check) const;
    /// The pairs of the relation, in row-major order.
    [[nodiscard]] std::vector<std::pair<int, int>> pairs() const;
    /// Calls `f(a, b)` for each pair, in row-major order, visiting only the set bits.
    template <class F> void forEachPair(F f) const {
        const std::uint64_t* d = data();
        for (int a = 0; a < n_; ++a)
            for (std::size_t w = 0; w < words_; ++w)
                for (std::uint64_t m = d[index(a, 0) + w]; m != 0; m &= m - 1)
                    f(a, static_cast<int>(w * 64) + __builtin_ctzll(m));
    }

  private:
    /// Takes the size of a relation over n events; the rows' contents are left undefined.
    void reshape(int n);
    /// The same, every row empty: a large relation takes fresh zeroed memory (ZeroedAllocator)
    /// rather than writing zeros over every page of its old rows.
    void reshapeEmpty(int n);
    /// Closes the relation under transitivity, in place (Warshall, a word at a time).
    void close(const std::function<void()>* check);
    [[nodiscard]] bool acyclicChecked(const std::function<void()>* check) const;
    [[nodiscard]] std::size_t index(int a, int b) const {
        return static_cast<std::size_t>(a) * words_ + static_cast<std::size_t>(b >> 6);
    }

    static constexpr int kInline = 64; // events held without allocation
    [[nodiscard]] bool isInline() const { return n_ <= kInline; }
    [[nodiscard]] std::size_t count() const { return static_cast<std::size_t>(n_) * words_; }
    [[nodiscard]] std::uint64_t* data() { return isInline() ? inline_.data() : heap_.data(); }
    [[nodiscard]] const std::uint64_t* data() const {
        return isInline() ? inline_.data() : heap_.data();
    }

    int n_ = 0;
    std::size_t words_ = 0;
    std::array<std::uint64_t, kInline> inline_; // rows when n <= 64 (first n_ words used)
    std::vector<std::uint64_t, ZeroedAllocator<std::uint64_t>> heap_; // rows otherwise
};

} // namespace ptx
