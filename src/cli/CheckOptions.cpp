#include "cli/CheckOptions.hpp"

#include "support/Errors.hpp"

#include <sstream>
#include <stdexcept>
#include <thread>

namespace ptx::cli {

void addCheckFlags(CLI::App& app, CheckFlags& f) {
    app.add_option("--model", f.model, "Memory model: ptx6 (the PTX ISA model, default) or sc")
        ->check(CLI::IsMember({"ptx6", "sc"}));
    app.add_option("--engine", f.engine,
                   "smt (Z3), explicit (enumerate executions) or auto (pick per test, default)")
        ->check(CLI::IsMember({"smt", "explicit", "auto"}));
    app.add_option("--axioms", f.axioms,
                   "Switch axioms off, e.g. --axioms=-NoThinAir,-Causality (names as in "
                   "docs/model.md: Coherence FenceSC Atomicity NoThinAir SCPerLocation Causality)");
    app.add_option("--unroll", f.unroll,
                   "Loop bound: how often a path may take each backward jump (default 2); a path "
                   "cut by it is reported")
        ->check(CLI::Range(0, 64));
    app.add_option("--timeout", f.timeout,
                   "Seconds per test before giving up, whatever the phase (exit 3)")
        ->check(CLI::NonNegativeNumber);
    app.add_option("-j,--jobs", f.jobs, "Tests checked in parallel (default: all cores)");
    app.add_flag("--no-witnesses", f.noWitnesses,
                 "Do not count executions: Positive/Negative then count allowed states (much "
                 "faster on large tests, where executions number in the millions)");
    app.add_flag("-v,--verbose", f.verbose, "Say which engine ran and how many candidates");
}

CheckOptions CheckFlags::options() const {
    CheckOptions o;
    o.model = model == "sc" ? ModelKind::Sc : ModelKind::Ptx6;
    o.engine = engine == "smt"        ? EngineKind::Smt
               : engine == "explicit" ? EngineKind::Explicit
                                      : EngineKind::Auto;
    o.unroll = unroll;
    o.countWitnesses = !noWitnesses;
    if (timeout > 0) o.timeoutSeconds = timeout;
    std::stringstream items(axioms);
    std::string item;
    while (std::getline(items, item, ',')) {
        if (item.empty()) continue;
        if (item[0] != '-')
            throw InputError("--axioms: '" + item + "' should be -NAME (switch an axiom off)");
        o.disabledAxioms.insert(item.substr(1));
    }
    return o;
}

unsigned CheckFlags::threads() const {
    if (jobs > 0) return jobs;
    const unsigned hw = std::thread::hardware_concurrency();
    return hw == 0 ? 1 : hw;
}

} // namespace ptx::cli
