// What the page asks of a test, answered as the command line would: `check` (the CLI's --json
// object and herd text), `explain` (the text of `ptxlitmus explain`, its graph as DOT and SVG),
// `hang` and `race` (`explain --hang` / `--race`), `simulate` (`ptxlitmus sim --json`'s
// histogram), `regress` (its --json report over a folder), `validate` (uploaded observations of
// the test against the model), `campaign` (`validate --tests FOLDER`: uploaded observations of a
// served folder's tests). Each answer runs under its RunSlot's deadline: the run's time limit
// and the page's cancel. The functions are defined by topic: Explorer.cpp (check, simulate,
// regress), ExplorerExplain.cpp (explanations and graphs), ExplorerValidate.cpp (observations).
#pragma once

#include "explain/Explainer.hpp"
#include "serve/RunLimits.hpp"
#include "serve/ServedFolders.hpp"
#include "serve/TempFolder.hpp"
#include "serve/TestRequest.hpp"

#include <nlohmann/json.hpp>

namespace ptx::serve {

class Explorer {
  public:
    Explorer(const ServedFolders& folders, TempFolder& temp) : folders_(folders), temp_(temp) {}

    /// `ptxlitmus --json FILE`'s object, with `herd` (the herd7 layout the CLI prints).
    [[nodiscard]] nlohmann::json check(const TestRequest& request, const RunSlot& run) const;
    /// `ptxlitmus explain FILE [--outcome O]`: `text`, `allowed`, `ways`, and the graph of way
    /// `way` (or of the witness) as `dot` and `svg` (Graphviz, rendered in the temp folder).
    [[nodiscard]] nlohmann::json explain(const TestRequest& request, const RunSlot& run) const;
    /// `ptxlitmus explain --hang FILE`: `termination` (the verdict), `text` (what it prints: the
    /// threads that stop for ever, where, the values they keep reading; or the axioms that rule
    /// each hang out), and the hang witness as `dot` and `svg` when there is one.
    [[nodiscard]] nlohmann::json hang(const TestRequest& request, const RunSlot& run) const;
    /// `ptxlitmus explain --race FILE`: `racy`, `decided`, `text` (the racing pair, why it
    /// races), and the racing execution as `dot` and `svg` when there is one.
    [[nodiscard]] nlohmann::json race(const TestRequest& request, const RunSlot& run) const;
    /// `ptxlitmus FILE --show all|witness`: the consistent executions (all, or those satisfying
    /// the condition), at most kMaxExecutions, each as `dot` and `svg`; `more` when there are
    /// more.
    [[nodiscard]] nlohmann::json executions(const TestRequest& request, const RunSlot& run) const;
    /// `ptxlitmus sim --json FILE`'s object (every schedule, or `runs` random runs), with
    /// `histogram` (the litmus7 layout the CLI prints) and, on a hang, `hang_schedule` (the
    /// schedule to the hung state, as `sim --hang-trace` prints it).
    [[nodiscard]] nlohmann::json simulate(const TestRequest& request, const RunSlot& run) const;
    /// `ptxlitmus regress FOLDER --json -`'s report over a served folder (each test against the
    /// `.expected` beside it; nothing is written), the tests one after another within the run's
    /// time limit: those left when it runs out are `not_run` and `time_limit_hit` is true.
    [[nodiscard]] nlohmann::json regress(const TestRequest& request, const RunSlot& run) const;
    /// `ptxlitmus validate FILE --observed OBS... --json` for the test in `text` and the
    /// uploaded files, judged together: `rows` (one per GPU, with each observed outcome and the
    /// model's answer), `summary`, and `table` (the text the CLI prints).
    [[nodiscard]] nlohmann::json validate(const TestRequest& request, const RunSlot& run) const;
    /// `ptxlitmus validate --tests FOLDER --observed [GPU=]OBS... --gpu G --json --details`
    /// over a served folder: `rows` (a test on a GPU each), `summary`, `table`; each test
    /// within the run's time limit and the whole campaign too: the observations left when it
    /// runs out are counted in `summary.notJudged` and `time_limit_hit` is true.
    [[nodiscard]] nlohmann::json campaign(const TestRequest& request, const RunSlot& run) const;

    static constexpr std::size_t kMaxExecutions = 12;

  private:
    /// `dot` rendered by Graphviz into the temp folder, read back, the file removed.
    [[nodiscard]] std::string svgOf(const std::string& dot, const Deadline& deadline) const;
    /// `dot` and its SVG (svgOf) added to an answer as `dot` and `svg`.
    void addGraph(nlohmann::json& answer, const std::string& dot, const Deadline& deadline) const;
    /// The options of `explain` the request stands for, under the run's one deadline.
    [[nodiscard]] explain::ExplainOptions explainOptions(const TestRequest& request,
                                                         const RunSlot& run) const;

    const ServedFolders& folders_;
    TempFolder& temp_;
};

} // namespace ptx::serve
