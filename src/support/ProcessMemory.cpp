#include "support/ProcessMemory.hpp"

#include <fstream>
#include <sys/resource.h>
#include <unistd.h>

namespace ptx {

std::uint64_t residentBytes() {
    std::ifstream statm("/proc/self/statm");
    std::uint64_t size = 0, resident = 0;
    if (!(statm >> size >> resident)) return 0;
    const long page = sysconf(_SC_PAGESIZE);
    return page > 0 ? resident * static_cast<std::uint64_t>(page) : 0;
}

ProcessUsage processUsage() {
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) != 0 || usage.ru_maxrss < 0) return {};
    auto seconds = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
    };
    return {static_cast<std::uint64_t>(usage.ru_maxrss) * 1024U, // Linux counts kilobytes
            seconds(usage.ru_utime) + seconds(usage.ru_stime)};
}

} // namespace ptx
