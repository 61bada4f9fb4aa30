// The host's steps (`host { launch kernel 0 stream 0; ... }`): how a multi-kernel test's kernels
// are launched and ordered (docs/litmus-format.md, "Kernels and the host").
#include "parser/LitmusParser.hpp"

#include "model/ApiOrder.hpp"
#include "parser/Parser.hpp"

#include <algorithm>

namespace ptx::parser {

namespace {
const char* const kStepForms =
    "a host step: 'launch kernel K stream S', 'record event E stream S', 'wait event E stream S', "
    "'graph stream S { A -> B; C }', 'sync stream S', 'sync event E' or 'sync device' (S a "
    "number or 'legacy')";
} // namespace

bool LitmusParser::atHostBlock() const {
    return atWord("host") && at(Tok::LBrace, 1);
}

void LitmusParser::parseHostBlock() {
    const Token& kw = take();
    if (!prog_.host.empty()) fail(kw.pos, "a second 'host' block", "a single host block");
    expect(Tok::LBrace, "'{' after 'host'");
    while (!accept(Tok::RBrace)) {
        prog_.host.push_back(parseHostStep());
        if (accept(Tok::RBrace)) break;
        expect(Tok::Semi, "';' or '}' after the host step");
    }
    if (prog_.host.empty()) fail(kw.pos, "an empty host block", kStepForms);
}

HostStep LitmusParser::parseHostStep() {
    HostStep s;
    s.pos = peek().pos;
    const std::string step = "this host step";
    if (atWord("launch")) {
        take();
        s.kind = HostStep::Kind::Launch;
        s.kernel = parseKeyNumber("kernel", step);
        s.stream = parseStream(step);
    } else if (atWord("record") || atWord("wait")) {
        s.kind = take().text == "record" ? HostStep::Kind::Record : HostStep::Kind::Wait;
        s.event = parseKeyNumber("event", step);
        s.stream = parseStream(step);
    } else if (atWord("graph")) {
        take();
        s.kind = HostStep::Kind::Graph;
        s.stream = parseStream(step);
        parseGraph(s);
    } else if (atWord("sync")) {
        take();
        if (atWord("device")) {
            take();
            s.kind = HostStep::Kind::SyncDevice;
        } else if (at(Tok::Word) && peek().text.rfind("event", 0) == 0) {
            s.kind = HostStep::Kind::SyncEvent;
            s.event = parseKeyNumber("event", step);
        } else if (at(Tok::Word) && peek().text.rfind("stream", 0) == 0) {
            s.kind = HostStep::Kind::SyncStream;
            s.stream = parseStream(step);
        } else {
            failHere("'device', 'stream S' or 'event E' after 'sync'");
        }
    } else {
        failHere(kStepForms);
    }
    return s;
}

int LitmusParser::parseStream(const std::string& context) {
    if (atWord("stream") && atWord("legacy", 1)) {
        take();
        take();
        return kLegacyStream;
    }
    return parseKeyNumber("stream", context);
}

void LitmusParser::parseGraph(HostStep& graph) {
    expect(Tok::LBrace, "'{' and the graph's nodes after 'graph stream S'");
    auto node = [&] {
        const Token& t = expect(Tok::Number, "a kernel number (a node of the graph)");
        const int k = smallInt(t, "a kernel number");
        if (std::find(graph.nodes.begin(), graph.nodes.end(), k) == graph.nodes.end())
            graph.nodes.push_back(k);
        return k;
    };
    while (true) {
        const int from = node();
        if (accept(Tok::Minus)) {
            expect(Tok::Greater, "'->' between a node and the nodes depending on it");
            do {
                const SourcePos pos = peek().pos;
                const int to = node();
                if (to == from)
                    fail(pos, "the edge " + std::to_string(from) + " -> " + std::to_string(to),
                         "an edge between two nodes (a node cannot depend on itself)");
                graph.edges.emplace_back(from, to);
            } while (accept(Tok::Comma));
        }
        if (accept(Tok::RBrace)) break;
        expect(Tok::Semi, "';' between the graph's items, or '}' after them");
        if (accept(Tok::RBrace)) break;
    }
    // One graph however its items are written: nodes and edges in order.
    std::sort(graph.nodes.begin(), graph.nodes.end());
    std::sort(graph.edges.begin(), graph.edges.end());
    graph.edges.erase(std::unique(graph.edges.begin(), graph.edges.end()), graph.edges.end());
}

void LitmusParser::checkKernels() {
    int hostGpu = 0;
    for (const Thread& t : prog_.threads)
        if (!t.host) hostGpu = std::max(hostGpu, t.gpu + 1);
    for (Thread& t : prog_.threads)
        if (t.host) {
            // A GPU of its own: no CTA or GPU scope of a kernel thread includes the host.
            t.cta = 0;
            t.gpu = hostGpu;
        }
    if (const auto error = ApiOrder::check(prog_)) fail(error->pos, error->found, error->expected);
}

} // namespace ptx::parser
