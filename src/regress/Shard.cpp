#include "regress/Shard.hpp"

#include "support/Errors.hpp"

#include <charconv>

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

} // namespace ptx::regress
