#!/usr/bin/env python3
"""make coverage-c's table (verif/stress/coverage_c.mk): reads an lcov
tracefile and prints, per source file, the lines with code (DA records)
and how many of them ran, with a total per directory group (cmodel, sw),
a subtotal per part of sw (sw/cli, sw/hal, sw/rt) and overall."""
import argparse
import collections


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True, help="repository top, stripped from paths")
    ap.add_argument("info")
    a = ap.parse_args()
    files = collections.OrderedDict()
    cur = None
    with open(a.info) as f:
        for line in f:
            line = line.strip()
            if line.startswith("SF:"):
                cur = line[3:]
                if cur.startswith(a.root.rstrip("/") + "/"):
                    cur = cur[len(a.root.rstrip("/")) + 1:]
                files.setdefault(cur, {})
            elif line.startswith("DA:") and cur is not None:
                ln, cnt = line[3:].split(",")[:2]
                d = files[cur]
                d[int(ln)] = d.get(int(ln), 0) + int(cnt)
            elif line == "end_of_record":
                cur = None
    rows = []
    groups = collections.OrderedDict()
    parts = collections.OrderedDict()
    for path in sorted(files):
        d = files[path]
        hit, n = sum(1 for c in d.values() if c > 0), len(d)
        rows.append((path, hit, n))
        g = path.split("/")[0]
        gh, gn = groups.get(g, (0, 0))
        groups[g] = (gh + hit, gn + n)
        if g == "sw" and path.count("/") >= 2:
            p = "/".join(path.split("/")[:2])
            ph, pn = parts.get(p, (0, 0))
            parts[p] = (ph + hit, pn + n)
    pct = lambda h, n: "%.1f" % (100.0 * h / n) if n else "-"
    print("C line coverage (gcov), cmodel and sw")
    print("| file | lines | % |")
    print("| --- | --- | --- |")
    for path, hit, n in rows:
        print("| %s | %d/%d | %s |" % (path, hit, n, pct(hit, n)))
    for p, (h, n) in parts.items():
        print("| *%s* | *%d/%d* | *%s* |" % (p, h, n, pct(h, n)))
    th = tn = 0
    for g, (h, n) in groups.items():
        print("| **%s total** | **%d/%d** | **%s** |" % (g, h, n, pct(h, n)))
        th += h
        tn += n
    print("| **total** | **%d/%d** | **%s** |" % (th, tn, pct(th, tn)))


if __name__ == "__main__":
    main()
