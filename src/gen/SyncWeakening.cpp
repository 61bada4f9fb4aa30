#include "gen/SyncWeakening.hpp"

#include "gen/NameTable.hpp"

#include <array>

namespace ptx::gen {
namespace {

constexpr NameTable<SyncWeakening, 4> kNames{{{SyncWeakening::None, "none"},
                                              {SyncWeakening::Acquire, "acquire"},
                                              {SyncWeakening::Release, "release"},
                                              {SyncWeakening::Both, "both"}}};

/// What a test's name and description say of each weakening.
struct WeakeningTexts {
    SyncWeakening value;
    const char* suffix;
    const char* description;
};
constexpr std::array<WeakeningTexts, 4> kTexts{
    {{SyncWeakening::None, "", ""},
     {SyncWeakening::Acquire, "+acq2rx", "acquires relaxed"},
     {SyncWeakening::Release, "+rel2rx", "releases relaxed"},
     {SyncWeakening::Both, "+acqrel2rx", "acquires and releases relaxed"}}};

const WeakeningTexts& textsOf(SyncWeakening w) {
    for (const WeakeningTexts& t : kTexts)
        if (t.value == w) return t;
    return kTexts.front();
}

} // namespace

std::string name(SyncWeakening w) {
    return nameIn(kNames, w);
}

SyncWeakening parseSyncWeakening(const std::string& s) {
    return parseIn(kNames, s, "--relax value");
}

std::vector<SyncWeakening> allSyncWeakenings() {
    return valuesIn(kNames);
}

std::string nameSuffix(SyncWeakening w) {
    return textsOf(w).suffix;
}

std::string describe(SyncWeakening w) {
    return textsOf(w).description;
}

std::string acquireSemantics(SyncWeakening w) {
    return w == SyncWeakening::Acquire || w == SyncWeakening::Both ? "relaxed" : "acquire";
}

std::string releaseSemantics(SyncWeakening w) {
    return w == SyncWeakening::Release || w == SyncWeakening::Both ? "relaxed" : "release";
}

} // namespace ptx::gen
