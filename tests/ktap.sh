# SPDX-License-Identifier: GPL-2.0
# Merge the results of several suites into one KTAP stream. Sourced.
#
# ktap_merge PREFIX < suite-output: renumber the suite's "ok"/"not ok"
# lines, prefix their names, pass comments through, count the results.

KTAP_N=0
KTAP_PASS=0
KTAP_FAIL=0
KTAP_SKIP=0

ktap_merge() {
	local prefix=$1 line status rest
	while IFS= read -r line; do
		case $line in
		"ok "* | "not ok "*)
			status=ok
			[ "${line#not }" != "$line" ] && status="not ok"
			rest=${line#"$status" }
			rest=${rest#[0-9]*" - "}
			rest=${rest#- }
			KTAP_N=$((KTAP_N + 1))
			echo "$status $KTAP_N - $prefix$rest"
			if [ "$status" = "not ok" ]; then
				KTAP_FAIL=$((KTAP_FAIL + 1))
			elif [[ $line == *"# SKIP"* ]]; then
				KTAP_SKIP=$((KTAP_SKIP + 1))
			else
				KTAP_PASS=$((KTAP_PASS + 1))
			fi
			;;
		"KTAP version"* | 1..* | "# bench: done" | "# "*" passed, "*" failed"*) ;;
		*) echo "$line" ;;
		esac
	done
}

# The closing line that CI reads; the exit status follows the failures.
ktap_summary() {
	echo "$KTAP_PASS passed, $KTAP_FAIL failed, $KTAP_SKIP skipped"
	[ "$KTAP_FAIL" -eq 0 ] && [ "$KTAP_N" -gt 0 ]
}
