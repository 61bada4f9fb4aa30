// An allocator of zeroed memory for a vector of plain words: calloc zeroes it, and the vector's
// value-initialisation of each element is skipped. A block of megabytes comes from the kernel
// as pages that are zero until written, so a relation of 60,000 events (450 MB) costs nothing
// until its rows are written, where std::allocator zeroed every page first (a second, with no
// deadline check between) and a relation left empty (rmw, addr of a thread of stores) held its
// every page.
#pragma once

#include <cstdlib>
#include <new>
#include <type_traits>
#include <utility>

namespace ptx {

template <class T> struct ZeroedAllocator {
    static_assert(std::is_trivial_v<T>, "zeroed memory is a value only of a trivial type");
    using value_type = T;

    ZeroedAllocator() = default;
    template <class U> ZeroedAllocator(const ZeroedAllocator<U>& /*other*/) noexcept {}

    [[nodiscard]] T* allocate(std::size_t n) {
        void* p = std::calloc(n, sizeof(T));
        if (!p) throw std::bad_alloc();
        return static_cast<T*>(p);
    }
    void deallocate(T* p, std::size_t /*n*/) noexcept { std::free(p); }

    /// Value-initialisation (`resize(n)`) leaves the word as it is: zero in a block just
    /// allocated, whatever it held in one reused (a vector grown within its capacity).
    template <class U> void construct(U* /*p*/) noexcept {}
    template <class U, class... Args> void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }

    friend bool operator==(const ZeroedAllocator& /*a*/, const ZeroedAllocator& /*b*/) {
        return true;
    }
    friend bool operator!=(const ZeroedAllocator& /*a*/, const ZeroedAllocator& /*b*/) {
        return false;
    }
};

} // namespace ptx
