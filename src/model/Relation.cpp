#include "model/Relation.hpp"

#include <algorithm>

namespace ptx {

Relation::Relation(int n) : n_(n), words_(static_cast<std::size_t>((n + 63) / 64)) {
    if (isInline())
        std::fill(inline_.begin(), inline_.begin() + static_cast<std::ptrdiff_t>(count()), 0);
    else
        heap_.resize(count()); // zero: fresh memory from ZeroedAllocator
}

Relation::Relation(const Relation& o) : n_(o.n_), words_(o.words_), heap_(o.heap_) {
    if (isInline())
        std::copy(o.inline_.begin(), o.inline_.begin() + static_cast<std::ptrdiff_t>(count()),
                  inline_.begin());
}

Relation::Relation(Relation&& o) noexcept : n_(o.n_), words_(o.words_), heap_(std::move(o.heap_)) {
    if (isInline())
        std::copy(o.inline_.begin(), o.inline_.begin() + static_cast<std::ptrdiff_t>(count()),
                  inline_.begin());
}

Relation& Relation::operator=(const Relation& o) {
    if (this == &o) return *this;
    n_ = o.n_;
    words_ = o.words_;
    heap_ = o.heap_;
    if (isInline())
        std::copy(o.inline_.begin(), o.inline_.begin() + static_cast<std::ptrdiff_t>(count()),
                  inline_.begin());
    return *this;
}

Relation& Relation::operator=(Relation&& o) noexcept {
    if (this == &o) return *this;
    n_ = o.n_;
    words_ = o.words_;
    heap_ = std::move(o.heap_);
    if (isInline())
        std::copy(o.inline_.begin(), o.inline_.begin() + static_cast<std::ptrdiff_t>(count()),
                  inline_.begin());
    return *this;
}

bool operator==(const Relation& a, const Relation& b) {
    return a.n_ == b.n_ && std::equal(a.data(), a.data() + a.count(), b.data());
}

Relation Relation::identity(int n) {
    Relation r(n);
    for (int i = 0; i < n; ++i)
        r.add(i, i);
    return r;
}

namespace {

/// d[i] = op(x[i], y[i]) for the `count` words of a relation's rows (d may be x).
template <class Op>
void combineWords(std::uint64_t* d, const std::uint64_t* x, const std::uint64_t* y,
                  std::size_t count, Op op) {
    for (std::size_t i = 0; i < count; ++i)
        d[i] = op(x[i], y[i]);
}

/// Calls `check` (where there is one) after every few million words of work: once every 64 rows
/// was seconds apart on a relation of 60,000 events (938 words a row, composed with a full one).
class WorkMeter {
  public:
    explicit WorkMeter(const std::function<void()>* check) : check_(check) {}
    void add(std::size_t words) {
        if (check_ && (done_ += words) >= kCheckWords) {
            done_ = 0;
            (*check_)();
        }
    }

