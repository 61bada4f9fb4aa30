// Outcome text from the command line, read by the litmus parser's own condition grammar
// (LitmusParser::parseOr, ParseCondition.cpp) over the program the outcome is about. A name the
// program lacks is reported with the names it has.
#include "parser/OutcomeText.hpp"

#include "parser/LitmusParser.hpp"
#include "parser/Parser.hpp"

#include <set>
#include <string>
#include <vector>

namespace ptx::parser {

/// Drives a LitmusParser (a friend) over the outcome text: its condition grammar, its name
/// checks, its messages; only the top level (`;`-separated state lines) and the messages for
/// unknown names are added here.
class OutcomeTextParser {
  public:
    OutcomeTextParser(std::string_view text, const Program& program, std::string what)
        : what_(std::move(what)), program_(program), p_(text, what_) {
        p_.prog_ = program;
        p_.prog_.file = what_;
        p_.toks_ = tokenize(text, what_, SourcePos{1, 1});
        p_.knownLocations_ = p_.usedLocations();
    }

    CondExpr parse() {
        try {
            return parseParts();
        } catch (const ParseError& e) {
            explainUnknownName(e.pos());
            throw;
        }
    }

  private:
    std::string what_;
    const Program& program_;
    LitmusParser p_;

    CondExpr parseParts() {
        CondAnd all;
        while (!p_.at(Tok::End)) {
            all.parts.push_back(p_.parseOr(0));
            if (!p_.accept(Tok::Semi) && !p_.at(Tok::End))
                p_.failHere("a connective (/\\, \\/), ';' or the end of the outcome");
        }
        if (all.parts.empty())
            p_.failHere("an outcome such as 1:r0=1 /\\ 1:r1=0 (or 1:r0=1; 1:r1=0;)");
        if (all.parts.size() == 1) return std::move(all.parts.front());
        return CondExpr{std::move(all)};
    }

    /// The registers thread `thread` initialises or writes: those its condition may name.
    [[nodiscard]] std::set<std::string> registersOf(int thread) const {
        std::set<std::string> out;
        for (const InitEntry& e : program_.init)
            if (e.thread && *e.thread == thread) out.insert(e.name);
        for (const Thread& t : program_.threads)
            if (t.id == thread)
                for (const Instruction& ins : t.code) {
                    for (const std::string& r : writtenRegisters(ins))
                        if (!std::holds_alternative<Barrier>(ins.body)) out.insert(r);
                }
        return out;
    }

    /// `r0 r1`: names separated by blanks, `none` when there are none.
    template <typename Names> [[nodiscard]] static std::string listed(const Names& names) {
        std::string out;
        for (const std::string& n : names)
            out += (out.empty() ? "" : " ") + n;
        return out.empty() ? "none" : out;
    }

    [[noreturn]] void unknown(SourcePos pos, const std::string& message) const {
        throw ParseError(what_, pos, message);
    }

    /// When the parser rejected the observable starting at `pos` because the program lacks
    /// its thread, register or location, throws the error that lists the names it has.
    void explainUnknownName(SourcePos pos) {
        std::size_t i = 0;
        while (i < p_.toks_.size() &&
               (p_.toks_[i].pos.line != pos.line || p_.toks_[i].pos.col != pos.col))
            ++i;
        if (i >= p_.toks_.size()) return;
        p_.p_ = i;
        if (p_.at(Tok::Colon, 1) && p_.at(Tok::Word, 2)) {
            int thread = 0;
            try {
                thread = p_.parseThreadRef("a thread");
            } catch (const ParseError&) {
                return; // not a thread reference: the parser's own message says it best
            }
            p_.take(); // ':'
            std::string reg = p_.peek().text;
            if (!reg.empty() && reg.front() == '%') reg.erase(0, 1);
            std::vector<std::string> threads; // in id order
            bool exists = false;
            for (const Thread& t : program_.threads) {
                threads.push_back(std::to_string(t.id));
                exists = exists || t.id == thread;
            }
            if (!exists)
                unknown(pos, "no thread " + std::to_string(thread) +
                                 " in the test (its threads: " + listed(threads) + ")");
            const std::set<std::string> regs = registersOf(thread);
            if (!regs.count(reg))
                unknown(pos, "no register " + reg + " in thread " + std::to_string(thread) +
                                 " (its registers: " + listed(regs) + ")");
            return;
        }
        p_.accept(Tok::LBracket);
        if (!p_.at(Tok::Word)) return;
        const std::string name = p_.peek().text;
        if (!p_.validName(name) || p_.knownLocations_.count(name)) return;
        std::string hint;
        for (const Thread& t : program_.threads)
            if (hint.empty() && registersOf(t.id).count(name))
                hint = "; " + name + " is a register: write " + std::to_string(t.id) + ":" + name;
        unknown(pos, "no location " + name +
                         " in the test (its locations: " + listed(p_.knownLocations_) + ")" + hint);
    }
};

} // namespace ptx::parser

namespace ptx {

CondExpr parseOutcomeText(std::string_view text, const Program& program, std::string_view what) {
    return parser::OutcomeTextParser(text, program, std::string(what)).parse();
}

} // namespace ptx
