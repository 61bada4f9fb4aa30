// Our JSON format, in the shapes it takes:
//
//   [{"outcome": {"1:r0": 1, "x": 2}, "count": 5}, ...]           one nameless histogram
//   {"test": "MP", "gpu": "H100", "total": 100000, "histogram": [...]}   one test
//   [{"test": "MP", "histogram": [...]}, {"test": "SB", ...}]     several tests (told apart
//                                                                 from the first shape by the
//                                                                 first element's "histogram")
//
// An entry of a histogram is {"outcome": {...}} or {"condition": "weak"|"satisfying"|
// "violating"}, with "count": N or "seen": true|false. A record is complete when every entry is
// an outcome with a count and "total" is absent or equal to their sum; a "total" below a sum is
// an error. Unknown keys are errors (a misspelt "cout" must not make a count disappear). JSON
// has no lines to point at: messages say `file: error: test MP, entry 3: ...`.
#include "campaign/FormatReaders.hpp"
#include "campaign/JsonFields.hpp"
#include "campaign/ObservationError.hpp"
#include "campaign/OutcomeTally.hpp"

#include "support/Text.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <optional>

namespace ptx::campaign {

namespace {

using Json = nlohmann::json;

using Keys = std::array<std::string_view, 4>;
constexpr Keys kTestKeys{"test", "gpu", "total", "histogram"};
constexpr Keys kEntryKeys{"outcome", "condition", "count", "seen"};

void checkKeys(const Json& object, const Keys& accepted, const Position& at) {
    for (const auto& [key, value] : object.items()) {
        if (std::find(accepted.begin(), accepted.end(), key) != accepted.end()) continue;
        std::string listed; // `"a", "b", "c"`
        for (const std::string_view k : accepted)
            listed += (listed.empty() ? "\"" : ", \"") + std::string(k) + "\"";
        fail(at, "found the key " + quotedText(key, '"') + ", expected one of " + listed);
    }
}

/// `prefix, entry K` (or `entry K`): where an entry is.
Position entryAt(const std::string& file, const std::string& prefix, std::size_t k) {
    const std::string label = "entry " + std::to_string(k + 1);
    return {file, 0, prefix.empty() ? label : prefix + ", " + label, label};
}

std::optional<ConditionRuns> conditionNamed(const std::string& name) {
    if (name == "weak") return ConditionRuns::Weak;
    if (name == "satisfying") return ConditionRuns::Satisfying;
    if (name == "violating") return ConditionRuns::Violating;
    return std::nullopt;
}

/// One entry of a histogram list, its outcome checked against the others by `tally`.
ObservedOutcome readEntry(const Json& entry, const Position& at, OutcomeTally& tally,
                          std::map<ConditionRuns, std::string>& conditionsAt) {
    if (!entry.is_object())
        fail(at, "found " + shownJson(entry) +
                     ", expected an object such as {\"outcome\": {\"1:r0\": 1}, \"count\": 5}");
    checkKeys(entry, kEntryKeys, at);
    const bool hasOutcome = entry.contains("outcome"), hasCondition = entry.contains("condition");
    if (hasOutcome == hasCondition)
        fail(at, std::string(hasOutcome ? "found both" : "found neither") +
                     " \"outcome\" and \"condition\", expected one of them");
    const bool hasCount = entry.contains("count"), hasSeen = entry.contains("seen");
    if (hasCount == hasSeen)
        fail(at, std::string(hasCount ? "found both" : "found neither") +
                     " \"count\" and \"seen\", expected one of them");
    ObservedOutcome o;
    if (hasCount) {
        o.count = jsonCount(entry["count"], "count", at);
        o.seen = *o.count > 0;
    } else if (!entry["seen"].is_boolean()) {
        fail(at, "found \"seen\": " + shownJson(entry["seen"]) + ", expected true or false");
    } else {
        o.seen = entry["seen"].get<bool>();
    }
    if (hasOutcome) {
        o.outcome = jsonOutcome(entry["outcome"], at);
        tally.add(*o.outcome, o.count, at);
        return o;
    }
    const Json& condition = entry["condition"];
    const auto runs =
        condition.is_string() ? conditionNamed(condition.get<std::string>()) : std::nullopt;
    if (!runs)
        fail(at, "found \"condition\": " + shownJson(condition) +
                     ", expected \"weak\", \"satisfying\" or \"violating\"");
    o.runs = *runs;
    const auto [first, added] = conditionsAt.emplace(*runs, at.label);
    if (!added)
        fail(at, "found the condition " + shownJson(condition) + " again at " + at.label +
                     " (first at " + first->second + "), expected each condition once");
    return o;
}

/// A count of `what` above the runs "total" says is an error at `at`.
void checkWithinTotal(std::uint64_t count, std::uint64_t total, const std::string& what,
                      const Position& at) {
    if (count > total)
        fail(at, "found \"total\": " + std::to_string(total) + ", expected at least " +
                     std::to_string(count) + ", " + what);
}

/// The record of a histogram list; `prefix` says where it is in messages (`test MP`).
ObservationRecord readHistogram(const Json& list, ObservationRecord record,
                                std::optional<std::uint64_t> total, const std::string& prefix) {
    const Position at{record.file, 0, prefix, prefix};
    if (!list.is_array())
        fail(at, "found \"histogram\": " + shownJson(list) + ", expected a list of entries");
    if (list.empty())
        fail(at, "found an empty histogram, expected at least one entry (an empty histogram says "
                 "nothing)");
    OutcomeTally tally;
    std::map<ConditionRuns, std::string> conditionsAt;
    bool countedOutcomes = true; // every entry an outcome with a count
    for (std::size_t k = 0; k < list.size(); ++k) {
        record.outcomes.push_back(
            readEntry(list[k], entryAt(record.file, prefix, k), tally, conditionsAt));
        record.outcomes.back().entry = static_cast<int>(k) + 1;
        countedOutcomes =
            countedOutcomes && record.outcomes.back().outcome && record.outcomes.back().count;
    }
    // Satisfying and violating runs are disjoint: their sum is runs too.
    std::optional<std::uint64_t> satisfying, violating;
    for (const ObservedOutcome& o : record.outcomes)
        if (!o.outcome && o.count && o.runs != ConditionRuns::Weak)
            (o.runs == ConditionRuns::Satisfying ? satisfying : violating) = o.count;
    std::optional<std::uint64_t> conditionRuns;
    if (satisfying && violating)
        conditionRuns =
            addCounts(*satisfying, *violating, at, "the sum of satisfying and violating runs");
    if (total) {
        checkWithinTotal(tally.total(), *total, "the sum of the outcomes' counts", at);
        if (conditionRuns)
            checkWithinTotal(*conditionRuns, *total, "the satisfying and violating runs", at);
        for (const ObservedOutcome& o : record.outcomes)
            if (!o.outcome && o.count)
                checkWithinTotal(*o.count, *total, "a condition entry's count", at);
    }
    record.complete = countedOutcomes && (!total || *total == tally.total());
    if (total)
        record.total = total;
    else if (record.complete)
        record.total = tally.total();
    else if (conditionRuns && conditionsAt.size() == 2 && list.size() == 2)
        record.total = conditionRuns;
    return record;
}

/// The name as messages show it: plain when it is a plain word.
std::string shownName(const std::string& name) {
    const bool plain = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return c > ' ' && c < 0x7f && c != '`';
    });
    return plain ? name : quotedText(name, '`');
}

