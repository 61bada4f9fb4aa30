// The recursive-descent parser behind parseLitmus (internal to src/parser).
// One instance parses one test; its parts live in Parse*.cpp files, one concept each.
#pragma once

#include "model/Names.hpp"
#include "model/Program.hpp"
#include "parser/Lexer.hpp"
#include "support/Deadline.hpp"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ptx::parser {

/// The registers an instruction writes: a load's destination (every element's of a vector load),
/// an atomic's, a move's, a setp's, a bar.red's; none for the others.
[[nodiscard]] std::vector<std::string> writtenRegisters(const Instruction& ins);
/// Whether `ins` writes register `reg`.
[[nodiscard]] bool writesRegister(const Instruction& ins, const std::string& reg);

/// A dotted qualifier of a mnemonic (`relaxed` in `ld.relaxed.gpu`) and where it starts.
struct Qualifier {
    std::string text;
    SourcePos pos;
};

/// Deepest nesting of parentheses / `~` in conditions and of groups in a scope tree.
inline constexpr int kMaxNesting = 200;

class LitmusParser {
  public:
    /// `firstLine`: the line number of text's first line (a test inside a longer stream);
    /// `deadline`: checked once per row of instructions (Phase::Parsing).
    LitmusParser(std::string_view text, std::string file, int firstLine = 1,
                 Deadline deadline = {});
    [[nodiscard]] Program parse();
    /// The whole text is a quantified condition starting at `start` (parseConditionText): no
    /// program, so names are not checked.
    [[nodiscard]] Condition parseStandaloneCondition(SourcePos start);

  private:
    friend class OutcomeTextParser; // OutcomeText.cpp: conditions typed on the command line

    std::string_view text_;
    std::string file_;
    int firstLine_ = 1;
    Deadline deadline_;
    std::vector<Token> toks_;
    std::size_t p_ = 0;
    Program prog_;
    std::vector<bool> placed_; // thread i got a placement in the thread header
    bool hasScopeTree_ = false;
    SourcePos headerPos_;
    std::set<std::string> knownLocations_; // filled before the condition is parsed
    bool checkNames_ = true;               // false for a condition without its program

    /// A barrier as written, kept until the test's barrier operands are decided
    /// (ParseBarrierOperands.cpp): its operands' positions and what its spelling alone says.
    struct BarrierSite {
        int thread = 0;
        SourcePos pos; // of the mnemonic
        std::string spelling;
        std::vector<SourcePos> operandPos;
        std::optional<BarrierOperands> says; // barrierSpellingSays
    };
    std::vector<BarrierSite> barrierSites_; // in source order
    struct BarrierDeclaration {
        BarrierOperands operands = BarrierOperands::Dat3m;
        SourcePos pos;
    };
    std::optional<BarrierDeclaration> declaredBarriers_; // a `Barriers=ptx` line

    // ---- tokens (LitmusParser.cpp) ----
    [[nodiscard]] const Token& peek(std::size_t ahead = 0) const;
    const Token& take();
    [[nodiscard]] bool at(Tok kind, std::size_t ahead = 0) const;
    [[nodiscard]] bool atWord(std::string_view word, std::size_t ahead = 0) const;
    bool accept(Tok kind);
    const Token& expect(Tok kind, const std::string& expected);
    const Token& expectWord(std::string_view word, const std::string& expected);
    [[noreturn]] void fail(SourcePos pos, const std::string& found,
                           const std::string& expected) const;
    [[noreturn]] void failHere(const std::string& expected) const;
    std::int64_t parseInteger(const std::string& expected); // optional '-', then a number
    std::int64_t numberValue(const Token& token, bool negative) const;
    int smallInt(const Token& token, const std::string& what) const;
    /// `+N` or `-N` after an address's base (the sign at the cursor): the byte offset, within
    /// ±kMaxAddressOffset.
    std::int64_t parseOffset();
    std::string parseName(const std::string& expected); // a plain identifier
    Reg parseRegister(const std::string& expected);     // `r1`, `%r1`
    int parseThreadRef(const std::string& expected);    // `P1` or `1`
    /// `cta 1` or `cta1` (key `cta`): the number; `context` names where it is expected.
    int parseKeyNumber(std::string_view key, const std::string& context);
    [[nodiscard]] bool validName(std::string_view name) const;
    [[nodiscard]] bool isRegisterOf(int thread, const std::string& name) const;

    // ---- header and init block (ParseHeader.cpp) ----
    void parseHeaderLine();
    void parsePreamble(std::size_t offset);
    [[nodiscard]] SourcePos posAt(std::size_t offset) const;
    void parseInit();
    void parseInitEntry();
    void parseRegDeclaration(int thread, SourcePos pos);
    InitValue parseInitValue();

    // ---- threads, rows, scope tree, memory map (ParseThreads.cpp) ----
    void parseThreadHeader();
    void parseRows();
    [[nodiscard]] bool atRowsEnd() const;
    [[nodiscard]] bool atMemoryMap() const;
    void parseScopeTree();
    void parseMemoryMap();

