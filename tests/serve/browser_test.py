#!/usr/bin/env python3
"""The explorer page in a real browser: headless Chromium driven by Selenium.

    browser_test.py PTXLITMUS SOURCE_DIR WORK_DIR

Starts `PTXLITMUS serve --port 0`, loads the page, opens MP and checks the verdict and the outcome
table against what `ptxlitmus --json` says, steps through its executions (as many as `--show
all` draws), runs the simulator and sees one bar per state of
`sim --exhaustive --json`, follows a permalink in a fresh page, explains a forbidden condition
and checks the SVG is drawn with the cycle bold (as many bold edges as `explain --dot` draws),
uploads an observation file and sees the status `validate --json` gives, edits the test into a
syntax error and sees the marker at its line. A screenshot of the page is saved in WORK_DIR
(which also holds the uploaded file) when a step fails. Exits 77 (CTest: skipped) when
Chromium, its driver or Selenium is missing, saying which.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import time

SKIP = 77


def skip(why):
    print(f"SKIP: {why} (scripts/setup.sh installs chromium, chromium-driver and python3-selenium)")
    sys.exit(SKIP)


def main():
    ptxlitmus, source, shots = sys.argv[1], sys.argv[2], sys.argv[3]
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

    def cli_json(*args):
        out = subprocess.run([ptxlitmus, *args], capture_output=True, text=True, check=True)
        return json.loads(out.stdout)

    mp = os.path.join(source, "litmus/MP/MP.litmus")
    forbidden = os.path.join(source, "litmus/MP/MP+fence.acq_rel.gpu.litmus")
    expected = cli_json("--json", mp)
    forbidden_dot = subprocess.run(
        [ptxlitmus, "explain", forbidden, "--dot", "/dev/stdout"], capture_output=True,
        text=True, check=True).stdout
    bold_edges = forbidden_dot.count("penwidth=3.5")
    sim = cli_json("sim", "--exhaustive", "--json", mp)
    dots = os.path.join(os.path.abspath(shots), "mp-executions")
    shutil.rmtree(dots, ignore_errors=True)
    subprocess.run([ptxlitmus, mp, "--show", "all", "-o", dots], capture_output=True, check=True)
    executions = len([f for f in os.listdir(dots) if f.endswith(".dot")])
    # A histogram in which the forbidden test's condition was seen, judged by `validate`.
    shots = os.path.abspath(shots)  # the uploaded file is named to the browser by its full path
    observed = os.path.join(shots, "observed-forbidden.txt")
    os.makedirs(shots, exist_ok=True)
    with open(observed, "w") as f:
        f.write("Test MP+fence.acq_rel.gpu Allowed\nHistogram (2 states)\n"
                "5 *>1:r0=1; 1:r1=0;\n100 :>1:r0=0; 1:r1=0;\n")
    validated = subprocess.run([ptxlitmus, "validate", forbidden, "--observed", observed,
                                "--json"], capture_output=True, text=True).stdout
    validate_status = json.loads(validated.splitlines()[0])["status"]

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
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--no-proxy-server", "--window-size=1400,1000"):
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
        wait = WebDriverWait(driver, 60)
        by_id = lambda i: driver.find_element(By.ID, i)

        step = "loading the page"
        driver.get(url)
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))

        step = "opening MP: verdict and outcome table"
        by_id("file-filter").send_keys("litmus/MP/MP.litmus")
        by_id("open-file").click()
        wait.until(lambda d: d.find_elements(By.ID, "observation"))
        assert by_id("observation").text == expected["observation"], by_id("observation").text
        rows = driver.find_elements(By.CSS_SELECTOR, "#outcomes tbody tr")
        assert len(rows) == len(expected["outcomes"]), (len(rows), expected["outcomes"])

        step = "the executions, one after another"
        Select(by_id("show-mode")).select_by_value("all")
        by_id("run-executions").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#exec-graph svg"))
        assert by_id("exec-count").text.strip() == f"execution 1 of {executions}", \
            (by_id("exec-count").text, executions)
        first = by_id("exec-graph").get_attribute("innerHTML")
        by_id("exec-next").click()
        wait.until(lambda d: "execution 2 of" in by_id("exec-count").text)
        assert by_id("exec-graph").get_attribute("innerHTML") != first

        step = "the simulator's chart"
        by_id("run-sim").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#sim-chart .bar-row"))
        bars = driver.find_elements(By.CSS_SELECTOR, "#sim-chart .bar-row")
        assert len(bars) == len(sim["states"]), (len(bars), sim["states"])

        step = "a permalink, followed in a fresh page"
        with open(mp) as f:
            mp_text = f.read()
        link = by_id("permalink").get_attribute("href")
        driver.get("about:blank")
        driver.get(link)
        wait.until(lambda d: d.find_elements(By.ID, "observation"))
        assert by_id("editor").get_attribute("value") == mp_text
        assert by_id("observation").text == expected["observation"]

        step = "why forbidden: the graph with the cycle"
        with open(forbidden) as f:
            text = f.read()
        driver.execute_script("document.getElementById('editor').value = arguments[0];", text)
        by_id("run-explain").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#graph svg"))
        assert "forbidden" in by_id("explanation-title").text, by_id("explanation-title").text
        svg = by_id("graph").get_attribute("innerHTML")
        drawn_bold = len(re.findall(r'stroke-width="3\.5"', svg))
        assert bold_edges > 0 and drawn_bold >= bold_edges, (bold_edges, drawn_bold)

        step = "validating an uploaded observation file"
        by_id("observed-files").send_keys(observed)
        by_id("run-validate").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#validate-table tbody tr"))
        cells = driver.find_elements(By.CSS_SELECTOR, "#validate-table tbody tr td")
        assert cells[0].text == validate_status, (cells[0].text, validate_status)

        step = "a syntax error marked in the editor"
        broken = text.rstrip("\n").split("\n")
        bad_line = len(broken)  # the condition line becomes nonsense
        broken[-1] = "exists (P1:r0 == )"
        driver.execute_script("document.getElementById('editor').value = arguments[0];",
                              "\n".join(broken) + "\n")
        by_id("run-check").click()
        wait.until(lambda d: d.find_element(By.ID, "error").is_displayed())
        marker = by_id("error-marker")
        assert marker.text.strip() == str(bad_line), marker.text
        assert f":{bad_line}:" in by_id("error").text, by_id("error").text
        print("browser test: page, MP verdict and table, executions, simulator chart, permalink, "
              "forbidden graph with its cycle, validate upload, error marker: all as the CLI "
              "says")
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
