#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# `make stress`: the stress scenarios at their full counts, on every bench
# kernel with our driver. make check runs short versions of the same.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. tests/ktap.sh

bench/scripts/setup.sh || exit 1
stress=$(sed -n 's/^SCENARIOS="$SCENARIOS \(stress_[a-z_]*\)"$/\1/p' \
	bench/guest/scenarios/reference/60-stress.sh | paste -sd, -)
echo "KTAP version 1"
for k in $(. bench/scripts/common.sh && kernel_names); do
	BENCH_STRESS=full BENCH_TIMEOUT=1800 BENCH_OUT=$HOME/.cache/toshiba-bluetooth-bench/runs/$k-stress \
		bench/scripts/boot.sh -o "$stress" "$k" 2> /dev/null |
		sed -E "s/^(not ok|ok) ([0-9]+) - /\1 \2 - $k: /" > /tmp/stress.$$ 
	grep -q '^# bench: done' /tmp/stress.$$ || echo "not ok - $k: the boot did not complete" >> /tmp/stress.$$
	ktap_merge "" < /tmp/stress.$$
done
rm -f /tmp/stress.$$
ktap_summary
