#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The reaction-time distribution of every run, as an SVG on stdout.
# usage: benchmark-plot.sh DATA_DIR KERNEL/DRIVER...
set -euo pipefail
dir=$1
shift
plots=()
never=()
for r in "$@"; do
	f=$dir/${r/\//-}.ms
	if [ -s "$f" ]; then
		plots+=("'$f' using 1:(\$0 + 1) / $(wc -l < "$f") * 100 with steps lw 2 title '$r'")
	else
		never+=("$r")
	fi
done
note=
[ ${#never[@]} -gt 0 ] && note="never up after the event: ${never[*]}"
{
	echo "set terminal svg size 800,450 dynamic font 'sans,12'"
	echo "set title 'Switch-on event to radio up (QEMU TCG; times indicative)'"
	echo "set xlabel 'ms'"
	echo "set ylabel 'flips done (%)'"
	echo "set yrange [0:100]"
	echo "set key bottom right"
	echo "set grid"
	[ -n "$note" ] && echo "set label '$note' at graph 0.02, graph 0.95"
	[ ${#plots[@]} -gt 0 ] || plots=("NaN title 'no data'")
	printf 'plot %s\n' "$(IFS=,; echo "${plots[*]}")"
} | gnuplot
