#!/usr/bin/env python3
"""Golden tests for the vmaf CLI: every printed figure must equal the reference's.

Subcommands:
  run      one golden case: generate its inputs, run our CLI, compare with expected/CASE.txt
  record   (re-)record expected files with a reference CLI (used by record.sh only)
  corpus   one pair of the shared corpus against the shared expected JSON
  corpus-make  make the shared corpus into a cache directory (once)
  corpus-run   one pair of the corpus in one configuration, against expected/corpus/PAIR.CONFIG.txt
  corpus-record  (re-)record expected/corpus/ with a reference CLI (used by record.sh only)
  vendor-rows  adds a CPU vendor's figures to the expected files from side-by-side's output
  corpus-vendor-rows  the reference on the corpus here: where its figures of the shared JSON
           differ on this host's CPU vendor, into expected/corpus_vendor/
  side-by-side  every case through the reference's code paths and ours on this host, a table
           of where they differ, and each run's JSON kept (bench/vendor_check.sh)

Values are compared as the strings the CLIs print (libvmaf prints %.6f, or %.16f when a value
has six or more zeros after the point), so the printing rule is under test too.
"""
import argparse
import glob
import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import time

SKIP = 77
MODELS_TOKEN = "MODELS/"
METHODS = ("min", "max", "mean", "harmonic_mean")
MAX_SHOWN = 25


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def skip(msg):
    print("SKIP: " + msg)
    sys.exit(SKIP)


# ---------------------------------------------------------------------------------------------
# Figures: {(section, row, name): printed string}
#   ("frame", frameNum, metric), ("pooled", method, metric), ("aggregate", "value", name)


def load_cli_json(path):
    """Parse a CLI JSON file keeping every number exactly as printed."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        fail(f"no output {path}: {e}")
    try:
        doc = json.loads(text, parse_float=str, parse_int=str, parse_constant=str)
    except ValueError as e:
        fail(f"{path} is not valid JSON ({e}); first 400 chars:\n{text[:400]}")
    return doc


def printed(v):
    return "null" if v is None else str(v)


def figures_from_json(doc):
    figs, order = {}, {"frame": [], "pooled": [], "aggregate": []}
    for fr in doc.get("frames", []):
        n = int(fr["frameNum"])
        for k, v in fr["metrics"].items():
            figs[("frame", n, k)] = printed(v)
            if k not in order["frame"]:
                order["frame"].append(k)
    for k, methods in doc.get("pooled_metrics", {}).items():
        order["pooled"].append(k)
        for m, v in methods.items():
            figs[("pooled", m, k)] = printed(v)
    for k, v in doc.get("aggregate_metrics", {}).items():
        order["aggregate"].append(k)
        figs[("aggregate", "value", k)] = printed(v)
    return figs, order


# ---------------------------------------------------------------------------------------------
# Expected files: '#' header lines, then three tables (rows of space-separated fields; '-' marks
# a value the reference did not print):
#   frames: NAME...      then  FRAMENUM VALUE...
#   pooled: NAME...      then  METHOD VALUE...
#   aggregate: NAME...   then  value VALUE...
# then, where the reference prints some figures differently on another CPU vendor (libvmaf's float
# ADM divides through the x86 reciprocal estimate, whose last bits are the vendor's):
#   vendor rows:         then  VENDOR SECTION ROW NAME VALUE, a figure as that vendor prints it
# and, where the reference's default x86 paths print some figures otherwise than its C paths:
#   path rows:           then  PATH SECTION ROW NAME VALUE (PATH avx2 or avx512, its --cpumask
#                        0x30 and its default on an AVX-512 CPU)
# The header's "vendors" line names the CPU vendors (/proc/cpuinfo vendor_id) the figures were
# recorded on; the tables hold the first one's.


def write_expected(path, header, figs, order, vendor_rows=None):
    lines = ["# " + h for h in header]
    for section in ("frame", "pooled", "aggregate"):
        names = order[section]
        label = {"frame": "frames", "pooled": "pooled", "aggregate": "aggregate"}[section]
        lines.append(f"{label}: " + " ".join(names))
        rows = sorted({r for (s, r, _) in figs if s == section}, key=str)
        if section == "frame":
            rows = sorted(rows)
        elif section == "pooled":
            rows = [m for m in METHODS if m in rows] + [m for m in rows if m not in METHODS]
        for r in rows:
            vals = [figs.get((section, r, k), "-") for k in names]
            lines.append(" ".join([str(r)] + vals))
    for kind in ("vendor", "path"):
        labels = sorted(l for l in (vendor_rows or {}) if l.startswith("path ") == (kind == "path"))
        if labels:
            lines.append(f"{kind} rows:")
        for label in labels:
            for (section, r, k), v in sorted(vendor_rows[label].items(), key=lambda i: str(i[0])):
                lines.append(f"{label.split()[-1]} {section} {r} {k} {v}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def read_expected(path):
    """(header, figures, order, vendor rows {vendor: figures})."""
    header, figs, order = {}, {}, {"frame": [], "pooled": [], "aggregate": []}
    vendor_rows = {}
    section, names = None, []
    sections = {"frames:": "frame", "pooled:": "pooled", "aggregate:": "aggregate"}
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("# "):
                key, _, val = line[2:].partition(": ")
                header[key] = val
                continue
            fields = line.split()
            if not fields:
                continue
            if fields[0] in sections:
                section, names = sections[fields[0]], fields[1:]
                order[section] = names
                continue
            if fields[1:] == ["rows:"] and fields[0] in ("vendor", "path"):
                section = fields[0]
                continue
            if section in ("vendor", "path"):
                if len(fields) != 5 or fields[1] not in sections.values():
                    fail(f"{path}: malformed {section} row: {line}")
                label, sec, r, k, v = fields
                if section == "path":
                    label = "path " + label
                vendor_rows.setdefault(label, {})[(sec, int(r) if sec == "frame" else r, k)] = v
                continue
            row = int(fields[0]) if section == "frame" else fields[0]
            if len(fields) != len(names) + 1:
                fail(f"{path}: malformed row {fields[0]} in {section}")
            for k, v in zip(names, fields[1:]):
                if v != "-":
                    figs[(section, row, k)] = v
    return header, figs, order, vendor_rows


def host_vendor():
    """The CPU vendor as /proc/cpuinfo names it (AuthenticAMD, GenuineIntel, ...);
    GOLDEN_CPU_VENDOR stands in for it in the test of a vendor without a row."""
    if os.environ.get("GOLDEN_CPU_VENDOR"):
        return os.environ["GOLDEN_CPU_VENDOR"]
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("vendor_id"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def figures_for_host(case, header, expected, vendor_rows):
    """The expected figures as this host's CPU vendor prints them, and which row that is. Fails
    where the figures depend on the vendor and none was recorded on this host's."""
    recorded = header.get("vendors", "").split()
    vendor = host_vendor()
    vendor_rows = {k: v for k, v in vendor_rows.items() if not k.startswith("path ")}
    if not vendor_rows:
        return expected, f"vendor-independent, recorded on {' and '.join(recorded) or 'one'}"
    if vendor not in recorded:
        fail(f"{case}: the reference prints some of these figures differently per CPU vendor and "
             f"they were recorded on {' and '.join(recorded)} only; this host is {vendor}: "
             "record its row (bench/vendor_check.sh there, then golden.py vendor-rows)")
    return {**expected, **vendor_rows.get(vendor, {})}, f"{vendor} row"


