#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run the same scenarios against our driver and the in-tree one on every
# bench kernel, and against the upstream file with our series (upstream/)
# on its kernel, and print a table: a row per scenario, a column per
# kernel and driver. The in-tree driver is expected to fail some; that is
# the point. Exits non-zero only if our driver fails.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. bench/scripts/common.sh

bench/scripts/setup.sh || exit 1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Both drivers' boots in one pool, then the series on its own kernel:
# the upstream file of upstream/base.conf's release with every patch.
tests/bench.sh -d ours,in-tree > "$out/both" 2> "$out/both.err"
. bench/scripts/upstream.sh
tests/bench.sh -d upstream+series -k "$UPSTREAM_KERNEL" > "$out/series" 2> "$out/series.err"
grep '/ours: ' "$out/both" > "$out/ours"

# "K/D: name" -> pass/FAIL, from all runs.
cat "$out/both" "$out/series" | tests/results-table.sh
# What the failing scenarios saw: the FAIL lines before each "not ok".
failures() {
	echo
	echo "Failures of $1, with what the scenario saw:"
	awk -v d="$2" '/^# FAIL/ { f = f "    " $0 "\n" }
		/^(not )?ok / { if (/^not ok/ && index($0, d)) printf "  %s\n%s", $0, f; f = "" }' "$3"
}
failures "the in-tree driver" "/in-tree: " "$out/both"
failures "the upstream file with the series" "/upstream+series: " "$out/series"
! grep -q '^not ok' "$out/ours"
