#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run the bench scenarios on every bench kernel, booted side by side.
#
# usage: bench.sh [-d ours|in-tree] [-f FIRMWARE]   (KTAP lines on stdout)
set -uo pipefail
. "$(dirname "$0")/../bench/scripts/common.sh"

driver=ours
fw=reference
while getopts d:f: opt; do
	case $opt in
	d) driver=$OPTARG ;;
	f) fw=$OPTARG ;;
	*) exit 2 ;;
	esac
done

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Fetch and build first, one at a time, then boot all kernels at once:
# the guests mostly wait on the driver, not on the CPU.
for k in $(kernel_names); do
	"$BENCH_DIR/scripts/fetch-kernel.sh" "$k" >&2
done
pids=()
for k in $(kernel_names); do
	BENCH_OUT=$CACHE_DIR/runs/$k-$driver-$fw \
		"$BENCH_DIR/scripts/boot.sh" -d "$driver" -f "$fw" "$k" \
		> "$out/$k.ktap" 2> "$out/$k.err" &
	pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done

for k in $(kernel_names); do
	grep -v -e "Skipping BTF" "$out/$k.err" >&2
	# Prefix each result with its kernel and driver.
	tr -d '\r' < "$out/$k.ktap" |
		sed -E "s/^(not ok|ok) ([0-9]+) - /\1 \2 - $k\/$driver: /"
done