# ---------------------------------------------------------------------------------------------
# Comparison


def compare(expected, got, exp_order, only_keys_in_got=False):
    """Returns a list of (key, expected, got) mismatches in a readable order."""
    rank = {}
    for s, names in exp_order.items():
        for i, k in enumerate(names):
            rank[(s, k)] = i
    sec_rank = {"frame": 0, "pooled": 1, "aggregate": 2}

    def sort_key(key):
        s, r, k = key
        if s == "frame":
            return (sec_rank[s], r, rank.get((s, k), 10**6), k)
        method = METHODS.index(r) if r in METHODS else len(METHODS)
        return (sec_rank[s], rank.get((s, k), 10**6), method, k)

    names_got = {k for (_, _, k) in got}
    keys = set(expected) | set(got)
    if only_keys_in_got:
        keys = {key for key in keys if key[2] in names_got}
    out = []
    for key in sorted(keys, key=sort_key):
        e, g = expected.get(key), got.get(key)
        if e != g:
            out.append((key, e, g))
    return out


def describe(key):
    s, r, k = key
    if s == "frame":
        return f"frame {r:>4} {k}"
    if s == "pooled":
        return f"pooled {r} {k}"
    return f"aggregate {k}"


def report(mismatches, n_compared):
    shown = min(MAX_SHOWN, len(mismatches))
    print(f"{len(mismatches)} of {n_compared} figures differ; first {shown}:")
    w = max(len(describe(k)) for k, _, _ in mismatches[:MAX_SHOWN])
    print(f"  {'where':<{w}}  {'expected':>20}  {'got':>20}")
    for key, e, g in mismatches[:MAX_SHOWN]:
        print(f"  {describe(key):<{w}}  {e if e is not None else '(absent)':>20}  "
              f"{g if g is not None else '(absent)':>20}")
    per_metric = {}
    for (s, _, k), _, _ in mismatches:
        per_metric[k] = per_metric.get(k, 0) + 1
    print("per metric: " + ", ".join(f"{k}: {n}" for k, n in sorted(per_metric.items())))


# ---------------------------------------------------------------------------------------------
# Running the tools


def run_tool(cmd, cwd, env=None, what="command"):
    t0 = time.monotonic()
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    dt = time.monotonic() - t0
    if p.returncode != 0:
        print(f"$ (cd {cwd} && {shlex.join(cmd)})")
        print((p.stdout + p.stderr)[-3000:])
        fail(f"{what} exited with {p.returncode}")
    return dt


def input_names(gen_args):
    ext = "y4m" if "-y" in gen_args else "yuv"
    return f"ref.{ext}", f"dis.{ext}"


def reference_line(ref, dis, vmaf_args):
    return shlex.join(["vmaf", "-r", ref, "-d", dis] + vmaf_args + ["--json", "-o", "out.json"])


def parse_reference(reference):
    """(reference input, distorted input, vmaf arguments) of a header's reference command."""
    tok = shlex.split(reference)
    if tok[:2] != ["vmaf", "-r"] or tok[3] != "-d" or tok[-3:] != ["--json", "-o", "out.json"]:
        fail(f"unexpected reference command: {reference}")
    return tok[2], tok[4], tok[5:-3]


def with_models(args, models):
    return [a.replace(MODELS_TOKEN, models.rstrip("/") + "/") for a in args]


def generate(gen, gen_args, work):
    os.makedirs(work, exist_ok=True)
    return run_tool([gen] + gen_args + list(input_names(gen_args)), work, what="gen_yuv")


