// Entry points, token helpers and the spellings shared by the parser and the printer.
#include "parser/LitmusParser.hpp"

#include "parser/Parser.hpp"
#include "support/InputFile.hpp"

#include <array>
#include <fstream>
#include <limits>
#include <sstream>

namespace ptx {

ParseError::ParseError(std::string file, SourcePos pos, const std::string& message)
    : LocatedInputError(file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.col) +
                        ": error: " + message),
      file_(std::move(file)), pos_(pos), message_(message) {}

Program parseLitmus(std::string_view text, const std::string& fileName, int firstLine,
                    const Deadline& deadline) {
    return parser::LitmusParser(text, fileName, firstLine, deadline).parse();
}

Program parseLitmusFile(const std::string& path, const Deadline& deadline) {
    return parseLitmus(readInputFile(path, "litmus test", deadline), path == "-" ? "<stdin>" : path,
                       1, deadline);
}

} // namespace ptx

namespace ptx::parser {

namespace {
constexpr std::array kReserved = {"exists", "forall", "filter", "locations", "scopeTree",
                                  "final",  "true",   "false",  "not",       "with"};
} // namespace

LitmusParser::LitmusParser(std::string_view text, std::string file, int firstLine,
                           Deadline deadline)
    : text_(text), file_(std::move(file)), firstLine_(firstLine), deadline_(std::move(deadline)) {
    prog_.file = file_;
}

Program LitmusParser::parse() {
    parseHeaderLine();
    parseInit();
    parseThreadHeader();
    parseRows();
    while (true) {
        if (atWord("scopeTree")) {
            parseScopeTree();
        } else if (atMemoryMap()) {
            parseMemoryMap();
        } else if (atHostBlock()) {
            parseHostBlock();
        } else {
            break;
        }
    }
    checkThreadsPlaced();
    checkKernels();
    resolveBarrierOperands();
    checkInitThreads();
    checkLabels();
    checkRegisterAddresses();
    checkReadOnlyProxies();
    parseTail();
    return std::move(prog_);
}

const Token& LitmusParser::peek(std::size_t ahead) const {
    std::size_t i = p_ + ahead;
    return i < toks_.size() ? toks_[i] : toks_.back();
}

const Token& LitmusParser::take() {
    const Token& t = peek();
    if (p_ + 1 < toks_.size()) ++p_;
    return t;
}

bool LitmusParser::at(Tok kind, std::size_t ahead) const {
    return peek(ahead).kind == kind;
}

bool LitmusParser::atWord(std::string_view word, std::size_t ahead) const {
    return peek(ahead).kind == Tok::Word && peek(ahead).text == word;
}

bool LitmusParser::accept(Tok kind) {
    if (!at(kind)) return false;
    take();
    return true;
}

const Token& LitmusParser::expect(Tok kind, const std::string& expected) {
    if (!at(kind)) failHere(expected);
    return take();
}

const Token& LitmusParser::expectWord(std::string_view word, const std::string& expected) {
    if (!atWord(word)) failHere(expected);
    return take();
}

void LitmusParser::fail(SourcePos pos, const std::string& found,
                        const std::string& expected) const {
    throw ParseError(file_, pos, "found " + found + ", expected " + expected);
}

void LitmusParser::failHere(const std::string& expected) const {
    fail(peek().pos, describe(peek()), expected);
}

std::int64_t LitmusParser::numberValue(const Token& token, bool negative) const {
    const std::string& t = token.text;
    std::uint64_t value = 0;
    std::uint64_t limit = negative ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1;
    bool hex = t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X');
    std::size_t start = hex ? 2 : 0;
    unsigned base = hex ? 16 : 10;
    for (std::size_t i = start; i < t.size(); ++i) {
        char c = t[i];
        unsigned digit = 0;
        if (c >= '0' && c <= '9') {
            digit = static_cast<unsigned>(c - '0');
        } else if (hex && c >= 'a' && c <= 'f') {
            digit = static_cast<unsigned>(c - 'a' + 10);
        } else if (hex && c >= 'A' && c <= 'F') {
            digit = static_cast<unsigned>(c - 'A' + 10);
        } else {
            fail(token.pos, describe(token), "a number");
        }
        if (value > (limit - digit) / base)
            fail(token.pos, "value out of range '" + std::string(negative ? "-" : "") + t + "'",
                 "a signed 64-bit integer");
        value = value * base + digit;
    }
    if (negative)
        return value == (std::uint64_t{1} << 63) ? std::numeric_limits<std::int64_t>::min()
                                                 : -static_cast<std::int64_t>(value);
    return static_cast<std::int64_t>(value);
}

std::int64_t LitmusParser::parseInteger(const std::string& expected) {
    bool negative = accept(Tok::Minus);
    if (!at(Tok::Number)) failHere(expected);
    return numberValue(take(), negative);
}

int LitmusParser::smallInt(const Token& token, const std::string& what) const {
    if (token.kind != Tok::Number) fail(token.pos, describe(token), what);
    // Past 64 bits too (more than 7 digits), the limit that matters is this one, not "a signed
    // 64-bit integer".
    const bool tooLong =
        token.text.size() > 7 && token.text.find_first_not_of("0123456789") == std::string::npos;
    const std::int64_t v = tooLong ? 0 : numberValue(token, false);
    if (tooLong || v > 1'000'000)
        fail(token.pos, "value out of range '" + token.text + "'", what + " (at most 1000000)");
    return static_cast<int>(v);
}

std::int64_t LitmusParser::parseOffset() {
    const bool negative = take().kind == Tok::Minus;
    if (!at(Tok::Number)) failHere("a byte offset after '+' or '-'");
    const Token& number = take();
    const std::int64_t offset = numberValue(number, negative);
    if (!isAddressOffset(offset))
        fail(number.pos, "'" + number.text + "'",
             "a byte offset from -" + std::to_string(kMaxAddressOffset) + " to " +
                 std::to_string(kMaxAddressOffset) +
                 " (locations are 2^32 bytes apart: a larger offset would reach another location)");
    return offset;
}

bool LitmusParser::validName(std::string_view name) const {
    if (name.empty()) return false;
    char c = name[0];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$')) return false;
    for (char d : name)
        if (!((d >= 'a' && d <= 'z') || (d >= 'A' && d <= 'Z') || (d >= '0' && d <= '9') ||
              d == '_' || d == '$'))
            return false;
    for (const char* r : kReserved)
        if (name == r) return false;
    return true;
}

std::string LitmusParser::parseName(const std::string& expected) {
    if (!at(Tok::Word) || !validName(peek().text)) failHere(expected);
    return take().text;
}

Reg LitmusParser::parseRegister(const std::string& expected) {
    if (!at(Tok::Word)) failHere(expected);
    std::string_view text = peek().text;
    if (!text.empty() && text[0] == '%') text.remove_prefix(1);
    if (!validName(text)) failHere(expected);
    take();
    return Reg{std::string(text)};
}

int LitmusParser::parseThreadRef(const std::string& expected) {
    if (at(Tok::Number)) return smallInt(take(), expected);
    if (at(Tok::Word)) {
        const Token& t = peek();
        if (t.text.size() > 1 && t.text[0] == 'P' &&
            t.text.find_first_not_of("0123456789", 1) == std::string::npos) {
            Token digits{Tok::Number, t.text.substr(1), SourcePos{t.pos.line, t.pos.col + 1}};
            int id = smallInt(digits, expected);
            take();
            return id;
        }
    }
    failHere(expected);
}

bool LitmusParser::isRegisterOf(int thread, const std::string& name) const {
    for (const InitEntry& e : prog_.init)
        if (e.thread && *e.thread == thread && e.name == name) return true;
    return false;
}

// ---- spellings -------------------------------------------------------------------------------

namespace {
constexpr std::array kTypes = {"u8",  "s8",  "b8",  "u16", "s16", "b16", "u32",
                               "s32", "b32", "u64", "s64", "b64", "pred"};
} // namespace

bool isTypeSuffix(std::string_view text) {
    for (const char* t : kTypes)
        if (text == t) return true;
    return false;
}

bool isFloatType(std::string_view text) {
    for (const char* t : {"f16", "f16x2", "bf16", "bf16x2", "f32", "f64", "tf32"})
        if (text == t) return true;
    return false;
}

std::string typeSuffixList() {
    std::string list;
    for (const char* t : kTypes)
        list += (list.empty() ? "" : ", ") + std::string(t);
    return list;
}

} // namespace ptx::parser
