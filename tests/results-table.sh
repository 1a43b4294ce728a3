#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Bench results (KTAP lines named "KERNEL/DRIVER: table/scenario", on
# stdin) as a Markdown table: a row per scenario, a column per kernel and
# driver, in the order they first appear. Cells: pass, FAIL, skip, or "-"
# for a scenario that did not run there.
awk '
	/^(not )?ok / {
		res = /^not ok/ ? "FAIL" : (/# SKIP/ ? "skip" : "pass")
		sub(/^(not )?ok ([0-9]+ )?- /, ""); sub(/ # SKIP.*/, "")
		col = $1; sub(/:$/, "", col); name = substr($0, length($1) + 2)
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