def md5_of(path):
    h = hashlib.md5()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def inputs_md5(work, gen_args):
    return " ".join(md5_of(os.path.join(work, n)) for n in input_names(gen_args))


def model_dir(arg):
    env = os.environ.get("VMAF_MODEL_DIR")
    for d in (env, arg):
        if d and os.path.isdir(d):
            return os.path.abspath(d)
    return None


# ---------------------------------------------------------------------------------------------
# Subcommands


def check_our_output(cmd, work, env, expected, exp_order, label):
    """Runs our CLI (cmd without output options) into work/out.json; fails on any figure that is
    not the expected one. Returns the run time and the number of frames."""
    cmd = cmd + ["--json", "-o", "out.json"]
    t_run = run_tool(cmd, work, env, what="vmaf")
    got, _ = figures_from_json(load_cli_json(os.path.join(work, "out.json")))
    mismatches = compare(expected, got, exp_order)
    print(f"$ (cd {work} && {shlex.join(cmd)})")
    if mismatches:
        report(mismatches, len(expected))
        fail(f"{label}: output differs from the reference (kept in {work})")
    return t_run, len({r for (s, r, _) in expected if s == "frame"})


# Cases whose default-path figures our default path does not give yet, and why; only their C
# path is checked (docs/reference-notes.md).
NOT_MIRRORED = {
    "odd_422_353x287": "libvmaf's vector DWT of scales 1..3 at odd sizes",
    "small_444_65x37": "libvmaf's vector DWT of scales 1..3 at small sizes",
    "small_420_66x38": "libvmaf's vector DWT of scales 1..3 at small sizes",
    "extreme_adm_odd": "libvmaf's vector DWT of scales 1..3 at odd sizes",
}


def host_default_path():
    """Which of the reference's x86 paths is its default on this CPU."""
    try:
        with open("/proc/cpuinfo") as f:
            flags = next((l.split(":", 1)[1].split() for l in f if l.startswith("flags")), [])
    except OSError:
        flags = []
    if {"avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"} <= set(flags):
        return "avx512"
    return "avx2" if "avx2" in flags else "c"


def check_paths(case, cmd, work, env, expected, exp_order, path_rows):
    """Our default and AVX2 paths against the reference's where we mirror them (the caller checks
    the C path). Returns what was checked."""
    if case in NOT_MIRRORED:
        print(f"NOTE {case}: the default path is not checked: {NOT_MIRRORED[case]} is not mirrored")
        return "C path"
    checked = ["C path"]
    host = host_default_path()
    runs = [("avx512", []), ("avx2", ["--cpumask", "0x30"])] if host == "avx512" else \
        [("avx2", [])] if host == "avx2" else []
    for path, more in runs:
        want = {**expected, **path_rows.get("path " + path, {})}
        check_our_output(cmd + more, work, env, want, exp_order, f"{case} ({path} path)")
        checked.append(f"{path} path")
    return ", ".join(checked)


def cmd_run(a):
    header, expected, exp_order, vendor_rows = read_expected(a.expected)
    case = os.path.basename(a.expected)[:-len(".txt")]
    expected, row = figures_for_host(case, header, expected, vendor_rows)
    gen_args = shlex.split(header["gen"])
    vmaf_args = strip_cpumask(parse_reference(header["reference"])[2])
    extra = shlex.split(header.get("vmaf-ng only", ""))
    models = model_dir(a.models)
    if any(MODELS_TOKEN in x for x in vmaf_args) and not models:
        skip(f"{case} needs the model directory ({a.models} or VMAF_MODEL_DIR) which is absent")
    if not os.access(a.vmaf, os.X_OK):
        fail(f"no vmaf CLI at {a.vmaf}")
    work = os.path.join(a.work, case)
    shutil.rmtree(work, ignore_errors=True)
    t_gen = generate(a.gen, gen_args, work)
    digests = inputs_md5(work, gen_args)
    if digests != header.get("inputs md5", digests):
        fail(f"gen_yuv wrote other inputs ({digests}) than the ones recorded "
             f"({header['inputs md5']}): re-record with record.sh")
    ref, dis = input_names(gen_args)
    cmd = [a.vmaf, "-r", ref, "-d", dis] + with_models(vmaf_args, models or "") + extra
    path_rows = {k: v for k, v in vendor_rows.items() if k.startswith("path ")}
    if path_rows:
        row += "; " + check_paths(case, cmd, work, env_with_models(models), expected, exp_order,
                                  path_rows)
    t_run, n_frames = check_our_output(cmd + (C_ONLY if path_rows else []), work,
                                       env_with_models(models), expected, exp_order, case)
    print(f"PASS {case}: all {len(expected)} figures equal ({n_frames} frames, {row}); "
          f"gen {t_gen:.2f} s, vmaf {t_run:.2f} s")
    shutil.rmtree(work, ignore_errors=True)


def env_with_models(models):
    env = dict(os.environ)
    if models:
        env["VMAF_MODEL_DIR"] = models
    return env


def parse_cases(path, n_cols=4):
    """Rows of NAME | ARGS... (n_cols '|'-separated columns), each ARGS split as a shell would."""
    cases = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            cols = [c.strip() for c in line.split("|")]
            if len(cols) != n_cols:
                fail(f"{path}:{n}: want {n_cols} '|'-separated columns")
            cases.append((cols[0],) + tuple(shlex.split(c) for c in cols[1:]))
    return cases


C_ONLY = ["--cpumask", "0xffffffff"]


def strip_cpumask(args):
    """Our CLI always runs with its own default code paths."""
    out, i = [], 0
    while i < len(args):
        if args[i] == "--cpumask":
            i += 2
            continue
        out.append(args[i])
        i += 1
    return out


