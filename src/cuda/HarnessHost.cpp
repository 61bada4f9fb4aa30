#include "cuda/HarnessRuntime.hpp"

namespace ptx::cuda {

std::string_view runtimeHost() {
    return R"CUDA(
// ---- host side --------------------------------------------------------------------------------

#define CHECK(call)                                                                              \
    do {                                                                                         \
        const cudaError_t err_ = (call);                                                         \
        if (err_ != cudaSuccess) {                                                               \
            std::fprintf(stderr, "%s: CUDA error %s at %s:%d\n", kName, cudaGetErrorString(err_), \
                         __FILE__, __LINE__);                                                    \
            std::exit(2);                                                                        \
        }                                                                                        \
    } while (0)

struct Options {
    unsigned long long iterations = 100000;
    unsigned instances = 0;  // 0: 32 per SM
    unsigned chunk = 1000;
    bool stress = false;
    unsigned stressBlocks = 0;  // 0: one per SM
    unsigned stressLines = 64;
    unsigned seed = 1;
    unsigned stride = 1;
    unsigned spinCap = 4096;
    unsigned long long barrierCap = 1ull << 24;
    unsigned tableSize = 4096;
    int device = 0;
    bool deviceName = false;
};

static void usage(const char* argv0) {
    std::printf(
        "usage: %s [options]\n"
        "Runs litmus test %s on a GPU and prints the histogram of outcomes (litmus7 layout).\n"
        "  --iterations N     kernel iterations; each runs every instance once (default 100000)\n"
        "  --instances N      instances per iteration, a multiple of 32 (default 32 per SM)\n"
        "  --chunk N          iterations per launch; tables are reshuffled per launch (1000)\n"
        "  --stress           run memory stress in non-testing blocks\n"
        "  --stress-blocks N  stress blocks (default one per SM; implies --stress)\n"
        "  --stress-lines N   128-byte scratchpad lines the stress targets (64)\n"
        "  --seed N           seed of the thread pairing and location permutations (1)\n"
        "  --stride N         copies' slots (8 bytes, or a mixed-size location's words) between\n"
        "                     consecutive instance copies (1)\n"
        "  --spin-cap N       backward branches a thread may take per run; capped runs are not\n"
        "                     counted (4096)\n"
        "  --barrier-cap N    spins before a grid barrier gives up and discards the launch\n"
        "  --table N          outcome table slots, a power of two (4096)\n"
        "  --device N         CUDA device (0)\n"
        "  --device-name      print the device name as a file name and exit\n",
        argv0, kName);
}

static Options parseOptions(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> unsigned long long {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "%s: %s needs a value\n", argv[0], arg.c_str());
                std::exit(2);
            }
            char* end = nullptr;
            const unsigned long long v = std::strtoull(argv[++i], &end, 10);
            if (end == argv[i] || *end != '\0') {
                std::fprintf(stderr, "%s: bad value for %s: %s\n", argv[0], arg.c_str(), argv[i]);
                std::exit(2);
            }
            return v;
        };
        if (arg == "--iterations") o.iterations = value();
        else if (arg == "--instances") o.instances = (unsigned)value();
        else if (arg == "--chunk") o.chunk = std::max(1u, (unsigned)value());
        else if (arg == "--stress") o.stress = true;
        else if (arg == "--stress-blocks") { o.stressBlocks = (unsigned)value(); o.stress = true; }
        else if (arg == "--stress-lines") o.stressLines = std::max(1u, (unsigned)value());
        else if (arg == "--seed") o.seed = (unsigned)value();
        else if (arg == "--stride") o.stride = std::max(1u, (unsigned)value());
        else if (arg == "--spin-cap") o.spinCap = std::max(1u, (unsigned)value());
        else if (arg == "--barrier-cap") o.barrierCap = value();
        else if (arg == "--table") o.tableSize = (unsigned)value();
        else if (arg == "--device") o.device = (int)value();
        else if (arg == "--device-name") o.deviceName = true;
        else if (arg == "-h" || arg == "--help") { usage(argv[0]); std::exit(0); }
        else {
            std::fprintf(stderr, "%s: unknown option %s (try --help)\n", argv[0], arg.c_str());
            std::exit(2);
        }
    }
    if ((o.tableSize & (o.tableSize - 1)) != 0 || o.tableSize == 0) {
        std::fprintf(stderr, "%s: --table must be a power of two\n", argv[0]);
        std::exit(2);
    }
    return o;
}

static std::vector<unsigned> permutation(unsigned n, std::mt19937_64& rng) {
    std::vector<unsigned> p(n);
    std::iota(p.begin(), p.end(), 0u);
    std::shuffle(p.begin(), p.end(), rng);
    return p;
}

