// A chain of one associative operator built as a balanced tree: a cat union of 20,000 terms
// becomes 16 levels, not 20,000, so that no recursive walk over it goes deep (CatParser.hpp,
// kMaxNesting; CatModel.hpp, kMaxRelationHeight).
#pragma once

#include <cstddef>
#include <vector>

namespace ptx::cat {

/// `parts[from, to)` (not empty) joined as a balanced tree, its left half as large as its right
/// or one larger (two or three parts group to the left): `join(left, right, mid)`, where `mid`
/// is the first part of the right half.
template <class T, class Join>
T balanced(const std::vector<T>& parts, std::size_t from, std::size_t to, const Join& join) {
    if (to - from == 1) return parts[from];
    const std::size_t mid = from + (to - from + 1) / 2;
    return join(balanced(parts, from, mid, join), balanced(parts, mid, to, join), mid);
}

} // namespace ptx::cat