class ReferenceRun:
    """Runs the reference CLI (base: its command without output options) in work, which
    receives the JSON files."""

    def __init__(self, base, work):
        self.base, self.work = base, work

    def figures(self, more, out):
        run_tool(self.base + more + ["--json", "-o", out], self.work, what="reference vmaf")
        doc = load_cli_json(os.path.join(self.work, out))
        return figures_from_json(doc) + (doc.get("version", "?"),)

    def c_and_simd(self):
        """The figures of the reference's C paths (the definition our C code follows), their
        order, the libvmaf version, and where its default SIMD paths print otherwise."""
        figs, order, version = self.figures(C_ONLY, "c.json")
        simd, _, _ = self.figures([], "simd.json")
        return figs, order, version, compare(figs, simd, order)


def simd_line(simd_diff):
    """The header line saying whether the reference's SIMD paths agreed with its C paths."""
    if not simd_diff:
        return "reference SIMD: its default (AVX2/AVX-512) paths print the same figures"
    per_metric = sorted({k for (_, _, k), _, _ in simd_diff})
    return (f"reference SIMD: its default (AVX2/AVX-512) paths print {len(simd_diff)} "
            f"figures differently, in {' '.join(per_metric)}")


def write_recorded(out, header, figs, order, simd_diff):
    write_expected(out, header, figs, order)
    n_frames = len({r for (s, r, _) in figs if s == "frame"})
    note = f"; SIMD differs in {len(simd_diff)}" if simd_diff else ""
    print(f"recorded {out}: {len(figs)} figures, {n_frames} frames{note}")


def record_one(a, models, name, gen_args, vmaf_args, extra):
    work = os.path.join(a.work, name)
    shutil.rmtree(work, ignore_errors=True)
    generate(a.gen, gen_args, work)
    ref, dis = input_names(gen_args)
    digests = inputs_md5(work, gen_args)
    run = ReferenceRun([a.ref_vmaf, "-r", ref, "-d", dis] + with_models(vmaf_args, models), work)
    figs, order, version, simd_diff = run.c_and_simd()
    if extra:
        other, _, _ = run.figures(C_ONLY + extra, "extra.json")
        diff = compare(figs, other, order)
        if diff:
            report(diff, len(figs))
            fail(f"{name}: the reference itself changes with {shlex.join(extra)}")
    header = [
        f"golden case {name}: figures printed by the reference vmaf CLI (libvmaf {version}), "
        "C paths",
        "gen: " + shlex.join(gen_args),
        "inputs md5: " + digests,
        "reference: " + reference_line(ref, dis, vmaf_args + C_ONLY),
        simd_line(simd_diff),
        "vendors: " + host_vendor(),
    ]
    if extra:
        header.append("vmaf-ng only: " + shlex.join(extra))
    write_recorded(os.path.join(a.out, name + ".txt"), header, figs, order, simd_diff)
    shutil.rmtree(work, ignore_errors=True)


def cmd_record(a):
    models = model_dir(a.models)
    if not models:
        fail(f"no model directory at {a.models}")
    cases = parse_cases(a.cases)
    unknown = set(a.names) - {c[0] for c in cases}
    if unknown:
        fail("no such case: " + " ".join(sorted(unknown)))
    for name, gen_args, vmaf_args, extra in cases:
        if not a.names or name in a.names:
            record_one(a, models, name, gen_args, vmaf_args, extra)


def corpus_prereqs(shared):
    if not shutil.which("ffmpeg"):
        skip("ffmpeg is not installed (apt-get install -y ffmpeg)")
    script = os.path.join(shared, "corpus", "make-corpus.sh")
    if not os.path.isfile(script):
        skip(f"no shared corpus at {os.path.join(shared, 'corpus')}")
    return script


def listed_md5(shared):
    """{file name: md5} from the shared corpus's MD5SUMS; empty when it has none."""
    sums = os.path.join(shared, "corpus", "expected", "MD5SUMS")
    if not os.path.isfile(sums):
        return {}
    with open(sums) as f:
        return {name: digest for digest, name in (l.split() for l in f if l.strip())}


def cmd_corpus_make(a):
    script = corpus_prereqs(a.shared)
    stamp = os.path.join(a.dir, "made.txt")
    if os.path.isfile(stamp):
        with open(stamp) as f:
            print(f"corpus cached in {a.dir} ({f.read().strip()})")
        return
    shutil.rmtree(a.dir, ignore_errors=True)
    t0 = time.monotonic()
    p = subprocess.run(["bash", script, a.dir], capture_output=True, text=True)
    dt = time.monotonic() - t0
    print(p.stdout[-2000:] + p.stderr[-2000:])
    if p.returncode != 0:
        fail(f"make-corpus.sh exited with {p.returncode}")
    bad = [name for name, digest in listed_md5(a.shared).items()
           if md5_of(os.path.join(a.dir, name)) != digest]
    missing = [name for name in bad if not os.path.isfile(os.path.join(a.dir, name))]
    if missing:
        fail("make-corpus.sh did not make " + " ".join(missing))
    # Debian's x264 does not encode the same bytes with every instruction set: a file that
    # differs here has no reference figures, and the tests of its pair skip, naming it.
    with open(os.path.join(a.dir, DIFFERS), "w") as f:
        f.writelines(name + "\n" for name in bad)
    if bad:
        print("WARNING: made here, these differ from the bytes the reference's figures were "
              "measured on (expected/MD5SUMS), and their pairs' tests will skip: " + " ".join(bad))
    with open(stamp, "w") as f:
        f.write(f"made in {dt:.1f} s\n")
    print(f"corpus made in {a.dir} in {dt:.1f} s")


