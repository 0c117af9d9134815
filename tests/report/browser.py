#!/usr/bin/env python3
"""The HTML report in headless Chromium (Debian's chromium and
chromium-driver), driven over WebDriver with nothing but the standard
library. For each report given: the page draws with no console error and
makes no request but for itself and its data: URLs; each chart holds the
report's per-frame series exactly and draws only points of them; at the
series' full length and zoomed in, the drawn points keep every pixel
column's lowest and highest value; the worst frames shown are the
lowest-scoring ones, lowest first; clicking one brings the chart to it; the
rate-quality charts hold the groups' points. A 100,000-frame copy of the
first report checks the decimation at that length. A screenshot of each
view goes to the artefact folder.

Usage: browser.py ARTEFACT_DIR REPORT.html...
Exits 77 (skipped) without chromium and chromedriver."""
import base64
import json
import math
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

CHROMIUM = ["chromium", "chromium-browser", "google-chrome"]
# An element reference: W3C WebDriver's key, or the older protocol's.
ELEMENT_KEYS = ("element-6066-11e4-a52e-4f735466cecf", "ELEMENT")
DRIVER = ["chromedriver"]


def find(names, extra=()):
    for n in names:
        p = shutil.which(n)
        if p:
            return p
    for p in extra:
        if os.path.exists(p):
            return p
    return None


