// `--shard I/N`: a deterministic slice of a suite, so N machines can split it. Shards are
// numbered 1..N; test k (0-based, in the suite's sorted order) belongs to shard (k mod N) + 1,
// so every test is in exactly one shard and the shards' sizes differ by at most one. With
// costs (`--shard-costs`: the per-test times of an earlier run), the shards are balanced by
// cost instead (balancedShards).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace ptx::regress {

struct Shard {
    std::size_t index = 1; // 1-based
    std::size_t count = 1;
};

/// Parses `I/N` with 1 <= I <= N; throws std::invalid_argument otherwise.
[[nodiscard]] Shard parseShard(const std::string& text);

/// True when the k-th test (0-based) belongs to the shard.
[[nodiscard]] bool inShard(const Shard& shard, std::size_t k);

/// Balanced shards: the shard (1..n) of each test, given each test's cost. Longest cost first,
/// each to the shard with the least total so far (ties: the lower test index, the lower shard),
/// so every machine given the same costs computes the same split.
[[nodiscard]] std::vector<std::size_t> balancedShards(const std::vector<double>& costs,
                                                      std::size_t n);

/// The elements of `all` that belong to the shard, order kept.
template <class T>
[[nodiscard]] std::vector<T> shardOf(const std::vector<T>& all, const Shard& shard) {
    std::vector<T> out;
    for (std::size_t k = 0; k < all.size(); ++k)
        if (inShard(shard, k)) out.push_back(all[k]);
    return out;
}

} // namespace ptx::regress
