// The program IR: a parsed litmus test, independent of any solver, parser or CLI library.
//
// Every front end (the herd/Dat3M PTX dialect, real-PTX spellings, herd7's GPU_PTX format) maps
// onto these types; every back end (candidate enumeration, the simulator, the CUDA harness) reads
// them. The canonical printer (src/parser/ProgramPrinter) writes them back as text.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace ptx {

/// Where in the source text a construct starts (1-based line and column).
struct SourcePos {
    int line = 0;
    int col = 0;
};

/// Scopes of the PTX memory model, from narrowest to widest.
enum class Scope { Cta, Gpu, Sys };

/// Memory-ordering semantics of an instruction.
/// Loads: Weak, Relaxed, Acquire. Stores: Weak, Relaxed, Release.
/// Atomics: Relaxed, Acquire, Release, AcqRel. Fences: AcqRel or Sc (see FenceKind).
enum class Sem { Weak, Relaxed, Acquire, Release, AcqRel, Sc };

/// The proxy through which a memory access is made (PTX 7.5 mixed-proxy model).
enum class Proxy { Generic, Surface, Texture, Constant };

/// State space of a location (GPU_PTX's memory map; the Dat3M dialect is always global).
enum class StateSpace { Global, Shared };

/// Read-modify-write operations of `atom` and `red`.
enum class AtomOp { Add, Sub, Exch, Cas, And, Or, Xor, Min, Max, Inc, Dec };

/// Register arithmetic (`add r1, r2, 3`); Mov is `mov r1, v` / `ld r1, imm`.
enum class BinOp { Add, Sub, Mul, Div, And, Or, Xor, Mov };

/// Comparisons of branches, `setp` and conditions.
enum class CmpOp { Eq, Ne, Lt, Gt, Le, Ge };

/// A register of one thread, by name as written (`r1`, `%r1` is stored as `r1`; `p` for
/// predicates).
struct Reg {
    std::string name;
    friend bool operator==(const Reg&, const Reg&) = default;
    friend auto operator<=>(const Reg&, const Reg&) = default;
};

/// The address of a location as a value (`&x`, or a bare location name used as a value in GPU_PTX
/// declarations like `.reg .b64 r1 = x`).
struct AddressOf {
    std::string location;
    friend bool operator==(const AddressOf&, const AddressOf&) = default;
};

/// An operand: an immediate, a register, or the address of a location.
using Operand = std::variant<std::int64_t, Reg, AddressOf>;

/// The largest byte offset an address may name (`[x+2147483647]`, `[r1-2147483647]`).
/// Locations are 2^32 bytes apart in the pointer values the engines compute, so a larger offset
/// from one location's address would land on another's.
inline constexpr std::int64_t kMaxAddressOffset = (std::int64_t{1} << 31) - 1;
[[nodiscard]] constexpr bool isAddressOffset(std::int64_t offset) {
    return offset >= -kMaxAddressOffset && offset <= kMaxAddressOffset;
}

/// A memory address: a named location (`x`, `[x]`) or a register holding a pointer (`[r1]`),
/// plus a byte offset (`[x+4]`). Distinct (base, offset) pairs are distinct locations.
struct Address {
    std::variant<std::string, Reg> base;
    std::int64_t offset = 0; // within ±kMaxAddressOffset
    friend bool operator==(const Address&, const Address&) = default;
};

/// Optional data type suffix as written (`u32`, `s64`, `b32`...); empty when omitted.
/// Values are modelled as signed 64-bit integers whatever the type.
using TypeSuffix = std::string;

/// The bytes a memory access without a type covers (the Dat3M dialect's `ld.relaxed.gpu r0, x`):
/// 4, as `.b32`, the width the CUDA harness gives an untyped location (docs/model-races.md,
/// "Mixed-size accesses").
inline constexpr int kUntypedAccessBytes = 4;

/// The bytes a memory access of type `type` covers from its address: 1 for `.b8/.u8/.s8`, 2, 4
/// or 8 for the 16-, 32- and 64-bit types, kUntypedAccessBytes without a type. For a packed type
/// (`.f16x2`), one element's: 2.
[[nodiscard]] inline int accessBytes(const TypeSuffix& type) {
    if (type.size() < 2) return kUntypedAccessBytes;
    std::string bits = type.substr(type.rfind("bf", 0) == 0 ? 2 : 1);
    if (bits.size() > 2 && bits.compare(bits.size() - 2, 2, "x2") == 0)
        bits.resize(bits.size() - 2);
    return bits == "8"    ? 1
           : bits == "16" ? 2
           : bits == "32" ? 4
           : bits == "64" ? 8
                          : kUntypedAccessBytes;
}

