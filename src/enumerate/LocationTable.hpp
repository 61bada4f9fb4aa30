// The locations of a program: every name used as an address, initialised, or read in the
// condition, plus `name+offset` locations of offset addresses. Each location has an address
// value (for pointer registers): (index + 1) * 2^32 + offset.
//
// Locations are physical: an alias (`y @ generic aliases x`, `t @ texture aliases x`) names its
// target's location. Virtual addresses tell aliases apart: every location is its own virtual
// address, a generic alias gets a new one, and a proxy alias shares its target's (it is the
// same generic address seen through another proxy).
#pragma once

#include "model/Names.hpp"
#include "model/Program.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ptx {

class LocationTable {
  public:
    explicit LocationTable(const Program& program);

    [[nodiscard]] const std::vector<std::string>& names() const { return names_; }
    [[nodiscard]] int size() const { return static_cast<int>(names_.size()); }
    /// Index of a location by name (`x`, `x+4`); adds offset locations on first use.
    [[nodiscard]] std::optional<int> find(const std::string& name) const;
    /// The pointer value of `&base + offset` (throws EnumerationError for an alias).
    [[nodiscard]] std::int64_t addressValue(const std::string& base, std::int64_t offset = 0) const;
    /// The location a pointer value designates, if any.
    [[nodiscard]] std::optional<int> locationOfAddress(std::int64_t value) const;
    /// A pointer value as its base location's name and an offset within ±2^31 (`x`, -4 for the
    /// address of `x-4`), if it is near a base's address.
    [[nodiscard]] std::optional<std::pair<std::string, std::int64_t>>
    pointerParts(std::int64_t value) const;
    /// The virtual address `name` designates (location names and aliases), if any.
    [[nodiscard]] std::optional<int> findVirtual(const std::string& name) const;
    /// The initial value of each location (by index): the init block's value or 0.
    [[nodiscard]] std::int64_t initialValue(int location) const {
        return init_[static_cast<std::size_t>(location)];
    }

    /// The location `name` (`x+2`), added if new, with initial value `initial` (a byte segment
    /// of a mixed-size location, check/MixedSizes.hpp). Not after generic aliases (their
    /// virtual addresses follow the locations'): EnumerationError.
    int addSegment(const std::string& name, std::int64_t initial);

  private:
    int add(const std::string& name);
    std::vector<std::string> names_;
    std::vector<std::int64_t> init_;
    std::map<std::string, int> index_;
    std::map<std::string, int> baseIndex_; // base names (without offset) -> address index
    struct AliasTarget {
        int location = -1;
        int virtualAddress = -1;
    };
    std::map<std::string, AliasTarget> aliases_;
    std::set<std::string> aliasNames_; // known before aliases_ is filled (add() skips them)
};

} // namespace ptx
