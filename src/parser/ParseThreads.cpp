// The thread header, instruction rows, GPU_PTX scope tree and memory map.
#include "parser/LitmusParser.hpp"

#include "parser/Parser.hpp"

#include <map>
#include <optional>
#include <utility>

namespace ptx::parser {

namespace {

std::string threadName(int id) {
    return "P" + std::to_string(id);
}

bool isThreadWord(const Token& t) {
    return t.kind == Tok::Word && t.text.size() > 1 && t.text[0] == 'P' &&
           t.text.find_first_not_of("0123456789", 1) == std::string::npos;
}

} // namespace

int LitmusParser::parseKeyNumber(std::string_view key, const std::string& context) {
    const Token& t = peek();
    if (t.kind == Tok::Word && t.text == key) {
        take();
        if (!at(Tok::Number)) failHere("a number after '" + std::string(key) + "'");
        return smallInt(take(), "a " + std::string(key) + " number");
    }
    if (t.kind == Tok::Word && t.text.size() > key.size() &&
        t.text.compare(0, key.size(), key) == 0 &&
        t.text.find_first_not_of("0123456789", key.size()) == std::string::npos) {
        Token d{Tok::Number, t.text.substr(key.size()),
                SourcePos{t.pos.line, t.pos.col + static_cast<int>(key.size())}};
        int v = smallInt(d, "a " + std::string(key) + " number");
        take();
        return v;
    }
    failHere("'" + std::string(key) + " N' in " + context);
}

void LitmusParser::parseThreadHeader() {
    while (true) {
        int expectedId = static_cast<int>(prog_.threads.size());
        const Token& tok = peek();
        if (!isThreadWord(tok))
            failHere("a thread " + threadName(expectedId) + " in the thread header");
        Token digits{Tok::Number, tok.text.substr(1), SourcePos{tok.pos.line, tok.pos.col + 1}};
        int id = smallInt(digits, "a thread number");
        if (id < expectedId)
            fail(tok.pos, "duplicate thread '" + tok.text + "'", threadName(expectedId));
        if (id != expectedId)
            fail(tok.pos, "'" + tok.text + "'",
                 threadName(expectedId) + " (threads are numbered P0, P1... in order)");
        take();
        Thread thread;
        thread.id = id;
        thread.pos = tok.pos;
        bool placed = false;
        bool kernelWritten = false;
        const bool hasPlacement = accept(Tok::At);
        if (hasPlacement && atWord("host")) {
            take();
            thread.host = true;
            placed = true;
        } else if (hasPlacement) {
            const std::string of = "the placement of " + threadName(id);
            auto part = [&](std::string_view key) { return parseKeyNumber(key, of); };
            thread.cta = part("cta");
            expect(Tok::Comma, "',' between the cta and the gpu of " + threadName(id));
            thread.gpu = part("gpu");
            if (accept(Tok::Comma)) {
                thread.kernel = part("kernel");
                kernelWritten = true;
            }
            placed = true;
        }
        prog_.threads.push_back(thread);
        placed_.push_back(placed);
        if (accept(Tok::Bar)) continue;
        if (accept(Tok::Semi)) break;
        if (!placed) failHere("'@cta N,gpu N', '@host', '|' or ';' after " + threadName(id));
        failHere(thread.host || kernelWritten
                     ? "'|' or ';' after the placement of " + threadName(id)
                     : "',kernel N', '|' or ';' after the placement of " + threadName(id));
    }
}

bool LitmusParser::atMemoryMap() const {
    return at(Tok::Word) && validName(peek().text) && at(Tok::Colon, 1) &&
           (atWord("global", 2) || atWord("shared", 2));
}

bool LitmusParser::atRowsEnd() const {
    if (at(Tok::End) || at(Tok::Tilde)) return true;
    for (const char* word : {"exists", "forall", "filter", "locations", "scopeTree", "final"})
        if (atWord(word)) return true;
    if (atHostBlock()) return true;
    return atMemoryMap();
}

void LitmusParser::parseRows() {
    const std::size_t n = prog_.threads.size();
    std::optional<SourcePos> previousEnd; // the ';' that ended the previous row
    while (!atRowsEnd()) {
        deadline_.check(Phase::Parsing);
        SourcePos rowPos = peek().pos;
        std::size_t cell = 0;
        while (true) {
            if (!at(Tok::Bar) && !at(Tok::Semi)) {
                if (cell >= n)
                    fail(peek().pos, "an instruction in column " + std::to_string(cell + 1),
                         "at most " + std::to_string(n) + " cells per row (one per thread)");
                Instruction ins = parseInstruction(static_cast<int>(cell));
                prog_.threads[cell].code.push_back(std::move(ins));
            }
            ++cell;
            if (accept(Tok::Bar)) continue;
            if (at(Tok::Semi)) break;
            failHere("'|' or ';' after the instruction");
        }
        const SourcePos end = take().pos; // the row's ';'
        if (cell != n) {
            // A PTX habit: `;` after each instruction. It ends the row early (more of the line
            // follows it), or a row ended by one is followed by the line's real `;`.
            std::optional<SourcePos> stray;
            if (!atRowsEnd() && peek().pos.line == end.line) stray = end;
            if (previousEnd && previousEnd->line == rowPos.line) stray = previousEnd;
            fail(rowPos, std::to_string(cell) + (cell == 1 ? " cell" : " cells") + " in this row",
                 std::to_string(n) + " (one per thread)" +
                     (stray ? ": ';' ends a row in the litmus format and '|' separates the "
                              "threads' columns; the ';' at " +
                                  std::to_string(stray->line) + ":" + std::to_string(stray->col) +
                                  " is a PTX-style ';' after an instruction, which ends the row "
                                  "there (drop it)"
                            : std::string()));
        }
        previousEnd = end;
    }
}

void LitmusParser::parseScopeTree() {
    const Token& kw = take();
    if (hasScopeTree_) fail(kw.pos, "a second 'scopeTree'", "a single scope tree");
    for (std::size_t i = 0; i < placed_.size(); ++i)
        if (placed_[i])
            fail(kw.pos, "'scopeTree'",
                 "no scope tree: the thread header already places the threads");
    hasScopeTree_ = true;
    enum Rank { GpuRank = 0, CtaRank = 1, WarpRank = 2 };
    struct Frame {
        int rank;
        int gpu;
        int cta;
        int warp;
        bool empty;
        SourcePos pos;
        std::string word;
    };
    std::vector<Frame> stack;
    int nextGpu = 0;
    int implicitGpu = -1;
    std::map<int, int> nextCta;
    std::map<std::pair<int, int>, int> nextWarp;
    std::vector<bool> seen(prog_.threads.size(), false);
    auto gpuOf = [&](int gpu) {
        if (gpu >= 0) return gpu;
        if (implicitGpu < 0) implicitGpu = nextGpu++;
        return implicitGpu;
    };
    if (!at(Tok::LParen)) failHere("'(' opening the scope tree");
    while (true) {
        if (stack.empty() && !at(Tok::LParen)) break;
        if (accept(Tok::LParen)) {
            if (static_cast<int>(stack.size()) >= kMaxNesting)
                fail(peek().pos, "a scope tree nested deeper than " + std::to_string(kMaxNesting),
                     "a shallower scope tree");
            const Token& w = peek();
            Frame parent = stack.empty() ? Frame{-1, -1, -1, -1, false, {}, ""} : stack.back();
            if (!stack.empty()) stack.back().empty = false;
            Frame f = parent;
            f.empty = true;
            f.pos = w.pos;
            f.word = w.text;
            if (atWord("device") || atWord("kernel")) {
                f.rank = GpuRank;
                if (parent.rank > GpuRank)
                    fail(w.pos, "'" + w.text + "' inside a '" + parent.word + "' group",
                         "device and kernel groups outside cta and warp groups");
                if (parent.gpu < 0) f.gpu = nextGpu++;
            } else if (atWord("cta") || atWord("block") || atWord("work_group")) {
                f.rank = CtaRank;
                if (parent.rank >= CtaRank)
                    fail(w.pos, "'" + w.text + "' inside a '" + parent.word + "' group",
                         "cta groups inside device or kernel groups");
                f.gpu = gpuOf(parent.gpu);
                f.cta = nextCta[f.gpu]++;
            } else if (atWord("warp") || atWord("sub_group")) {
                f.rank = WarpRank;
                if (parent.rank != CtaRank)
                    fail(w.pos, "'" + w.text + "' outside a cta group",
                         "warp groups directly inside cta groups");
                f.warp = nextWarp[{f.gpu, f.cta}]++;
            } else {
                failHere("a scope level (device, kernel, cta, block, work_group, warp, "
                         "sub_group) after '('");
            }
            take();
            stack.push_back(f);
            continue;
        }
        if (at(Tok::RParen)) {
            if (stack.back().empty)
                fail(peek().pos, "an empty '" + stack.back().word + "' group",
                     "threads or groups inside it");
            take();
            stack.pop_back();
            continue;
        }
        const Token& t = peek();
        if (isThreadWord(t)) {
            Token d{Tok::Number, t.text.substr(1), SourcePos{t.pos.line, t.pos.col + 1}};
            int id = smallInt(d, "a thread number");
            if (id >= static_cast<int>(prog_.threads.size()))
                fail(t.pos, "'" + t.text + "' in the scope tree",
                     "a thread of the test (P0.." +
                         threadName(static_cast<int>(prog_.threads.size()) - 1) + ")");
            if (seen[id])
                fail(t.pos, "'" + t.text + "' a second time in the scope tree", "each thread once");
            seen[id] = true;
            Frame& f = stack.back();
            f.empty = false;
            Thread& thread = prog_.threads[id];
            thread.gpu = gpuOf(f.gpu);
            thread.cta = f.cta >= 0 ? f.cta : nextCta[thread.gpu]++;
            if (f.warp >= 0) thread.warp = f.warp;
            placed_[id] = true;
            take();
            continue;
        }
        failHere("a thread, '(' or ')' in the scope tree");
    }
    for (std::size_t i = 0; i < seen.size(); ++i)
        if (!seen[i])
            fail(prog_.threads[i].pos,
                 "thread " + threadName(static_cast<int>(i)) + " absent from the scope tree",
                 "every thread placed in the scopeTree");
}

void LitmusParser::parseMemoryMap() {
    while (atMemoryMap()) {
        const Token& name = take();
        take(); // ':'
        StateSpace space = take().text == "global" ? StateSpace::Global : StateSpace::Shared;
        if (prog_.spaces.count(name.text))
            fail(name.pos, "a second state space for '" + name.text + "'",
                 "each location once in the memory map");
        prog_.spaces[name.text] = space;
        if (!accept(Tok::Comma)) accept(Tok::Semi);
    }
}

} // namespace ptx::parser