struct Load {
    Sem sem = Sem::Weak;          // Weak, Relaxed or Acquire
    std::optional<Scope> scope;   // required for Relaxed/Acquire
    Proxy proxy = Proxy::Generic; // `tld` = Texture, `suld` = Surface
    bool isVolatile = false;      // `ld.volatile` (modelled as relaxed.sys)
    std::vector<std::string>
        cacheOps; // GPU_PTX cache operators (`ca`, `cg`, `cv`), kept for printing
    std::optional<StateSpace> space; // `.global` / `.shared` when written
    TypeSuffix type;
    Reg dst;
    Address addr;
    /// A vector load (`ld.v2.u32 {r0, r1}, [x]`): every element's destination, element k read
    /// from the address plus k times the type's bytes (`dst` is the first). Empty for a scalar
    /// load. The elements are scalar loads unordered among themselves (docs/model-races.md,
    /// "Vector accesses").
    std::vector<Reg> vector;
};

struct Store {
    Sem sem = Sem::Weak; // Weak, Relaxed or Release
    std::optional<Scope> scope;
    Proxy proxy = Proxy::Generic; // `sust` = Surface
    bool isVolatile = false;
    std::vector<std::string> cacheOps; // `wb`, `wt`, `cg`, `cs`
    std::optional<StateSpace> space;
    TypeSuffix type;
    Address addr;
    Operand value;
    /// A vector store (`st.v2.u32 [x], {a, b}`): every element's value, as Load::vector
    /// (`value` is the first). Empty for a scalar store.
    std::vector<Operand> vector;
};

/// The number of elements of an access: 2, 4 or 8 for a vector (`.v2`...), 1 otherwise.
[[nodiscard]] inline int vectorElements(const Load& l) {
    return l.vector.empty() ? 1 : static_cast<int>(l.vector.size());
}
[[nodiscard]] inline int vectorElements(const Store& s) {
    return s.vector.empty() ? 1 : static_cast<int>(s.vector.size());
}

/// The floating-point types of `atom.add` and `red.add` (`.f16`, `.bf16`, `.f32`, `.f64`): their
/// values are IEEE bit patterns (docs/litmus-format.md, "Floating-point atomics").
enum class FloatType { F16, BF16, F32, F64 };

[[nodiscard]] inline std::optional<FloatType> floatTypeOf(const TypeSuffix& type) {
    if (type == "f16") return FloatType::F16;
    if (type == "bf16") return FloatType::BF16;
    if (type == "f32") return FloatType::F32;
    if (type == "f64") return FloatType::F64;
    return std::nullopt;
}

/// The element type of a packed floating-point atomic (`.f16x2`: F16, `.bf16x2`: BF16): two
/// 16-bit elements, each its own read-modify-write (docs/litmus-format.md).
[[nodiscard]] inline std::optional<FloatType> packedFloatTypeOf(const TypeSuffix& type) {
    if (type == "f16x2") return FloatType::F16;
    if (type == "bf16x2") return FloatType::BF16;
    return std::nullopt;
}

/// `atom.SEM.SCOPE.OP d, [a], b{, c}` and `red.SEM.SCOPE.OP [a], b`.
struct Atomic {
    bool isRed = false;     // red: no destination register
    Sem sem = Sem::Relaxed; // Relaxed, Acquire, Release or AcqRel
    Scope scope = Scope::Gpu;
    bool semWritten = true; // false for GPU_PTX `atom.global.cas` (defaults applied)
    std::optional<StateSpace> space;
    AtomOp op = AtomOp::Add;
    TypeSuffix type;        // also f16, bf16, f32, f64 (floatTypeOf), f16x2, bf16x2 (packed)
    bool noftz = false;     // `.noftz`, required on the 16-bit ones (printing only)
    std::optional<Reg> dst; // absent for red
    Address addr;
    Operand operand; // add/sub/exch/and/or/xor/min/max/inc/dec operand; cas: compare
    std::optional<Operand> operand2; // cas: the new value
};

/// The elements of an atomic: 2 for a packed one (`.f16x2`, `.bf16x2`), else 1.
[[nodiscard]] inline int vectorElements(const Atomic& a) {
    return packedFloatTypeOf(a.type) ? 2 : 1;
}

enum class FenceKind { Sc, AcqRel, ProxyAlias, ProxySurface, ProxyTexture, ProxyConstant };

/// `fence.sc.S`, `fence.acq_rel.S`, `fence.proxy.K`, and `membar.{cta,gl,sys}` (= fence.sc).
struct Fence {
    FenceKind kind = FenceKind::Sc;
    Scope scope = Scope::Gpu; // meaningless for proxy fences
    bool isMembar = false;    // spelled `membar.*` in the source (printing only)
};

