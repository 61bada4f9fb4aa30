// The options every command that runs the checker shares (--model, --engine, --unroll, ...).
#pragma once

#include "check/Checker.hpp"

#include <CLI/CLI.hpp>
#include <string>

namespace ptx::cli {

struct CheckFlags {
    std::string model = "ptx6";
    std::string engine = "auto";
    std::string axioms; // `-NoThinAir,-Causality`
    int unroll = 2;
    double timeout = 0;
    unsigned jobs = 0; // 0: all cores
    bool verbose = false;
    bool noWitnesses = false;

    /// The CheckOptions these flags describe (throws InputError on bad values).
    [[nodiscard]] CheckOptions options() const;
    [[nodiscard]] unsigned threads() const;
};

/// Adds --model, --engine, --axioms, --unroll, --timeout, -j and -v to `app`.
void addCheckFlags(CLI::App& app, CheckFlags& flags);

} // namespace ptx::cli
