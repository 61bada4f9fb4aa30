// The test header (`PTX name`, descriptions) and the init block.
#include "parser/LitmusParser.hpp"

#include "parser/Parser.hpp"
#include "support/Text.hpp" // quotedText(), stepPast(), firstControlCharacter()

#include <algorithm>

namespace ptx::parser {

// herd7's header line (lib/splitter.mll): the architecture, one word naming the test, then
// optionally comments and quoted descriptions; what follows up to `{` is the preamble.
void LitmusParser::parseHeaderLine() {
    std::size_t i = 0;
    int line = firstLine_;
    int col = 1;
    // Blanks and comments may come before the header, as anywhere between tokens.
    while (i < text_.size()) {
        if (text_[i] == ' ' || text_[i] == '\t' || text_[i] == '\n' || text_[i] == '\r') {
            stepPast(text_, i, line, col);
        } else if (text_.compare(i, 2, "(*") == 0) {
            const std::size_t end = text_.find("*)", i + 2);
            if (end == std::string_view::npos)
                fail(SourcePos{line, col}, "an unterminated comment '(*'", "a closing '*)'");
            while (i < end + 2)
                stepPast(text_, i, line, col);
        } else {
            break;
        }
    }
    headerPos_ = SourcePos{line, col};
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    std::size_t archStart = i;
    while (i < text_.size() && !blank(text_[i]))
        ++i;
    std::string arch(text_.substr(archStart, i - archStart));
    if (arch.empty()) fail(headerPos_, "end of file", "a test header 'PTX name'");
    if (arch != "PTX" && arch != "ptx" && arch != "GPU_PTX") {
        fail(headerPos_, quotedText(arch), "the architecture PTX, ptx or GPU_PTX");
    }
    prog_.arch = arch;
    while (i < text_.size() && (text_[i] == ' ' || text_[i] == '\t' || text_[i] == '\r'))
        ++i;
    // The name is one word: it ends at a blank or where a comment starts.
    const std::size_t nameStart = i;
    while (i < text_.size() && !blank(text_[i]) && text_.compare(i, 2, "(*") != 0)
        ++i;
    if (i == nameStart) fail(posAt(nameStart), "end of line", "a test name after '" + arch + "'");
    prog_.name = std::string(text_.substr(nameStart, i - nameStart));
    // On the rest of the header line only comments and quoted descriptions may follow.
    std::size_t j = i;
    while (j < text_.size() && (text_[j] == ' ' || text_[j] == '\t' || text_[j] == '\r'))
        ++j;
    if (j < text_.size() && text_[j] != '\n' && text_[j] != '"' && text_.compare(j, 2, "(*") != 0) {
        std::size_t end = j;
        while (end < text_.size() && !blank(text_[end]) && end - j < 40)
            ++end;
        fail(posAt(j),
             quotedText(text_.substr(j, end - j)) + " after the test name " +
                 quotedText(prog_.name),
             "the end of the header line (a test name is one word; comments (* ... *) and "
             "quoted descriptions may follow it)");
    }
    // Reports print the name: a control character (an escape sequence) would act on the terminal.
    if (const std::size_t c = firstControlCharacter(prog_.name); c != std::string::npos)
        fail(posAt(nameStart + c),
             "the control character " +
                 quotedText(prog_.name.substr(c, prog_.name[c] == '\xc2' ? 2 : 1)) +
                 " in the test name " + quotedText(prog_.name),
             "a test name of printable characters");
    parsePreamble(i);
}

SourcePos LitmusParser::posAt(std::size_t offset) const {
    SourcePos pos{firstLine_, 1};
    for (std::size_t i = 0; i < offset && i < text_.size(); ++i) {
        if (text_[i] == '\n') {
            ++pos.line;
            pos.col = 1;
        } else {
            ++pos.col;
        }
    }
    return pos;
}

// Descriptions are quoted strings (no escapes), comments and a `Barriers=` line up to the '{' of
// the init block.
// Some tests quote words inside a single description ("... means "No, but..."\n"): when the
// strings are not well formed, a region that starts and ends with '"' (up to the first line
// starting with '{') is read as one description, as Dat3M skips the whole preamble.
void LitmusParser::parsePreamble(std::size_t offset) {
    std::size_t i = offset;
    std::vector<std::string> strings;
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    std::string found;
    std::string expected = "a quoted description or '{' opening the init block";
    std::size_t failAt = 0;
    while (true) {
        while (i < text_.size() && blank(text_[i]))
            ++i;
        if (i >= text_.size()) {
            found = "end of file";
            failAt = i;
            break;
        }
        if (text_.compare(i, 2, "(*") == 0) {
            std::size_t end = text_.find("*)", i + 2);
            if (end == std::string_view::npos)
                fail(posAt(i), "an unterminated comment '(*'", "a closing '*)'");
            i = end + 2;
            continue;
        }
        if (text_[i] == '"') {
            std::size_t end = text_.find('"', i + 1);
            if (end == std::string_view::npos) {
                found = "an unterminated string";
                expected = "a closing '\"'";
                failAt = i;
                break;
            }
            strings.emplace_back(text_.substr(i + 1, end - i - 1));
            i = end + 1;
            continue;
        }
        if (text_.compare(i, 9, "Barriers=") == 0) { // ParseBarrierOperands.cpp
            i = parseBarrierDeclaration(i);
            offset = i; // a fallback description starts after it
            continue;
        }
        if (text_[i] == '{') {
            prog_.descriptions = std::move(strings);
            toks_ = tokenize(text_.substr(i), file_, posAt(i), deadline_);
            return;
        }
        std::size_t end = i;
        while (end < text_.size() && end - i < 40 && !blank(text_[end]) && text_[end] != '"')
            ++end;
        found = quotedText(text_.substr(i, std::max<std::size_t>(end - i, 1)));
        failAt = i;
        break;
    }
    // Fallback: one description spanning from the first to the last quote.
    std::size_t brace = std::string_view::npos;
    for (std::size_t k = failAt; k < text_.size(); ++k) {
        if (text_[k] != '\n') continue;
        std::size_t j = k + 1;
        while (j < text_.size() && (text_[j] == ' ' || text_[j] == '\t'))
            ++j;
        if (j < text_.size() && text_[j] == '{') {
            brace = j;
            break;
        }
    }
    if (brace != std::string_view::npos) {
        std::string_view region = text_.substr(offset, brace - offset);
        std::size_t b = region.find_first_not_of(" \t\r\n");
        std::size_t e = region.find_last_not_of(" \t\r\n");
        if (b != std::string_view::npos && e > b && region[b] == '"' && region[e] == '"' &&
            region.find("(*") == std::string_view::npos) {
            prog_.descriptions = {std::string(region.substr(b + 1, e - b - 1))};
            toks_ = tokenize(text_.substr(brace), file_, posAt(brace), deadline_);
            return;
        }
    }
    fail(posAt(failAt), found, expected);
}

void LitmusParser::parseInit() {
    expect(Tok::LBrace, "'{'");
    while (!at(Tok::RBrace)) {
        parseInitEntry();
        if (accept(Tok::Semi)) continue;
        if (!at(Tok::RBrace)) failHere("';' or '}' after an initial value");
    }
    const int closingLine = take().pos.line;
    // `};` (herd accepts it), on the `}`'s line: a `;` on a line of its own is the thread header
    // row with no thread, reported there.
    if (at(Tok::Semi) && peek().pos.line == closingLine) take();
}

InitValue LitmusParser::parseInitValue() {
    if (at(Tok::Number) || at(Tok::Minus)) return parseInteger("an initial value");
    bool amp = accept(Tok::Amp);
    if (at(Tok::Word) && validName(peek().text)) return AddressOf{take().text};
    failHere(amp ? "a location name after '&'"
                 : "an initial value (a number, &location or location)");
}

void LitmusParser::parseInitEntry() {
    SourcePos pos = peek().pos;
    bool threadEntry =
        (at(Tok::Number) || (at(Tok::Word) && peek().text.size() > 1 && peek().text[0] == 'P')) &&
        at(Tok::Colon, 1);
    if (threadEntry) {
        int thread = parseThreadRef("a thread id like P0");
        take(); // ':'
        if (atWord(".reg")) {
            parseRegDeclaration(thread, pos);
            return;
        }
        SourcePos regPos = peek().pos;
        Reg reg = parseRegister("a register name after 'P" + std::to_string(thread) + ":'");
        if (isRegisterOf(thread, reg.name))
            fail(regPos, "a second initial value for P" + std::to_string(thread) + ":" + reg.name,
                 "each register initialised once");
        expect(Tok::Assign, "'=' after the register");
        InitValue value = parseInitValue();
        prog_.init.push_back(InitEntry{thread, reg.name, value, std::nullopt, pos});
        return;
    }
    std::string name = parseName("a location name, a thread register like P0:r0 or '}'");
    if (accept(Tok::At)) {
        AliasDecl alias{name, Proxy::Generic, "", pos};
        const Token& proxy = peek();
        if (atWord("generic")) {
            alias.proxy = Proxy::Generic;
        } else if (atWord("surface")) {
            alias.proxy = Proxy::Surface;
        } else if (atWord("texture")) {
            alias.proxy = Proxy::Texture;
        } else if (atWord("constant")) {
            alias.proxy = Proxy::Constant;
        } else if (atWord("cta") || atWord("gpu")) {
            // `P0@cta 0,gpu 0` here: the thread header, after an init block left open.
            fail(pos, "the thread header '" + name + "@" + proxy.text + "'",
                 "'}' closing the init block first");
        } else {
            failHere("a proxy (generic, surface, texture, constant) after '@'");
        }
        (void)proxy;
        take();
        expectWord("aliases", "'aliases'");
        const SourcePos targetPos = peek().pos;
        alias.target = parseName("the aliased location name");
        const bool declared =
            std::any_of(prog_.init.begin(), prog_.init.end(),
                        [&](const InitEntry& e) { return !e.thread && e.name == alias.target; }) ||
            std::any_of(prog_.aliases.begin(), prog_.aliases.end(),
                        [&](const AliasDecl& a) { return a.name == alias.target; });
        if (!declared)
            fail(targetPos, "an alias of '" + alias.target + "', which is not declared before it",
                 "a location initialised earlier in the init block (`" + alias.target +
                     " = 0;` before the alias) or an alias declared earlier");
        for (const AliasDecl& a : prog_.aliases)
            if (a.name == name)
                fail(pos, "a second declaration of '" + name + "'", "each alias declared once");
        for (const InitEntry& e : prog_.init)
            if (!e.thread && e.name == name)
                fail(pos, "an alias '" + name + "' of a location already initialised",
                     "a fresh name for the alias");
        prog_.aliases.push_back(alias);
        return;
    }
    for (const InitEntry& e : prog_.init)
        if (!e.thread && e.name == name)
            fail(pos, "a second initial value for '" + name + "'",
                 "each location initialised once");
    for (const AliasDecl& a : prog_.aliases)
        if (a.name == name)
            fail(pos, "an initial value for the alias '" + name + "'",
                 "initial values on the aliased location");
    expect(Tok::Assign, "'=' after the location name");
    InitValue value = parseInitValue();
    prog_.init.push_back(InitEntry{std::nullopt, name, value, std::nullopt, pos});
}

// GPU_PTX: `0:.reg .s32 r0;` and `0:.reg .b64 r1 = x;`
void LitmusParser::parseRegDeclaration(int thread, SourcePos pos) {
    take(); // .reg
    if (!at(Tok::Word) || peek().text.size() < 2 || peek().text[0] != '.' ||
        !isTypeSuffix(std::string_view(peek().text).substr(1)))
        failHere("a register type (.u32, .s32, .b32, .u64, .s64, .b64...) after '.reg'");
    std::string type = take().text.substr(1);
    SourcePos regPos = peek().pos;
    Reg reg = parseRegister("a register name in the declaration");
    if (isRegisterOf(thread, reg.name))
        fail(regPos, "a second declaration of P" + std::to_string(thread) + ":" + reg.name,
             "each register declared once");
    InitValue value = std::int64_t{0};
    if (accept(Tok::Assign)) value = parseInitValue();
    prog_.init.push_back(InitEntry{thread, reg.name, value, type, pos});
}

} // namespace ptx::parser
