#!/usr/bin/env python3
"""Compares the scores of two vmaf JSON logs to every printed digit: each
frame's metrics and the pooled metrics (fps and version may differ).
Usage: same_scores.py A.json B.json [LABEL]. Exit 0 when equal, 1 otherwise,
naming the first differences."""
import json
import sys


def scores(path):
    with open(path) as f:
        # The numbers' text, not their values: "to every printed digit".
        doc = json.load(f, parse_float=str, parse_int=str)
    frames = {fr["frameNum"]: fr["metrics"] for fr in doc["frames"]}
    return frames, doc.get("pooled_metrics", {})


def main():
    a, b = sys.argv[1:3]
    label = sys.argv[3] if len(sys.argv) > 3 else f"{a} vs {b}"
    try:
        (fa, pa), (fb, pb) = scores(a), scores(b)
    except (OSError, ValueError, KeyError) as e:
        print(f"FAIL {label}: {e}")
        return 1
    diffs = []
    if sorted(fa) != sorted(fb):
        diffs.append(f"frames {sorted(fa)} against {sorted(fb)}")
    for n in sorted(set(fa) & set(fb)):
        for key in sorted(set(fa[n]) | set(fb[n])):
            if fa[n].get(key) != fb[n].get(key):
                diffs.append(f"frame {n} {key}: {fa[n].get(key)} against {fb[n].get(key)}")
    for key in sorted(set(pa) | set(pb)):
        if pa.get(key) != pb.get(key):
            diffs.append(f"pooled {key}: {pa.get(key)} against {pb.get(key)}")
    if not fa:
        diffs.append("no frames")
    if diffs:
        print(f"FAIL {label}: {len(diffs)} differences, first:")
        for d in diffs[:8]:
            print("  " + d)
        return 1
    print(f"ok   {label}: {len(fa)} frames, {len(next(iter(fa.values())))} metrics each, equal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
