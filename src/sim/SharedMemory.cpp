#include "sim/SharedMemory.hpp"

#include "sim/SimProgram.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace ptx::sim {

void SharedMemory::enqueue(const BankRequest& r) {
    auto key = [](const BankRequest& q) { return std::pair(q.warp, q.bank); };
    auto it = std::upper_bound(
        requests_.begin(), requests_.end(), r,
        [&](const BankRequest& a, const BankRequest& b) { return key(a) < key(b); });
    requests_.insert(it, r);
}

bool SharedMemory::atHead(std::size_t i) const {
    for (std::size_t j = 0; j < i; ++j)
        if (requests_[j].bank == requests_[i].bank && requests_[j].warp == requests_[i].warp)
            return false;
    return true;
}

int SharedMemory::queued(int warp, int bank) const {
    int n = 0;
    for (const auto& r : requests_)
        if (r.bank == bank && r.warp == warp) ++n;
    return n;
}

BankRequest SharedMemory::serve(std::size_t i) {
    const BankRequest r = requests_[i];
    requests_.erase(requests_.begin() + static_cast<std::ptrdiff_t>(i));
    return r;
}

void assignSharedWords(std::vector<SimLocation>& locations) {
    struct Extent {
        std::int64_t lo = 0, hi = 0;
    };
    std::map<int, Extent> extents; // shared variable (base index, first-named order) -> offsets
    for (const auto& l : locations) {
        if (!l.shared) continue;
        auto [it, inserted] = extents.try_emplace(l.base, Extent{l.offset, l.offset});
        if (!inserted) {
            it->second.lo = std::min(it->second.lo, l.offset);
            it->second.hi = std::max(it->second.hi, l.offset);
        }
    }
    std::map<int, std::int64_t> firstWord;
    std::int64_t next = 0;
    for (const auto& [base, e] : extents) {
        firstWord[base] = next;
        next += (e.hi - e.lo) / 4 + 1;
    }
    for (auto& l : locations) {
        l.word = -1;
        if (!l.shared) continue;
        l.word = firstWord[l.base] + (l.offset - extents[l.base].lo) / 4;
    }
}

} // namespace ptx::sim
