#include "enumerate/UndoableClosure.hpp"

namespace ptx {

void UndoableClosure::add(int a, int b) {
    const int n = r_.size();
    std::vector<int> before{a}, after{b};
    for (int x = 0; x < n; ++x) {
        if (r_.has(x, a)) before.push_back(x);
        if (r_.has(b, x)) after.push_back(x);
    }
    for (const int x : before)
        for (const int y : after)
            if (!r_.has(x, y)) {
                r_.add(x, y);
                log_.emplace_back(x, y);
            }
}

void UndoableClosure::undoTo(std::size_t mark) {
    while (log_.size() > mark) {
        r_.remove(log_.back().first, log_.back().second);
        log_.pop_back();
    }
}

} // namespace ptx
