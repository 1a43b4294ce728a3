#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make series-check: the upstream series (upstream/), one patch at a time.
# series-lint.sh --each checks that every patch applies, is clean under
# checkpatch and builds clean. Then the bench boots the upstream file with
# the first N patches, N = 0 (the file as shipped) to all of them, on the
# series' kernel, every table; a table shows each scenario after each
# patch, and what each patch turns from fail to pass.
# Fails when a patch turns a scenario from pass to fail, or when the full
# series fails a scenario of the tables it is meant to pass.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. tests/ktap.sh
. bench/scripts/common.sh
. bench/scripts/upstream.sh

# The full series must pass every scenario (or skip it as our driver's
# own interface) but these, which are run and shown: docs/upstream.md
# says why the series does not aim at them (a resume on slow firmware;
# firmware without BTST, which no public dump of a Toshiba shows).
SERIES_EXEMPT=" reference/slow_resume_does_not_wait"
SERIES_EXEMPT+=" several-devices/fallback_enables_at_load several-devices/fallback_event_and_resume"
SERIES_EXEMPT+=" several-devices/fallback_rfkill_block several-devices/ausb_or_btpo_missing "

bench/scripts/setup.sh || exit 1
# The first patches fail many scenarios, and each failing wait runs to its
# bound: such a boot takes longer than boot.sh's default allows.
export BENCH_TIMEOUT=${BENCH_TIMEOUT:-1800}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
total=$(upstream_count series)
drivers=$(seq 0 "$total" | sed 's/^/upstream+/' | paste -sd, -)
upstream_patches | while read -r p; do
	sed -n 's/^Subject: \[PATCH [0-9]*\/[0-9]*\] .*toshiba_bluetooth: //p' "$p"
done > "$out/subjects"

{
	echo "KTAP version 1"
	tests/series-lint.sh --each
	tests/bench.sh -d "$drivers" -k "$UPSTREAM_KERNEL" > "$out/results"
	grep '^# boot:' "$out/results"
	echo "# Each scenario after the first N patches (upstream+0: the file as shipped):"
	grep -E '^(not )?ok ' "$out/results" | tests/results-table.sh | sed 's/^/# /'
	# Per patch: what it turns from fail to pass, and from pass to fail.
	grep -E '^(not )?ok ' "$out/results" | awk -v total="$total" -v subjects="$out/subjects" '
		BEGIN { while ((getline s < subjects) > 0) subj[++k] = s }
		{
			res = /^not ok/ ? "FAIL" : (/# SKIP/ ? "skip" : "pass")
			sub(/^(not )?ok ([0-9]+ )?- /, ""); sub(/ # SKIP.*/, "")
			col = $1; sub(/:$/, "", col); sub(/.*\/upstream\+/, "", col)
			name = substr($0, length($1) + 2)
			if (!(name in seen)) { seen[name] = 1; names[++n] = name }
			r[name, col] = res
		}
		END {
			for (i = 1; i <= total; i++) {
				fixed = ""; broken = ""
				for (j = 1; j <= n; j++) {
					a = r[names[j], i - 1]; b = r[names[j], i]
					if (a == "FAIL" && b == "pass") fixed = fixed " " names[j]
					# A scenario that no longer reports (its boot stopped) counts too.
					if (a == "pass" && (b == "FAIL" || b == "")) broken = broken " " names[j]
				}
				printf "# patch %d, %s: fail to pass:%s\n", i, subj[i], fixed == "" ? " none" : fixed
				if (broken != "") printf "# pass to fail:%s\n", broken
				printf "%s - series: patch %d turns no scenario from pass to fail\n",
					broken == "" ? "ok" : "not ok", i
			}
		}'
	# The full series' results count, but for the exempt scenarios; they
	# are in the table above.
	awk -v exempt="$SERIES_EXEMPT" -v col="/upstream+$total: " '
		/^# FAIL/ { f = f $0 "\n"; next }
		/^(not )?ok / {
			t = $0; sub(/ # SKIP.*/, "", t); sub(/.*: /, "", t)
			if (index($0, col) && !index(exempt, " " t " ")) { printf "%s", f; print }
			f = ""
		}' "$out/results"
} | ktap_finish
