#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Stands in for scripts/checker-valid.sh, which Linux 7.x's Makefile runs
# for C=1 and C=2 but Debian's headers packages do not ship. Prints 1 when
# the checker named by the arguments understands what these kernels'
# headers use (__typeof_unqual__): an older sparse reports errors in every
# header, and the kernel's Makefile then says it is "not up to date".
src=$(mktemp --suffix=.c) || exit 0
trap 'rm -f "$src"' EXIT
printf 'int f(const int *p);\nint f(const int *p) { __typeof_unqual__(*p) v = *p; return v; }\n' > "$src"
# sparse exits 0 even when it reports errors: look at what it says.
out=$("$@" "$src" 2>&1) && ! printf '%s' "$out" | grep -q error && echo 1
