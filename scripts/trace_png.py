"""Render a `trnlite ... --trace` timeline (Trace Event Format JSON) to a PNG.

usage: trace_png.py TRACE.json OUT.png

One row per track in the trace's own order (engines, DMA queues, then the
semaphore waits), each complete event a bar from ts to ts + dur (core
cycles); instructions in one colour per track, waits hatched grey.
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        doc = json.load(f)
    evs = doc["traceEvents"]
    names = {}
    order = {}
    for e in evs:
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            names[e["tid"]] = e["args"]["name"]
        if e.get("ph") == "M" and e.get("name") == "thread_sort_index":
            order[e["tid"]] = e["args"]["sort_index"]
    tids = sorted(names, key=lambda t: order.get(t, t))
    row = {t: i for i, t in enumerate(tids)}
    bars = {t: [] for t in tids}
    for e in evs:
        if e.get("ph") == "X" and e.get("tid") in bars:
            bars[e["tid"]].append((e["ts"], e["dur"]))
    end = max((ts + d for v in bars.values() for ts, d in v), default=1)
    fig, ax = plt.subplots(figsize=(14, 0.45 * len(tids) + 1.2))
    colours = plt.get_cmap("tab10")
    for t in tids:
        wait = names[t].endswith("semaphore wait")
        ax.broken_barh(bars[t], (row[t] - 0.4, 0.8), facecolors="0.75" if wait else colours(row[t] % 10),
                       edgecolor="0.4" if wait else "none", linewidth=0.2, hatch="///" if wait else None)
    ax.set_yticks(range(len(tids)))
    ax.set_yticklabels([names[t] for t in tids])
    ax.invert_yaxis()
    ax.set_xlim(0, end)
    ax.set_xlabel("core clock cycles")
    other = doc.get("otherData", {})
    ax.set_title(f"trnlite engine timeline: {other.get('instructions', '?')} instructions, "
                 f"{other.get('waits', '?')} semaphore waits, {end} cycles")
    ax.grid(axis="x", linewidth=0.3)
    fig.tight_layout()
    fig.savefig(sys.argv[2] + ".tmp.png", dpi=110)
    import os
    os.replace(sys.argv[2] + ".tmp.png", sys.argv[2])


if __name__ == "__main__":
    main()