    // ---- the host's steps (ParseHost.cpp) ----
    [[nodiscard]] bool atHostBlock() const; // `host {`
    void parseHostBlock();
    HostStep parseHostStep();
    void parseGraph(HostStep& graph);
    int parseStream(const std::string& context); // `stream 2`, `stream legacy` (kLegacyStream)
    /// Host threads get a GPU of their own; the API order's rules (ApiOrder::check).
    void checkKernels();

    // ---- instructions (ParseInstruction.cpp, ParseMemoryOps.cpp) ----
    Instruction parseInstruction(int thread);
    InstructionBody parseMnemonic(int thread, const Token& word, std::vector<Qualifier> quals);
    InstructionBody parseLoad(int thread, const Token& word, const std::vector<Qualifier>& quals);
    InstructionBody parseStore(int thread, const Token& word, const std::vector<Qualifier>& quals);
    InstructionBody parseAtomic(int thread, const Token& word, const std::vector<Qualifier>& quals);
    InstructionBody parseFence(const Token& word, const std::vector<Qualifier>& quals);
    InstructionBody parseBarrier(int thread, const Token& word,
                                 const std::vector<Qualifier>& quals);
    /// `bar.red` from the qualifier after `.red` (quals[i]); `b` has its spelling.
    InstructionBody parseBarrierVote(int thread, const Token& word,
                                     const std::vector<Qualifier>& quals, std::size_t i, Barrier b);
    Operand parseOperand(const std::string& expected);
    /// `{a, b, ...}`, the n elements of a vector access: registers (distinct: the destinations of
    /// a vector load) or operands (the values of a vector store).
    std::vector<Operand> parseVectorOperands(int n, const std::string& expected, bool registers);
    Address parseAddress(int thread);
    std::string parseLabelRef();

    // ---- final condition (ParseCondition.cpp) ----
    void parseTail();
    Condition parseQuantifiedCondition(); // `exists`/`~exists`/`forall`, the condition, `;`?
    CondExpr parseOr(int depth);
    CondExpr parseAnd(int depth);
    CondExpr parseUnary(int depth);
    Term parseTerm();
    Observable parseObservable();
    void checkRegTerm(int thread, const std::string& reg, SourcePos pos) const;
    void checkLocTerm(const std::string& location, SourcePos pos) const;

    // ---- semantic checks (Checks.cpp) ----
    void checkThreadsPlaced() const;
    void checkInitThreads() const;
    void checkLabels() const;
    void checkRegisterAddresses() const;
    void checkReadOnlyProxies() const;

    // ---- barrier operands (ParseBarrierOperands.cpp) ----
    /// `Barriers=ptx` / `Barriers=dat3m` in the preamble, at `offset`; returns the offset after it.
    std::size_t parseBarrierDeclaration(std::size_t offset);
    /// Decides how the test's barriers read, moves PTX counts into place and checks the operands.
    void resolveBarrierOperands();
    /// A barrier of the PTX reading, as resolveBarrierOperands placed it.
    struct PlacedBarrier {
        const BarrierSite* site = nullptr;
        const Thread* thread = nullptr;
        const Barrier* barrier = nullptr;
    };
    /// bar.red's rules: no barrier both voted on and synchronised on otherwise, barrier numbers
    /// and bar.red counts known before the run, a count covering every voter.
    void checkBarrierVotes(const std::vector<PlacedBarrier>& placed) const;
    [[nodiscard]] std::set<std::string> usedLocations() const;
};

/// The qualifier lists and spellings shared by the parser and the printer.
[[nodiscard]] bool isTypeSuffix(std::string_view text);
/// PTX's floating-point types, scalar and packed (`f32`, `f16x2`, ...): not modelled.
[[nodiscard]] bool isFloatType(std::string_view text);
/// The type suffixes isTypeSuffix accepts, for messages: "u8, s8, ..., pred".
[[nodiscard]] std::string typeSuffixList();

/// Whose operands a barrier's spelling alone says it has: Ptx for `barrier.*` and `bar` without
/// `.cta`; Dat3m for `bar.cta.sync a, b, c` and `bar.cta.arrive a`; none for the forms both
/// read (`bar.cta.sync a{, b}`, `bar.cta.arrive a, b`). Holds for a barrier as parsed (operands
/// in Dat3M's places) and once its test's reading is decided.
[[nodiscard]] std::optional<BarrierOperands> barrierSpellingSays(const Barrier& b);

/// `Barriers=ptx` or `Barriers=dat3m`: the preamble line that declares a test's barrier reading.
[[nodiscard]] std::string barrierDeclarationText(BarrierOperands operands);

/// The `Barriers=` line `parse` prints for `program`: its barriers' reading when no spelling
/// decides it and a form reads two ways or the reading is not the default (ParseBarrierOperands).
[[nodiscard]] std::optional<BarrierOperands> barrierDeclarationToPrint(const Program& program);

} // namespace ptx::parser
