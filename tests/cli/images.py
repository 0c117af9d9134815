#!/usr/bin/env python3
"""ssimulacra2 through the tool, on the pairs of tests/unit/test_ssimulacra2.c,
whose expected scores libjxl's ssimulacra2 tool gave on the same RGB
pictures: the RGB pairs as PPM and PNG images, the YUV pairs as Y4M whose
range and 4:2:0 siting come from its tags; each frame equal to libjxl's
score at the six decimals the JSON prints. Then what the tool refuses.

Usage: images.py VMAF TEST_SSIMULACRA2 HAVE_PNG WORKDIR
"""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from checks import Checks  # noqa: E402
from images import gama_chunk, read_ppm, write_png  # noqa: E402


def run(vmaf, *args):
    return subprocess.run([vmaf, *args], capture_output=True, text=True)


def score(vmaf, ref, dis, out, feature="ssimulacra2", *extra):
    """The frame's metrics named ssimulacra2... as the JSON prints them, or
    None and the failed run."""
    p = run(vmaf, "-r", ref, "-d", dis, "--no_prediction", "--feature", feature, "--json", "-o",
            out, "-q", *extra)
    if p.returncode:
        return None, p
    metrics = json.load(open(out))["frames"][0]["metrics"]
    return [f"{k} {v:.6f}" for k, v in metrics.items() if k.startswith("ssimulacra2")], p


def lcg_bytes(seed):
    """A stream of 15-bit values, the same in every Python."""
    while True:
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        yield seed >> 16


def printed(expected):
    """What the JSON may print for libjxl's 8-decimal expected score: its
    rounding to 6 decimals, or, for a tie the 8 decimals cannot settle
    (ending in 50), either neighbour."""
    whole, frac = expected.split(".")
    if not frac.endswith("50"):
        return {f"{float(expected):.6f}"}
    sign = -1 if whole.startswith("-") else 1
    low = float(f"{whole}.{frac[:6]}")
    return {f"{low:.6f}", f"{low + sign * 1e-6:.6f}"}


def agrees(got, expected, name="ssimulacra2"):
    """got (from score()) is one metric of that name, printed as libjxl's
    expected score rounds."""
    return got is not None and len(got) == 1 and got[0].split()[0] == name and \
        got[0].split()[1] in printed(expected)