/// Whose operands a barrier has (docs/litmus-format.md, "Barriers"). One test reads all its
/// barriers one way: real-PTX spellings (`bar.sync`, `barrier.*`) say Ptx, Dat3M-only forms
/// (`bar.cta.sync a, b, c`, `bar.cta.arrive a`) say Dat3m, a `Barriers=` line declares it, and a
/// test with none of these reads `bar.cta.sync a, b` as Dat3M's (the peer suite's default).
enum class BarrierOperands {
    Dat3m, // `bar.cta.sync a{, b{, c}}`: instance a, id b, quorum c (litmus threads)
    Ptx,   // `bar{.cta}.sync a{, b}`, `barrier{.cta}.sync{.aligned} a{, b}`: barrier a, b threads
};

/// A barrier, as Dat3M reads it: `a` is the barrier instance, `b` the (named) barrier id, `c`
/// the quorum (litmus threads). As the PTX ISA reads it: `a` is the barrier (0..15), `b` the
/// number of threads taking part, a multiple of the warp size (one litmus thread is one warp,
/// src/model/BarrierCount.hpp); it is stored as instance a, no id, count b. Two barrier events
/// synchronise when they are in the same CTA and agree on instance and id.
/// The vote of `bar.red`: `.popc` counts the threads whose predicate holds (a `.u32` result),
/// `.and` says whether every one holds, `.or` whether any does (a `.pred` result, 0 or 1).
enum class BarrierReduction { Popc, And, Or };

/// `bar{.cta}.red.OP.TYPE d, a{, b}, {!}c` (real PTX only): a waiting barrier, as `bar.sync a{,
/// b}`, that also writes to d the vote of predicate c (or !c) over the threads of the barrier.
struct BarrierVote {
    BarrierReduction op = BarrierReduction::Popc;
    Reg dst;
    Reg predicate;
    bool negated = false; // `!c`
};

struct Barrier {
    bool arrive = false; // .arrive: does not wait
    BarrierOperands operands = BarrierOperands::Dat3m;
    bool barrierSpelled = false; // `barrier.` rather than `bar.` (printing and the harness)
    bool ctaSpelled = true;      // `bar.cta.sync` vs `bar.sync` (printing and the harness)
    bool aligned = false;        // `barrier.sync.aligned` (printing and the harness)
    Operand instance = std::int64_t{0};
    std::optional<Operand> id; // Dat3m only
    std::optional<Operand> count;
    std::optional<BarrierVote> vote; // `bar.red` (arrive is false)
};

/// Local computation: `add d, a, b`, `mov d, a` (b absent), `ld d, imm` (Mov).
struct Local {
    BinOp op = BinOp::Mov;
    TypeSuffix type;
    Reg dst;
    Operand a;
    std::optional<Operand> b;
};

/// `setp.CMP.TYPE p, a, b`: p = (a CMP b) as 0/1.
struct SetPredicate {
    CmpOp cmp = CmpOp::Eq;
    TypeSuffix type;
    Reg dst;
    Operand a;
    Operand b;
};

/// A comparison deciding a conditional branch.
struct BranchCondition {
    CmpOp cmp = CmpOp::Eq;
    Operand a;
    Operand b;
};

/// `beq a, b, L` (condition present), `goto L` / `bra L` (condition absent; with a guard for
/// `@p bra L`).
struct Branch {
    std::optional<BranchCondition> condition;
    std::string target;
    bool braSpelled = false; // `bra` rather than `goto` (printing only)
};

struct Label {
    std::string name;
};

using InstructionBody =
    std::variant<Load, Store, Atomic, Fence, Barrier, Local, SetPredicate, Branch, Label>;

/// `@p` / `@!p`: the instruction executes only when predicate register p is non-zero (or zero).
struct Guard {
    Reg predicate;
    bool negated = false;
};

struct Instruction {
    InstructionBody body;
    std::optional<Guard> guard;
    SourcePos pos;
};

/// One litmus thread: its placement and its code (empty cells dropped).
struct Thread {
    int id = 0;  // the N of `PN`
    int cta = 0; // CTA index within its GPU
    int gpu = 0;
    std::optional<int> warp; // GPU_PTX scope trees name warps; none in the Dat3M dialect
    int kernel = 0;          // the kernel launch it belongs to (`P2@cta 0,gpu 0,kernel 1`)
    bool host = false;       // `P2@host`: the host, observing after the host's steps (HostStep)
    std::vector<Instruction> code;
    SourcePos pos; // of its header cell
};

/// The legacy default stream (`stream legacy`, cudaStreamLegacy / stream 0 of the runtime API):
/// its work waits for the work of every other (blocking) stream enqueued before it, and theirs
/// enqueued after it waits for its.
inline constexpr int kLegacyStream = -1;

