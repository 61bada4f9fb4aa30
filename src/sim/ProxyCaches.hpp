// An SM's caches for the non-generic proxies (PTX 7.5's mixed-proxy model; docs/simulator.md,
// "Proxies"): the texture and constant caches, read-only and not coherent with the L1 (CUDA's
// memory hierarchy puts them beside it, per SM); the surface cache, whose stores wait in a
// write buffer of the SM before they are written back into the L1. Lines are tagged by virtual
// address (a location of SimProgram), and hold copies of the physical location's writes, which
// only move forward in coherence (Cache.hpp). A fence.proxy.K of a thread of the SM is what
// brings K's cache and the generic levels together (ProxyAccess.cpp).
#pragma once

#include "model/Program.hpp"
#include "sim/Cache.hpp"
#include "sim/StoreBuffer.hpp"

#include <vector>

namespace ptx::sim {

struct ProxyCaches {
    Cache texture;
    Cache constant;
    Cache surface;
    /// `sust` stores of the SM's threads, in issue order; entries to one location are written
    /// back in that order (FIFO per location), entries to different locations in any order.
    StoreBuffer surfaceWrites;

    ProxyCaches() = default;
    ProxyCaches(const std::vector<Versioned>& initial, bool warm)
        : texture(initial, warm), constant(initial, warm), surface(initial, warm) {}

    /// The cache of a non-generic proxy.
    [[nodiscard]] Cache& cache(Proxy p) {
        return p == Proxy::Texture ? texture : p == Proxy::Constant ? constant : surface;
    }
    [[nodiscard]] const Cache& cache(Proxy p) const {
        return p == Proxy::Texture ? texture : p == Proxy::Constant ? constant : surface;
    }
    friend bool operator==(const ProxyCaches&, const ProxyCaches&) = default;
};

} // namespace ptx::sim
