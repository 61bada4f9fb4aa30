#include "check/SplitAccesses.hpp"

#include "check/SourceInstruction.hpp"
#include "model/Names.hpp"
#include "model/Observables.hpp"
#include "model/Unsupported.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace ptx {
namespace {

/// Bytes [offset, offset + bytes) of a base location.
struct Range {
    std::int64_t offset = 0;
    int bytes = 0;
    [[nodiscard]] std::int64_t end() const { return offset + bytes; }
    [[nodiscard]] bool contains(const Range& r) const {
        return offset <= r.offset && r.end() <= end();
    }
    [[nodiscard]] bool overlapsPartially(const Range& r) const {
        return offset < r.end() && r.offset < end() && (offset != r.offset || bytes != r.bytes);
    }
    friend bool operator<(const Range& a, const Range& b) {
        return std::tie(a.offset, a.bytes) < std::tie(b.offset, b.bytes);
    }
};

/// One segment of a split location: its bytes and its location index.
struct Segment {
    Range range;
    int location = -1;
};

std::uint64_t lowBytes(int bytes) {
    return bytes >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * bytes)) - 1;
}

std::string bytesText(const Range& r, const std::string& base) {
    return "bytes " + std::to_string(r.offset) + ".." + std::to_string(r.end() - 1) + " of " + base;
}

class Splitter {
  public:
    Splitter(const Program& program, ProgramPaths& paths)
        : program_(program), instructions_(program), paths_(paths) {
        for (const std::string& name : paths.locations.names())
            parts_.push_back(locationParts(name));
    }

    bool run() {
        collectRanges();
        collectInits();
        for (const auto& [base, ranges] : ranges_)
            if (overlapsPartially(ranges)) split_.insert(base);
        refuseObservedReads();
        if (split_.empty()) return false;
        makeSegments();
        for (ThreadPaths& t : paths_.threads) {
            const int thread = threadIdOf(t);
            for (auto& [label, locations] : t.cutFailedCas)
                for (const int l : locations)
                    refuseFailedCasOn(l, " at " + label, thread);
            for (auto* list : {&t.paths, &t.stuck, &t.starved})
                for (ThreadPath& p : *list)
                    p = rewrite(p, thread);
        }
        return true;
    }

  private:
    [[nodiscard]] const std::string& baseOf(int location) const {
        return parts_[static_cast<std::size_t>(location)].first;
    }
    [[nodiscard]] bool isSplit(int location) const {
        return location >= 0 && location < static_cast<int>(parts_.size()) &&
               split_.count(baseOf(location)) > 0;
    }
    /// Failing atom.cas and atom.exch attempts are dropped as spin iterations (FailedCas.hpp) on
    /// whole locations only: refused on a split one (`where`: " at LABEL" or empty), at thread
    /// `thread`'s first atom.cas or atom.exch of that location.
    void refuseFailedCasOn(int location, const std::string& where, int thread) const {
        if (!isSplit(location)) return;
        const std::string& name = paths_.locations.names()[static_cast<std::size_t>(location)];
        const std::string what = "a loop of failing atom.cas or atom.exch attempts" + where +
                                 " on " + name +
                                 ", a location of mixed-size accesses, is not modelled";
        for (const Thread& t : program_.threads) {
            if (t.id != thread) continue;
            for (const Instruction& ins : t.code) {
                const auto* a = std::get_if<Atomic>(&ins.body);
                const auto* base = a ? std::get_if<std::string>(&a->addr.base) : nullptr;
                if (base && (a->op == AtomOp::Cas || a->op == AtomOp::Exch) &&
                    locationName(*base, a->addr.offset) == name)
                    throw Unsupported(InputError::Located{}, located(ins.pos, what));
            }
        }
        throw Unsupported(what);
    }
    [[nodiscard]] int threadIdOf(const ThreadPaths& t) const {
        return program_.threads[static_cast<std::size_t>(&t - paths_.threads.data())].id;
    }

    /// The access of thread `thread`'s instruction at `pos`.
    [[nodiscard]] AccessShape accessAt(int thread, const SourcePos& pos) const {
        const Instruction* ins = instructions_.at(thread, pos);
        return ins ? accessShape(*ins) : AccessShape{};
    }

    [[nodiscard]] Range rangeOf(int location, int bytes) const {
        return {parts_[static_cast<std::size_t>(location)].second, bytes};
    }