/// `stream 3`, `stream legacy`.
[[nodiscard]] inline std::string streamName(int stream) {
    return stream == kLegacyStream ? "stream legacy" : "stream " + std::to_string(stream);
}

/// One step of the host program that launches a test's kernels (`host { ... }`,
/// docs/litmus-format.md, "Kernels and the host"), in the order the host takes them.
struct HostStep {
    enum class Kind {
        Launch,     // `launch kernel K stream S`: the kernel enqueued in stream S
        Record,     // `record event E stream S`: cudaEventRecord(E, S)
        Wait,       // `wait event E stream S`: cudaStreamWaitEvent(S, E)
        Graph,      // `graph stream S { A -> B, C; D }`: a graph of kernels launched in stream S
        SyncStream, // `sync stream S`: cudaStreamSynchronize(S)
        SyncEvent,  // `sync event E`: cudaEventSynchronize(E)
        SyncDevice, // `sync device`: cudaDeviceSynchronize()
    };
    Kind kind = Kind::Launch;
    int kernel = 0; // Launch
    int stream = 0; // Launch, Record, Wait, Graph, SyncStream (kLegacyStream: the legacy one)
    int event = 0;  // Record, Wait, SyncEvent
    std::vector<int> nodes;                 // Graph: its kernels, in the order written
    std::vector<std::pair<int, int>> edges; // Graph: (A, B): B depends on A
    SourcePos pos;
    friend bool operator==(const HostStep& a, const HostStep& b) {
        return a.kind == b.kind && a.kernel == b.kernel && a.stream == b.stream &&
               a.event == b.event && a.nodes == b.nodes && a.edges == b.edges;
    }
};

/// An initial value: an integer or the address of a location.
using InitValue = std::variant<std::int64_t, AddressOf>;

/// `x=1;` (thread absent) or `P0:r1=2;` (thread present).
struct InitEntry {
    std::optional<int> thread;
    std::string name; // location or register name
    InitValue value;
    std::optional<TypeSuffix> declaredType; // GPU_PTX `0:.reg .s32 r0;`
    SourcePos pos;
};

/// `y @ generic aliases x`: y names the same memory as x, through the given proxy.
struct AliasDecl {
    std::string name;
    Proxy proxy = Proxy::Generic;
    std::string target;
    SourcePos pos;
};

// ---- final condition ------------------------------------------------------------------------

/// A term of a condition: a thread's register, a location's final value, or a constant.
struct RegTerm {
    int thread = 0;
    std::string reg;
    friend bool operator==(const RegTerm&, const RegTerm&) = default;
    friend auto operator<=>(const RegTerm&, const RegTerm&) = default;
};
struct LocTerm {
    std::string location;
    friend bool operator==(const LocTerm&, const LocTerm&) = default;
    friend auto operator<=>(const LocTerm&, const LocTerm&) = default;
};
using Term = std::variant<RegTerm, LocTerm, std::int64_t>;

struct CondExpr;
/// Boolean structure of a condition. Nodes own their children through std::vector (values).
struct CondCompare {
    CmpOp cmp = CmpOp::Eq; // only Eq and Ne are written in litmus conditions
    Term lhs;
    Term rhs;
    SourcePos pos;
};
struct CondAnd {
    std::vector<CondExpr> parts;
};
struct CondOr {
    std::vector<CondExpr> parts;
};
struct CondNot {
    std::vector<CondExpr> inner; // exactly one element
};
struct CondBool {
    bool value = true;
};
struct CondExpr {
    std::variant<CondCompare, CondAnd, CondOr, CondNot, CondBool> node;
};

enum class ConditionKind { Exists, NotExists, Forall };

struct Condition {
    ConditionKind kind = ConditionKind::Exists;
    CondExpr expr;
    SourcePos pos;
};

/// Something that appears in an outcome: a register of a thread or a location.
using Observable = std::variant<RegTerm, LocTerm>;

/// The whole litmus test.
struct Program {
    std::string name;
    std::string arch = "PTX";              // `PTX`, `ptx` or `GPU_PTX` as written
    std::vector<std::string> descriptions; // quoted strings after the name, without quotes
    std::vector<InitEntry> init;
    std::vector<AliasDecl> aliases;
    std::map<std::string, StateSpace> spaces; // GPU_PTX memory map (`x: global, y: shared`)
    std::vector<Thread> threads;              // ordered by id
    /// The host's steps (`host { ... }`); empty: one kernel (0), launched alone.
    std::vector<HostStep> host;
    std::optional<CondExpr> filter;
    std::vector<Observable> locations; // `locations [x; 1:r0;]`
    Condition condition;
    std::string file; // the path it was read from, for messages
};

} // namespace ptx
