#!/usr/bin/env python3
"""make bench-cmodel: the C model's bit-exact bf16 GEMM against OpenBLAS.

Usage: bench_cmodel.py BENCH_BINARY [K M N [R]]   (default 512 512 512 16)

Runs, in one process pinned to one CPU:
  - OpenBLAS sgemm through numpy float32 matmul (OPENBLAS_NUM_THREADS=1),
    best of repeated runs;
  - BENCH_BINARY (verif/numerics/bench_cmodel.c): tl_matmul bf16 x bf16 ->
    fp32 with R rows, best of repeated runs, verified bit for bit against a
    plain loop (it exits non-zero on any mismatch);
and prints both throughputs side by side, their ratio, and the numpy /
OpenBLAS configuration that was measured.
"""
import os
import subprocess
import sys
import time

# One core for OpenBLAS too; set before numpy loads it.
os.environ["OPENBLAS_NUM_THREADS"] = "1"
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

TARGET = 0.25


def pin_one_cpu():
    """Pin this process (and the C bench it starts) to one CPU."""
    try:
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[-1]})
        return cpus[-1]
    except (AttributeError, OSError):
        return None


def openblas_runtime():
    """(core name, threads, config) reported by the loaded OpenBLAS itself."""
    import ctypes
    libs = set()
    with open("/proc/self/maps") as maps:
        for line in maps:
            path = line.split()[-1]
            if "openblas" in os.path.basename(path).lower() and path.startswith("/"):
                libs.add(path)
    for path in sorted(libs):
        lib = ctypes.CDLL(path)
        found = {}
        for what, names, restype in (
                ("core", ("openblas_get_corename", "openblas_get_corename64_",
                          "scipy_openblas_get_corename64_", "scipy_openblas_get_corename"),
                 ctypes.c_char_p),
                ("config", ("openblas_get_config", "openblas_get_config64_",
                            "scipy_openblas_get_config64_", "scipy_openblas_get_config"),
                 ctypes.c_char_p),
                ("threads", ("openblas_get_num_threads", "openblas_get_num_threads64_",
                             "scipy_openblas_get_num_threads64_",
                             "scipy_openblas_get_num_threads"), ctypes.c_int)):
            for name in names:
                fn = getattr(lib, name, None)
                if fn is not None:
                    fn.restype = restype
                    v = fn()
                    found[what] = v.decode() if isinstance(v, bytes) else v
                    break
        if found:
            return path, found
    return None, {}


def blas_build_info():
    try:
        cfg = np.show_config(mode="dicts")
        blas = cfg["Build Dependencies"]["blas"]
        return f'{blas.get("name")} {blas.get("version")}'
    except Exception:  # older numpy: no dict mode
        return "unknown"


def bench_sgemm(K, M, N):
    rng = np.random.default_rng(1)
    # Same shapes as the model: psum[M x N] = w[K x M]^T x[K x N].
    wt = np.ascontiguousarray(rng.standard_normal((M, K), dtype=np.float32))
    x = rng.standard_normal((K, N), dtype=np.float32)
    out = np.empty((M, N), dtype=np.float32)
    np.matmul(wt, x, out=out)  # warm up
    best, total, runs = float("inf"), 0.0, 0
    while runs < 5 or (total < 2.0 and runs < 500):
        t0 = time.perf_counter()
        np.matmul(wt, x, out=out)
        dt = time.perf_counter() - t0
        best = min(best, dt)
        total += dt
        runs += 1
    return K * M * N / best * 1e-9, best, runs


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    binary = sys.argv[1]
    dims = [int(v) for v in sys.argv[2:5]] if len(sys.argv) >= 5 else [512, 512, 512]
    rows = sys.argv[5] if len(sys.argv) >= 6 else "16"
    K, M, N = dims
    cpu = pin_one_cpu()

    blas_gmacs, blas_best, blas_runs = bench_sgemm(K, M, N)
    proc = subprocess.run([binary, str(K), str(M), str(N), rows],
                          capture_output=True, text=True)
    sys.stdout.write(proc.stdout)
    sys.stderr.write(proc.stderr)
    if proc.returncode != 0:
        print("bench-cmodel: the C model's GEMM run failed or did not verify: "
              "no throughput reported", file=sys.stderr)
        return 1
    model = [ln for ln in proc.stdout.splitlines() if ln.startswith("cmodel_gmacs ")]
    model_gmacs = float(model[-1].split()[1])

    path, rt = openblas_runtime()
    print()
    print(f"numpy {np.__version__}, BLAS build: {blas_build_info()}")
    print(f"OpenBLAS loaded: {path or 'not found'}")
    print(f"  runtime core: {rt.get('core', '?')}, threads: {rt.get('threads', '?')}, "
          f"config: {rt.get('config', '?')}")
    print(f"  env: OPENBLAS_NUM_THREADS={os.environ.get('OPENBLAS_NUM_THREADS')} "
          f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '(unset)')}; "
          f"pinned to CPU {cpu}")
    print()
    print(f"GEMM K={K} M={M} N={N}, one core   {'GMAC/s':>8}")
    print(f"  cmodel tl_matmul bf16, R={rows:<4}   {model_gmacs:8.2f}   (bit-exact, verified)")
    print(f"  OpenBLAS sgemm (numpy fp32)    {blas_gmacs:8.2f}   "
          f"(best of {blas_runs}, {blas_best * 1e3:.2f} ms)")
    ratio = model_gmacs / blas_gmacs
    print(f"  ratio cmodel / sgemm           {ratio * 100:7.1f}%   "
          f"(target >= {TARGET * 100:.0f}%: {'met' if ratio >= TARGET else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
