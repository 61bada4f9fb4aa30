// Semantic checks run after the code is read: placements, init threads, labels, locations.
#include "parser/LitmusParser.hpp"

#include <algorithm>

#include "model/Names.hpp"
#include "parser/Parser.hpp"

#include <map>
#include <set>

namespace ptx::parser {

void LitmusParser::checkThreadsPlaced() const {
    for (std::size_t i = 0; i < prog_.threads.size(); ++i) {
        if (placed_[i]) continue;
        const Thread& t = prog_.threads[i];
        std::string name = "P" + std::to_string(t.id);
        if (prog_.arch == "GPU_PTX")
            fail(t.pos, "thread " + name + " without a placement",
                 "a scopeTree placing it (or '" + name + "@cta N,gpu N' in the thread header)");
        fail(t.pos, "thread " + name + " without a placement", "'" + name + "@cta N,gpu N'");
    }
}

void LitmusParser::checkInitThreads() const {
    int n = static_cast<int>(prog_.threads.size());
    for (const InitEntry& e : prog_.init)
        if (e.thread && *e.thread >= n)
            fail(e.pos, "thread P" + std::to_string(*e.thread) + " in the init block",
                 "a thread of the test (P0..P" + std::to_string(n - 1) + ")");
}

std::vector<std::string> writtenRegisters(const Instruction& ins) {
    return std::visit(
        [](const auto& body) -> std::vector<std::string> {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, Load>) {
                std::vector<std::string> out{body.dst.name};
                for (std::size_t k = 1; k < body.vector.size(); ++k)
                    out.push_back(body.vector[k].name);
                return out;
            } else if constexpr (std::is_same_v<T, Local> || std::is_same_v<T, SetPredicate>) {
                return {body.dst.name};
            } else if constexpr (std::is_same_v<T, Atomic>) {
                if (body.dst) return {body.dst->name};
            } else if constexpr (std::is_same_v<T, Barrier>) {
                if (body.vote) return {body.vote->dst.name};
            }
            return {};
        },
        ins.body);
}

bool writesRegister(const Instruction& ins, const std::string& reg) {
    const std::vector<std::string> written = writtenRegisters(ins);
    return std::find(written.begin(), written.end(), reg) != written.end();
}

void LitmusParser::checkRegisterAddresses() const {
    // `[r0]` names the location r0 unless the thread declares or initialises r0 as a register
    // (litmus-format.md). A thread that writes a register r0 and uses `[r0]` almost surely
    // means the register: refused rather than read as a location nobody else names.
    std::set<std::string> declared;
    for (const InitEntry& e : prog_.init)
        if (!e.thread) declared.insert(e.name);
    for (const Thread& t : prog_.threads) {
        std::map<std::string, SourcePos> written; // register -> its first write
        for (const Instruction& ins : t.code)
            for (const std::string& reg : writtenRegisters(ins))
                written.emplace(reg, ins.pos);
        for (const Instruction& ins : t.code) {
            const Address* address = std::visit(
                [](const auto& b) -> const Address* {
                    using T = std::decay_t<decltype(b)>;
                    if constexpr (std::is_same_v<T, Load> || std::is_same_v<T, Store> ||
                                  std::is_same_v<T, Atomic>)
                        return &b.addr;
                    else
                        return nullptr;
                },
                ins.body);
            const auto* name = address ? std::get_if<std::string>(&address->base) : nullptr;
            if (!name || declared.count(*name)) continue;
            const auto w = written.find(*name);
            if (w == written.end()) continue;
            fail(ins.pos,
                 "'[" + *name + "]', the location " + *name + ", where " + *name +
                     " is a register P" + std::to_string(t.id) + " writes (line " +
                     std::to_string(w->second.line) + ")",
                 "'[%" + *name + "]' for the address the register holds (or declare the location " +
                     *name + " in the init block)");
        }
    }
}

