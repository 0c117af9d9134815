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
import struct
import subprocess
import sys
import tempfile
import zlib


def read_ppm(path):
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    assert fields[0] == b"P6", path
    w, h, maxval = (int(f) for f in fields[1:])
    return w, h, 16 if maxval > 255 else 8, data[pos + 1:]


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def write_png(path, w, h, bits, pixels):
    row = w * 3 * bits // 8
    raw = b"".join(b"\0" + pixels[y * row:(y + 1) * row] for y in range(h))
    ihdr = struct.pack(">IIBBBBB", w, h, bits, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9))
                + chunk(b"IEND", b""))


def main():
    test, tool = sys.argv[1:3]
    with tempfile.TemporaryDirectory() as tmp:
        names = subprocess.run([test, "--dump", tmp], check=True, capture_output=True,
                               text=True).stdout.split()
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
