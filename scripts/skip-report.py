#!/usr/bin/env python3
"""Prints why each skipped test skipped, from ctest's JUnit report
(ctest --output-junit FILE): the test's "SKIP" lines, or its last line of
output. Usage: skip-report.py FILE"""
import sys
import xml.etree.ElementTree as ET


def main():
    try:
        root = ET.parse(sys.argv[1]).getroot()
    except (OSError, ET.ParseError) as e:
        print(f"skip-report: no report to read ({e})")
        return 0
    skipped = [t for t in root.iter("testcase") if t.find("skipped") is not None]
    if not skipped:
        print("skipped tests: none")
        return 0
    print(f"skipped tests ({len(skipped)}), and why:")
    for t in skipped:
        out = (t.findtext("system-out") or "").splitlines()
        why = [line.strip() for line in out if "SKIP" in line] or out[-1:] or \
            [t.find("skipped").get("message", "")]
        print(f"  {t.get('name')}: {' / '.join(why)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
