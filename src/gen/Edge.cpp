#include "gen/Edge.hpp"

#include <array>

namespace ptx::gen {
namespace {

constexpr const char* kScopes = "cta, gpu or sys";

bool isScope(const std::string& s) {
    return s == "cta" || s == "gpu" || s == "sys";
}

/// The pieces of a token between dots, each with its offset in the token.
struct Piece {
    std::string text;
    std::size_t offset = 0;
};

std::vector<Piece> splitDots(const std::string& token) {
    std::vector<Piece> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= token.size(); ++i)
        if (i == token.size() || token[i] == '.') {
            out.push_back({token.substr(start, i - start), start});
            start = i + 1;
        }
    return out;
}

[[noreturn]] void fail(std::size_t offset, std::string message) {
    throw EdgeSyntaxError{offset, std::move(message)};
}

/// `R`, `W` or `*` (a wildcard).
std::optional<Dir> direction(char c, std::size_t offset) {
    if (c == 'R') return Dir::R;
    if (c == 'W') return Dir::W;
    if (c == '*') return std::nullopt;
    fail(offset, std::string("expected R, W or * (a direction), found `") + c + "`");
}

char letter(const std::optional<Dir>& d) {
    return !d ? '*' : *d == Dir::R ? 'R' : 'W';
}

constexpr const char* kKnownEdges =
    "Rfe Rfi Fre Fri Coe Coi Wse Wsi, PodXY PosXY, DpAddr[ds]Y DpData[ds]W DpCtrl[ds]Y, "
    "Fence.sc.S Fence.acq_rel.S Membar.cta|gl|sys (X, Y: R, W or *)";

/// `d`/`s` and two directions after a fence (`dWR`, `s**`, or only `d`/`s`).
void fenceLocality(Edge& e, const Piece& p) {
    if (p.text.empty() || (p.text[0] != 'd' && p.text[0] != 's') ||
        (p.text.size() != 1 && p.text.size() != 3))
        fail(p.offset, "expected d or s (different or same location) and two directions, e.g. "
                       "`dWR`, after the fence; found `" +
                           p.text + "`");
    e.sameLocation = p.text[0] == 's';
    if (p.text.size() == 3) {
        e.from = direction(p.text[1], p.offset + 1);
        e.to = direction(p.text[2], p.offset + 2);
    }
}

bool looksLikeLocality(const std::string& s) {
    return !s.empty() && (s[0] == 'd' || s[0] == 's') && (s.size() == 1 || s.size() == 3);
}

/// The base name: the first piece (two or three for fences). Returns how many pieces it took.
std::size_t parseBase(Edge& e, const std::vector<Piece>& pieces) {
    const std::string& b = pieces[0].text;
    static const std::array<std::pair<const char*, EdgeKind>, 4> comm{
        {{"Rf", EdgeKind::Rf}, {"Fr", EdgeKind::Fr}, {"Co", EdgeKind::Co}, {"Ws", EdgeKind::Co}}};
    for (const auto& [prefix, kind] : comm)
        if (b.size() == 3 && b.compare(0, 2, prefix) == 0 && (b[2] == 'e' || b[2] == 'i')) {
            e.kind = kind;
            e.external = b[2] == 'e';
            e.sameLocation = true;
            e.from = kind == EdgeKind::Fr ? Dir::R : Dir::W;
            e.to = kind == EdgeKind::Rf ? Dir::R : Dir::W;
            return 1;
        }
    if (b.size() == 5 && (b.compare(0, 3, "Pod") == 0 || b.compare(0, 3, "Pos") == 0)) {
        e.kind = EdgeKind::Po;
        e.sameLocation = b[2] == 's';
        e.from = direction(b[3], 3);
        e.to = direction(b[4], 4);
        return 1;
    }
    static const std::array<std::pair<const char*, EdgeKind>, 3> deps{
        {{"DpAddr", EdgeKind::Addr}, {"DpData", EdgeKind::Data}, {"DpCtrl", EdgeKind::Ctrl}}};
    for (const auto& [prefix, kind] : deps)
        if (b.compare(0, 6, prefix) == 0) {
            if (b.size() != 8 || (b[6] != 'd' && b[6] != 's'))
                fail(6, std::string("expected d or s (different or same location) and the "
                                    "second access's direction after ") +
                            prefix + ", e.g. `" + prefix + "dW`; found `" + b.substr(6) + "`");
            e.kind = kind;
            e.sameLocation = b[6] == 's';
            e.from = Dir::R;
            e.to = direction(b[7], 7);
            if (kind == EdgeKind::Data && e.to == Dir::R)
                fail(7, "a data dependency ends at a write (DpDatadW), not a read");
            if (kind == EdgeKind::Data) e.to = Dir::W;
            return 1;
        }
    if (b == "Fence" || b == "Membar") {
        e.kind = EdgeKind::Fence;
        e.sameLocation = false;
        std::size_t used = 2;
        if (b == "Fence") {
            if (pieces.size() < 3 || (pieces[1].text != "sc" && pieces[1].text != "acq_rel"))
                fail(pieces.size() < 2 ? b.size() : pieces[1].offset,
                     "expected `sc` or `acq_rel` after `Fence.`, e.g. `Fence.sc.gpu`");
            if (!isScope(pieces[2].text))
                fail(pieces[2].offset, std::string("expected the fence's scope (") + kScopes +
                                           "), found `" + pieces[2].text + "`");
            e.fence = "fence." + pieces[1].text + "." + pieces[2].text;
            used = 3;
        } else {
            if (pieces.size() < 2 ||
                (pieces[1].text != "cta" && pieces[1].text != "gl" && pieces[1].text != "sys"))
                fail(pieces.size() < 2 ? b.size() : pieces[1].offset,
                     "expected cta, gl or sys after `Membar.`, e.g. `Membar.gl`");
            e.fence = "membar." + pieces[1].text;
        }
        if (used < pieces.size() && looksLikeLocality(pieces[used].text))
            fenceLocality(e, pieces[used++]);
        return used;
    }
    fail(0, "unknown edge `" + b + "` (known: " + kKnownEdges + ")");
}

} // namespace

