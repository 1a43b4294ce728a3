#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# `make check-debug`: every bench table (stress short) on the debug kernel
# (KASAN, lockdep, kmemleak, DEBUG_OBJECTS, hung-task detection, SLUB
# debug), with our driver. A scenario fails on any of their reports in the
# kernel log; each boot ends with a kmemleak scan.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. bench/scripts/common.sh
. tests/ktap.sh

start=$(date +%s)
bench/scripts/setup.sh || exit 1
{
	echo "KTAP version 1"
	if ! bench/debug/build-kernel.sh >&2; then
		echo "not ok - build the debug kernel"
		exit 1
	fi
	built=$(date +%s)

	# Sanitizers make the guest several times slower: the bounds of the
	# scenarios' waits scale by bench.slow, the guest gets more memory, and
	# its boot more time to start the runner. The reference table runs in
	# three boots of about equal scenario time, the stress file (60) with
	# only 40 and 50. In two boots the stress boot held the lane longer
	# than a third boot costs (docs/bench.md). BENCH_REF_GROUPS tries
	# another split.
	# Two guests at a time, each pinned to a core (guest_slot in
	# common.sh), as make check's: with four at once on two cores, one
	# guest's runner had not started after 600 s and it was booted again
	# (852 s and 1,407 CPU-s in all); with the slots, 488 s and 788.
	slots=$(mktemp -d) && guest_slots "$slots"
	trap 'rm -rf "$slots"' EXIT
	BENCH_GUEST_SLOTS=$slots BENCH_APPEND="bench.kmemleak=1 bench.slow=4 kmemleak=on" \
		BENCH_MEM=1024 BENCH_TIMEOUT=1800 BENCH_START_TIMEOUT=600 \
		BENCH_REF_GROUPS=${BENCH_REF_GROUPS:-"[0-3] [4-6] [7-9]"} tests/bench.sh -d ours -k debug-6.1 |
		ktap_prefix ""
	echo "# debug kernel: built or found in $((built - start)) s;" \
		"scenarios in $(($(date +%s) - built)) s"
} | ktap_finish
