#!/usr/bin/env python3
"""Generate the CSR interface from its one source, spec/trnlite_csr.rdl.

    gen_csr.py OUTDIR     writes OUTDIR/csr.h   (PeakRDL c-header)
                                 OUTDIR/csr.md  (PeakRDL markdown)
                                 OUTDIR/tl_csr.vh (Verilog constants)

`make gen` copies them to cmodel/include/trnlite/, docs/ and rtl/core/;
verif/spec/test_csr_gen.sh regenerates them and fails on a difference.
The Verilog header is written here from the same compiled model:
  `TL_CSR_<REG>            byte offset of each register (arrays unrolled:
                           Q_1_TAIL, SEM_7, PERF_BUSY_2_LO)
  `TL_CSR_<ARR>_BASE/_STRIDE/_COUNT   for each register or regfile array
  `TL_CSR_<REG>_<FIELD>_LSB/_WIDTH/_RESET  for each field (array indices
                           dropped)
"""
import os
import sys

from systemrdl import RDLCompiler
from systemrdl.node import AddrmapNode, RegfileNode, RegNode
from peakrdl_cheader.exporter import CHeaderExporter
from peakrdl_markdown import MarkdownExporter

SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "spec", "trnlite_csr.rdl")
REL_SRC = "spec/trnlite_csr.rdl"


def vh_name(parts):
    return "TL_CSR_" + "_".join(parts)


def walk(node, parts, out, fields_done, arrays_done):
    for child in node.children(unroll=True):
        if not isinstance(child, (RegNode, RegfileNode)):
            continue
        name = child.inst_name
        if child.is_array:
            key = tuple(parts + [name])
            if key not in arrays_done:
                arrays_done.add(key)
                out.append("`define %-40s 12'h%03X" % (vh_name(parts + [name, "BASE"]), child.raw_absolute_address))
                out.append("`define %-40s 12'h%03X" % (vh_name(parts + [name, "STRIDE"]), child.array_stride))
                out.append("`define %-40s %d" % (vh_name(parts + [name, "COUNT"]), child.array_dimensions[0]))
            here = parts + [name, str(child.current_idx[0])]
        else:
            here = parts + [name]
        if isinstance(child, RegNode):
            out.append("`define %-40s 12'h%03X" % (vh_name(here), child.absolute_address))
            typ = tuple(p for p in here if not p.isdigit())
            if typ not in fields_done:
                fields_done.add(typ)
                for f in child.fields():
                    base = list(typ) + [f.inst_name]
                    reset = f.get_property("reset")
                    out.append("`define %-40s %d" % (vh_name(base + ["LSB"]), f.lsb))
                    out.append("`define %-40s %d" % (vh_name(base + ["WIDTH"]), f.width))
                    if reset is not None and isinstance(reset, int):
                        out.append("`define %-40s %d'h%X" % (vh_name(base + ["RESET"]), f.width, reset))
        else:
            walk(child, here, out, fields_done, arrays_done)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen_csr.py OUTDIR")
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    rdlc = RDLCompiler()
    rdlc.compile_file(SRC)
    top = rdlc.elaborate().top
    assert isinstance(top, AddrmapNode)

    # Names from the register paths (TRNLITE_CSR__IRQ_STATUS__ERROR_bm), not
    # from shared types: a changed description must not rename a macro.
    CHeaderExporter().export(top, os.path.join(outdir, "csr.h"), reuse_typedefs=False)
    MarkdownExporter().export(top, os.path.join(outdir, "csr.md"), input_files=[REL_SRC])

    lines = []
    walk(top, [], lines, set(), set())
    names = [l.split()[1] for l in lines]
    dups = sorted({n for n in names if names.count(n) > 1})
    if dups:
        sys.exit("gen_csr.py: names generated twice (rename in the .rdl): " + ", ".join(dups))
    with open(os.path.join(outdir, "tl_csr.vh"), "w") as f:
        f.write("// Generated from %s by scripts/gen_csr.py (`make gen`). Do not edit.\n" % REL_SRC)
        f.write("// CSR byte offsets, array layouts and field positions (docs/core.md section 3).\n")
        f.write("`ifndef TL_CSR_VH\n`define TL_CSR_VH\n")
        f.write("\n".join(lines) + "\n")
        f.write("`endif\n")


if __name__ == "__main__":
    main()
