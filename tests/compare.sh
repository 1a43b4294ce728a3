#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run the same scenarios against our driver and the in-tree one on every
# bench kernel, and print a table: a row per scenario, a column per kernel
# and driver. The in-tree driver is expected to fail some; that is the
# point. Exits non-zero only if our driver fails.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. bench/scripts/common.sh

bench/scripts/setup.sh || exit 1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for d in ours in-tree; do
	tests/bench.sh -d "$d" > "$out/$d" 2> "$out/$d.err"
done

# "K/D: name" -> PASS/FAIL, from both runs.
cat "$out/ours" "$out/in-tree" | awk '
	/^(not )?ok / {
		res = /^not ok/ ? "FAIL" : (/# SKIP/ ? "skip" : "pass")
		sub(/^(not )?ok ([0-9]+ )?- /, ""); sub(/ # SKIP.*/, "")
		col = $1; sub(/:$/, "", col); name = $2
		if (!(name in seen)) { seen[name] = 1; order[++n] = name }
		if (!(col in cseen)) { cseen[col] = 1; cols[++m] = col }
		r[name, col] = res
	}
	END {
		# The first column is as wide as the longest scenario name.
		w = length("firmware/scenario")
		for (i = 1; i <= n; i++) if (length(order[i]) > w) w = length(order[i])
		name_fmt = "| %-" w "s |"
		rule = "--"
		for (k = 0; k < w; k++) rule = rule "-"
		# ... and each other column as wide as its kernel/driver name.
		for (j = 1; j <= m; j++) {
			cw[j] = length(cols[j]) > 13 ? length(cols[j]) : 13
			crule[j] = "--"
			for (k = 0; k < cw[j]; k++) crule[j] = crule[j] "-"
		}
		printf name_fmt, "firmware/scenario"
		for (j = 1; j <= m; j++) printf " %-" cw[j] "s |", cols[j]
		printf "\n|%s|", rule
		for (j = 1; j <= m; j++) printf "%s|", crule[j]
		printf "\n"
		for (i = 1; i <= n; i++) {
			printf name_fmt, order[i]
			for (j = 1; j <= m; j++) {
				v = r[order[i], cols[j]]
				printf " %-" cw[j] "s |", v == "" ? "-" : v
			}
			printf "\n"
		}
	}'

echo
echo "Failures of the in-tree driver, with what the scenario saw:"
awk '/^# FAIL/ { f = f "    " $0 "\n" }
	/^(not )?ok / { if (/^not ok/) printf "  %s\n%s", $0, f; f = "" }' "$out/in-tree"
! grep -q '^not ok' "$out/ours"