FEATURES_RUN = ["psnr_hvs", "float_ssim", "float_ms_ssim", "ciede", "cambi", "float_psnr",
                "float_vif", "float_adm", "float_motion", "float_ansnr", "float_moment"]


def features_we_have(a, work):
    """The extractors of NAME.features.json that our CLI accepts (probed on a small input, large
    enough for MS-SSIM's five scales)."""
    probe = os.path.join(work, "probe")
    generate(a.gen, ["-w", "320", "-h", "240", "-n", "2", "-k", "noise"], probe)
    have = []
    for feat in FEATURES_RUN:
        cmd = [a.vmaf, "-r", "ref.yuv", "-d", "dis.yuv", "-w", "320", "-h", "240", "-p", "420",
               "-b", "8", "-n", "--feature", feat, "--json", "-o", "p.json"]
        p = subprocess.run(cmd, cwd=probe, capture_output=True)
        if p.returncode == 0:
            have.append(feat)
    shutil.rmtree(probe, ignore_errors=True)
    return have


def corpus_list(corpus):
    """{pair: its -w -h -p -b arguments} from the corpus's list.tsv."""
    with open(os.path.join(corpus, "list.tsv")) as f:
        rows = [r for r in (line.split() for line in f) if r]
    return {name: ["-w", w, "-h", h, "-p", pix_fmt[3:6], "-b", bpc]
            for name, w, h, pix_fmt, bpc, _ in rows}


def pair_files(name):
    return f"{name}_ref.yuv", f"{name}_dis.yuv"


def corpus_pair(a):
    """Our CLI's command line for the pair a.name of the corpus, without output options."""
    rows = corpus_list(a.dir)
    if a.name not in rows:
        fail(f"{a.name} is not in {a.dir}/list.tsv")
    ref, dis = (os.path.join(a.dir, f) for f in pair_files(a.name))
    return [a.vmaf, "-r", ref, "-d", dis] + rows[a.name]


def check_corpus_json(cmd, work, expected_json, only_our_metrics, vendor_figs):
    """Runs cmd into work/out.json; True when it prints what expected_json holds, with the
    figures this host's CPU vendor prints otherwise (vendor_figs) in their place."""
    t = run_tool(cmd + ["--json", "-o", "out.json"], work, what="vmaf")
    exp, order = figures_from_json(load_cli_json(expected_json))
    exp.update(vendor_figs)
    got, _ = figures_from_json(load_cli_json(os.path.join(work, "out.json")))
    ours = {k for (_, _, k) in got}
    mismatches = compare(exp, got, order, only_keys_in_got=only_our_metrics)
    name = os.path.basename(expected_json)
    if mismatches:
        print(f"$ {shlex.join(cmd)}")
        print(f"{name}:")
        report(mismatches, len([k for k in exp if not only_our_metrics or k[2] in ours]))
        return False
    if only_our_metrics:
        missing = sorted({k for (_, _, k) in exp} - ours)
        print(f"{name}: our {len(ours)} metrics equal (vmaf {t:.2f} s); "
              f"not in our build: {' '.join(missing) or 'none'}")
    else:
        print(f"{name}: all {len(exp)} figures equal (vmaf {t:.2f} s)")
    return True


DIFFERS = "differs.txt"


def corpus_made(a, files):
    """Fails without the corpus; skips when one of files is not the bytes of the figures."""
    corpus_prereqs(a.shared)
    if not os.path.isfile(os.path.join(a.dir, "made.txt")):
        fail(f"corpus not made in {a.dir} (test corpus.make)")
    with open(os.path.join(a.dir, DIFFERS)) as f:
        differs = set(f.read().split()) & set(files)
    if differs:
        skip(f"{' '.join(sorted(differs))}, made on this machine, differs from the bytes the "
             "reference's figures were measured on (Debian's x264 encodes differently with "
             "some instruction sets; see corpus.make): no figures to compare with")


# The shared corpus's JSON holds the figures as the reference prints them on one CPU vendor
# (SHARED_VENDOR: our CI passed against them on AMD hosts). Where it prints some otherwise on
# another (float ADM's reciprocal estimate, as in the golden cases' vendor rows),
# expected/corpus_vendor/PAIR.txt lists them, recorded with corpus-vendor-rows on a host of that
# vendor: '#' header lines, then rows VENDOR JSON SECTION ROW NAME VALUE (JSON is vmaf_v0.6.1 or
# features: the shared file the figure is of).
SHARED_VENDOR = "AuthenticAMD"
CORPUS_JSONS = ("vmaf_v0.6.1", "features")


def corpus_vendor_path(expected_dir, name):
    return os.path.join(expected_dir, "corpus_vendor", name + ".txt")


def read_corpus_vendor_rows(path):
    """{vendor: {json: {figure key: value}}} from a corpus vendor file (none: {})."""
    rows = {}
    if not os.path.isfile(path):
        return rows
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            vendor, json_name, section, r, k, v = line.split()
            key = (section, int(r) if section == "frame" else r, k)
            rows.setdefault(vendor, {}).setdefault(json_name, {})[key] = v
    return rows


def corpus_commands(a, base, feats):
    """{json: our (or the reference's) command for that shared JSON of the pair}."""
    model = os.path.join(a.shared, "models", "vmaf_v0.6.1.json")
    return {"vmaf_v0.6.1": base + ["--model", f"path={model}", "--feature", "psnr"],
            "features": base + ["-n"] + [x for f in feats for x in ("--feature", f)]}