/// `{"test": ..., "gpu": ..., "total": ..., "histogram": [...]}`; `where` names it in messages
/// until its name is known (`test 2` in a list, empty alone).
ObservationRecord readTest(const Json& object, const std::string& file, const std::string& where) {
    ObservationRecord record;
    record.file = file;
    const auto stringField = [&](const char* key, const Position& at) -> std::string {
        if (!object.contains(key)) return "";
        if (!object[key].is_string())
            fail(at, "found \"" + std::string(key) + "\": " + shownJson(object[key]) +
                         ", expected a string");
        return object[key].get<std::string>();
    };
    record.test = stringField("test", Position{file, 0, where, where});
    const std::string prefix = record.test.empty() ? where : "test " + shownName(record.test);
    const Position at{file, 0, prefix, prefix};
    checkKeys(object, kTestKeys, at);
    record.gpu = stringField("gpu", at);
    std::optional<std::uint64_t> total;
    if (object.contains("total")) total = jsonCount(object["total"], "total", at);
    if (!object.contains("histogram"))
        fail(at, "found no \"histogram\", expected {\"test\": \"NAME\", \"histogram\": [...]}");
    return readHistogram(object["histogram"], std::move(record), total, prefix);
}

} // namespace

std::vector<ObservationRecord> readObservationJson(std::string_view text, const std::string& file) {
    const Json doc = parseJsonDocument(text, file);
    if (doc.is_object()) return {readTest(doc, file, "")};
    const Position whole{file, 0, "", ""};
    if (!doc.is_array())
        fail(whole, "found " + shownJson(doc) + ", expected a JSON list or object");
    if (doc.empty())
        fail(whole, "found an empty list, expected histogram entries or test objects (an empty "
                    "histogram says nothing)");
    if (!(doc[0].is_object() && doc[0].contains("histogram"))) {
        ObservationRecord record;
        record.file = file;
        return {readHistogram(doc, std::move(record), std::nullopt, "")};
    }
    std::vector<ObservationRecord> records;
    for (std::size_t k = 0; k < doc.size(); ++k) {
        const std::string where = "test " + std::to_string(k + 1);
        if (!doc[k].is_object())
            fail(Position{file, 0, where, where},
                 "found " + shownJson(doc[k]) +
                     ", expected a test object {\"test\": \"NAME\", "
                     "\"histogram\": [...]} like the first");
        records.push_back(readTest(doc[k], file, where));
    }
    return records;
}

} // namespace ptx::campaign