def main():
    vmaf, test, have_png, work = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    c = Checks()
    dump = subprocess.run([test, "--dump", work], capture_output=True, text=True)
    c(dump.returncode == 0, f"test_ssimulacra2 --dump ran ({dump.stderr.strip()})")
    rows = [line.split() for line in dump.stdout.splitlines()]
    cases = [row[:2] for row in rows if row[2] == "rgb"]
    yuv_cases = [row for row in rows if row[2] != "rgb"]
    c(len(yuv_cases) >= 7, f"{len(yuv_cases)} YUV cases dumped")
    c(len(cases) >= 10, f"{len(cases)} RGB cases dumped")
    if not have_png:
        print("SKIP: PNG cases: this build has no libpng (the PPM cases still run)")
    out = os.path.join(work, "out.json")
    for name, expected in cases:
        paths = [os.path.join(work, f"{name}_{side}.ppm") for side in ("ref", "dis")]
        got, p = score(vmaf, *paths, out)
        c(agrees(got, expected),
                f"{name} from PPM: {got}, libjxl's tool {expected} ({p.stderr.strip()[-200:]})")
        if not have_png:
            continue
        pngs = []
        for ppm in paths:
            w, h, bits, pixels = read_ppm(ppm)
            pngs.append(ppm[:-3] + "png")
            write_png(pngs[-1], w, h, bits, pixels)
        got_png, p = score(vmaf, *pngs, out)
        c(got_png == got, f"{name} from PNG: {got_png}, from PPM {got}")

    # Y4M carries the range and the 4:2:0 siting of 8-bit (mpeg2: left,
    # paldv: topleft); the matrix, and any other siting, are flags.
    def flags(name, matrix, siting):
        feature = f"ssimulacra2=matrix={matrix}"
        if not ("_420_8_" in name and siting in ("left", "topleft")) and siting != "left":
            feature += f":chroma_location={siting}"
        return feature

    for name, expected, matrix, range_, siting in yuv_cases:
        feature = flags(name, matrix, siting)
        paths = [os.path.join(work, f"{name}_{side}.y4m") for side in ("ref", "dis")]
        got, p = score(vmaf, *paths, out, feature)
        c(got is not None and len(got) == 1 and got[0].split()[1] in printed(expected),
          f"{name} from Y4M ({range_} range tagged): {got}, libjxl's tool {expected} "
          f"({p.stderr.strip()[-200:]})")
    full = [row for row in yuv_cases if row[3] == "full"]
    if full:
        name, expected, matrix, _, siting = full[0]
        feature = flags(name, matrix, siting)
        paths = [os.path.join(work, f"{name}_{side}.y4m") for side in ("ref", "dis")]
        untagged = os.path.join(work, "untagged.y4m")
        open(untagged, "wb").write(open(paths[1], "rb").read().replace(b" XCOLORRANGE=FULL", b"",
                                                                        1))
        got, p = score(vmaf, paths[0], untagged, out, feature)
        c(got is not None and len(got) == 1 and got[0].split()[1] in printed(expected),
          f"one file tagged full, the other untagged: the tag serves: {got}, libjxl's tool "
          f"{expected} ({p.stderr.strip()[-200:]})")
        limited = os.path.join(work, "limited.y4m")
        open(limited, "wb").write(open(paths[1], "rb").read().replace(b"XCOLORRANGE=FULL",
                                                                       b"XCOLORRANGE=LIMITED", 1))
        p = run(vmaf, "-r", paths[0], "-d", limited, "--no_prediction", "--feature", feature,
                "-q")
        c(p.returncode != 0 and "says range full" in p.stderr,
          f"files tagged full and limited: refused, naming both ({p.stderr.strip()})")
        got, p = score(vmaf, paths[0], limited, out, feature + ":range=full")
        c(got is not None and len(got) == 1 and got[0].split()[1] in printed(expected),
          f"range=full given over the files' disagreement: {got}, libjxl's tool {expected}")

    # Numbered sequences: three image pairs of one size scored in order; a
    # sequence a file short, or with an image of another size, refused.
    seq = os.path.join(work, "seq")
    os.makedirs(seq)
    sized = [row for row in cases if row[0].startswith("64x48_")]
    picks = [sized[0], sized[-1], sized[0]]
    for n, (name, _) in enumerate(picks, start=1):
        for side in ("ref", "dis"):
            shutil.copy(os.path.join(work, f"{name}_{side}.ppm"),
                        os.path.join(seq, f"{side}_{n:03d}.ppm"))
    ref_seq, dis_seq = os.path.join(seq, "ref_%03d.ppm"), os.path.join(seq, "dis_%03d.ppm")
    p = run(vmaf, "-r", ref_seq, "-d", dis_seq, "--no_prediction", "--feature", "ssimulacra2",
            "--json", "-o", out, "-q")
    frames = json.load(open(out))["frames"] if p.returncode == 0 else []
    got = [f"{f['metrics']['ssimulacra2']:.6f}" for f in frames]
    c(len(got) == 3 and all(g in printed(e) for g, (_, e) in zip(got, picks)),
      f"a sequence of three image pairs: {got}, libjxl's {[e for _, e in picks]} "
      f"({p.stderr.strip()[-200:]})")
    shutil.copy(os.path.join(work, f"{cases[0][0]}_dis.ppm"), os.path.join(seq, "dis_002.ppm"))
    p = run(vmaf, "-r", ref_seq, "-d", dis_seq, "--no_prediction", "--feature", "ssimulacra2",
            "-q")
    c(p.returncode != 0 and "dis_002.ppm: 8x8 8-bit" in p.stderr,
      f"a sequence with an image of another size: refused, naming it ({p.stderr.strip()})")
    # A later image cut short: the error names that file, not the pattern.
    with open(os.path.join(seq, "dis_002.ppm"), "wb") as f:
        f.write(open(os.path.join(seq, "dis_001.ppm"), "rb").read()[:-5])
    p = run(vmaf, "-r", ref_seq, "-d", dis_seq, "--no_prediction", "--feature", "ssimulacra2",
            "-q")
    c(p.returncode != 0 and "dis_002.ppm: " in p.stderr and "%03d" not in p.stderr,
      f"a sequence with a truncated image: refused, naming it ({p.stderr.strip()})")
    os.remove(os.path.join(seq, "dis_002.ppm"))
    p = run(vmaf, "-r", ref_seq, "-d", dis_seq, "--no_prediction", "--feature", "ssimulacra2",
            "-q")
    c(p.returncode != 0 and "frame counts differ" in p.stderr,
      f"a sequence a file short: refused ({p.stderr.strip()})")

    ref, dis = (os.path.join(work, f"{cases[0][0]}_{side}.ppm") for side in ("ref", "dis"))
    yuv = os.path.join(work, "grey.y4m")
    open(yuv, "wb").write(b"YUV4MPEG2 W8 H8 F25:1 C444\nFRAME\n" + bytes(8 * 8 * 3))
    truncated = os.path.join(work, "truncated.ppm")
    open(truncated, "wb").write(open(dis, "rb").read()[:-5])
    bad_maxval = os.path.join(work, "maxval.ppm")
    open(bad_maxval, "wb").write(b"P6\n8 8\n200\n" + bytes(8 * 8 * 3))
    y420 = os.path.join(work, "grey420.y4m")
    open(y420, "wb").write(b"YUV4MPEG2 W8 H8 F25:1 C420\nFRAME\n" + bytes(8 * 8 * 3 // 2))
    refusals = [
        ("an RGB image beside YUV", ["-r", ref, "-d", yuv, "--feature", "ssimulacra2"],
         "colour models differ"),
        ("a VMAF model on images", ["-r", ref, "-d", dis, "--model", "version=vmaf_v0.6.1"],
         "VMAF models read YUV"),
        ("no feature for images", ["-r", ref, "-d", dis], "--feature ssimulacra2"),
        ("another feature on images", ["-r", ref, "-d", dis, "--feature", "psnr"],
         "--feature psnr does not read"),
        ("a YUV matrix on images", ["-r", ref, "-d", dis, "--feature", "ssimulacra2=matrix=bt709"],
         "names a YUV matrix"),
        ("matrix=rgb on 4:2:0 video", ["-r", y420, "-d", y420, "--no_prediction", "--feature",
                                        "ssimulacra2=matrix=rgb"], "needs 4:4:4"),
        ("a truncated PPM", ["-r", ref, "-d", truncated, "--feature", "ssimulacra2"], "truncated"),
        ("a PPM maxval of no whole bit depth", ["-r", bad_maxval, "-d", bad_maxval, "--feature",
                                                "ssimulacra2"], "maxval 200"),
        ("raw YUV flags on an image", ["-r", ref, "-d", dis, "-w", "8", "-h", "8", "-p", "444",
                                       "-b", "8", "--feature", "ssimulacra2"], "leave them out"),
    ]
    if have_png:
        rgba = os.path.join(work, "rgba.png")
        write_png(rgba, 8, 8, 8, bytes(8 * 8 * 4), channels=4)
        gamma = os.path.join(work, "gamma.png")
        write_png(gamma, 8, 8, 8, bytes(8 * 8 * 3), extra=gama_chunk(1.0))
        refusals += [
            ("a PNG with alpha", ["-r", rgba, "-d", rgba, "--feature", "ssimulacra2"],
             "transparency"),
            ("a PNG of another gamma", ["-r", gamma, "-d", gamma, "--feature", "ssimulacra2"],
             "not sRGB's"),
        ]
        grey = os.path.join(work, "grey.png")
        write_png(grey, 8, 8, 8, bytes(range(64)), channels=1)
        grey_rgb = os.path.join(work, "grey_rgb.png")
        write_png(grey_rgb, 8, 8, 8, bytes(v for v in range(64) for _ in range(3)))
        got_grey, _ = score(vmaf, grey, grey_rgb, out)
        c(got_grey == ["ssimulacra2 100.000000"], f"a grey PNG equals its RGB copy: {got_grey}")
        # A grey pair of the LCG below, which libjxl's tool scored 91.78098508
        # (recorded by hand: tests/lib/images.py's write_png, then the tool).
        lcg = lcg_bytes(5)
        a = bytes(next(lcg) & 255 for _ in range(64 * 48))
        b = bytes(min(255, max(0, v + next(lcg) % 41 - 20)) for v in a)
        grey_ref, grey_dis = os.path.join(work, "grey_a.png"), os.path.join(work, "grey_b.png")
        write_png(grey_ref, 64, 48, 8, a, channels=1)
        write_png(grey_dis, 64, 48, 8, b, channels=1)
        got_pair, p = score(vmaf, grey_ref, grey_dis, out)
        c(agrees(got_pair, "91.78098508"), f"a grey PNG pair: {got_pair}, libjxl's tool 91.78098508")
        pgm = os.path.join(work, "grey.pgm")
        open(pgm, "wb").write(b"P5\n8 8\n255\n" + bytes(range(64)))
        got_pgm, _ = score(vmaf, pgm, grey_rgb, out)
        c(got_pgm == ["ssimulacra2 100.000000"], f"a PGM equals its RGB copy: {got_pgm}")
    for what, args, message in refusals:
        out_path = os.path.join(work, "refused.json")
        p = run(vmaf, *args, "--json", "-o", out_path, "-q")
        c(p.returncode != 0 and message in p.stderr and not os.path.exists(out_path),
                f"{what}: refused, naming it (rc {p.returncode}: {p.stderr.strip()[-300:]})")
    return c.summary()


if __name__ == "__main__":
    sys.exit(main())