def cmd_corpus(a):
    corpus_made(a, pair_files(a.name))
    base = corpus_pair(a)
    work = os.path.join(a.dir, "out", a.name)
    os.makedirs(work, exist_ok=True)
    expected = os.path.join(a.shared, "corpus", "expected", a.name)
    vendor = host_vendor()
    rows = read_corpus_vendor_rows(corpus_vendor_path(a.expected_dir, a.name)).get(vendor, {})
    print(f"figures as {SHARED_VENDOR} prints them"
          + (f", with {vendor}'s {sum(map(len, rows.values()))} of its own" if rows else ""))
    feats = features_we_have(a, work)
    cmds = corpus_commands(a, base, feats)
    ok = check_corpus_json(cmds["vmaf_v0.6.1"], work, expected + ".vmaf_v0.6.1.json", False,
                           rows.get("vmaf_v0.6.1", {}))
    if feats:
        ok = check_corpus_json(cmds["features"], work, expected + ".features.json", True,
                               rows.get("features", {})) and ok
    else:
        print(f"{a.name}.features.json: not compared, our CLI has none of "
              f"{' '.join(FEATURES_RUN)} yet")
    if not ok:
        fail(f"corpus pair {a.name} differs from the reference (output kept in {work})")
    shutil.rmtree(work, ignore_errors=True)
    print(f"PASS corpus {a.name}")


# ---------------------------------------------------------------------------------------------
# Corpus figures recorded here (expected/corpus/PAIR.CONFIG.txt): each pair of the corpus with
# each configuration of corpus_cases.txt, whose arguments follow the pair's -w -h -p -b.


def cmd_corpus_run(a):
    header, expected, exp_order, vendor_rows = read_expected(a.expected)
    case = os.path.basename(a.expected)[:-len(".txt")]
    ref, dis, vmaf_args = parse_reference(header["reference"])
    corpus_made(a, (ref, dis))
    expected, row = figures_for_host(case, header, expected, vendor_rows)
    models = model_dir(a.models)
    if any(MODELS_TOKEN in x for x in vmaf_args) and not models:
        skip(f"{case} needs the model directory ({a.models} or VMAF_MODEL_DIR) which is absent")
    # corpus.make checked the files against MD5SUMS; hash them only when it has no entry.
    listed = listed_md5(a.shared)
    digests = " ".join(listed.get(f) or md5_of(os.path.join(a.dir, f)) for f in (ref, dis))
    if digests != header["inputs md5"]:
        fail(f"the corpus ({digests}) is not the one recorded ({header['inputs md5']}): "
             "re-record with record.sh --corpus")
    work = os.path.join(a.dir, "out", case)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    cmd = [a.vmaf, "-r", os.path.join(a.dir, ref), "-d", os.path.join(a.dir, dis)] + with_models(
        strip_cpumask(vmaf_args), models or "")
    t_run, n_frames = check_our_output(cmd, work, env_with_models(models), expected, exp_order,
                                       f"corpus {case}")
    print(f"PASS corpus {case}: all {len(expected)} figures equal ({n_frames} frames, {row}); "
          f"vmaf {t_run:.2f} s")
    shutil.rmtree(work, ignore_errors=True)


def record_corpus_one(a, models, pair, geometry, config, config_args, digests):
    name = f"{pair}.{config}"
    work = os.path.join(a.work, name)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    ref, dis = pair_files(pair)
    vmaf_args = geometry + config_args
    base = [a.ref_vmaf, "-r", os.path.join(a.corpus, ref), "-d", os.path.join(a.corpus, dis)]
    figs, order, version, simd_diff = ReferenceRun(base + with_models(vmaf_args, models),
                                                   work).c_and_simd()
    header = [
        f"corpus pair {pair}, configuration {config}: figures printed by the reference vmaf CLI "
        f"(libvmaf {version}), C paths",
        "inputs md5: " + digests,
        "reference: " + reference_line(ref, dis, vmaf_args + C_ONLY),
        simd_line(simd_diff),
        "vendors: " + host_vendor(),
    ]
    write_recorded(os.path.join(a.out, name + ".txt"), header, figs, order, simd_diff)
    shutil.rmtree(work, ignore_errors=True)


def cmd_corpus_record(a):
    """Records each pair and configuration whose pair, configuration or PAIR.CONFIG is named
    (all when none is)."""
    models = model_dir(a.models)
    if not models:
        fail(f"no model directory at {a.models}")
    pairs = corpus_list(a.corpus)
    configs = parse_cases(a.cases, n_cols=2)
    chosen = [(p, c, args) for p in pairs for c, args in configs
              if not a.names or {p, c, f"{p}.{c}"} & set(a.names)]
    unknown = set(a.names) - {n for p, c, _ in chosen for n in (p, c, f"{p}.{c}")}
    if unknown:
        fail("no such pair or configuration: " + " ".join(sorted(unknown)))
    listed = listed_md5(a.shared)
    digests = {}
    for pair in {p for p, _, _ in chosen}:
        sums = [md5_of(os.path.join(a.corpus, f)) for f in pair_files(pair)]
        if any(listed.get(f, d) != d for f, d in zip(pair_files(pair), sums)):
            fail(f"{a.corpus}: {pair} is not the pair of the shared corpus's MD5SUMS")
        digests[pair] = " ".join(sums)
    os.makedirs(a.out, exist_ok=True)
    for pair, config, args in chosen:
        record_corpus_one(a, models, pair, pairs[pair], config, args, digests[pair])


