#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run the bench scenarios on every bench kernel, booted side by side: one
# boot per firmware variant that has scenarios (bench/guest/scenarios/*).
# boot.sh's environment (BENCH_APPEND, BENCH_MEM, BENCH_TIMEOUT...) passes
# through to every boot.
#
# usage: bench.sh [-d ours|in-tree] [-f FIRMWARE] [-k KERNEL]
#   (KTAP lines on stdout; -k: that kernel only, e.g. debug-6.1)
set -uo pipefail
. "$(dirname "$0")/../bench/scripts/common.sh"

driver=ours
fws=$(cd "$BENCH_DIR/guest/scenarios" && ls)
kernels=$(kernel_names)
while getopts d:f:k: opt; do
	case $opt in
	d) driver=$OPTARG ;;
	f) fws=$OPTARG ;;
	k) kernels=$OPTARG ;;
	*) exit 2 ;;
	esac
done

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Fetch and build first, one kernel at a time, then boot side by side:
# the guests mostly wait on the driver, not on the CPU.
for k in $kernels; do
	"$BENCH_DIR/scripts/fetch-kernel.sh" "$k" >&2
	"$BENCH_DIR/scripts/build-modules.sh" "$k" > /dev/null
done
# Two chains per kernel: the reference table, which has most scenarios,
# beside the variants, one after the other.
boot_chain() {
	local k=$1 fw
	shift
	for fw in "$@"; do
		"$BENCH_DIR/scripts/boot.sh" -d "$driver" -f "$fw" "$k" \
			> "$out/$k-$fw.ktap" 2> "$out/$k-$fw.err"
	done
}
pids=()
for k in $kernels; do
	boot_chain "$k" $(echo "$fws" | grep -x reference) &
	pids+=($!)
	boot_chain "$k" $(echo "$fws" | grep -vx reference) &
	pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done

for k in $kernels; do
	for fw in $fws; do
		grep -v -e "Skipping BTF" "$out/$k-$fw.err" >&2
		prefix_results "$k/$driver: $fw/" < "$out/$k-$fw.ktap"
	done
done
