#!/usr/bin/env python3
"""The explorer page in a real browser: headless Chromium driven by Selenium.

    browser_test.py PTXLITMUS SOURCE_DIR WORK_DIR

Starts `PTXLITMUS serve --port 0` and drives the page through what a user does, comparing what
it shows with what the command line says (cli_expectations.py): opens MP (verdict, outcome
table), steps through its executions, runs the simulator (a bar per state), follows a permalink
and one carrying options, cancels a long run, explains a forbidden condition (the cycle bold,
the DOT download), explains a hang (`explain --hang`'s text, the simulator's hung state and
schedule) and a data race (`explain --race`), validates an uploaded file against the test and a
campaign against a served folder (forbidden observations first), and marks a syntax error.
A screenshot of the page is saved in WORK_DIR when a step fails. Exits 77 (CTest: skipped) when
Chromium, its driver or Selenium is missing, saying which.
"""
import os
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_expectations import Cli, expectations  # noqa: E402

SKIP = 77


def skip(why):
    print(f"SKIP: {why} (scripts/setup.sh installs chromium, chromium-driver and python3-selenium)")
    sys.exit(SKIP)


def main():
    ptxlitmus, source, shots = sys.argv[1], os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver") or (
        "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
    if not browser:
        skip("no chromium on PATH")
    if not driver_path:
        skip("no chromedriver (Debian chromium-driver)")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select, WebDriverWait
    except ImportError:
        # Debian's python3-selenium is installed for the system's Python, which another python3
        # first on PATH (pyenv, a virtual environment) does not see.
        system = "/usr/bin/python3"
        if os.path.exists(system) and os.path.realpath(sys.executable) != os.path.realpath(system):
            os.execv(system, [system, *sys.argv])
        skip("python3 cannot import selenium (Debian python3-selenium)")

    x = expectations(Cli(ptxlitmus, source, shots))
    env = dict(os.environ)
    for k in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        env.pop(k, None)
    env["NO_PROXY"] = env["no_proxy"] = "127.0.0.1,localhost"
    os.environ.update({"NO_PROXY": env["NO_PROXY"], "no_proxy": env["no_proxy"]})
    server = subprocess.Popen([ptxlitmus, "serve", "--port", "0"], stdout=subprocess.PIPE,
                              text=True, env=env)
    driver = None
    step = "starting the server"
    try:
        line = server.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, f"the server said {line!r}"
        url = f"http://127.0.0.1:{match.group(1)}/"

        step = "starting Chromium"
        options = webdriver.ChromeOptions()
        options.binary_location = browser
        downloads = os.path.join(shots, "downloads")
        shutil.rmtree(downloads, ignore_errors=True)
        os.makedirs(downloads)
        options.add_experimental_option("prefs", {"download.default_directory": downloads,
                                                  "download.prompt_for_download": False})
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--no-proxy-server", "--window-size=1400,1000"):
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
        wait = WebDriverWait(driver, 60)
        by_id = lambda i: driver.find_element(By.ID, i)
        text_of = lambda i: by_id(i).get_attribute("textContent")
        rows_of = lambda css: driver.find_elements(By.CSS_SELECTOR, css)

        def set_editor(text):
            driver.execute_script("document.getElementById('editor').value = arguments[0];", text)

        def open_test(name):  # a served name: litmus/... is the source tree's file
            with open(os.path.join(source, name)) as f:
                text = f.read()
            by_id("file-filter").clear()
            by_id("file-filter").send_keys(name)
            by_id("open-file").click()
            # The editor filled and the check answered (the status is cleared then).
            wait.until(lambda d: by_id("editor").get_attribute("value") == text and
                       by_id("status").text == "" and d.find_elements(By.ID, "observation"))

        def explained(button, title):  # the title cleared first: the wait is for the new one
            driver.execute_script("document.getElementById('explanation-title').textContent = '';")
            by_id(button).click()
            wait.until(lambda d: title in by_id("explanation-title").text)

        step = "loading the page"
        driver.get(url)
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))

        step = "opening MP: verdict and outcome table"
        open_test("litmus/MP/MP.litmus")
        assert by_id("observation").text == x["mp_check"]["observation"], by_id("observation").text
        rows = rows_of("#outcomes tbody tr")
        assert len(rows) == len(x["mp_check"]["outcomes"]), (len(rows), x["mp_check"])

        step = "the executions, one after another"
        Select(by_id("show-mode")).select_by_value("all")
        by_id("run-executions").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#exec-graph svg"))
        assert by_id("exec-count").text.strip() == f"execution 1 of {x['executions']}", \
            (by_id("exec-count").text, x["executions"])
        first = by_id("exec-graph").get_attribute("innerHTML")
        by_id("exec-next").click()
        wait.until(lambda d: "execution 2 of" in by_id("exec-count").text)
        assert by_id("exec-graph").get_attribute("innerHTML") != first

        step = "the simulator's chart"
        by_id("run-sim").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#sim-chart .bar-row"))
        bars = rows_of("#sim-chart .bar-row")
        assert len(bars) == len(x["sim"]["states"]), (len(bars), x["sim"]["states"])
        assert not by_id("sim-hang").is_displayed()

        step = "a permalink, followed in a fresh page"
        with open(x["mp"]) as f:
            mp_text = f.read()
        link = by_id("permalink").get_attribute("href")
        driver.get("about:blank")
        driver.get(link)
        wait.until(lambda d: d.find_elements(By.ID, "observation"))
        assert by_id("editor").get_attribute("value") == mp_text
        assert by_id("observation").text == x["mp_check"]["observation"]

        step = "a permalink carrying the options (model sc, time limit, loop bound, runs, ...)"
        Select(by_id("model")).select_by_value("sc")
        for field, value in (("timeout", "7"), ("unroll", "3"), ("sim-runs", "50")):
            by_id(field).clear()
            by_id(field).send_keys(value)
        by_id("run-check").click()  # a field's change event updates the link
        link = by_id("permalink").get_attribute("href")
        driver.get("about:blank")
        driver.get(link)
        wait.until(lambda d: d.find_elements(By.ID, "observation"))
        assert by_id("model").get_attribute("value") == "sc"
        assert by_id("timeout").get_attribute("value") == "7"
        assert by_id("unroll").get_attribute("value") == "3"
        assert by_id("sim-runs").get_attribute("value") == "50"
        assert by_id("show-mode").get_attribute("value") == "all"
        assert by_id("observation").text == x["mp_check_sc"]["observation"], \
            (by_id("observation").text, x["mp_check_sc"]["observation"])
        Select(by_id("model")).select_by_value("ptx")
        by_id("timeout").clear()
        by_id("unroll").clear()
        by_id("unroll").send_keys("2")

        step = "cancelling a long run"
        by_id("sim-runs").clear()
        by_id("sim-runs").send_keys("10000000")
        by_id("run-sim").click()
        wait.until(lambda d: by_id("cancel").is_enabled())
        by_id("cancel").click()
        wait.until(lambda d: by_id("status").text == "cancelled")
        by_id("sim-runs").clear()
        by_id("sim-runs").send_keys("0")

        step = "why forbidden: the graph with the cycle, the DOT download"
        with open(x["forbidden"]) as f:
            text = f.read()
        set_editor(text)
        explained("run-explain", "forbidden")
        svg = by_id("graph").get_attribute("innerHTML")
        drawn_bold = len(re.findall(r'stroke-width="3\.5"', svg))
        bold_edges = x["forbidden_dot"].count("penwidth=3.5")
        assert bold_edges > 0 and drawn_bold >= bold_edges, (bold_edges, drawn_bold)
        by_id("dl-dot").click()  # the browser saves it as graph.dot
        saved = os.path.join(downloads, "graph.dot")
        wait.until(lambda d: os.path.exists(saved) and os.path.getsize(saved) > 0)
        with open(saved) as f:
            dot = f.read()
        assert dot == x["forbidden_dot"], dot[:300]

        step = "how another outcome is allowed (explain --outcome)"
        by_id("explain-outcome").send_keys(x["allowed_outcome"])
        explained("run-explain", "allowed")
        assert text_of("explanation") == x["allowed_text"], text_of("explanation")
        by_id("explain-outcome").clear()

        step = "a test that may hang: termination, explain --hang, the simulator's hung state"
        open_test("litmus/Liveness/bar-count-exceeds-arrivals.litmus")
        assert by_id("termination").text == "Termination: " + x["barrier_check"]["termination"]
        explained("run-hang", "Termination of")
        assert text_of("explanation") == x["hang_text"], text_of("explanation")
        assert driver.find_elements(By.CSS_SELECTOR, "#graph svg")
        by_id("run-sim").click()
        wait.until(lambda d: by_id("sim-hang").is_displayed())
        threads = rows_of("#sim-hang-threads tbody tr")
        assert len(threads) == len(x["hang_threads"]), (len(threads), x["hang_threads"])
        assert [t.get_attribute("class") == "stuck" for t in threads] == \
            [t["stuck"] for t in x["hang_threads"]]
        assert text_of("sim-hang-schedule") == x["hang_schedule"], text_of("sim-hang-schedule")

        step = "a data race: explain --race, the racing pair bold"
        open_test("litmus/Races/MP+rel+acq.litmus")
        assert by_id("races").text.startswith("Data race")
        explained("run-race", "Data races of")
        assert text_of("explanation") == x["race_text"], text_of("explanation")
        svg = by_id("graph").get_attribute("innerHTML")
        assert x["race_bold"] > 0 and len(re.findall(r'stroke-width="3\.5"', svg)) >= x["race_bold"]

        step = "validating an uploaded observation file"
        set_editor(text)
        by_id("observed-files").send_keys(x["observed"])
        by_id("run-validate").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#validate-table tbody tr"))
        cells = rows_of("#validate-table tbody tr td")
        assert cells[0].text == x["validate_status"], (cells[0].text, x["validate_status"])

        step = "a campaign: a served folder against files with their GPUs, forbidden first"
        by_id("observed-files").clear()
        by_id("observed-files").send_keys("\n".join(x["campaign_files"]))
        wait.until(lambda d: len(rows_of("#observed-list label")) == len(x["campaign_files"]))
        gpus = {os.path.basename(f): g for f, g in x["campaign_files"].items()}
        for label in rows_of("#observed-list label"):
            label.find_element(By.TAG_NAME, "input").send_keys(gpus[label.text.split(":")[0]])
        by_id("campaign-folder").send_keys("litmus/MP/generated")
        by_id("run-campaign").click()
        wait.until(lambda d: "judged by" in by_id("validate-summary").text and
                   len(rows_of("#validate-table tbody tr")) == len(x["campaign_rows"]))
        shown = [[td.text for td in tr.find_elements(By.TAG_NAME, "td")][:3]
                 for tr in rows_of("#validate-table tbody tr")]
        cli = [[r["status"], r["test"], r["gpu"] or "(not named)"] for r in x["campaign_rows"]]
        assert sorted(shown) == sorted(cli), (shown, cli)
        forbidden = [r for r in cli if r[0] == "FORBIDDEN-OBSERVED"]
        assert forbidden and shown[:len(forbidden)] == forbidden, (shown[:3], forbidden)
        summary = x["campaign_summary"]
        assert f"{summary['forbiddenObserved']} with a forbidden outcome seen, " \
               f"{summary['weakSeen']} weak-seen" in by_id("validate-summary").text

        step = "a syntax error marked in the editor"
        broken = text.rstrip("\n").split("\n")
        bad_line = len(broken)  # the condition line becomes nonsense
        broken[-1] = "exists (P1:r0 == )"
        set_editor("\n".join(broken) + "\n")
        by_id("run-check").click()
        wait.until(lambda d: d.find_element(By.ID, "error").is_displayed())
        marker = by_id("error-marker")
        assert marker.text.strip() == str(bad_line), marker.text
        assert f":{bad_line}:" in by_id("error").text, by_id("error").text
        print("browser test: page, MP verdict and table, executions, simulator chart, permalinks "
              "(with options), cancel, forbidden graph with its cycle and DOT download, hang "
              "explanation and the simulator's hung state, race explanation, validate upload, "
              "campaign over a folder, error marker: all as the CLI says")
        return 0
    except Exception as e:  # a step failed: say which, keep a picture of the page
        print(f"FAILED at step '{step}': {type(e).__name__}: {e}")
        if driver is not None:
            os.makedirs(shots, exist_ok=True)
            path = os.path.join(shots, re.sub(r"[^a-z]+", "-", step.lower()) + ".png")
            driver.save_screenshot(path)
            print(f"screenshot: {path}")
        return 1
    finally:
        if driver is not None:
            driver.quit()
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