# The reference's code paths (--cpumask) and ours, for side-by-side.
REF_PATHS = (("ref_c", C_ONLY), ("ref_avx2", ["--cpumask", "0x30"]), ("ref_default", []))
OUR_PATHS = (("ours_c", ["--backend", "cpu"] + C_ONLY), ("ours_avx2", ["--backend", "cpu", "--cpumask", "0x30"]),
             ("ours_cpu", ["--backend", "cpu"]), ("ours_cuda", ["--backend", "cuda"]))
# Which of the reference's paths each of ours must equal.
COUNTERPART = {"ours_c": "ref_c", "ours_avx2": "ref_avx2", "ours_cpu": "ref_default",
               "ours_cuda": "ref_default"}


def side_by_side_one(a, models, name, gen_args, vmaf_args, out):
    """Runs one case through every path; returns {path: figures} (None where a run failed)."""
    work = os.path.join(a.work, name)
    shutil.rmtree(work, ignore_errors=True)
    generate(a.gen, gen_args, work)
    ref, dis = input_names(gen_args)
    args = ["-r", ref, "-d", dis] + with_models(strip_cpumask(vmaf_args), models)
    got = {}
    runs = [(p, a.ref_vmaf, more) for p, more in REF_PATHS] + \
        [(p, a.vmaf, more) for p, more in OUR_PATHS]
    for path, tool, more in runs:
        json_out = os.path.join(out, f"{name}.{path}.json")
        p = subprocess.run([tool] + args + more + ["--json", "-o", json_out], cwd=work,
                           capture_output=True, text=True, env=env_with_models(models))
        got[path] = figures_from_json(load_cli_json(json_out)) if p.returncode == 0 else None
        if path == "ours_cuda" and "no usable device" in p.stderr:
            got[path] = "no GPU"  # the CPU scored it: no CUDA result to compare
        if p.returncode != 0:
            with open(os.path.join(out, f"{name}.{path}.log"), "w") as f:
                f.write(p.stdout + p.stderr)
    shutil.rmtree(work, ignore_errors=True)
    return got


def differing(a, b):
    """'=' when the figures agree, else the count and the metrics that differ."""
    if a is None or b is None:
        return "failed"
    if isinstance(b, str):
        return b
    diff = compare(a[0], b[0], a[1])
    if not diff:
        return "="
    return f"{len(diff)} in " + ",".join(sorted({k for (_, _, k), _, _ in diff}))


def cmd_side_by_side(a):
    models = model_dir(a.models)
    os.makedirs(a.out, exist_ok=True)
    cases = [c for c in parse_cases(a.cases) if not a.names or c[0] in a.names]
    print("| case | ref avx2 vs c | ref default vs c | " +
          " | ".join(f"{p} vs {COUNTERPART[p]}" for p, _ in OUR_PATHS) + " |")
    print("|" + " --- |" * (3 + len(OUR_PATHS)))
    bad = no_gpu = 0
    for name, gen_args, vmaf_args, _ in cases:
        got = side_by_side_one(a, models, name, gen_args, vmaf_args, a.out)
        ours = [differing(got[COUNTERPART[p]], got[p]) for p, _ in OUR_PATHS]
        bad += sum(x not in ("=", "no GPU") for x in ours)
        no_gpu += ours.count("no GPU")
        print(f"| {name} | {differing(got['ref_c'], got['ref_avx2'])} | "
              f"{differing(got['ref_c'], got['ref_default'])} | " + " | ".join(ours) + " |",
              flush=True)
    print(f"side-by-side: {len(cases)} cases, {bad} of our runs differ from their counterpart"
          + (f"; {no_gpu} CUDA runs found no GPU" if no_gpu else ""))


def cmd_vendor_rows(a):
    """Adds one CPU vendor's figures to the expected files, from the reference's C-path JSON
    that side-by-side kept (DIR/CASE.ref_c.json) on a host of that vendor: figures it prints
    otherwise become that vendor's rows. On the vendor the tables were recorded on, every figure
    must agree."""
    done = 0
    for path in sorted(glob.glob(os.path.join(a.expected_dir, "*.txt"))):
        case = os.path.basename(path)[:-len(".txt")]
        if a.names and case not in a.names:
            continue
        got_path = os.path.join(a.from_dir, f"{case}.ref_c.json")
        if not os.path.isfile(got_path):
            fail(f"no {got_path}: run side-by-side on that host for {case}")
        header, figs, order, vendor_rows = read_expected(path)
        got, _ = figures_from_json(load_cli_json(got_path))
        diff = {key: g for key, _, g in compare(figs, got, order) if key in figs}
        recorded = header.get("vendors", "").split()
        if recorded and recorded[0] == a.vendor:
            if diff:
                fail(f"{case}: {len(diff)} figures differ on {a.vendor}, the vendor the tables "
                     "were recorded on: re-record with record.sh")
        else:
            vendor_rows[a.vendor] = diff
            vendor_rows = {v: rows for v, rows in vendor_rows.items() if rows}
        if a.vendor not in recorded:
            recorded.append(a.vendor)
        lines = [l.rstrip("\n") for l in open(path) if l.startswith("# ")]
        lines = [l[2:] for l in lines if not l.startswith("# vendors: ")]
        write_expected(path, lines + ["vendors: " + " ".join(recorded)], figs, order,
                       vendor_rows)
        done += 1
        if diff:
            print(f"{case}: {len(diff)} figures differ on {a.vendor}")
    print(f"vendor-rows: {done} expected files now recorded on {a.vendor} too")


