// Symbolic values of a candidate execution: expressions over the values read by read events.
//
// A register's content along a thread path is a ValueId into a ValuePool: a constant, the value
// read by a read event, or an operation on other values. Engines evaluate these concretely (the
// explicit engine) or translate them into solver terms (the SMT engine). Arithmetic is on 64-bit
// two's complement integers (wrapping); division by zero gives 0.
#pragma once

#include "model/Program.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace ptx {

using ValueId = int;

enum class ValueOp {
    Const, // constant
    Read,  // the value read by event `event` (or written to its destination by bar.red `event`)
    Add,
    Sub,
    Mul,
    Div,
    And,
    Or,
    Xor,
    Min,
    Max,
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,      // comparisons give 0 or 1 (signed)
    Select,  // a != 0 ? b : c
    IncWrap, // PTX atom.inc: (a >= b) ? 0 : a + 1   (unsigned)
    DecWrap, // PTX atom.dec: (a == 0 || a > b) ? b : a - 1   (unsigned)
    // atom/red.add of a floating-point type (model/FloatAdd.hpp): the operands' low 16, 32 or 64
    // bits are IEEE bit patterns, and so is the result (zero-extended).
    FAddF16,
    FAddBF16,
    FAddF32,
    FAddF64,
};

struct ValueNode {
    ValueOp op = ValueOp::Const;
    std::int64_t constant = 0; // Const
    int event = -1;            // Read
    ValueId a = -1, b = -1, c = -1;
    /// Nodes of the expression written out as a tree (shared operands counted each time they
    /// occur), saturating at kLargeExpression: small expressions are evaluated directly, larger
    /// ones node by node, each shared node once (`add r0, r0, r0` a hundred times is a chain of
    /// a hundred nodes but a tree of 2^100).
    std::uint32_t treeSize = 1;
};

/// An append-only pool of value expressions with constant folding. Operands are created before
/// the operations using them, so an operand's id is always smaller than its user's.
class ValuePool {
  public:
    [[nodiscard]] ValueId constant(std::int64_t v);
    [[nodiscard]] ValueId read(int event);
    [[nodiscard]] ValueId binary(ValueOp op, ValueId a, ValueId b);
    [[nodiscard]] ValueId select(ValueId cond, ValueId a, ValueId b);

    [[nodiscard]] const ValueNode& node(ValueId id) const {
        return nodes_[static_cast<size_t>(id)];
    }
    [[nodiscard]] std::size_t size() const { return nodes_.size(); }
    [[nodiscard]] std::optional<std::int64_t> constantValue(ValueId id) const;

    /// The read events whose values `id` actually refers to (after folding), sorted, distinct;
    /// a bar.red event whose result it refers to counts as one (ValueOp::Read of it).
    [[nodiscard]] std::vector<int> readsOf(ValueId id) const;

    /// Evaluates with `readValue[e]` as the value of read event e. No recursion whose depth
    /// grows with the expression, and time linear in the expression's distinct nodes.
    [[nodiscard]] std::int64_t evaluate(ValueId id,
                                        const std::vector<std::int64_t>& readValue) const;

    /// Expressions up to this tree size are evaluated by a (shallow) recursion.
    static constexpr std::uint32_t kLargeExpression = 64;

  private:
    ValueId add(ValueNode n);
    [[nodiscard]] std::int64_t evaluateSmall(ValueId id,
                                             const std::vector<std::int64_t>& readValue) const;
    [[nodiscard]] std::int64_t evaluateLarge(ValueId id,
                                             const std::vector<std::int64_t>& readValue) const;
    /// The operation of node `n` applied to its operands' values.
    [[nodiscard]] static std::int64_t apply(const ValueNode& n, std::int64_t a, std::int64_t b,
                                            std::int64_t c);

    std::vector<ValueNode> nodes_;
};

/// Applies a binary operation to constants (the semantics every engine shares).
[[nodiscard]] std::int64_t applyOp(ValueOp op, std::int64_t a, std::int64_t b);

[[nodiscard]] ValueOp toValueOp(BinOp op);
[[nodiscard]] ValueOp toValueOp(CmpOp op);
/// The operation combining an atomic's old value (left) with its operand (right); none for
/// `exch` (the operand itself) and `cas` (a selection). `number` is the atomic's floating-point
/// type, if it has one (`atom.add.f32`: FAddF32).
[[nodiscard]] std::optional<ValueOp> toValueOp(AtomOp op,
                                               std::optional<FloatType> number = std::nullopt);
/// The type of a floating-point add (FAddF32: F32); none for every other operation.
[[nodiscard]] std::optional<FloatType> floatAddType(ValueOp op);

} // namespace ptx
