// Packed outcome storage: the engines' hash set (model/PackedOutcomeSet.hpp) and the checker's
// sorted list (model/OutcomeList.hpp).
#include "model/OutcomeList.hpp"
#include "model/PackedOutcomeSet.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <set>
#include <vector>

using namespace ptx;

namespace {

using Row = std::vector<std::int64_t>;

std::uint64_t sameHash(std::span<const std::int64_t>) {
    return 42;
}

std::set<Row> rowsOf(const PackedOutcomeSet& s) {
    std::set<Row> out;
    for (std::size_t i = 0; i < s.size(); ++i)
        out.emplace(s.row(i).begin(), s.row(i).end());
    return out;
}

} // namespace

TEST_CASE("packed outcome set: insert reports new rows, duplicates are kept once") {
    PackedOutcomeSet s(2);
    CHECK(s.empty());
    CHECK(s.insert(Row{1, 2}));
    CHECK(s.insert(Row{2, 1}));
    CHECK_FALSE(s.insert(Row{1, 2}));
    CHECK(s.size() == 2);
    CHECK(s.contains(Row{2, 1}));
    CHECK_FALSE(s.contains(Row{2, 2}));
    CHECK(s.values() == Row{1, 2, 2, 1}); // insertion order, packed
}

TEST_CASE("packed outcome set: growth keeps every row (10,000 rows, negative values)") {
    PackedOutcomeSet s(3);
    std::set<Row> expected;
    for (std::int64_t i = 0; i < 10000; ++i) {
        const Row r{i % 7, -i, i * 1000003};
        CHECK(s.insert(r));
        expected.insert(r);
    }
    for (std::int64_t i = 0; i < 10000; i += 3)
        CHECK_FALSE(s.insert(Row{i % 7, -i, i * 1000003}));
    CHECK(s.size() == 10000);
    CHECK(rowsOf(s) == expected);
    CHECK_FALSE(s.contains(Row{0, 1, 0}));
}

TEST_CASE("packed outcome set: rows whose hashes all collide are still told apart") {
    PackedOutcomeSet s(2, &sameHash);
    for (std::int64_t i = 0; i < 100; ++i)
        CHECK(s.insert(Row{i, 100 - i}));
    for (std::int64_t i = 0; i < 100; ++i) {
        CHECK(s.contains(Row{i, 100 - i}));
        CHECK_FALSE(s.contains(Row{i, i + 1000}));
        CHECK_FALSE(s.insert(Row{i, 100 - i}));
    }
    CHECK(s.size() == 100);
}

TEST_CASE("packed outcome set: width 0 holds at most the empty row, a wrong width throws") {
    PackedOutcomeSet s(0);
    CHECK_FALSE(s.contains(Row{}));
    CHECK(s.insert(Row{}));
    CHECK_FALSE(s.insert(Row{}));
    CHECK(s.size() == 1);
    PackedOutcomeSet t(2);
    CHECK_THROWS_AS((void)t.insert(Row{1}), std::logic_error);
}

TEST_CASE("packed outcome set: equality ignores insertion order") {
    PackedOutcomeSet a(1), b(1), c(1), d(2);
    a.insert(Row{1});
    a.insert(Row{2});
    b.insert(Row{2});
    b.insert(Row{1});
    c.insert(Row{1});
    CHECK(a == b);
    CHECK_FALSE(a == c);
    CHECK_FALSE(PackedOutcomeSet(1) == d);
}

TEST_CASE("outcome list: rows sorted value by value, converted to named outcomes") {
    const std::vector<Observable> obs{RegTerm{0, "r0"}, RegTerm{1, "r0"}, LocTerm{"x"}};
    PackedOutcomeSet s(3);
    s.insert(Row{1, 0, 2});
    s.insert(Row{0, 5, 1});
    s.insert(Row{1, -1, 0});
    s.insert(Row{0, 5, 0});
    const OutcomeList list(obs, s);
    REQUIRE(list.size() == 4);
    CHECK(list.observables() == obs);
    std::vector<std::string> text;
    for (const Outcome& o : list)
        text.push_back(formatOutcome(o));
    CHECK(text == std::vector<std::string>{"0:r0=0; 1:r0=5; x=0;", "0:r0=0; 1:r0=5; x=1;",
                                           "0:r0=1; 1:r0=-1; x=0;", "0:r0=1; 1:r0=0; x=2;"});
    // The order of Outcome's maps, as the checker's sorted set of maps gave it.
    const std::set<Outcome> asMaps(list.begin(), list.end());
    CHECK(std::vector<Outcome>(asMaps.begin(), asMaps.end()) ==
          std::vector<Outcome>(list.begin(), list.end()));
    CHECK(list[2].at(RegTerm{1, "r0"}) == -1);
    CHECK(std::vector<std::int64_t>(list.values(3).begin(), list.values(3).end()) == Row{1, 0, 2});
}

TEST_CASE("outcome list: rows of the wrong width are refused, empty lists compare equal") {
    PackedOutcomeSet s(2);
    s.insert(Row{1, 2});
    CHECK_THROWS_AS(OutcomeList({LocTerm{"x"}}, s), std::logic_error);
    CHECK(OutcomeList() == OutcomeList());
    CHECK(OutcomeList().empty());
    CHECK_FALSE(OutcomeList({LocTerm{"x"}, LocTerm{"y"}}, s).empty());
}