def cmd_corpus_vendor_rows(a):
    """Runs the reference CLI on every pair of the made corpus (a.dir) as `corpus` runs ours,
    and writes where it prints figures of the shared JSON otherwise on this host's CPU vendor to
    expected/corpus_vendor/PAIR.txt (other vendors' rows kept). On SHARED_VENDOR every figure
    must agree."""
    vendor = host_vendor()
    work = os.path.join(a.dir, "out", "vendor-rows")
    os.makedirs(work, exist_ok=True)
    a.vmaf = a.ref_vmaf
    for name in sorted(corpus_list(a.dir)):
        if a.names and name not in a.names:
            continue
        a.name = name
        corpus_made(a, pair_files(name))
        cmds = corpus_commands(a, corpus_pair(a), FEATURES_RUN)
        path = corpus_vendor_path(a.expected_dir, name)
        rows = read_corpus_vendor_rows(path)
        rows[vendor] = {}
        for json_name, cmd in cmds.items():
            run_tool(cmd + ["--json", "-o", "ref.json"], work, what="the reference")
            got, _ = figures_from_json(load_cli_json(os.path.join(work, "ref.json")))
            exp, order = figures_from_json(load_cli_json(
                os.path.join(a.shared, "corpus", "expected", f"{name}.{json_name}.json")))
            diff = {key: g for key, _, g in compare(exp, got, order) if key in exp}
            if diff and vendor == SHARED_VENDOR:
                fail(f"{name}.{json_name}.json: {len(diff)} figures differ on {vendor}, the "
                     "vendor the shared figures are of")
            if diff:
                rows[vendor][json_name] = diff
            print(f"{name}.{json_name}: {len(diff)} figures differ on {vendor}")
        rows = {v: r for v, r in rows.items() if r}
        if not rows:
            if os.path.isfile(path):
                os.remove(path)
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(f"# corpus pair {name}: figures of ../shared/corpus/expected/{name}.*.json that"
                    f" the\n# reference CLI prints otherwise on another CPU vendor than "
                    f"{SHARED_VENDOR} (golden.py\n# corpus-vendor-rows on a host of it): "
                    "VENDOR JSON SECTION ROW NAME VALUE\n")
            for v in sorted(rows):
                for json_name in CORPUS_JSONS:
                    for (s, r, k), val in sorted(rows[v].get(json_name, {}).items(),
                                                 key=lambda i: str(i[0])):
                        f.write(f"{v} {json_name} {s} {r} {k} {val}\n")
    shutil.rmtree(work, ignore_errors=True)


def cmd_path_rows(a):
    """Adds the reference's AVX2 and default-path figures (ref_avx2/ref_default JSON that
    side-by-side kept on an AVX-512 host, its default being its AVX-512 code) as path rows."""
    done = 0
    for path in sorted(glob.glob(os.path.join(a.expected_dir, "*.txt"))):
        case = os.path.basename(path)[:-len(".txt")]
        if a.names and case not in a.names:
            continue
        header, figs, order, rows = read_expected(path)
        rows = {k: v for k, v in rows.items() if not k.startswith("path ")}
        for label, mode in (("avx2", "ref_avx2"), ("avx512", "ref_default")):
            got, _ = figures_from_json(load_cli_json(os.path.join(a.from_dir,
                                                                  f"{case}.{mode}.json")))
            diff = {key: g for key, _, g in compare(figs, got, order) if key in figs}
            if diff:
                rows["path " + label] = diff
        lines = [l.rstrip("\n")[2:] for l in open(path) if l.startswith("# ")]
        write_expected(path, lines, figs, order, rows)
        done += any(k.startswith("path ") for k in rows)
    print(f"path-rows: {done} expected files have path rows")


# Each subcommand's required options (--NAME; from_dir is --from), and whether it takes names.
SUBCOMMANDS = {
    "run": (["vmaf", "gen", "models", "work", "expected"], False),
    "record": (["ref-vmaf", "gen", "models", "work", "cases", "out"], True),
    "corpus-make": (["shared", "dir"], False),
    "corpus": (["vmaf", "gen", "shared", "dir", "name", "expected-dir"], False),
    "corpus-vendor-rows": (["ref-vmaf", "shared", "dir", "expected-dir"], True),
    "corpus-run": (["vmaf", "shared", "dir", "models", "expected"], False),
    "corpus-record": (["ref-vmaf", "models", "shared", "corpus", "work", "cases", "out"], True),
    "side-by-side": (["ref-vmaf", "vmaf", "gen", "models", "work", "cases", "out"], True),
    "vendor-rows": (["vendor", "from", "expected-dir"], True),
    "path-rows": (["from", "expected-dir"], True),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name, (options, takes_names) in SUBCOMMANDS.items():
        p = sub.add_parser(name)
        for opt in options:
            dest = {"dest": "from_dir"} if opt == "from" else {}
            p.add_argument("--" + opt, required=True, **dest)
        if takes_names:
            p.add_argument("names", nargs="*")
    a = ap.parse_args()
    commands = {"run": cmd_run, "record": cmd_record, "corpus-make": cmd_corpus_make,
                "corpus": cmd_corpus, "corpus-run": cmd_corpus_run,
                "corpus-record": cmd_corpus_record, "side-by-side": cmd_side_by_side,
                "vendor-rows": cmd_vendor_rows, "path-rows": cmd_path_rows,
                "corpus-vendor-rows": cmd_corpus_vendor_rows}
    commands[a.cmd](a)


if __name__ == "__main__":
    main()
