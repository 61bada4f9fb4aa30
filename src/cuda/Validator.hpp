// Validating an observed histogram against the model: runs ptx::check twice (the reference
// model, and SC), both projected on the histogram's observables, and builds the report.
#pragma once

#include "check/Checker.hpp"
#include "cuda/HistogramReader.hpp"
#include "cuda/ValidationReport.hpp"

namespace ptx::cuda {

/// options.model is the reference model; options.extraObservables is replaced by the
/// histogram's observables. Throws SolverFailure / Unsupported from check, std::invalid_argument
/// when the histogram names an observable the test does not have.
[[nodiscard]] ValidationReport validateHistogram(const Program& program, const Histogram& observed,
                                                 CheckOptions options);

} // namespace ptx::cuda
