#!/usr/bin/env python3
"""Re-records the expected scores of tests/unit/test_ssimulacra2.c with
libjxl's ssimulacra2 tool (built outside this repository, see
docs/ssimulacra2.md).

Usage: record_ssimulacra2.py TEST_BINARY SSIMULACRA2_TOOL

TEST_BINARY --dump writes each case's pair as PPM; this script makes PNGs of
them (8- or 16-bit RGB, no colour chunks: sRGB to the tool), runs the tool on
each pair and writes its printed scores into the test's table, in order.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from images import read_ppm, write_png  # noqa: E402


def main():
    test, tool = sys.argv[1:3]
    with tempfile.TemporaryDirectory() as tmp:
        lines = subprocess.run([test, "--dump", tmp], check=True, capture_output=True,
                               text=True).stdout.splitlines()
        names = [line.split()[0] for line in lines]
        scores = []
        for name in names:
            pngs = []
            for side in ("ref", "dis"):
                w, h, bits, pixels = read_ppm(os.path.join(tmp, f"{name}_{side}.ppm"))
                pngs.append(os.path.join(tmp, f"{name}_{side}.png"))
                write_png(pngs[-1], w, h, bits, pixels)
            score = subprocess.run([tool, *pngs], check=True, capture_output=True,
                                   text=True).stdout.strip()
            print(name, score)
            scores.append(score)
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "unit",
                          "test_ssimulacra2.c")
    text = open(source).read()
    start = text.index("static const Case cases[] = {")
    end = text.index("};", start)
    it = iter(scores)
    table = re.sub(r'"-?[0-9.]+"\}', lambda m: f'"{next(it)}"}}', text[start:end])
    assert next(it, None) is None, "the test has fewer cases than it dumped"
    open(source, "w").write(text[:start] + table + text[end:])


if __name__ == "__main__":
    main()
