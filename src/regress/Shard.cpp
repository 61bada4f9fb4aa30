#include "regress/Shard.hpp"

#include "support/Errors.hpp"

#include <algorithm>
#include <charconv>
#include <numeric>

namespace ptx::regress {
namespace {

std::size_t number(const std::string& text, const std::string& whole) {
    std::size_t value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end)
        throw InputError("--shard: expected I/N with numbers, found `" + whole + "`");
    return value;
}

} // namespace

Shard parseShard(const std::string& text) {
    const auto slash = text.find('/');
    if (slash == std::string::npos)
        throw InputError("--shard: expected I/N (e.g. 2/4), found `" + text + "`");
    const Shard s{number(text.substr(0, slash), text), number(text.substr(slash + 1), text)};
    if (s.count == 0 || s.index == 0 || s.index > s.count)
        throw InputError("--shard: need 1 <= I <= N, found `" + text + "`");
    return s;
}

bool inShard(const Shard& shard, std::size_t k) {
    return k % shard.count + 1 == shard.index;
}

std::vector<std::size_t> balancedShards(const std::vector<double>& costs, std::size_t n) {
    std::vector<std::size_t> order(costs.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return costs[a] > costs[b]; });
    std::vector<double> load(n, 0.0);
    std::vector<std::size_t> shardOfTest(costs.size(), 1);
    for (const std::size_t k : order) {
        const auto lightest =
            static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
        load[lightest] += costs[k];
        shardOfTest[k] = lightest + 1;
    }
    return shardOfTest;
}

} // namespace ptx::regress
