// What the page sends to run a test: the test's text and the options of the command line
// (model, cat model, engine, loop bound, time limit), as one JSON object. Reading it checks
// every field; the options themselves become CheckFlags, the CLI's one definition of them.
#pragma once

#include "cli/CheckOptions.hpp"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace ptx::serve {

class ServedFolders;

struct TestRequest {
    std::optional<std::string> text;  // the litmus test (check, explain, sim)
    std::string folder;               // regress, campaign: a served folder (`litmus/MP`)
    std::string name = "test.litmus"; // what messages call it (`test.litmus:3:7: error: ...`)
    std::string model = "ptx";        // ptx, ptx6, ptx75, sc
    std::string cat;                  // a served cat model (`models/ptx.cat`), used instead
    std::string engine = "auto";      // auto, explicit, smt
    int unroll = 2;
    std::optional<double> timeout; // seconds; at most the server's --timeout
    std::string runId;             // the page's name for the run, to cancel it
    std::string outcome;           // explain: the outcome (default: the condition's)
    std::size_t way = 1;           // explain: which way of a forbidden outcome is drawn
    std::string show = "witness";  // executions: all, or those satisfying the condition
    std::uint64_t runs = 0;        // sim: random runs (0: the exhaustive search)
    std::uint64_t seed = 1;        // sim: the random runs' seed
    /// validate, campaign: uploaded observation files (histograms, weak/total logs, seen
    /// tables, JSON), each with the GPU of its records that name none (`GPU=FILE`).
    struct Upload {
        std::string name, text, gpu;
    };
    std::vector<Upload> observed;
    std::string gpu; // campaign: the GPU of records that name none, nor their file (--gpu)

    /// Throws InputError naming the field that is missing, of the wrong type or out of range.
    [[nodiscard]] static TestRequest fromJson(const nlohmann::json& body);

    /// The test's text; InputError when the request has none.
    [[nodiscard]] const std::string& test() const;

    /// The command-line options this request stands for; `cat` resolved under `folders`
    /// (PathRefused, PathNotFound), the time limit `seconds`.
    [[nodiscard]] cli::CheckFlags flags(const ServedFolders& folders, double seconds) const;
};

} // namespace ptx::serve