    void collectRanges() {
        for (const ThreadPaths& t : paths_.threads) {
            const int thread = threadIdOf(t);
            for (const auto* list : {&t.paths, &t.stuck, &t.starved})
                for (const ThreadPath& p : *list)
                    for (const Event& e : p.events)
                        if (isMemory(e) && e.location >= 0) {
                            const AccessShape a = accessAt(thread, e.pos);
                            ranges_[baseOf(e.location)].insert(rangeOf(e.location, a.bytes));
                            // An instruction's first event (its first element's) starts
                            // the bytes all its elements cover. It is the event whose id is
                            // its index: PathEvents.cpp and AtomicEvents.cpp give every later
                            // element the first element's index (their shared place in po).
                            if (e.id == e.index)
                                starts_[baseOf(e.location)].insert(
                                    rangeOf(e.location, a.bytes * a.elements));
                        }
        }
    }

    static bool overlapsPartially(const std::set<Range>& ranges) {
        for (auto a = ranges.begin(); a != ranges.end(); ++a)
            for (auto b = std::next(a); b != ranges.end() && b->offset < a->end(); ++b)
                if (a->overlapsPartially(*b)) return true;
        return false;
    }

    [[nodiscard]] std::string located(const SourcePos& pos, const std::string& what) const {
        const std::string file = program_.file.empty() ? program_.name : program_.file;
        return file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.col) +
               ": error: " + what;
    }

    /// The condition, the filter and the `locations` clause read a location's final value (as
    /// kUntypedAccessBytes bytes), which the engines take from one co-last write: not assembled
    /// from segments, so refused where it would have to be, or where it overlaps an access in
    /// part (two `.u16` halves read as one `x`).
    void refuseObservedReads() {
        const auto refuse = [&](const std::string& name, const SourcePos& pos) {
            const auto l = paths_.locations.find(name);
            if (!l) return;
            const Range read = rangeOf(*l, kUntypedAccessBytes);
            const std::set<Range>& ranges = ranges_[baseOf(*l)];
            if (!isSplit(*l) && std::none_of(ranges.begin(), ranges.end(), [&](const Range& r) {
                    return r.overlapsPartially(read);
                }))
                return;
            throw Unsupported(InputError::Located{},
                              located(pos, name +
                                               " is read by the condition, the filter or the "
                                               "locations clause (as " +
                                               bytesText(read, baseOf(*l)) +
                                               "), and accesses of other sizes overlap it in "
                                               "part: a final value assembled from bytes is not "
                                               "modelled; read it into a register in a thread "
                                               "instead (docs/model-races.md, \"Mixed-size "
                                               "accesses\")"));
        };
        const auto read = [&](const CondCompare& c) {
            for (const Term* term : {&c.lhs, &c.rhs})
                if (const auto* l = std::get_if<LocTerm>(term)) refuse(l->location, c.pos);
        };
        forEachComparison(program_.condition.expr, read);
        if (program_.filter) forEachComparison(*program_.filter, read);
        for (const Observable& o : program_.locations)
            if (const auto* l = std::get_if<LocTerm>(&o))
                refuse(l->location, program_.condition.pos);
    }

    /// An init entry of a split location covers the bytes of the widest instruction at its
    /// offset, every element of a vector or packed one (kUntypedAccessBytes if none), its value
    /// little-endian.
    struct InitBytes {
        Range range;
        std::uint64_t value = 0;
        SourcePos pos;
    };

    /// The init block's non-zero values (bytes start as zero, which any access reads as 0 whatever
    /// its size), each covering the bytes of the widest instruction at its offset.
    void collectInits() {
        for (const InitEntry& e : program_.init) {
            if (e.thread) continue;
            const auto l = paths_.locations.find(e.name);
            if (!l || paths_.locations.initialValue(*l) == 0) continue;
            Range r = rangeOf(*l, 0);
            for (const Range& a : starts_[baseOf(*l)])
                if (a.offset == r.offset) r.bytes = std::max(r.bytes, a.bytes);
            if (r.bytes == 0) r.bytes = kUntypedAccessBytes;
            inits_[baseOf(*l)].push_back(
                {r, static_cast<std::uint64_t>(paths_.locations.initialValue(*l)), e.pos});
        }
        for (const auto& [base, inits] : inits_)
            for (const InitBytes& i : inits)
                ranges_[base].insert(i.range);
    }

    void makeSegments() {
        const auto& inits = inits_;
        for (const std::string& base : split_) {
            const std::set<Range>& ranges = ranges_[base];
            std::set<std::int64_t> cuts;
            for (const Range& r : ranges) {
                cuts.insert(r.offset);
                cuts.insert(r.end());
            }
            std::vector<Segment>& segments = segments_[base];
            for (auto c = cuts.begin(); std::next(c) != cuts.end(); ++c) {
                const Range s{*c, static_cast<int>(*std::next(c) - *c)};
                if (std::none_of(ranges.begin(), ranges.end(),
                                 [&](const Range& r) { return r.contains(s); }))
                    continue;
                segments.push_back({s, paths_.locations.addSegment(locationName(base, s.offset),
                                                                   initialBytes(base, s, inits))});
            }
        }
        // Segment names may be new locations: their parts too.
        for (std::size_t l = parts_.size(); l < paths_.locations.names().size(); ++l)
            parts_.push_back(locationParts(paths_.locations.names()[l]));
    }

    std::int64_t initialBytes(const std::string& base, const Range& s,
                              const std::map<std::string, std::vector<InitBytes>>& inits) const {
        const auto it = inits.find(base);
        if (it == inits.end()) return 0;
        const InitBytes* found = nullptr;
        for (const InitBytes& i : it->second) {
            if (!i.range.contains(s)) continue;
            if (found)
                throw Unsupported(InputError::Located{},
                                  located(i.pos, "this init entry and the one at line " +
                                                     std::to_string(found->pos.line) +
                                                     " both give " + bytesText(s, base) +
                                                     " a value"));
            found = &i;
        }
        if (!found) return 0;
        const int shift = static_cast<int>(s.offset - found->range.offset);
        return static_cast<std::int64_t>((found->value >> (8 * shift)) & lowBytes(s.bytes));
    }

    /// Byte `shift` on of `v`, `bytes` of them, as an unsigned value.
    static ValueId bytesOf(ValuePool& pool, ValueId v, int shift, int bytes) {
        if (shift == 0 && bytes >= 8) return v;
        const std::uint64_t low = lowBytes(bytes);
        if (shift == 0)
            return pool.binary(ValueOp::And, v, pool.constant(static_cast<std::int64_t>(low)));
        // Masked first, the division is exact: an arithmetic shift, then the sign bits dropped.
        const ValueId masked = pool.binary(
            ValueOp::And, v, pool.constant(static_cast<std::int64_t>(low << (8 * shift))));
        const ValueId shifted =
            pool.binary(ValueOp::Div, masked, pool.constant(std::int64_t{1} << (8 * shift)));
        return pool.binary(ValueOp::And, shifted, pool.constant(static_cast<std::int64_t>(low)));
    }

    /// The value a read assembles from its pieces' reads, extended as its type says.
    static ValueId assemble(ValuePool& pool, const std::vector<int>& pieces,
                            const std::vector<int>& shifts, const AccessShape& access) {
        ValueId value = -1;
        for (std::size_t k = 0; k < pieces.size(); ++k) {
            ValueId v = pool.read(pieces[k]);
            if (shifts[k] > 0)
                v = pool.binary(ValueOp::Mul, v, pool.constant(std::int64_t{1} << (8 * shifts[k])));
            value = value < 0 ? v : pool.binary(ValueOp::Or, value, v);
        }
        if (access.isSigned && access.bytes < 8) {
            const ValueId sign = pool.constant(std::int64_t{1} << (8 * access.bytes - 1));
            value = pool.binary(ValueOp::Sub, pool.binary(ValueOp::Xor, value, sign), sign);
        }
        return value;
    }

    ThreadPath rewrite(const ThreadPath& in, int thread) {
        for (const int l : in.failedCasLocations)
            refuseFailedCasOn(l, "", thread);
        ThreadPath out;
        out.stuck = in.stuck;
        out.repeatsSpin = in.repeatsSpin;
        out.spinsDroppable = in.spinsDroppable;
        out.repeatsFailedCas = in.repeatsFailedCas;
        out.failedCasDroppable = in.failedCasDroppable;
        out.failedCasLocations = in.failedCasLocations;
        const std::size_t n = in.events.size();
        std::vector<std::vector<int>> ids(n);
        std::vector<std::vector<int>> shifts(n); // pieces: byte offset within the access
        std::vector<std::vector<int>> widths(n); // pieces: bytes
        std::vector<AccessShape> access(n);
        for (std::size_t i = 0; i < n; ++i) {
            const Event& e = in.events[i];
            if (!isMemory(e) || !isSplit(e.location)) {
                ids[i].push_back(static_cast<int>(out.events.size()));
                out.events.push_back(e);
                out.events.back().id = ids[i].back();
                continue;
            }
            if (e.virtualLocation != e.location)
                throw Unsupported(InputError::Located{},
                                  located(e.pos, "a mixed-size access through an alias of " +
                                                     baseOf(e.location) + " is not modelled"));
            access[i] = accessAt(thread, e.pos);
            const Range r = rangeOf(e.location, access[i].bytes);
            for (const Segment& s : segments_.at(baseOf(e.location))) {
                if (!r.contains(s.range)) continue;
                Event p = e;
                p.id = static_cast<int>(out.events.size());
                p.location = p.virtualLocation = s.location;
                p.accessLocation = e.location;
                p.accessBytes = r.bytes;
                p.value = -1;
                p.text += " (" + bytesText(s.range, baseOf(e.location)) + ")";
                ids[i].push_back(p.id);
                shifts[i].push_back(static_cast<int>(s.range.offset - r.offset));
                widths[i].push_back(s.range.bytes);
                out.events.push_back(std::move(p));
            }
        }
        // Values, node by node (operands before their users, as the pool requires).
        ValuePool& pool = out.values;
        std::vector<ValueId> map(in.values.size(), -1);
        for (std::size_t v = 0; v < in.values.size(); ++v) {
            const ValueNode& node = in.values.node(static_cast<ValueId>(v));
            const auto m = [&](ValueId x) { return x < 0 ? x : map[static_cast<std::size_t>(x)]; };
            switch (node.op) {
            case ValueOp::Const:
                map[v] = pool.constant(node.constant);
                break;
            case ValueOp::Read: {
                const auto e = static_cast<std::size_t>(node.event);
                map[v] = shifts[e].empty() ? pool.read(ids[e].front())
                                           : assemble(pool, ids[e], shifts[e], access[e]);
                break;
            }
            case ValueOp::Select:
                map[v] = pool.select(m(node.a), m(node.b), m(node.c));
                break;
            default:
                map[v] = pool.binary(node.op, m(node.a), m(node.b));
                break;
            }
        }
        const auto m = [&](ValueId x) { return x < 0 ? x : map[static_cast<std::size_t>(x)]; };
        for (std::size_t i = 0; i < n; ++i) {
            const Event& e = in.events[i];
            for (std::size_t k = 0; k < ids[i].size(); ++k) {
                Event& p = out.events[static_cast<std::size_t>(ids[i][k])];
                if (shifts[i].empty()) {
                    p.value = m(e.value);
                    p.barrierInstance = m(e.barrierInstance);
                    p.barrierId = m(e.barrierId);
                    p.barrierPredicate = m(e.barrierPredicate);
                    p.barrierVoteResult = m(e.barrierVoteResult);
                } else if (e.kind == EventKind::Read) {
                    p.value = pool.read(p.id);
                } else {
                    p.value = bytesOf(pool, m(e.value), shifts[i][k], widths[i][k]);
                }
            }
        }
        for (const auto& [r, w] : in.rmw) {
            const auto& rs = ids[static_cast<std::size_t>(r)];
            const auto& ws = ids[static_cast<std::size_t>(w)];
            for (std::size_t k = 0; k < rs.size() && k < ws.size(); ++k)
                out.rmw.emplace_back(rs[k], ws[k]);
        }
        const auto cross = [&](const std::vector<EventPair>& from, std::vector<EventPair>& to) {
            for (const auto& [a, b] : from)
                for (const int x : ids[static_cast<std::size_t>(a)])
                    for (const int y : ids[static_cast<std::size_t>(b)])
                        to.emplace_back(x, y);
        };
        cross(in.addr, out.addr);
        cross(in.data, out.data);
        cross(in.ctrl, out.ctrl);
        cross(in.valueDeps, out.valueDeps);
        for (const ValueId c : in.conditions)
            out.conditions.push_back(m(c));
        for (const auto& [reg, v] : in.finalRegisters)
            out.finalRegisters[reg] = m(v);
        if (out.stuck && out.stuck->barrierEvent >= 0)
            out.stuck->barrierEvent =
                ids[static_cast<std::size_t>(out.stuck->barrierEvent)].front();
        return out;
    }

    const Program& program_;
    SourceInstructions instructions_;
    ProgramPaths& paths_;
    std::vector<std::pair<std::string, std::int64_t>> parts_; // of each location: base, offset
    std::map<std::string, std::set<Range>> ranges_;           // every access's, by base
    std::map<std::string, std::set<Range>> starts_;        // every instruction's, all its elements
    std::set<std::string> split_;                          // bases overlapped in part
    std::map<std::string, std::vector<Segment>> segments_; // of each split base, in order
    std::map<std::string, std::vector<InitBytes>> inits_;  // non-zero init values, by base
};

} // namespace

bool splitMixedSizes(const Program& program, ProgramPaths& paths) {
    return Splitter(program, paths).run();
}

} // namespace ptx