  private:
    static constexpr std::size_t kCheckWords = std::size_t{1} << 22; // milliseconds of work
    const std::function<void()>* check_;
    std::size_t done_ = 0;
};

constexpr auto kOr = [](std::uint64_t x, std::uint64_t y) { return x | y; };
constexpr auto kAnd = [](std::uint64_t x, std::uint64_t y) { return x & y; };
constexpr auto kAndNot = [](std::uint64_t x, std::uint64_t y) { return x & ~y; };

} // namespace

Relation& Relation::operator|=(const Relation& o) {
    combineWords(data(), data(), o.data(), count(), kOr);
    return *this;
}

Relation& Relation::operator&=(const Relation& o) {
    combineWords(data(), data(), o.data(), count(), kAnd);
    return *this;
}

Relation& Relation::operator-=(const Relation& o) {
    combineWords(data(), data(), o.data(), count(), kAndNot);
    return *this;
}

void Relation::reshape(int n) {
    n_ = n;
    words_ = static_cast<std::size_t>((n + 63) / 64);
    if (isInline())
        heap_.clear();
    else
        heap_.resize(count());
}

void Relation::reshapeEmpty(int n) {
    n_ = n;
    words_ = static_cast<std::size_t>((n + 63) / 64);
    if (isInline()) {
        heap_.clear();
        std::fill(inline_.begin(), inline_.begin() + static_cast<std::ptrdiff_t>(count()), 0);
        return;
    }
    decltype(heap_) fresh;
    fresh.resize(count()); // zero, as in the constructor
    heap_.swap(fresh);
}

void Relation::assignUnion(const Relation& a, const Relation& b) {
    reshape(a.n_);
    combineWords(data(), a.data(), b.data(), count(), kOr);
}

void Relation::assignIntersection(const Relation& a, const Relation& b) {
    reshape(a.n_);
    combineWords(data(), a.data(), b.data(), count(), kAnd);
}

void Relation::assignDifference(const Relation& a, const Relation& b) {
    reshape(a.n_);
    combineWords(data(), a.data(), b.data(), count(), kAndNot);
}

Relation Relation::compose(const Relation& o) const {
    Relation r;
    r.assignComposition(*this, o);
    return r;
}

Relation Relation::compose(const Relation& o, const std::function<void()>& check) const {
    Relation r;
    r.assignComposition(*this, o, check ? &check : nullptr);
    return r;
}

void Relation::assignComposition(const Relation& a, const Relation& b,
                                 const std::function<void()>* check) {
    if (this == &a || this == &b) {
        *this = check ? a.compose(b, *check) : a.compose(b);
        return;
    }
    if (a.words_ == 1) { // the common case: one word per row
        reshape(a.n_);
        const std::uint64_t* in = a.data();
        const std::uint64_t* rows = b.data();
        std::uint64_t* out = data();
        for (int i = 0; i < n_; ++i) {
            std::uint64_t acc = 0;
            for (std::uint64_t m = in[i]; m != 0; m &= m - 1)
                acc |= rows[__builtin_ctzll(m)];
            out[i] = acc;
        }
        return;
    }
    reshapeEmpty(a.n_);
    WorkMeter work(check);
    for (int i = 0; i < n_; ++i) {
        work.add(words_);
        std::uint64_t* out = &data()[index(i, 0)];
        const std::uint64_t* in = &a.data()[a.index(i, 0)];
        for (std::size_t w = 0; w < words_; ++w) {
            for (std::uint64_t m = in[w]; m != 0; m &= m - 1) {
                const int k = static_cast<int>(w * 64) + __builtin_ctzll(m);
                const std::uint64_t* row = &b.data()[b.index(k, 0)];
                for (std::size_t v = 0; v < words_; ++v)
                    out[v] |= row[v];
                work.add(words_);
            }
        }
    }
}

Relation Relation::inverse() const {
    Relation r;
    r.assignInverse(*this);
    return r;
}

void Relation::assignInverse(const Relation& a) {
    if (this == &a) {
        *this = a.inverse();
        return;
    }
    reshapeEmpty(a.n_);
    for (int i = 0; i < n_; ++i) {
        const std::uint64_t* in = &a.data()[a.index(i, 0)];
        for (std::size_t w = 0; w < words_; ++w)
            for (std::uint64_t m = in[w]; m != 0; m &= m - 1)
                add(static_cast<int>(w * 64) + __builtin_ctzll(m), i);
    }
}

Relation Relation::transitiveClosure() const {
    Relation r = *this;
    r.close(nullptr);
    return r;
}

Relation Relation::transitiveClosure(const std::function<void()>& check) const {
    Relation r = *this;
    r.close(check ? &check : nullptr);
    return r;
}

void Relation::assignClosure(const Relation& a, const std::function<void()>* check) {
    if (this != &a) *this = a;
    close(check);
}

void Relation::close(const std::function<void()>* check) {
    if (words_ == 1) {
        std::uint64_t* d = data();
        std::uint64_t nonEmpty = 0; // rows with a successor: only those can gain or pass on any
        for (int a = 0; a < n_; ++a)
            if (d[a] != 0) nonEmpty |= std::uint64_t{1} << a;
        for (std::uint64_t ks = nonEmpty; ks != 0; ks &= ks - 1) {
            const int k = __builtin_ctzll(ks);
            const std::uint64_t bit = std::uint64_t{1} << k;
            const std::uint64_t rowK = d[k];
            for (std::uint64_t as = nonEmpty; as != 0; as &= as - 1) {
                const int a = __builtin_ctzll(as);
                if (d[a] & bit) d[a] |= rowK;
            }
        }
        return;
    }
    WorkMeter work(check);
    for (int k = 0; k < n_; ++k) {
        work.add(static_cast<std::size_t>(n_));
        const std::uint64_t* rowK = &data()[index(k, 0)];
        const std::size_t kw = static_cast<std::size_t>(k >> 6);
        const std::uint64_t kb = std::uint64_t{1} << (k & 63);
        for (int a = 0; a < n_; ++a) {
            std::uint64_t* rowA = &data()[index(a, 0)];
            if ((rowA[kw] & kb) == 0) continue;
            for (std::size_t w = 0; w < words_; ++w)
                rowA[w] |= rowK[w];
            work.add(words_);
        }
    }
}

Relation Relation::reflexive() const {
    Relation r = *this;
    for (int i = 0; i < n_; ++i)
        r.add(i, i);
    return r;
}

void Relation::assignReflexive(const Relation& a) {
    if (this != &a) *this = a;
    for (int i = 0; i < n_; ++i)
        add(i, i);
}

bool Relation::empty() const {
    const std::uint64_t* d = data();
    for (std::size_t i = 0; i < count(); ++i)
        if (d[i] != 0) return false;
    return true;
}

bool Relation::irreflexive() const {
    for (int i = 0; i < n_; ++i)
        if (has(i, i)) return false;
    return true;
}

bool Relation::acyclic() const {
    return acyclicChecked(nullptr);
}

bool Relation::acyclic(const std::function<void()>& check) const {
    return acyclicChecked(check ? &check : nullptr);
}

bool Relation::acyclicChecked(const std::function<void()>* check) const {
    // Repeatedly remove the events with no successor among the remaining ones; a cycle remains.
    // Each pass visits the events from the last to the first: events are numbered in program
    // order, so a chain along po (a thread's 400 stores) goes in one pass, where visiting them
    // first to last removed one event per pass (quadratic: 26 s for 400 stores).
    if (words_ == 1) { // the common case: the remaining events are one word, not a vector
        const std::uint64_t* d = data();
        std::uint64_t remaining = 0;
        for (int a = 0; a < n_; ++a)
            if (d[a] != 0) remaining |= std::uint64_t{1} << a;
        for (bool progress = true; progress && remaining != 0;) {
            progress = false;
            for (std::uint64_t m = remaining; m != 0;) {
                const int a = 63 - __builtin_clzll(m);
                m &= ~(std::uint64_t{1} << a);
                if ((d[a] & remaining) != 0) continue;
                remaining &= ~(std::uint64_t{1} << a);
                progress = true;
            }
        }
        return remaining == 0;
    }
    std::vector<std::uint64_t> remaining(words_, 0);
    int left = 0;
    WorkMeter work(check);
    for (int a = 0; a < n_; ++a) {
        work.add(words_);
        const std::uint64_t* row = &data()[index(a, 0)];
        bool any = false;
        for (std::size_t w = 0; w < words_ && !any; ++w)
            any = row[w] != 0;
        if (any) {
            remaining[static_cast<std::size_t>(a >> 6)] |= std::uint64_t{1} << (a & 63);
            ++left;
        }
    }
    for (bool progress = true; progress && left > 0;) {
        progress = false;
        for (std::size_t aw = words_; aw-- > 0;) {
            for (std::uint64_t m = remaining[aw]; m != 0;) {
                const int bit = 63 - __builtin_clzll(m);
                m &= ~(std::uint64_t{1} << bit);
                const int a = static_cast<int>(aw * 64) + bit;
                work.add(words_);
                const std::uint64_t* row = &data()[index(a, 0)];
                bool successor = false;
                for (std::size_t w = 0; w < words_ && !successor; ++w)
                    successor = (row[w] & remaining[w]) != 0;
                if (successor) continue;
                remaining[aw] &= ~(std::uint64_t{1} << (a & 63));
                --left;
                progress = true;
            }
        }
    }
    return left == 0;
}

std::vector<std::pair<int, int>> Relation::pairs() const {
    std::vector<std::pair<int, int>> out;
    forEachPair([&](int a, int b) { out.emplace_back(a, b); });
    return out;
}

} // namespace ptx
