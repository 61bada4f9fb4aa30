#include "support/ProcessMemory.hpp"

#include <fstream>
#include <unistd.h>

namespace ptx {

std::uint64_t residentBytes() {
    std::ifstream statm("/proc/self/statm");
    std::uint64_t size = 0, resident = 0;
    if (!(statm >> size >> resident)) return 0;
    const long page = sysconf(_SC_PAGESIZE);
    return page > 0 ? resident * static_cast<std::uint64_t>(page) : 0;
}

} // namespace ptx
