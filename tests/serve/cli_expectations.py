"""What the command line says about the tests the browser test opens: the values its steps
compare the page with (never written by hand). Used by browser_test.py.
"""
import json
import os
import shutil
import subprocess


class Cli:
    def __init__(self, ptxlitmus, source, work):
        self.exe, self.source, self.work = ptxlitmus, source, work

    def path(self, relative):
        return os.path.join(self.source, relative)

    def run(self, *args, ok=(0,)):
        out = subprocess.run([self.exe, *args], capture_output=True, text=True)
        assert out.returncode in ok, (args, out.returncode, out.stderr)
        return out.stdout

    def json(self, *args, ok=(0,)):
        return json.loads(self.run(*args, ok=ok))

    def json_lines(self, *args, ok=(0,)):
        return [json.loads(line) for line in self.run(*args, ok=ok).splitlines() if line]

    def dot(self, *args):
        """The graph `explain ... --dot FILE` writes."""
        path = os.path.join(self.work, "expected.dot")
        self.run(*args, "--dot", path)
        with open(path) as f:
            return f.read()

    def executions(self, test):
        """How many graphs `--show all` draws."""
        dots = os.path.join(self.work, "executions")
        shutil.rmtree(dots, ignore_errors=True)
        self.run(test, "--show", "all", "-o", dots)
        return len([f for f in os.listdir(dots) if f.endswith(".dot")])

    def hang_schedule(self, test):
        """The lines `sim --exhaustive --hang --hang-trace` prints after `Schedule to the hung
        state`, up to its `Machine states` line."""
        out = self.run("sim", "--exhaustive", "--hang", "--hang-trace", test, ok=(1,))
        lines = out.split("Schedule to the hung state\n", 1)[1].splitlines()
        return "\n".join(lines[:next(i for i, l in enumerate(lines)
                                     if l.startswith("Machine states"))])


def expectations(cli):
    """Everything the steps compare with, computed before the browser starts."""
    mp = cli.path("litmus/MP/MP.litmus")
    forbidden = cli.path("litmus/MP/MP+fence.acq_rel.gpu.litmus")
    barrier = cli.path("litmus/Liveness/bar-count-exceeds-arrivals.litmus")
    race = cli.path("litmus/Races/MP+rel+acq.litmus")
    campaign = cli.path("tests/campaign/data/campaign")
    e = {"mp": mp, "forbidden": forbidden, "barrier": barrier, "race": race}
    os.makedirs(cli.work, exist_ok=True)
    e["mp_check"] = cli.json("--json", mp)
    e["mp_check_sc"] = cli.json("--json", "--model", "sc", "--unroll", "3", mp)
    e["forbidden_dot"] = cli.dot("explain", forbidden)
    e["allowed_outcome"] = "1:r0=0; 1:r1=1;"
    e["allowed_text"] = cli.run("explain", forbidden, "--outcome", e["allowed_outcome"])
    e["sim"] = cli.json("sim", "--exhaustive", "--json", mp)
    e["executions"] = cli.executions(mp)
    # A histogram in which the forbidden test's condition was seen, judged by `validate`.
    e["observed"] = os.path.join(cli.work, "observed-forbidden.txt")
    with open(e["observed"], "w") as f:
        f.write("Test MP+fence.acq_rel.gpu Allowed\nHistogram (2 states)\n"
                "5 *>1:r0=1; 1:r1=0;\n100 :>1:r0=0; 1:r1=0;\n")
    e["validate_status"] = cli.json_lines("validate", forbidden, "--model", "ptx", "--observed",
                                          e["observed"], "--json", ok=(1,))[0]["status"]
    # Termination and the race, as `--json`, `explain --hang/--race` and `sim --hang` say them.
    e["barrier_check"] = cli.json("--json", barrier)
    e["hang_text"] = cli.run("explain", "--hang", barrier)
    e["hang_threads"] = cli.json("sim", "--exhaustive", "--hang", "--json", barrier,
                                 ok=(1,))["hang_report"]["threads"]
    e["hang_schedule"] = cli.hang_schedule(barrier)
    e["race_text"] = cli.run("explain", "--race", race)
    e["race_bold"] = cli.dot("explain", "--race", race).count("penwidth=3.5")
    # A campaign: litmus/MP/generated against three files, two of them given their GPU.
    e["campaign_files"] = {os.path.join(campaign, f): gpu for f, gpu in
                           (("h100-weak.txt", "H100"), ("a100-litmus7.log", "A100"),
                            ("gh200-seen.csv", ""))}
    observed = [f"{gpu}={f}" if gpu else f for f, gpu in e["campaign_files"].items()]
    rows = cli.json_lines("validate", "--tests", cli.path("litmus/MP/generated"), "--model", "ptx",
                          *[a for o in observed for a in ("--observed", o)], "--json", ok=(1,))
    e["campaign_summary"] = rows.pop()["summary"]
    e["campaign_rows"] = rows
    return e
