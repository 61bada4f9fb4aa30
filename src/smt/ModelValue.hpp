// Reading values back from a Z3 model: the one place where a model's answer becomes a number.
#pragma once

#include "smt/CandidateEncoding.hpp"

#include <cstdint>
#include <optional>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

/// The value `m` gives `term` (completed: a term the model leaves free gets a value): the 64-bit
/// two's complement number the bit-vector holds, or the value of that rank (`domain`). A
/// non-numeral answer (a term the model cannot evaluate to a constant), or a rank of no value,
/// is an SmtFailure, never read as 0.
[[nodiscard]] std::int64_t modelValue(const z3::model& m, const z3::expr& term,
                                      const ValueDomain& domain = {});

/// A candidate's values in one model of its encoding. Only the reads' values are asked of the
/// model; each value is then computed over the candidate's ValuePool (ValuePool::evaluate, the
/// semantics every engine shares). Z3's own evaluation of a value term is not used: its time
/// grows faster than the term's depth and an interrupt does not stop it (measured, Z3 4.8.12:
/// 10,000 chained additions 0.12 s, 40,000 0.69 s, 100,000 over 50 s).
/// One execution's choices, as a witness counter saw them (not a model): by read event, the
/// write it reads from (-1: none); by location, its final write (-1: none).
struct WitnessChoices {
    std::vector<int> sourceOf;
    std::vector<int> finalOf;
};

class ModelValues {
  public:
    /// `encoding` must outlive this reader.
    ModelValues(z3::model m, const CandidateEncoding& encoding);
    /// The values of the execution `choices` (of a candidate, not a union): a read's value is
    /// that of the write it reads from. A read with no write chosen is an SmtFailure (a read
    /// whose value no rf choice gives, a bar.red result, must be read from a model).
    ModelValues(WitnessChoices choices, const CandidateEncoding& encoding);

    [[nodiscard]] std::int64_t value(ValueId v);
    /// The value of the final write of `location` the model chose (0 if it chose none, as
    /// CandidateEncoding::finalValue reads then).
    [[nodiscard]] std::int64_t finalValue(int location);

  private:
    /// The value read event `e` reads.
    [[nodiscard]] std::int64_t readValue(int e);

    std::optional<z3::model> m_;            // or:
    std::optional<WitnessChoices> choices_; // an execution's choices
    const CandidateEncoding& encoding_;
    std::vector<std::int64_t> readValue_; // by event, where known_
    std::vector<bool> known_;
    std::vector<bool> reading_; // with choices_: being computed (a cycle is a failure)
};

} // namespace ptx::smt
