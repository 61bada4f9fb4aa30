// The parts of our JSON histogram format that both its readers (campaign and cuda) share: the
// document itself (a syntax error at its line), counts and outcomes.
#pragma once

#include "campaign/ObservationText.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace ptx::campaign {

/// The JSON document `text`; a syntax error is an ObservationError at its line.
[[nodiscard]] nlohmann::json parseJsonDocument(std::string_view text, const std::string& file);

/// `value` as the JSON text a message shows: `"seen"`, `1.5`, `{"x": 1}` (quoted, cut short).
[[nodiscard]] std::string shownJson(const nlohmann::json& value);

/// The count `value` of the key `key`: a non-negative integer below 2^64 (JSON numbers past
/// 2^64 arrive as floats; they are errors, never rounded).
[[nodiscard]] std::uint64_t jsonCount(const nlohmann::json& value, const std::string& key,
                                      const Position& at);

/// `{"1:r0": 1, "x": 2}`: a non-empty object of observables and 64-bit signed integer values.
[[nodiscard]] Outcome jsonOutcome(const nlohmann::json& value, const Position& at);

} // namespace ptx::campaign
