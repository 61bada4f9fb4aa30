// Running independent jobs on N threads, delivering results in input order as soon as every
// earlier one is done (so output is deterministic and still streams).
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace ptx {

/// Computes work(i) for i in [0, n) on `threads` threads; calls deliver(i, result) in order of i,
/// on the calling thread. When deliver returns false, no further job starts and no further
/// result is delivered (jobs already running finish first). Returns how many were delivered.
template <class Result>
std::size_t runOrdered(std::size_t n, unsigned threads,
                       const std::function<Result(std::size_t)>& work,
                       const std::function<bool(std::size_t, Result&)>& deliver) {
    std::vector<std::optional<Result>> results(n);
    std::mutex m;
    std::condition_variable ready;
    std::atomic<std::size_t> next{0};
    std::atomic<bool> cancelled{false};
    auto worker = [&] {
        for (std::size_t i = next++; i < n && !cancelled; i = next++) {
            Result r = work(i);
            std::lock_guard<std::mutex> lock(m);
            results[i] = std::move(r);
            ready.notify_all();
        }
    };
    std::vector<std::jthread> pool;
    const unsigned count = std::max(1U, std::min<unsigned>(threads, static_cast<unsigned>(n)));
    for (unsigned t = 0; t < count; ++t)
        pool.emplace_back(worker);
    std::size_t delivered = 0;
    for (std::size_t i = 0; i < n; ++i) {
        std::unique_lock<std::mutex> lock(m);
        ready.wait(lock, [&] { return results[i].has_value(); });
        Result r = std::move(*results[i]);
        results[i].reset();
        lock.unlock();
        ++delivered;
        if (!deliver(i, r)) {
            cancelled = true;
            break;
        }
    }
    return delivered; // the pool joins here
}

} // namespace ptx
