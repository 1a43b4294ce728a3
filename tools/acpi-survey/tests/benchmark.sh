#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# acpi-survey against iasl -d, side by side in one run, on the largest
# tables we have: QEMU's q35 DSDT with devices, and a generated 400-copy
# laptop model. Reports the median of 11 runs of each; no pass or fail.
#
# usage: tests/benchmark.sh   (from tools/acpi-survey, after make)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 tests/make_big.py testdata/asl/laptop.asl 400 > "$work/big.asl"
iasl -p "$work/big" "$work/big.asl" > /dev/null 2>&1
cp testdata/qemu/q35-devices/DSDT.dat "$work/q35.dat"

median_ms() {	# median_ms CMD...: the median wall time of 11 runs, in ms
	local t
	for _ in $(seq 11); do
		t=$(date +%s%N)
		"$@" > /dev/null 2>&1
		echo $((($(date +%s%N) - t) / 1000))
	done | sort -n | sed -n 6p | awk '{ printf "%.1f", $1 / 1000 }'
}

printf "| table | bytes | acpi-survey | acpi-survey --json | iasl -d |\n|---|---|---|---|---|\n"
for t in q35.dat big.aml; do
	f=$work/$t
	printf "| %s | %s | %s ms | %s ms | %s ms |\n" "$t" "$(stat -c %s "$f")" \
		"$(median_ms ./acpi-survey "$f")" "$(median_ms ./acpi-survey --json "$f")" \
		"$(cd "$work" && median_ms iasl -d "$f")"
done