class Driver:
    """A WebDriver session: the few commands the checks need."""

    def __init__(self, driver, chromium):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.proc = subprocess.Popen([driver, "--port=%d" % self.port],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = "http://127.0.0.1:%d" % self.port
        self.profile = tempfile.mkdtemp(prefix="vmaf-report-chromium-")
        for _ in range(100):
            try:
                self.call("GET", "/status")
                break
            except OSError:
                time.sleep(0.1)
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=1280,900",
                         "--user-data-dir=" + self.profile, "--no-first-run",
                         "--disable-background-networking", "--disable-component-update",
                         "--disable-default-apps", "--disable-sync"],
            },
            "goog:loggingPrefs": {"browser": "ALL", "performance": "ALL"},
        }}}
        self.session = self.call("POST", "/session", caps)["sessionId"]

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                return json.loads(r.read())["value"]
        except urllib.error.HTTPError as e:
            raise RuntimeError("WebDriver %s %s: %s" % (method, path, e.read()[:500]))

    def s(self, method, path, body=None):
        return self.call(method, "/session/%s%s" % (self.session, path), body)

    def js(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def logs(self, kind):
        return self.s("POST", "/se/log", {"type": kind})

    def screenshot(self, path, element=None):
        """The viewport, or the element scrolled to the top of it, once
        every picture has decoded."""
        for _ in range(100):
            if self.js("return Array.from(document.images).every(i => i.complete);"):
                break
            time.sleep(0.05)
        if element is None:
            png = self.s("GET", "/screenshot")
        else:
            self.js("arguments[0].scrollIntoView({block: 'start'});", {k: element for k in ELEMENT_KEYS})
            png = self.s("GET", "/element/%s/screenshot" % element)
        with open(path, "wb") as f:
            f.write(base64.b64decode(png))

    def find(self, css):
        found = self.s("POST", "/elements", {"using": "css selector", "value": css})
        return [next(e[k] for k in ELEMENT_KEYS if k in e) for e in found]

    def quit(self):
        try:
            self.s("DELETE", "")
        finally:
            self.proc.terminate()
            self.proc.wait()
            shutil.rmtree(self.profile, ignore_errors=True)


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from checks import Checks  # noqa: E402

check = Checks()


def report_data(path):
    text = open(path, encoding="utf-8").read()
    m = re.search(r'<script type="application/json" id="report-data">\n(.*?)</script>', text, re.S)
    return json.loads(m.group(1)), text, m


def load(d, path):
    d.logs("performance")  # the browser's own start-up pages: not the report's
    d.s("POST", "/url", {"url": "file://" + os.path.abspath(path)})
    for _ in range(200):
        if d.js("return !!(window.vmafReport && window.vmafReport.ready);"):
            return True
        time.sleep(0.05)
    return False


def check_requests(d, path, name):
    own = "file://" + os.path.abspath(path)
    bad = []
    for entry in d.logs("performance"):
        msg = json.loads(entry["message"])["message"]
        if msg.get("method") != "Network.requestWillBeSent":
            continue
        # Requests the report's document made; the browser's own pages
        # (chrome://) load beside it.
        if msg["params"].get("documentURL") != own:
            continue
        url = msg["params"]["request"]["url"]
        if url != own and not url.startswith("data:"):
            bad.append(url)
    check(not bad, "%s: requests beyond the page: %s" % (name, bad[:3]))


def check_console(d, name):
    errors = [e for e in d.logs("browser") if e.get("level") in ("SEVERE", "WARNING")]
    check(not errors, "%s: console messages: %s" % (name, [e.get("message") for e in errors][:3]))


CHARTS = """
return window.vmafReport.charts.map(c => ({
  names: c.names, source: c.source, shown: c.shown,
  // the points uPlot draws: its data within the x scale's index window
  drawn: c.plot.data.map(a => Array.from(a).slice(c.plot.series[0].idxs[0],
                                                  c.plot.series[0].idxs[1] + 1)),
  min: c.plot.scales.x.min, max: c.plot.scales.x.max, view: c.view}));
"""


def extremes_kept(chart):
    """Every column's lowest and highest value of each shown series, over
    the range last drawn, among the drawn points: columns as the page split
    them (as many as the plot's pixels)."""
    n = len(chart["source"][0])
    lo, hi, columns = chart["view"]["lo"], chart["view"]["hi"], chart["view"]["columns"]
    i0, i1 = max(0, math.floor(lo) - 1), min(n - 1, math.ceil(hi) + 1)
    count = i1 - i0 + 1
    drawn = set(int(x) for x in chart["drawn"][0])
    if count <= 2 * columns:
        return all(i in drawn for i in range(i0, i1 + 1))
    per = count / columns
    for k, ys in enumerate(chart["source"]):
        if not chart["shown"][k]:
            continue
        for c in range(columns):
            s, e = i0 + math.floor(c * per), min(i1 + 1, i0 + math.floor((c + 1) * per))
            vals = [(ys[i], i) for i in range(s, e) if ys[i] is not None]
            if not vals:
                continue
            lo_v, hi_v = min(v for v, _ in vals), max(v for v, _ in vals)
            if not any(ys[i] == lo_v for i in drawn if s <= i < e) or \
               not any(ys[i] == hi_v for i in drawn if s <= i < e):
                return False
    return True


def check_charts(d, data, name):
    charts = d.js(CHARTS)
    check(len(charts) == len([p for p in data["pairs"] if p["frames"]]),
          "%s: %d charts for %d pairs" % (name, len(charts), len(data["pairs"])))
    for c, pair in zip(charts, data["pairs"]):
        per_frame = pair["per_frame"]
        check(c["names"] == list(per_frame), "%s: chart series %s" % (name, c["names"]))
        check(c["source"] == [per_frame[k] for k in c["names"]],
              "%s line %s: the chart's series differ from the report's data" % (name, pair["line"]))
        xs = c["drawn"][0]
        ok = all(c["drawn"][k + 1][j] == c["source"][k][int(x)]
                 for k in range(len(c["names"])) for j, x in enumerate(xs))
        check(ok, "%s line %s: a drawn point is not the series' value" % (name, pair["line"]))
        check(extremes_kept(c),
              "%s line %s: a column's extreme is not drawn" % (name, pair["line"]))


def check_worst(d, data, name):
    shown = d.js("return Array.from(document.querySelectorAll('section.pair')).map(s => "
                 "Array.from(s.querySelectorAll('figure.frame')).map(f => "
                 "[+f.dataset.frame, +f.dataset.score]));")
    for pair, frames in zip(data["pairs"], shown):
        if pair["score"] is None:
            continue
        series = pair["per_frame"][pair["score"]]
        order = sorted((v, i) for i, v in enumerate(series) if v is not None)
        want = [i for _, i in order[:len(frames)]]
        check([f for f, _ in frames] == want,
              "%s line %s: worst frames %s, want %s" % (name, pair["line"], frames, want))
        check(all(series[f] == s for f, s in frames),
              "%s line %s: a worst frame's score differs" % (name, pair["line"]))
        for w in pair["worst"]:
            if "reference_png" in w:
                for k in ("reference_png", "distorted_png"):
                    png = base64.b64decode(w[k].split(",", 1)[1])
                    check(png[:8] == b"\x89PNG\r\n\x1a\n", "%s: %s not a PNG" % (name, k))


def check_focus(d, name):
    links = d.find("section.pair figure.frame figcaption a")
    if not links:
        return
    frame = d.js("return +document.querySelector('section.pair figure.frame').dataset.frame;")
    d.s("POST", "/element/%s/click" % links[0], {})
    x = d.js("const p = window.vmafReport.charts[0].plot; return [p.scales.x.min, p.scales.x.max];")
    check(x[0] <= frame <= x[1], "%s: clicking frame %d left the chart at %s" % (name, frame, x))
    chart = d.js(CHARTS)[0]
    check(extremes_kept(chart),
          "%s: zoomed in, a column's extreme is not drawn" % name)
    d.js("window.vmafReport.charts[0].plot.setScale('x', {min: 0, max: %d});"
         % max(1, len(chart["source"][0]) - 1))


def check_curves(d, data, name):
    curves = d.js("return window.vmafReport.curves.map(c => ({metric: c.metric, groups: c.groups,"
                  " data: c.plot.data.map(a => Array.from(a))}));")
    groups = [g for g in data["groups"] if g["points"]]
    want = len(data["metrics"]) if groups else 0
    check(len(curves) == want, "%s: %d rate-quality charts, want %d" % (name, len(curves), want))
    for c in curves:
        xs = c["data"][0]
        for k, g in enumerate(groups):
            got = sorted((x, y) for x, y in zip(xs, c["data"][k + 1]) if y is not None)
            exp = sorted((p["bitrate_kbps"], p[c["metric"]]) for p in g["points"])
            check(got == exp, "%s: %s curve of %s: %s, want %s" % (name, c["metric"], g["name"],
                                                                 got, exp))


def screenshots(d, out, name):
    stem = os.path.join(out, os.path.splitext(os.path.basename(name))[0])
    d.js("window.scrollTo(0, 0);")
    d.screenshot(stem + "_page.png")
    for i, e in enumerate(d.find("section.pair")[:4]):
        d.screenshot("%s_pair%d.png" % (stem, i + 1), e)
    for i, e in enumerate(d.find("section.pair .worst")[:2]):
        d.screenshot("%s_worst%d.png" % (stem, i + 1), e)
    for e in d.find("section.curves"):
        d.screenshot(stem + "_curves.png", e)


def long_copy(path, out):
    """The first report with its first pair stretched to 100,000 frames."""
    data, text, m = report_data(path)
    pair = data["pairs"][0]
    n = 100000
    for k, ys in pair["per_frame"].items():
        base = [v for v in ys if v is not None] or [0.0]
        pair["per_frame"][k] = [base[i % len(base)] + (i % 997) * 1e-3 for i in range(n)]
    pair["frames"] = n
    pair["per_frame"][pair["score"] or list(pair["per_frame"])[0]][77777] = -5.0  # one dip
    data["pairs"] = [pair]
    data["groups"], data["bd"] = [], []
    blob = json.dumps(data).replace("<", "\\u003c")
    long_path = os.path.join(out, "long_100000.html")
    with open(long_path, "w", encoding="utf-8") as f:
        f.write(text[:m.start(1)] + blob + "\n" + text[m.end(1):])
    return long_path, data


def main():
    out, reports = sys.argv[1], sys.argv[2:]
    chromium = find(CHROMIUM)
    driver = find(DRIVER, ["/usr/lib/chromium/chromedriver"])
    if not chromium or not driver:
        print("SKIP: no chromium and chromedriver (Debian: chromium chromium-driver)")
        return 77
    os.makedirs(out, exist_ok=True)
    d = Driver(driver, chromium)
    try:
        for path in reports:
            name = os.path.basename(path)
            data, _, _ = report_data(path)
            if not check(load(d, path), "%s: the page did not finish drawing" % name):
                check_console(d, name)
                continue
            check_console(d, name)
            check_requests(d, path, name)
            check_charts(d, data, name)
            check_worst(d, data, name)
            check_curves(d, data, name)
            screenshots(d, out, name)
            check_focus(d, name)
            check_console(d, name)
        scratch = tempfile.mkdtemp(prefix="vmaf-report-long-")
        long_path, data = long_copy(reports[0], scratch)
        if check(load(d, long_path), "100,000 frames: the page did not finish drawing"):
            check_console(d, "long")
            charts = d.js(CHARTS)
            c = charts[0]
            check(len(c["drawn"][0]) <= 2 * sum(c["shown"]) * c["view"]["columns"] + 4,
                  "100,000 frames: %d points drawn" % len(c["drawn"][0]))
            check(extremes_kept(c), "100,000 frames: an extreme is not drawn")
            check(77777 in c["drawn"][0], "100,000 frames: the one-frame dip is not drawn")
            d.js("window.vmafReport.charts[0].plot.setScale('x', {min: 40000, max: 41000});")
            c = d.js(CHARTS)[0]
            check(c["view"]["lo"] == 40000 and extremes_kept(c),
                  "100,000 frames, zoomed: an extreme is not drawn")
            d.screenshot(os.path.join(out, "long_100000_zoomed.png"))
        shutil.rmtree(scratch, ignore_errors=True)
    finally:
        d.quit()
    print("%d reports; screenshots in %s" % (len(reports), out))
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