Edge parseEdge(const std::string& token) {
    if (token.empty()) fail(0, "expected an edge");
    const std::vector<Piece> pieces = splitDots(token);
    Edge e;
    std::size_t k = parseBase(e, pieces);
    for (; k < pieces.size(); ++k) {
        const Piece& p = pieces[k];
        if (e.communication()) {
            if (isScope(p.text) && e.scope.empty()) {
                e.scope = p.text;
            } else if (p.text == "atom" && !e.atom) {
                e.atom = true;
            } else {
                fail(p.offset, "expected a scope (" + std::string(kScopes) +
                                   ") or `atom` after a communication edge, once each; found `" +
                                   p.text + "`");
            }
            continue;
        }
        if ((p.text == "acq" || p.text == "rel") && k + 1 < pieces.size() &&
            isScope(pieces[k + 1].text)) {
            std::string& scope = p.text == "acq" ? e.acquireScope : e.releaseScope;
            if (!scope.empty()) fail(p.offset, "`." + p.text + "` given twice");
            if (p.text == "acq" && e.from == Dir::W)
                fail(p.offset, "`.acq.S` makes the edge's first access ld.acquire, but it is a "
                               "write");
            if (p.text == "rel" && e.to == Dir::R)
                fail(p.offset, "`.rel.S` makes the edge's second access st.release, but it is a "
                               "read");
            scope = pieces[++k].text;
            (p.text == "acq" ? e.from : e.to) = p.text == "acq" ? Dir::R : Dir::W;
            continue;
        }
        fail(p.offset, "expected `.acq.S` or `.rel.S` (S: " + std::string(kScopes) +
                           ") after a program-order edge; found `" + p.text + "`");
    }
    if (e.atom && e.scope.empty())
        fail(token.size(), "`.atom` needs the edge's scope too, e.g. `Rfe.gpu.atom`");
    return e;
}

std::string spell(const Edge& e) {
    std::string s;
    switch (e.kind) {
    case EdgeKind::Rf:
    case EdgeKind::Fr:
    case EdgeKind::Co:
        s = e.kind == EdgeKind::Rf ? "Rf" : e.kind == EdgeKind::Fr ? "Fr" : "Co";
        s += e.external ? 'e' : 'i';
        if (!e.scope.empty()) s += "." + e.scope;
        if (e.atom) s += ".atom";
        return s;
    case EdgeKind::Po:
        s = std::string(e.sameLocation ? "Pos" : "Pod") + letter(e.from) + letter(e.to);
        break;
    case EdgeKind::Addr:
    case EdgeKind::Data:
    case EdgeKind::Ctrl:
        s = e.kind == EdgeKind::Addr ? "DpAddr" : e.kind == EdgeKind::Data ? "DpData" : "DpCtrl";
        s += (e.sameLocation ? 's' : 'd');
        s += letter(e.to);
        break;
    case EdgeKind::Fence:
        s = e.fence.compare(0, 7, "membar.") == 0 ? "Membar" + e.fence.substr(6)
                                                  : "Fence" + e.fence.substr(5);
        s += std::string(".") + (e.sameLocation ? 's' : 'd') + letter(e.from) + letter(e.to);
        break;
    }
    if (!e.acquireScope.empty()) s += ".acq." + e.acquireScope;
    if (!e.releaseScope.empty()) s += ".rel." + e.releaseScope;
    return s;
}

std::vector<Edge> concreteForms(const Edge& e) {
    std::vector<Edge> out;
    for (Dir from : {Dir::R, Dir::W})
        for (Dir to : {Dir::R, Dir::W})
            if ((!e.from || *e.from == from) && (!e.to || *e.to == to)) {
                Edge c = e;
                c.from = from;
                c.to = to;
                out.push_back(c);
            }
    return out;
}

std::string decoration(const Edge& e) {
    std::string d;
    switch (e.kind) {
    case EdgeKind::Addr:
        d = "addr";
        break;
    case EdgeKind::Data:
        d = "data";
        break;
    case EdgeKind::Ctrl:
        d = "ctrl";
        break;
    case EdgeKind::Fence:
        d = e.fence;
        break;
    default:
        d = "po";
        break;
    }
    if (!e.acquireScope.empty()) d += ".acq." + e.acquireScope;
    if (!e.releaseScope.empty()) d += ".rel." + e.releaseScope;
    return d;
}

Edge skeleton(const Edge& e) {
    Edge s;
    s.kind = e.communication() ? e.kind : EdgeKind::Po;
    s.external = e.external;
    s.sameLocation = e.sameLocation;
    s.from = e.from;
    s.to = e.to;
    return s;
}

} // namespace ptx::gen
