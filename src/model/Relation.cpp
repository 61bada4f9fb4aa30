#include "model/Relation.hpp"

namespace ptx {

Relation::Relation(int n)
    : n_(n), words_(static_cast<std::size_t>((n + 63) / 64)),
      bits_(static_cast<std::size_t>(n) * words_, 0) {}

Relation Relation::identity(int n) {
    Relation r(n);
    for (int i = 0; i < n; ++i) r.add(i, i);
    return r;
}

Relation& Relation::operator|=(const Relation& o) {
    for (std::size_t i = 0; i < bits_.size(); ++i) bits_[i] |= o.bits_[i];
    return *this;
}

Relation& Relation::operator&=(const Relation& o) {
    for (std::size_t i = 0; i < bits_.size(); ++i) bits_[i] &= o.bits_[i];
    return *this;
}

Relation& Relation::operator-=(const Relation& o) {
    for (std::size_t i = 0; i < bits_.size(); ++i) bits_[i] &= ~o.bits_[i];
    return *this;
}

Relation Relation::compose(const Relation& o) const {
    Relation r(n_);
    for (int a = 0; a < n_; ++a) {
        std::uint64_t* out = &r.bits_[index(a, 0)];
        for (int b = 0; b < n_; ++b) {
            if (!has(a, b)) continue;
            const std::uint64_t* row = &o.bits_[o.index(b, 0)];
            for (std::size_t w = 0; w < words_; ++w) out[w] |= row[w];
        }
    }
    return r;
}

Relation Relation::inverse() const {
    Relation r(n_);
    for (int a = 0; a < n_; ++a)
        for (int b = 0; b < n_; ++b)
            if (has(a, b)) r.add(b, a);
    return r;
}

Relation Relation::transitiveClosure() const {
    Relation r = *this;  // Warshall
    for (int k = 0; k < n_; ++k) {
        const std::uint64_t* rowK = &r.bits_[r.index(k, 0)];
        for (int a = 0; a < n_; ++a) {
            if (!r.has(a, k)) continue;
            std::uint64_t* rowA = &r.bits_[r.index(a, 0)];
            for (std::size_t w = 0; w < words_; ++w) rowA[w] |= rowK[w];
        }
    }
    return r;
}

Relation Relation::reflexive() const {
    Relation r = *this;
    for (int i = 0; i < n_; ++i) r.add(i, i);
    return r;
}

bool Relation::empty() const {
    for (const std::uint64_t w : bits_)
        if (w != 0) return false;
    return true;
}

bool Relation::irreflexive() const {
    for (int i = 0; i < n_; ++i)
        if (has(i, i)) return false;
    return true;
}

bool Relation::acyclic() const { return transitiveClosure().irreflexive(); }

std::vector<std::pair<int, int>> Relation::pairs() const {
    std::vector<std::pair<int, int>> out;
    for (int a = 0; a < n_; ++a)
        for (int b = 0; b < n_; ++b)
            if (has(a, b)) out.emplace_back(a, b);
    return out;
}

} // namespace ptx
