#!/usr/bin/env bash
# The driver's runtime (sw/rt, with the HAL helpers and the instruction
# and descriptor encoders it uses from cmodel) is freestanding C99: this
# cross-compiles it for rv32imc with Debian's riscv64-unknown-elf-gcc,
# where no C library exists (a libc header or call fails here), checks
# that it needs no symbol but the four a freestanding GCC target must
# provide (memcpy, memset, memmove, memcmp), and prints its code size.
# Prints "RESULT test_rt_rv32 <run> <failed>" like the C tests.
set -u
cc=riscv64-unknown-elf-gcc
out=build/rv32
rm -rf "$out"; mkdir -p "$out"
run=0; failed=0
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
srcs=(sw/rt/*.c sw/hal/hal.c cmodel/isa.c cmodel/dma_desc.c cmodel/core_config.c)
flags=(-march=rv32imc -mabi=ilp32 -std=c99 -ffreestanding -nostdlib -Os -Wall -Wextra -Werror
       -ffunction-sections -fdata-sections -Isw/rt/freestanding -Isw/hal -Isw/rt -Icmodel/include)

run=$((run + 1))
if ! command -v "$cc" >/dev/null; then
  fail "$cc not found (scripts/install-deps.sh installs gcc-riscv64-unknown-elf)"
  echo "RESULT test_rt_rv32 $run $failed"; exit 1
fi
objs=()
ok=1
for s in "${srcs[@]}"; do
  o=$out/$(basename "${s%.c}").o
  if ! "$cc" "${flags[@]}" -c "$s" -o "$o" 2> "$o.log"; then
    fail "$s does not compile freestanding for rv32imc:"; cat "$o.log"; ok=0
  fi
  objs+=("$o")
done
((ok)) && echo "ok   ${#srcs[@]} files compile for rv32imc, -ffreestanding -std=c99, no C library"

run=$((run + 1))
if ((ok)); then
  undef=
  if ! riscv64-unknown-elf-ld -m elf32lriscv -r -o "$out/rt.o" "${objs[@]}" 2> "$out/ld.log" ||
     ! undef=$(riscv64-unknown-elf-nm -u "$out/rt.o"); then
    fail "relocatable link of the runtime failed:"; cat "$out/ld.log"
  elif undef=$(awk '{print $2}' <<<"$undef" | grep -vxE 'memcpy|memset|memmove|memcmp'); then
    fail "the runtime needs symbols a freestanding target does not have: $undef"
  else
    echo "ok   no undefined symbols but memcpy/memset/memmove/memcmp"
  fi
  riscv64-unknown-elf-ar rcs "$out/libtrnlite_rt.a" "${objs[@]}"
  echo "code size (rv32imc, -Os), bytes:"
  riscv64-unknown-elf-size -t "${objs[@]}" | sed 's|build/rv32/||'
else
  fail "not linked: it did not compile"
fi
echo "RESULT test_rt_rv32 $run $failed"
[[ $failed -eq 0 ]]
