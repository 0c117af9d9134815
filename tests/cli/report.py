#!/usr/bin/env python3
"""--report, without a browser (tests/report/browser.py opens the pages this
leaves in WORKDIR/pages): a pair's report in HTML, JSON and CSV holds the
same per-frame scores and pooled scores as -o's JSON, its percentiles, its
lowest-scoring frames lowest first, and crops of them centred where a
planted distortion is; a batch's groups give their rate-quality points and
BD-rates, exact where the rates are scaled copies (-10%), "n/a" with the
reason for a group of three points and for an anchor not in the list;
failed lines are listed and the others reported; a report read back from
a batch's JSON outputs (--from_outputs) equals the scoring run's; the
bitrate of an encoded file comes from its container. Refused before any scoring: an unknown
extension, an unwritable path, a report over an input, report options
without --report.

Usage: report.py VMAF GEN_YUV HAVE_LIBAV(ON|OFF) WORKDIR"""
import csv
import json
import os
import shutil
import subprocess
import sys

vmaf, gen_yuv, have_libav, work = sys.argv[1:5]
W, H, N = 320, 180, 24
RAW = ["-w", str(W), "-h", str(H), "-p", "420", "-b", "8"]
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from checks import Checks  # noqa: E402

check = Checks()


def run(*args, timeout=300):
    p = subprocess.run([vmaf, *args], capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stderr


def percentile(sorted_v, q):
    pos = q / 100 * (len(sorted_v) - 1)
    lo = int(pos)
    if lo + 1 >= len(sorted_v):
        return sorted_v[-1]
    return sorted_v[lo] + (sorted_v[lo + 1] - sorted_v[lo]) * (pos - lo)


def quantized(src, dst, q):
    """dst: src with every sample's low q bits replaced by their middle."""
    table = bytes(min(255, (v >> q << q) + (1 << q >> 1)) for v in range(256))
    with open(src, "rb") as f, open(dst, "wb") as g:
        g.write(f.read().translate(table))


def planted(src, dst, frames, x0, y0, size):
    """dst: src with a size x size luma block of each frame inverted."""
    data = bytearray(open(src, "rb").read())
    for frame in range(frames):
        base = frame * W * H * 3 // 2
        for y in range(y0, y0 + size):
            for x in range(x0, x0 + size):
                data[base + y * W + x] = 255 - data[base + y * W + x]
    open(dst, "wb").write(data)


def single_pair():
    rc, err = run("-r", "ref.yuv", "-d", "dis.yuv", *RAW, "--feature", "psnr", "-q", "--json",
                  "-o", "out.json", "--report", "single.json")
    if not check(rc == 0, "single pair: exit %d: %s" % (rc, err)):
        return
    rep, out = json.load(open("single.json")), json.load(open("out.json"))
    pair = rep["pairs"][0]
    check(pair["score"] == "vmaf" and pair["frames"] == N and pair["width"] == W,
          "single pair: score %s, %s frames" % (pair["score"], pair["frames"]))
    for name, series in pair["per_frame"].items():
        want = ["%.6f" % f["metrics"][name] for f in out["frames"]]
        check(["%.6f" % v for v in series] == want, "single pair: %s per frame differs" % name)
    pooled = out["pooled_metrics"]["vmaf"]
    for key in ("mean", "harmonic_mean", "min"):
        check("%.6f" % pair["pooled"][key] == "%.6f" % pooled[key],
              "single pair: pooled %s %s, -o says %s" % (key, pair["pooled"][key], pooled[key]))
    v = sorted(pair["per_frame"]["vmaf"])
    for key, q in (("p1", 1), ("p5", 5)):
        check(abs(pair["pooled"][key] - percentile(v, q)) < 1e-9,
              "single pair: %s %s, want %s" % (key, pair["pooled"][key], percentile(v, q)))
    scores = pair["per_frame"]["vmaf"]
    want = [i for _, i in sorted((s, i) for i, s in enumerate(scores))[:6]]
    check([w["frame"] for w in pair["worst"]] == want,
          "single pair: worst %s, want %s" % ([w["frame"] for w in pair["worst"]], want))
    check(all(w["crop"] == [0, 0, W, H] for w in pair["worst"]),
          "single pair: a 320x180 frame's crop is not the whole frame")
    rc, err = run("-r", "ref.yuv", "-d", "dis.yuv", *RAW, "-q", "--report", "single.csv")
    rows = list(csv.DictReader(open("single.csv"))) if rc == 0 else []
    check(len(rows) == 1 and "%.6f" % float(rows[0]["mean"]) == "%.6f" % pooled["mean"],
          "single pair CSV: exit %d, rows %s" % (rc, rows[:1]))
    rc, err = run("-r", "ref.yuv", "-d", "dis.yuv", *RAW, "-q", "--report_worst", "2",
                  "--report", "pages/single.html")
    check(rc == 0 and os.path.getsize("pages/single.html") > 50000,
          "single pair HTML: exit %d: %s" % (rc, err))


def crop_on_planted():
    """Frames whose only difference is one block: the crop holds it."""
    global W, H, RAW
    saved = W, H, RAW
    W, H = 640, 360
    RAW = ["-w", str(W), "-h", str(H), "-p", "420", "-b", "8"]
    subprocess.run([gen_yuv, "-w", str(W), "-h", str(H), "-p", "420", "-b", "8", "-n", "4", "-s",
                    "5", "-k", "same", "big_ref.yuv", "big_same.yuv"], check=True)
    planted("big_ref.yuv", "big_dis.yuv", 4, 560, 40, 48)
    rc, err = run("-r", "big_ref.yuv", "-d", "big_dis.yuv", *RAW, "-q", "--report_worst", "1",
                  "--report", "planted.json")
    if check(rc == 0, "planted: exit %d: %s" % (rc, err)):
        w = json.load(open("planted.json"))["pairs"][0]["worst"][0]
        x, y, cw, ch = w["crop"]
        check((cw, ch) == (480, 270) and x <= 560 and 608 <= x + cw and y <= 40 and
              88 <= y + ch, "planted: worst %s, want a crop around the block" % w)
    W, H, RAW = saved


def refusals():
    for args, status, text in (
        (["--report", "r.txt"], 1, "must end in .html, .json or .csv"),
        (["--report_worst", "3"], 1, "give one"),
        (["--report", "r.html", "--report_worst", "33"], 1, "report_worst"),
        (["--report", "no/such/dir/r.html", "-o", "never.json"], 2, "cannot write --report"),
        (["--report", "ref.yuv"], 1, "must end in"),
    ):
        rc, err = run("-r", "ref.yuv", "-d", "dis.yuv", *RAW, "-q", *args)
        check(rc == status and text in err, "%s: exit %d, want %d saying %r: %s"
              % (" ".join(args), rc, status, text, err.strip()))
    check(not os.path.exists("never.json"), "an unwritable --report still wrote -o")
    shutil.copy("ref.yuv", "input.json")
    rc, err = run("-r", "input.json", "-d", "dis.yuv", *RAW, "-q", "--report", "input.json")
    check(rc == 2 and "is an input" in err and open("input.json", "rb").read() ==
          open("ref.yuv", "rb").read(), "--report over the reference: exit %d: %s" % (rc, err))


def batch():
    lines = []
    for group, scale in (("A", 1.0), ("B", 0.9)):
        for q, kbps in ((5, 100), (4, 200), (3, 400), (2, 800)):
            lines.append("ref.yuv\tq%d.yuv\t-\t%s\t%g" % (q, group, kbps * scale))
    for q, kbps in ((4, 150), (3, 300), (2, 600)):
        lines.append("ref.yuv\tq%d.yuv\t-\tC\t%d" % (q, kbps))
    lines.append("ref.yuv\tmissing.yuv\t-\tC\t900")
    lines.append("ref.yuv\tq3.yuv\t-\tC\tfast")
    open("list.txt", "w").write("\n".join(lines) + "\n")
    rc, err = run("--batch", "list.txt", *RAW, "-q", "--report", "batch.json")
    check(rc == 2, "batch with two bad lines: exit %d, want 2" % rc)
    rep = json.load(open("batch.json"))
    check(len(rep["pairs"]) == 11 and [f["line"] for f in rep["failed"]] == [12, 13],
          "batch: %d pairs, failed %s" % (len(rep["pairs"]), rep["failed"]))
    check("bitrate" in rep["failed"][1]["error"], "batch: bad bitrate said %s" % rep["failed"][1])
    check([g["name"] for g in rep["groups"]] == ["A", "B", "C"] and rep["anchor"] == "A",
          "batch: groups %s, anchor %s" % ([g["name"] for g in rep["groups"]], rep["anchor"]))
    means = {p["line"]: p["pooled"]["mean"] for p in rep["pairs"]}
    a = rep["groups"][0]["points"]
    check([p["bitrate_kbps"] for p in a] == [100, 200, 400, 800] and
          all(p["vmaf"] == means[p["line"]] for p in a), "batch: group A's points %s" % a)
    bd = {(d["group"], d["metric"]): d for d in rep["bd"]}
    b = bd.get(("B", "vmaf"), {})
    check(b.get("bd_rate_percent") is not None and abs(b["bd_rate_percent"] + 10) < 1e-9,
          "batch: B against A %s, want BD-rate -10%%" % b)
    check(b.get("bd_quality") is not None and b["bd_quality"] > 0,
          "batch: B against A, BD-quality %s, want above 0" % b.get("bd_quality"))
    c = bd.get(("C", "vmaf"), {})
    check(c.get("bd_rate_percent") is None and "fewer than four" in (c.get("bd_rate_percent_note") or ""),
          "batch: three points gave %s" % c)
    rc, err = run("--batch", "list.txt", *RAW, "-q", "--report", "pages/batch.html",
                  "--report_worst", "2")
    check(rc == 2 and os.path.getsize("pages/batch.html") > 50000, "batch HTML: exit %d" % rc)
    rc, err = run("--batch", "list.txt", *RAW, "-q", "--report", "anchor_b.json",
                  "--report_anchor", "B")
    d = {x["group"]: x for x in json.load(open("anchor_b.json"))["bd"] if x["metric"] == "vmaf"}
    check(abs(d["A"]["bd_rate_percent"] - 100 / 9) < 1e-9, "anchor B: A's BD-rate %s, want "
          "+11.11%%" % d["A"]["bd_rate_percent"])
    rc, err = run("--batch", "list.txt", *RAW, "-q", "--report", "anchor_z.json",
                  "--report_anchor", "Z")
    z = json.load(open("anchor_z.json"))
    check(z["bd"] == [] and "not in the list" in (z["bd_note"] or ""), "anchor Z: %s" % z["bd_note"])
    rc, err = run("--batch", "list.txt", *RAW, "-q", "--report", "batch.csv")
    rows = list(csv.reader(open("batch.csv")))
    check(len(rows) == 14 and len(set(len(r) for r in rows)) == 1,
          "batch CSV: %d rows of %s columns" % (len(rows), set(len(r) for r in rows)))


def from_outputs():
    """A report read back from a batch's JSON outputs equals the report
    of the scoring run, to the outputs' six decimals."""
    lines = ["ref.yuv\tq%d.yuv\tout_q%d.json\tA\t%d" % (q, q, 100 << (5 - q)) for q in (5, 4, 3, 2)]
    lines.append("ref.yuv\tq3.yuv\tnever_written.json\tA\t1000")
    open("outputs.txt", "w").write("\n".join(lines[:4]) + "\n")
    rc, err = run("--batch", "outputs.txt", *RAW, "-q", "--json", "--report", "scored.json")
    check(rc == 0, "from_outputs: scoring exit %d: %s" % (rc, err))
    open("outputs.txt", "w").write("\n".join(lines) + "\n")
    rc, err = run("--batch", "outputs.txt", *RAW, "-q", "--json", "--from_outputs", "--report",
                  "read.json")
    check(rc == 2 and "never_written.json" in err, "from_outputs: exit %d: %s" % (rc, err))
    a, b = json.load(open("scored.json")), json.load(open("read.json"))
    check([f["line"] for f in b["failed"]] == [5] and "not scored yet" in b["failed"][0]["error"],
          "from_outputs: failed %s" % b["failed"])
    same = len(a["pairs"]) == len(b["pairs"]) == 4 and all(
        x["per_frame"].keys() == y["per_frame"].keys() and
        all(["%.6f" % v for v in x["per_frame"][k]] == ["%.6f" % v for v in y["per_frame"][k]]
            for k in x["per_frame"]) and x["bitrate_kbps"] == y["bitrate_kbps"]
        for x, y in zip(a["pairs"], b["pairs"]))
    check(same, "from_outputs: per-frame scores differ from the scoring run's report")
    rc, err = run("--batch", "outputs.txt", *RAW, "-q", "--from_outputs", "--report", "x.json")
    check(rc == 1 and "--json" in err, "--from_outputs without --json: exit %d: %s" % (rc, err))


def container_bitrate():
    if have_libav != "ON" or not shutil.which("ffmpeg") or not shutil.which("ffprobe"):
        print("SKIP (part): the container's bitrate needs FFmpeg's libraries and Debian's ffmpeg")
        return
    for name, crf in (("enc_ref.mkv", 10), ("enc_dis.mkv", 40)):
        subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                        "testsrc2=s=320x180:r=24", "-frames:v", "24", "-pix_fmt", "yuv420p",
                        "-c:v", "libx264", "-g", "8", "-crf", str(crf), name], check=True)
    rc, err = run("-r", "enc_ref.mkv", "-d", "enc_dis.mkv", "-q", "--report", "pages/encoded.html",
                  "--report_worst", "1")
    rc2, err2 = run("-r", "enc_ref.mkv", "-d", "enc_dis.mkv", "-q", "--report", "encoded.json")
    if not check(rc == 0 and rc2 == 0, "encoded: exit %d/%d: %s" % (rc, rc2, err + err2)):
        return
    seconds = float(subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration",
                                    "-of", "csv=p=0", "enc_dis.mkv"], capture_output=True,
                                   text=True).stdout)
    want = os.path.getsize("enc_dis.mkv") * 8 / seconds / 1000
    p = json.load(open("encoded.json"))["pairs"][0]
    check(p["bitrate_from"] == "container" and abs(p["bitrate_kbps"] - want) < 1e-3 * want,
          "encoded: bitrate %s from %s, want %.3f" % (p["bitrate_kbps"], p["bitrate_from"], want))
    check(len(p["worst"]) == 6 and all(w.get("crop") == [0, 0, 320, 180] for w in p["worst"]),
          "encoded: worst %s" % p["worst"])
    rc, err = run("-r", "enc_ref.mkv", "-d", "enc_dis.mkv", "-q", "--backend", "cpu", "--chunks",
                  "2", "--cpu_chunks", "1", "--report", "chunked.json")
    c = json.load(open("chunked.json"))["pairs"][0] if rc == 0 else {}
    check(c.get("per_frame") == p["per_frame"] and c.get("worst") == p["worst"],
          "encoded in chunks: exit %d, the report differs from one piece's: %s" % (rc, err))


def main():
    os.makedirs(os.path.join(work, "pages"), exist_ok=True)
    os.chdir(work)
    subprocess.run([gen_yuv, "-w", str(W), "-h", str(H), "-p", "420", "-b", "8", "-n", str(N),
                    "-s", "11", "-k", "mix", "ref.yuv", "dis.yuv"], check=True)
    for q in (2, 3, 4, 5):
        quantized("ref.yuv", "q%d.yuv" % q, q)
    single_pair()
    crop_on_planted()
    refusals()
    batch()
    from_outputs()
    container_bitrate()
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
