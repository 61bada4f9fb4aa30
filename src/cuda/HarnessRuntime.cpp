#include "cuda/HarnessRuntime.hpp"

namespace ptx::cuda {

std::string_view runtimePrelude() {
    return R"CUDA(#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <vector>
#include <cuda_runtime.h>

// Harness state shared by all blocks of a launch (zeroed before each launch).
struct Control {
    unsigned count;     // grid barrier: blocks arrived
    unsigned gen;       // grid barrier: generation
    unsigned broken;    // a grid barrier timed out: the launch is discarded
    unsigned finished;  // testing blocks done
    unsigned done;      // tells stress blocks to stop
    unsigned long long capped, filtered, overflow;
};

// Open-addressing table of outcomes: state 0 free, 1 being written, 2 ready.
struct OutcomeTable {
    long long* keys;
    unsigned* state;
    unsigned long long* counts;
    unsigned capacity;  // a power of two
};

struct KernelArgs {
    unsigned long long* mem;  // every instance's copy of every location, kSlotWords words each
    const unsigned* addrOf;   // [location][instance]: word offset of the copy in mem
    const unsigned* instOf;   // [thread][position]: instance run by the thread at a position
    long long* results;       // [recorded observable][instance]
    unsigned* capped;         // [instance]: some thread hit the spin cap
    OutcomeTable table;
    Control* ctl;
    unsigned long long* votes;    // [bar.red vote slot][instance]: each instance's votes
    unsigned long long* scratch;  // stress scratchpad
    unsigned scratchLines;
    unsigned instances, testingBlocks, iterations, spinCap, seed;
    unsigned long long barrierCap;
};

__device__ __forceinline__ unsigned loadAcquire(const unsigned* p) {
    unsigned v;
    asm volatile("ld.acquire.gpu.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
)CUDA";
}

std::string_view runtimeKernel() {
    return R"CUDA(
// ---- device side: barrier, classification, stress, kernel ----------------------------------

// Bounded grid barrier over the testing blocks (they are co-resident: the host sizes the grid
// from the occupancy). A timeout marks the launch broken instead of hanging the GPU.
__device__ bool gridBarrier(const KernelArgs& a) {
    __shared__ unsigned ok;
    __syncthreads();
    if (threadIdx.x == 0) {
        Control* c = a.ctl;
        const unsigned gen = loadAcquire(&c->gen);
        bool good = loadAcquire(&c->broken) == 0;
        if (good) {
            __threadfence();
            if (atomicAdd(&c->count, 1u) == a.testingBlocks - 1) {
                atomicExch(&c->count, 0u);
                __threadfence();
                atomicAdd(&c->gen, 1u);
            } else {
                for (unsigned long long n = 0; loadAcquire(&c->gen) == gen; ++n) {
                    if (loadAcquire(&c->broken) != 0) { good = false; break; }
                    if (n > a.barrierCap) { atomicExch(&c->broken, 1u); good = false; break; }
                }
            }
            __threadfence();
        }
        ok = good ? 1u : 0u;
    }
    __syncthreads();
    return ok != 0;
}

__device__ void countOutcome(const KernelArgs& a, const long long* key) {
    const OutcomeTable& t = a.table;
    unsigned long long h = 1469598103934665603ull;
    for (int k = 0; k < kProjected; ++k) h = (h ^ (unsigned long long)key[k]) * 1099511628211ull;
    for (unsigned probe = 0; probe < t.capacity; ++probe) {
        const unsigned slot = (unsigned)(h + probe) & (t.capacity - 1);
        unsigned s = atomicCAS(&t.state[slot], 0u, 1u);
        if (s == 0u) {
            for (int k = 0; k < kProjected; ++k) t.keys[slot * kKeyWidth + k] = key[k];
            __threadfence();
            atomicExch(&t.state[slot], 2u);
            atomicAdd(&t.counts[slot], 1ull);
            return;
        }
        while (s == 1u) s = loadAcquire(&t.state[slot]);
        __threadfence();
        bool same = true;
        for (int k = 0; k < kProjected; ++k)
            same = same && ((volatile long long*)t.keys)[slot * kKeyWidth + k] == key[k];
        if (same) {
            atomicAdd(&t.counts[slot], 1ull);
            return;
        }
    }
    atomicAdd(&a.ctl->overflow, 1ull);
}

// Reads instance i's final state, counts it, and puts its locations back to their initial values.
__device__ void classifyAndReset(const KernelArgs& a, unsigned i) {
    long long v[kKeyWidth + kFilterOnly];
    for (int k = 0; k < kRecorded; ++k) {
        const int loc = dRecordedLocation[k];
        if (loc < 0) {
            v[k] = a.results[(unsigned)k * a.instances + i];
        } else {
            const char* c = (const char*)(a.mem + a.addrOf[(unsigned)loc * a.instances + i]) +
                            dRecordedByte[k];
            v[k] = dRecordedBytes[k] == 8 ? *(const long long*)c : (long long)*(const int*)c;
        }
    }
    if (a.capped[i] != 0u) {
        atomicAdd(&a.ctl->capped, 1ull);
        a.capped[i] = 0u;
    } else if (!filterHolds(v)) {
        atomicAdd(&a.ctl->filtered, 1ull);
    } else {
        countOutcome(a, v);
    }
    for (int l = 0; l < kLocations; ++l)
        for (int w = 0; w < kSlotWords; ++w)
            a.mem[a.addrOf[(unsigned)l * a.instances + i] + w] =
                (unsigned long long)dLocationInit[l * kSlotWords + w];
}

// Non-testing blocks hammer a scratchpad until the testing blocks are done.
__device__ void stress(const KernelArgs& a) {
    unsigned x = a.seed * 2654435761u ^ (blockIdx.x * 7919u + threadIdx.x * 104729u);
    unsigned long long sink = 0;
    for (unsigned long long n = 0; n < (1ull << 32); ++n) {
        if ((n & 63u) == 0u && loadAcquire(&a.ctl->done) != 0u) break;
        x = x * 1664525u + 1013904223u;
        const unsigned idx = ((x >> 8) % a.scratchLines) * 16u + (threadIdx.x & 15u);
        if (n & 1u)
            ((volatile unsigned long long*)a.scratch)[idx] = x;
        else
            sink += ((volatile unsigned long long*)a.scratch)[idx];
    }
    if (sink == 42u) a.scratch[0] = sink;  // keeps the loads
}

__global__ void litmusKernel(KernelArgs a) {
    if (blockIdx.x >= a.testingBlocks) {
        stress(a);
        return;
    }
    const unsigned role = blockIdx.x % kRoles, set = blockIdx.x / kRoles;
    const int t = dRoleWarpThread[role * kWarpsPerBlock + threadIdx.x / 32u];
    const unsigned position = set * 32u + threadIdx.x % 32u;
    const unsigned gtid = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned stride = a.testingBlocks * blockDim.x;
    for (unsigned it = 0; it < a.iterations; ++it) {
        if (!gridBarrier(a)) break;
        if (t >= 0) {
            __syncwarp();
            runLitmusThread(t, a, a.instOf[(unsigned)t * a.instances + position]);
        }
        if (!gridBarrier(a)) break;
        for (unsigned i = gtid; i < a.instances; i += stride) classifyAndReset(a, i);
    }
    __syncthreads();
    if (threadIdx.x == 0 && atomicAdd(&a.ctl->finished, 1u) == a.testingBlocks - 1)
        atomicExch(&a.ctl->done, 1u);
}

)CUDA";
}

} // namespace ptx::cuda