template <class T> static T* deviceArray(size_t n) {
    T* p = nullptr;
    CHECK(cudaMalloc(&p, std::max<size_t>(n, 1) * sizeof(T)));
    CHECK(cudaMemset(p, 0, std::max<size_t>(n, 1) * sizeof(T)));
    return p;
}

int main(int argc, char** argv) {
    const Options opt = parseOptions(argc, argv);
    CHECK(cudaSetDevice(opt.device));
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, opt.device));
    if (opt.deviceName) {
        std::string name = prop.name;
        for (char& c : name)
            if (!std::isalnum((unsigned char)c) && c != '-' && c != '.') c = '-';
        std::printf("%s\n", name.c_str());
        return 0;
    }
    const unsigned sms = (unsigned)prop.multiProcessorCount;
    const unsigned blockDim = 32u * kWarpsPerBlock;
    int perSm = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, litmusKernel, (int)blockDim, 0));
    const unsigned maxBlocks = (unsigned)perSm * sms;
    unsigned stressBlocks = opt.stress ? (opt.stressBlocks ? opt.stressBlocks : sms) : 0u;
    stressBlocks = std::min(stressBlocks, maxBlocks > (unsigned)kRoles ? maxBlocks - kRoles : 0u);
    unsigned sets = opt.instances ? (opt.instances + 31u) / 32u : std::max(1u, sms / kRoles);
    sets = std::max(1u, std::min(sets, (maxBlocks - stressBlocks) / kRoles));
    const unsigned instances = sets * 32u;
    const unsigned testingBlocks = sets * kRoles;

    // Device memory.
    const size_t words = (size_t)kLocations * instances * opt.stride * kSlotWords;
    KernelArgs a{};
    a.mem = deviceArray<unsigned long long>(words);
    unsigned* addrOf = deviceArray<unsigned>((size_t)kLocations * instances);
    unsigned* instOf = deviceArray<unsigned>((size_t)kThreads * instances);
    a.addrOf = addrOf;
    a.instOf = instOf;
    a.results = deviceArray<long long>((size_t)kRecorded * instances);
    a.capped = deviceArray<unsigned>(instances);
    a.table.keys = deviceArray<long long>((size_t)opt.tableSize * kKeyWidth);
    a.table.state = deviceArray<unsigned>(opt.tableSize);
    a.table.counts = deviceArray<unsigned long long>(opt.tableSize);
    a.table.capacity = opt.tableSize;
    a.ctl = deviceArray<Control>(1);
    a.votes = deviceArray<unsigned long long>((size_t)kVoteSlots * instances);
    a.scratchLines = opt.stressLines;
    a.scratch = deviceArray<unsigned long long>((size_t)opt.stressLines * 16u);
    a.instances = instances;
    a.testingBlocks = testingBlocks;
    a.spinCap = opt.spinCap;
    a.seed = opt.seed;
    a.barrierCap = opt.barrierCap;

    std::map<std::vector<long long>, unsigned long long> histogram;
    unsigned long long capped = 0, filtered = 0, overflow = 0, discarded = 0, launches = 0;
    unsigned long long done = 0;
    std::vector<unsigned long long> memImage(words, 0);
    std::vector<unsigned> hostAddrOf((size_t)kLocations * instances);
    std::vector<unsigned> hostInstOf((size_t)kThreads * instances);
    std::vector<long long> keys((size_t)opt.tableSize * kKeyWidth);
    std::vector<unsigned> state(opt.tableSize);
    std::vector<unsigned long long> counts(opt.tableSize);
    const auto start = std::chrono::steady_clock::now();
    while (done < opt.iterations) {
        const unsigned iters = (unsigned)std::min<unsigned long long>(opt.chunk, opt.iterations - done);
        std::mt19937_64 rng(((unsigned long long)opt.seed << 32) ^ launches);
        // Locations: each location's copies are permuted so instances do not line up.
        for (int l = 0; l < kLocations; ++l) {
            const std::vector<unsigned> rho = permutation(instances, rng);
            for (unsigned i = 0; i < instances; ++i) {
                const unsigned w = ((unsigned)l * instances + rho[i]) * opt.stride * kSlotWords;
                hostAddrOf[(size_t)l * instances + i] = w;
                for (int k = 0; k < kSlotWords; ++k)
                    memImage[w + k] = (unsigned long long)hLocationInit[l * kSlotWords + k];
            }
        }
        // Threads: an instance's threads of one CTA share a block set; lanes are permuted.
        for (int r = 0; r < kRoles; ++r) {
            const std::vector<unsigned> sigma = permutation(instances, rng);
            for (int t = 0; t < kThreads; ++t) {
                if (hThreadRole[t] != r) continue;
                std::vector<unsigned> tau(32);
                std::iota(tau.begin(), tau.end(), 0u);
                if (hThreadWarp[t] != 0) tau = permutation(32, rng);
                for (unsigned i = 0; i < instances; ++i) {
                    const unsigned p = sigma[i];
                    hostInstOf[(size_t)t * instances + (p / 32u) * 32u + tau[p % 32u]] = i;
                }
            }
        }
        CHECK(cudaMemcpy(a.mem, memImage.data(), words * sizeof(unsigned long long), cudaMemcpyHostToDevice));
        CHECK(cudaMemcpy(addrOf, hostAddrOf.data(), hostAddrOf.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
        CHECK(cudaMemcpy(instOf, hostInstOf.data(), hostInstOf.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
        CHECK(cudaMemset(a.ctl, 0, sizeof(Control)));
        CHECK(cudaMemset(a.capped, 0, instances * sizeof(unsigned)));
        CHECK(cudaMemset(a.table.state, 0, opt.tableSize * sizeof(unsigned)));
        CHECK(cudaMemset(a.table.counts, 0, opt.tableSize * sizeof(unsigned long long)));
        a.iterations = iters;
        a.seed = opt.seed + (unsigned)launches;
        litmusKernel<<<testingBlocks + stressBlocks, blockDim>>>(a);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        Control c;
        CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
        ++launches;
        if (c.broken) {
            ++discarded;
            if (discarded >= 3 && discarded * 2 > launches) {
                std::fprintf(stderr, "%s: grid barrier timeouts in %llu of %llu launches; giving up\n",
                             kName, discarded, launches);
                return 2;
            }
            continue;
        }
        CHECK(cudaMemcpy(keys.data(), a.table.keys, keys.size() * sizeof(long long), cudaMemcpyDeviceToHost));
        CHECK(cudaMemcpy(state.data(), a.table.state, state.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
        CHECK(cudaMemcpy(counts.data(), a.table.counts, counts.size() * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
        for (unsigned s = 0; s < opt.tableSize; ++s)
            if (state[s] == 2u)
                histogram[std::vector<long long>(keys.begin() + (size_t)s * kKeyWidth,
                                                 keys.begin() + (size_t)s * kKeyWidth + kProjected)] += counts[s];
        capped += c.capped;
        filtered += c.filtered;
        overflow += c.overflow;
        done += iters;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    unsigned long long positive = 0, negative = 0;
    for (const auto& [key, count] : histogram) (conditionHolds(key.data()) ? positive : negative) += count;
    const bool validated = kConditionKind == 0   ? positive > 0
                           : kConditionKind == 1 ? positive == 0
                                                 : negative == 0;
    const char* kinds[] = {"Allowed", "Forbidden", "Required"};
    std::printf("%% ptxlitmus CUDA harness for %s (from %s)\n", kName, kSource);
    std::printf("%% Device: %s (sm_%d%d, %u SMs)\n", prop.name, prop.major, prop.minor, sms);
    std::printf("%% Parameters: iterations=%llu instances=%u chunk=%u launches=%llu stress=%s "
                "stress-blocks=%u stress-lines=%u seed=%u stride=%u spin-cap=%u barrier-cap=%llu\n",
                opt.iterations, instances, opt.chunk, launches, stressBlocks ? "on" : "off",
                stressBlocks, opt.stressLines, opt.seed, opt.stride, opt.spinCap, opt.barrierCap);
    std::printf("%% Runs: %llu counted, %llu capped, %llu filtered, %llu overflowed, "
                "%llu launches discarded\n",
                positive + negative, capped, filtered, overflow, discarded);
    std::printf("Test %s %s\n", kName, kinds[kConditionKind]);
    std::printf("Histogram (%zu states)\n", histogram.size());
    for (const auto& [key, count] : histogram) {
        std::printf("%-8llu%s>", count, conditionHolds(key.data()) ? "*" : ":");
        for (int k = 0; k < kProjected; ++k) std::printf("%s%s=%lld;", k ? " " : "", hObservableNames[k], key[k]);
        std::printf("\n");
    }
    std::printf("%s\n\nWitnesses\n", validated ? "Ok" : "No");
    std::printf("Positive: %llu, Negative: %llu\n", positive, negative);
    std::printf("Condition %s is %svalidated\n", kCondition, validated ? "" : "NOT ");
    std::printf("Observation %s %s %llu %llu\n", kName,
                positive == 0 ? "Never" : negative == 0 ? "Always" : "Sometimes", positive, negative);
    std::printf("Time %s %.2f\n", kName, seconds);
    return 0;
}
)CUDA";
}

} // namespace ptx::cuda
