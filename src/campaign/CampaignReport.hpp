// A campaign's results for people (a table with one row per test and GPU, then a summary line
// per GPU) and for machines (JSON lines, JUnit XML). Every row says what its data says and no
// more: `weak 214/3200000` for a count of the condition's runs, `seen` for a flag, `12 outcomes,
// 5000 runs` for a histogram.
#pragma once

#include "campaign/Campaign.hpp"

#include <string>

namespace ptx::campaign {

/// What the record observed, in a few words (the table's `observed` column).
[[nodiscard]] std::string observedSummary(const ObservationRecord& record);

/// The table; with `details`, each row is followed by its observed outcomes (count or flag,
/// each model's answer, SC's) and, for a complete histogram, the allowed outcomes never seen.
/// Ends with a summary line per GPU, the unmatched names on both sides, and a `Result:` line.
[[nodiscard]] std::string formatCampaign(const CampaignResult& result, bool details);

/// One JSON object per row, one per line, then `{"summary": {...}}` (see docs/hardware.md).
[[nodiscard]] std::string campaignJsonLines(const CampaignResult& result);

/// JUnit XML: a test case per row (`TEST on GPU`); an observed forbidden outcome is a
/// <failure>, an undecided test or an unmatched record an <error>.
[[nodiscard]] std::string campaignJUnit(const CampaignResult& result);

} // namespace ptx::campaign
