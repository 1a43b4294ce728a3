#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# `make check-debug`: every bench table (stress short) on the debug kernel
# (KASAN, lockdep, kmemleak, DEBUG_OBJECTS, hung-task detection, SLUB
# debug), with our driver. A scenario fails on any of their reports in the
# kernel log; each boot ends with a kmemleak scan.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
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
	# three boots: in two, the one with the stress scenarios took 475 s
	# of scenarios against 326 s (files 40 to 92 against 10 to 30).
	BENCH_APPEND="bench.kmemleak=1 bench.slow=4 kmemleak=on" \
		BENCH_MEM=1024 BENCH_TIMEOUT=1800 BENCH_START_TIMEOUT=600 \
		BENCH_REF_GROUPS="[0-3] [4-6] [7-9]" tests/bench.sh -d ours -k debug-6.1 |
		ktap_prefix ""
	echo "# debug kernel: built or found in $((built - start)) s;" \
		"scenarios in $(($(date +%s) - built)) s"
} | ktap_finish
