#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# `make stress`: the stress scenarios at their full counts, on every bench
# kernel with our driver. make check runs short versions of the same.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. tests/ktap.sh
. bench/scripts/common.sh

bench/scripts/setup.sh || exit 1
stress=$(scenario_names bench/guest/scenarios/reference/60-stress.sh |
	grep '^stress_' | paste -sd, -)
for k in $(kernel_names); do
	BENCH_STRESS=full BENCH_TIMEOUT=1800 BENCH_OUT=$CACHE_DIR/runs/$k-stress \
		bench/scripts/boot.sh -o "$stress" "$k" 2> /dev/null | ktap_prefix "$k: "
done | { echo "KTAP version 1"; cat; } | ktap_finish
