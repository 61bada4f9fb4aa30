#include "gen/SyncWeakening.hpp"

#include "gen/NameTable.hpp"

namespace ptx::gen {
namespace {

constexpr NameTable<SyncWeakening, 4> kNames{{{SyncWeakening::None, "none"},
                                              {SyncWeakening::Acquire, "acquire"},
                                              {SyncWeakening::Release, "release"},
                                              {SyncWeakening::Both, "both"}}};

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
    switch (w) {
    case SyncWeakening::None:
        return "";
    case SyncWeakening::Acquire:
        return "+acq2rx";
    case SyncWeakening::Release:
        return "+rel2rx";
    case SyncWeakening::Both:
        return "+acqrel2rx";
    }
    return "";
}

std::string describe(SyncWeakening w) {
    switch (w) {
    case SyncWeakening::None:
        return "";
    case SyncWeakening::Acquire:
        return "acquires relaxed";
    case SyncWeakening::Release:
        return "releases relaxed";
    case SyncWeakening::Both:
        return "acquires and releases relaxed";
    }
    return "";
}

std::string acquireSemantics(SyncWeakening w) {
    return w == SyncWeakening::Acquire || w == SyncWeakening::Both ? "relaxed" : "acquire";
}

std::string releaseSemantics(SyncWeakening w) {
    return w == SyncWeakening::Release || w == SyncWeakening::Both ? "relaxed" : "release";
}

} // namespace ptx::gen
