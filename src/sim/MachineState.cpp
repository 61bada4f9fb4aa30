#include "sim/MachineState.hpp"

#include <algorithm>

namespace ptx::sim {
namespace {

void put(std::string& out, std::int64_t v) {
    // Small values are common: 1 byte for [-64, 63], else a tag + 8 bytes.
    if (v >= -64 && v < 64) {
        out.push_back(static_cast<char>(v & 0x7f));
        return;
    }
    out.push_back(static_cast<char>(0x80));
    for (int i = 0; i < 8; ++i)
        out.push_back(static_cast<char>((static_cast<std::uint64_t>(v) >> (8 * i)) & 0xff));
}

} // namespace

void MachineState::appendKey(std::string& out, const std::vector<int>& phys) const {
    const std::size_t locs = memory.size();
    // Versions are positions in a physical location's coherence order: the virtual addresses
    // (L1 and proxy-cache lines, `seen`) of one physical location are ranked together.
    auto ph = [&](std::size_t l) { return phys.empty() ? l : static_cast<std::size_t>(phys[l]); };
    std::vector<std::vector<std::int32_t>> ranks(locs);
    for (std::size_t l = 0; l < locs; ++l) {
        auto& r = ranks[ph(l)];
        r.push_back(memory.read(static_cast<int>(l)).version);
        r.push_back(coherence.last(static_cast<int>(l)).version);
        for (const auto& c : l1)
            if (c.lines()[l].version >= 0) r.push_back(c.lines()[l].version);
        for (const auto& c : l2)
            if (c.lines()[l].version >= 0) r.push_back(c.lines()[l].version);
        for (const auto& p : proxies)
            for (const Cache* c : {&p.texture, &p.constant, &p.surface})
                if (c->lines()[l].version >= 0) r.push_back(c->lines()[l].version);
        for (const auto& t : threads)
            r.push_back(t.seen[l]);
    }
    for (auto& r : ranks) {
        std::sort(r.begin(), r.end());
        r.erase(std::unique(r.begin(), r.end()), r.end());
    }
    auto rank = [&](std::size_t l, std::int32_t v) -> std::int64_t {
        if (v < 0) return -1;
        const auto& r = ranks[ph(l)];
        return std::lower_bound(r.begin(), r.end(), v) - r.begin();
    };
    for (const auto& t : threads) {
        put(out, t.pc);
        put(out, t.early);
        for (auto v : t.regs)
            put(out, v);
        put(out, static_cast<std::int64_t>(t.buffer.size()));
        for (std::size_t i = 0; i < t.buffer.size(); ++i) {
            put(out, t.buffer[i].loc);
            put(out, t.buffer[i].value);
            put(out, t.buffer[i].scope);
        }
        for (std::size_t l = 0; l < locs; ++l)
            put(out, rank(l, t.seen[l]));
        put(out, static_cast<std::int64_t>(t.arrivals.size()));
        for (const auto& a : t.arrivals) {
            put(out, a.instance);
            put(out, a.id);
            put(out, a.count);
            for (const std::uint8_t v : a.votes)
                put(out, static_cast<std::int64_t>(v));
        }
        put(out, t.pendingRelease);
        put(out, t.waiting);
        put(out, t.waitQuorum);
        put(out, t.madeEvent);
        if (!shared.empty()) {
            put(out, static_cast<std::int64_t>(t.pendingRegs));
            put(out, t.bankRequests);
            put(out, t.blockedOnBank);
        }
    }
    for (const auto& sm : shared) {
        put(out, static_cast<std::int64_t>(sm.size()));
        for (std::size_t i = 0; i < sm.size(); ++i) {
            const BankRequest& r = sm[i];
            put(out, static_cast<std::int64_t>(r.op));
            put(out, r.bank);
            put(out, r.warp);
            put(out, r.thread);
            put(out, r.loc);
            put(out, r.dst);
            put(out, r.value);
            put(out, r.value2);
            put(out, static_cast<std::int64_t>(r.atomOp));
            put(out, r.atomFloat ? static_cast<std::int64_t>(*r.atomFloat) : -1);
            put(out, r.acquire);
            put(out, r.blocking);
            put(out, static_cast<std::int64_t>(r.scope));
        }
    }
    // A copy: its rank, and when present its value and its writer and scope (which decide
    // whether a later read of it is morally strong).
    auto putCopy = [&](std::size_t l, const Versioned& v) {
        put(out, rank(l, v.version));
        if (v.version < 0) return;
        put(out, v.value);
        put(out, v.writer);
        put(out, v.scope);
        if (!proxies.empty()) {
            put(out, v.proxy);
            put(out, v.vloc);
        }
    };
    for (std::size_t l = 0; l < locs; ++l) {
        putCopy(l, memory.read(static_cast<int>(l)));
        putCopy(l, coherence.last(static_cast<int>(l)));
    }
    for (const auto* level : {&l1, &l2})
        for (const auto& c : *level)
            for (std::size_t l = 0; l < locs; ++l)
                putCopy(l, c.lines()[l]);
    for (const auto& p : proxies) {
        for (const Cache* c : {&p.texture, &p.constant, &p.surface})
            for (std::size_t l = 0; l < locs; ++l)
                putCopy(l, c->lines()[l]);
        put(out, static_cast<std::int64_t>(p.surfaceWrites.size()));
        for (std::size_t i = 0; i < p.surfaceWrites.size(); ++i) {
            put(out, p.surfaceWrites[i].loc);
            put(out, p.surfaceWrites[i].value);
            put(out, p.surfaceWrites[i].scope);
            put(out, p.surfaceWrites[i].writer);
        }
    }
    for (const auto& w : warps)
        put(out, static_cast<std::int64_t>(w.depth()));
    put(out, static_cast<std::int64_t>(launched));
    // Ordered delivery: what each thread's last release published, and what the writes some
    // level still holds carry (in a canonical order).
    for (const auto& t : threads) {
        put(out, static_cast<std::int64_t>(t.published.size()));
        for (std::size_t l = 0; l < t.published.size(); ++l)
            put(out, rank(l, t.published[l]));
    }
    std::vector<std::string> orders;
    for (const DeliveryOrder& o : delivery) {
        if (!holds(o)) continue;
        std::string e;
        put(e, o.loc);
        put(e, rank(static_cast<std::size_t>(o.loc), o.version));
        put(e, o.sm);
        for (std::size_t l = 0; l < o.before.size(); ++l)
            put(e, rank(l, o.before[l]));
        orders.push_back(std::move(e));
    }
    std::sort(orders.begin(), orders.end());
    put(out, static_cast<std::int64_t>(orders.size()));
    for (const auto& e : orders)
        out += e;
}

bool MachineState::holds(const DeliveryOrder& o) const {
    if (o.version == kPendingVersion)
        return l1[static_cast<std::size_t>(o.sm)].version(o.loc) == kPendingVersion;
    if (memory.read(o.loc).version == o.version) return true;
    for (const auto* level : {&l1, &l2})
        for (const Cache& c : *level)
            if (c.version(o.loc) == o.version) return true;
    return false;
}

} // namespace ptx::sim