void LitmusParser::checkLabels() const {
    std::map<std::string, int> ownerOf; // label -> first thread defining it
    std::vector<std::map<std::string, SourcePos>> defined(prog_.threads.size());
    for (const Thread& t : prog_.threads) {
        for (const Instruction& ins : t.code) {
            const auto* label = std::get_if<Label>(&ins.body);
            if (!label) continue;
            auto [it, fresh] = defined[t.id].emplace(label->name, ins.pos);
            if (!fresh)
                fail(ins.pos,
                     "a second definition of label '" + label->name + "' in P" +
                         std::to_string(t.id) + " (first at line " +
                         std::to_string(it->second.line) + ")",
                     "each label defined once per thread");
            ownerOf.emplace(label->name, t.id);
        }
    }
    for (const Thread& t : prog_.threads) {
        for (const Instruction& ins : t.code) {
            const auto* branch = std::get_if<Branch>(&ins.body);
            if (!branch || defined[t.id].count(branch->target)) continue;
            auto owner = ownerOf.find(branch->target);
            std::string hint = owner == ownerOf.end()
                                   ? ""
                                   : " (it is defined in P" + std::to_string(owner->second) +
                                         "'s column: is the cell in the wrong column?)";
            fail(ins.pos, "branch to undefined label '" + branch->target + "'" + hint,
                 "a label defined in thread P" + std::to_string(t.id));
        }
    }
}

void LitmusParser::checkReadOnlyProxies() const {
    std::map<std::string, const AliasDecl*> readOnly; // texture and constant aliases
    for (const AliasDecl& a : prog_.aliases)
        if (a.proxy == Proxy::Texture || a.proxy == Proxy::Constant) readOnly[a.name] = &a;
    if (readOnly.empty()) return;
    for (const Thread& t : prog_.threads) {
        for (const Instruction& ins : t.code) {
            const Address* addr = nullptr;
            if (const auto* st = std::get_if<Store>(&ins.body)) addr = &st->addr;
            if (const auto* at = std::get_if<Atomic>(&ins.body)) addr = &at->addr;
            const auto* name = addr ? std::get_if<std::string>(&addr->base) : nullptr;
            if (!name || !readOnly.count(*name)) continue;
            const AliasDecl& a = *readOnly.at(*name);
            fail(ins.pos,
                 "a store to '" + *name + "', declared as the " + proxyName(a.proxy) +
                     " proxy's name for '" + a.target + "' (line " + std::to_string(a.pos.line) +
                     "): the " + proxyName(a.proxy) + " proxy is read-only",
                 "a store to '" + a.target + "' or through a surface alias (sust)");
        }
    }
}

std::set<std::string> LitmusParser::usedLocations() const {
    std::set<std::string> out;
    auto value = [&](const auto& v) {
        if (const auto* a = std::get_if<AddressOf>(&v)) out.insert(a->location);
    };
    auto address = [&](const Address& a, int elements, const TypeSuffix& type) {
        if (const auto* s = std::get_if<std::string>(&a.base)) {
            out.insert(*s);
            // `x+4`: a location of its own; so is each element of a vector access
            for (int k = 0; k < elements; ++k)
                out.insert(locationName(*s, a.offset + k * accessBytes(type)));
        }
    };
    for (const InitEntry& e : prog_.init) {
        if (!e.thread) out.insert(e.name);
        value(e.value);
    }
    for (const AliasDecl& a : prog_.aliases) {
        out.insert(a.name);
        out.insert(a.target);
    }
    for (const auto& [name, space] : prog_.spaces)
        out.insert(name);
    for (const Thread& t : prog_.threads) {
        for (const Instruction& ins : t.code) {
            std::visit(
                [&](const auto& b) {
                    using T = std::decay_t<decltype(b)>;
                    if constexpr (std::is_same_v<T, Load>) {
                        address(b.addr, vectorElements(b), b.type);
                    } else if constexpr (std::is_same_v<T, Store>) {
                        address(b.addr, vectorElements(b), b.type);
                        value(b.value);
                        for (const Operand& v : b.vector)
                            value(v);
                    } else if constexpr (std::is_same_v<T, Atomic>) {
                        address(b.addr, vectorElements(b), b.type);
                        value(b.operand);
                        if (b.operand2) value(*b.operand2);
                    } else if constexpr (std::is_same_v<T, Local>) {
                        value(b.a);
                        if (b.b) value(*b.b);
                    } else if constexpr (std::is_same_v<T, SetPredicate>) {
                        value(b.a);
                        value(b.b);
                    } else if constexpr (std::is_same_v<T, Branch>) {
                        if (b.condition) {
                            value(b.condition->a);
                            value(b.condition->b);
                        }
                    } else if constexpr (std::is_same_v<T, Barrier>) {
                        value(b.instance);
                        if (b.id) value(*b.id);
                        if (b.count) value(*b.count);
                    }
                },
                ins.body);
        }
    }
    return out;
}

} // namespace ptx::parser
