// Mixed-size accesses, byte by byte (docs/model-races.md, "Mixed-size accesses"). A memory access
// covers the bytes [address, address + size). Where two accesses of a location overlap in part,
// the location's bytes are cut into segments, the maximal byte ranges no access boundary crosses,
// and every access of it becomes one event per segment it covers: its pieces. Each piece keeps its
// instruction's range (Event::accessLocation, accessBytes: complete overlap, and so morally
// strong, is about instructions, not pieces), the pieces of one access share their place in
// program order (unordered among themselves), a read's register is assembled little-endian from
// the bytes its pieces read (zero- or sign-extended by its type), and a write's pieces write the
// bytes of its value. rf, co, coherence and atomicity then hold per segment, as in herd's and
// Dat3M's mixed-size models. Tests without such a location are left as they are.
#pragma once

#include "enumerate/Candidates.hpp"
#include "model/Program.hpp"

namespace ptx {

/// Splits the accesses of every location that two accesses overlap in part into pieces, as
/// above. Throws Unsupported (`file:line:col: error: ...`, exit 2) for what is not modelled on
/// such a location: a read of it by the condition, the filter or the `locations` clause, an alias
/// of it, two init entries covering one byte, a loop of failing atom.cas on it.
/// Returns whether any location was split.
bool splitMixedSizes(const Program& program, ProgramPaths& paths);

} // namespace ptx
