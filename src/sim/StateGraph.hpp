// The reachable state graph of the exhaustive search: states by canonical key, each state's
// successors and, per edge, the thread whose instruction it executes; final states, the schedule
// to each state, and the strongly connected components the hang searches read (Exhaustive.cpp,
// StarvedHang.cpp).
#pragma once

#include "model/Outcome.hpp"
#include "sim/Machine.hpp"
#include "support/Deadline.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ptx::sim {

inline constexpr std::uint32_t kNoState = 0xffffffffu;

struct StateGraph {
    std::unordered_map<std::string, std::uint32_t> ids;
    std::vector<std::vector<std::uint32_t>> succ;
    /// Per edge (parallel to succ): the thread an Exec transition moves; -1 for the memory
    /// system's transitions and launches.
    std::vector<std::vector<std::int16_t>> movers;
    std::vector<std::pair<std::uint32_t, Transition>> parent;
    std::vector<std::uint32_t> finals; // ids of finished states
    std::vector<Outcome> finalOutcomes;
    bool boundHit = false;

    /// Explores depth first; stops at `bound` states or, with stopAtFinal, at the first final.
    void explore(const Machine& m, const MachineState& start, std::uint64_t bound,
                 const std::vector<Observable>* projection, bool stopAtFinal,
                 const Deadline& deadline);

    /// States from which a final state is reachable (only meaningful without boundHit).
    [[nodiscard]] std::vector<bool> canFinish() const;

    /// The number of schedules (transition sequences) from state 0 to each state that can
    /// finish, when they are finitely many (no cycle among states that can still finish) and
    /// none exceeds 2^64 - 1; otherwise nullopt and `why` says which.
    [[nodiscard]] std::optional<std::vector<std::uint64_t>> pathCounts(std::string& why) const;

    /// Which edges a search keeps: edge `e` of state `from` (succ[from][e]).
    using EdgeFilter = std::function<bool(std::uint32_t from, std::size_t e)>;
    [[nodiscard]] static EdgeFilter everyEdge() {
        return [](std::uint32_t, std::size_t) { return true; };
    }
    /// The strongly connected components of the graph of the kept edges (Boost.Graph's
    /// strong_components): each state's component; `count` the number of components.
    [[nodiscard]] std::vector<int> components(const EdgeFilter& keep, int& count) const;
    /// Per component: does no kept edge leave it?
    [[nodiscard]] std::vector<bool> bottomComponents(const EdgeFilter& keep,
                                                     const std::vector<int>& comp, int count) const;
    /// A component: its states, and which threads execute an instruction on a kept edge inside
    /// it (they spin there).
    struct Component {
        std::vector<bool> moving;
        std::uint64_t states = 0;
    };
    [[nodiscard]] Component walk(const EdgeFilter& keep, const std::vector<int>& comp,
                                 std::uint32_t member, std::size_t threads) const;

    /// A state that cannot finish, in a bottom strongly connected component (none of whose
    /// transitions leaves it): the threads that have not ended there never end. `comp`: each
    /// state's component. nullopt when every state can finish.
    [[nodiscard]] std::optional<std::uint32_t> bottomHungState(const std::vector<bool>& ok,
                                                               std::vector<int>& comp) const;

    [[nodiscard]] std::vector<Transition> pathTo(std::uint32_t id) const;
};

} // namespace ptx::sim
