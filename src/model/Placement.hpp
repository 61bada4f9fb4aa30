// Where a test's threads run: as its thread headers say (`P0@cta 0,gpu 0`), or as a hardware
// campaign actually ran them (all in one CTA, or each in a CTA of its own). Scopes, barriers and
// morally-strong pairs all follow the CTAs, so the placement can change what the model allows.
#pragma once

#include "model/Program.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace ptx {

enum class Placement {
    AsWritten,    // the test's own thread headers
    OneCta,       // every thread in CTA 0 of GPU 0
    CtaPerThread, // thread i (in header order) in CTA i of GPU 0
};

[[nodiscard]] const char* placementName(Placement p); // as-written, one-cta, cta-per-thread
[[nodiscard]] std::optional<Placement> parsePlacement(std::string_view name);

/// `program` with its threads placed by `p`. A test with barriers or shared memory (a `.shared`
/// access, a location mapped to shared) is only taken as written: moving its threads between
/// CTAs would change which of them a barrier waits for and which copy of shared memory they
/// see. For such a test, a placement that changes which threads share a CTA throws InputError
/// naming the test and the reason.
[[nodiscard]] Program placed(Program program, Placement p);

} // namespace ptx
