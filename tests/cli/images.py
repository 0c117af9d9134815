#!/usr/bin/env python3
"""RGB images (PPM, PNG) through the tool: ssimulacra2 on the RGB pairs of
tests/unit/test_ssimulacra2.c, whose expected scores libjxl's ssimulacra2
tool gave on the same pictures, equal to them at the six decimals the JSON
prints, from PPM and from PNG; then what the tool refuses of images.

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


def score(vmaf, ref, dis, out, *extra):
    """The frame's ssimulacra2 as the JSON prints it, or the failed run."""
    p = run(vmaf, "-r", ref, "-d", dis, "--feature", "ssimulacra2", "--json", "-o", out, "-q",
            *extra)
    if p.returncode:
        return None, p
    metrics = json.load(open(out))["frames"][0]["metrics"]
    return [f"{v:.6f}" for k, v in metrics.items() if k.startswith("ssimulacra2")], p


def printed(expected):
    """expected (8 decimals) at the JSON's 6, or None for a tie that the
    8 decimals cannot settle."""
    if expected.endswith("50"):
        return None
    return f"{float(expected):.6f}"


def main():
    vmaf, test, have_png, work = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    c = Checks()
    dump = subprocess.run([test, "--dump", work], capture_output=True, text=True)
    c(dump.returncode == 0, f"test_ssimulacra2 --dump ran ({dump.stderr.strip()})")
    cases = [line.split() for line in dump.stdout.splitlines() if "_rgb_" in line]
    c(len(cases) >= 10, f"{len(cases)} RGB cases dumped")
    if not have_png:
        print("SKIP: PNG cases: this build has no libpng (the PPM cases still run)")
    out = os.path.join(work, "out.json")
    for name, expected in cases:
        want = printed(expected)
        paths = [os.path.join(work, f"{name}_{side}.ppm") for side in ("ref", "dis")]
        got, p = score(vmaf, *paths, out)
        c(got is not None and (want is None or got == [want]),
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
        c(got_grey == ["100.000000"], f"a grey PNG equals its RGB copy: {got_grey}")
        pgm = os.path.join(work, "grey.pgm")
        open(pgm, "wb").write(b"P5\n8 8\n255\n" + bytes(range(64)))
        got_pgm, _ = score(vmaf, pgm, grey_rgb, out)
        c(got_pgm == ["100.000000"], f"a PGM equals its RGB copy: {got_pgm}")
    for what, args, message in refusals:
        out_path = os.path.join(work, "refused.json")
        p = run(vmaf, *args, "--json", "-o", out_path, "-q")
        c(p.returncode != 0 and message in p.stderr and not os.path.exists(out_path),
                f"{what}: refused, naming it (rc {p.returncode}: {p.stderr.strip()[-300:]})")
    return c.summary()


if __name__ == "__main__":
    sys.exit(main())
