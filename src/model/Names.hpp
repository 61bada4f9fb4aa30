// The PTX spellings of the IR's enumerations (`cta`, `relaxed`, `exch`, `eq`, ...), shared by the
// parser's printer, the simulator, the CUDA emitter and explanations.
#pragma once

#include "model/Program.hpp"

#include <cstdint>
#include <string>
#include <utility>

namespace ptx {

[[nodiscard]] const char* scopeName(Scope scope);
[[nodiscard]] const char* semName(Sem sem);
[[nodiscard]] const char* atomOpName(AtomOp op);
[[nodiscard]] const char* binOpName(BinOp op);
[[nodiscard]] const char* cmpName(CmpOp op);   // eq, ne, lt...
[[nodiscard]] const char* cmpSymbol(CmpOp op); // ==, !=, <... (conditions, C)
[[nodiscard]] const char* proxyName(Proxy proxy);

/// `popc`, `and`, `or`: the vote of `bar.red`.
[[nodiscard]] std::string barrierReductionName(BarrierReduction op);
/// A barrier's mnemonic as written: `bar.cta.sync`, `bar.arrive`, `barrier.sync.aligned`,
/// `bar.red.popc.u32`, `barrier.red.and.aligned.pred`, ...
[[nodiscard]] std::string barrierMnemonic(const Barrier& b);

/// The name of the location `offset` bytes from `base`: `x` for offset 0, else `x+4`, `x-4`
/// (what the tools print, and what conditions write).
[[nodiscard]] std::string locationName(const std::string& base, std::int64_t offset);
/// The base and byte offset a location name (`x`, `x+4`, `x-4`) stands for: locationName's
/// inverse.
[[nodiscard]] std::pair<std::string, std::int64_t> locationParts(const std::string& name);

} // namespace ptx
