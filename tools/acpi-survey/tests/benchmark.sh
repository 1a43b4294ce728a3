#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# acpi-survey against iasl -d, side by side in one run: the three largest
# real DSDTs of the corpus (testdata/real), QEMU's q35 DSDT with devices,
# and a generated 400-copy laptop model. Each round runs acpi-survey,
# acpi-survey --json and iasl -d on a table back to back; the table shows
# the median time of 11 rounds, and the median of the rounds' paired
# ratios (iasl -d's time over acpi-survey's). No pass or fail.
#
# usage: tests/benchmark.sh   (from tools/acpi-survey, after make)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 tests/make_big.py testdata/asl/laptop.asl 400 > "$work/big.asl"
iasl -p "$work/big" "$work/big.asl" > /dev/null 2>&1
cp testdata/qemu/q35-devices/DSDT.dat "$work/q35.dat"
tables=()
for a in testdata/real/*.tar.xz; do
	name=$(basename "$a" .tar.xz)
	tar -xJf "$a" -C "$work" "$name/dsdt.dat"
	echo "$(stat -c %s "$work/$name/dsdt.dat") $name/dsdt.dat"
done | sort -rn | head -n 3 > "$work/largest"
while read -r _ t; do tables+=("$t"); done < "$work/largest"
tables+=(q35.dat big.aml)

us() {	# us CMD...: one run's wall time in microseconds
	local t
	t=$(date +%s%N)
	"$@" > /dev/null 2>&1
	echo $((($(date +%s%N) - t) / 1000))
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf "| table | bytes | acpi-survey | acpi-survey --json | iasl -d | iasl -d / acpi-survey |\n"
printf "|---|---|---|---|---|---|\n"
for t in "${tables[@]}"; do
	f=$work/$t
	: > "$work/rounds"
	for _ in $(seq 11); do
		a=$(us ./acpi-survey "$f")
		j=$(us ./acpi-survey --json "$f")
		i=$(cd "$work" && us iasl -d "$f")
		echo "$a $j $i" >> "$work/rounds"
	done
	printf "| %s | %s | %.1f ms | %.1f ms | %.1f ms | %.1f |\n" "${t%/dsdt.dat}" \
		"$(stat -c %s "$f")" \
		"$(awk '{ print $1 / 1000 }' "$work/rounds" | median)" \
		"$(awk '{ print $2 / 1000 }' "$work/rounds" | median)" \
		"$(awk '{ print $3 / 1000 }' "$work/rounds" | median)" \
		"$(awk '{ print $3 / $1 }' "$work/rounds" | median)"
done
