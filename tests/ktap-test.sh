#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Tests of the KTAP summary (tests/ktap.sh): every "not ok" in the stream
# counts, whoever printed it, and the exit status follows.
set -uo pipefail
. "$(dirname "$0")/ktap.sh"

# expect NAME WANT-SUMMARY WANT-STATUS < stream
expect() {
	local out st
	out=$(ktap_finish)
	st=$?
	if [ "$(echo "$out" | tail -n 1)" = "$2" ] && [ $st -eq "$3" ]; then
		echo "ok - $1"
	else
		echo "$out" | sed 's/^/# /'
		echo "not ok - $1 (want \"$2\", status $3; got status $st)"
	fi
}

printf '%s\n' "KTAP version 1" "not ok 1 - build the debug kernel" |
	expect "a failure printed outside any suite counts" "0 passed, 1 failed, 0 skipped" 1
printf '%s\n' "ok 1 - a" "ok 1 - b" "# a comment" "not ok 7 - c" |
	expect "results are counted, not their numbers" "2 passed, 1 failed, 0 skipped" 1
printf '%s\n' "ok - a" "ok 2 - b # SKIP not here" |
	expect "a skip is counted apart, and passes" "1 passed, 0 failed, 1 skipped" 0
printf '%s\n' "KTAP version 1" "# nothing ran" |
	expect "a stream without results fails" "0 passed, 0 failed, 0 skipped" 1
{ echo "not ok 3 - inner"; echo "# 1 passed, 0 failed"; } | ktap_prefix "suite: " |
	expect "a suite's own summary line does not hide its failure" "0 passed, 1 failed, 0 skipped" 1

# ktap_result and ktap_result_empty: the line, and the log shown on failure.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "what went wrong" > "$log"
[ "$(ktap_result "x" 0 "$log")" = "ok - x" ] &&
	[ "$(ktap_result "x" 3 "$log" | paste -sd'|' -)" = "# what went wrong|not ok - x" ] &&
	echo "ok - ktap_result: a status, and the log on failure" ||
	echo "not ok - ktap_result: a status, and the log on failure"
[ "$(ktap_result_empty "y" "$log" | tail -n 1)" = "not ok - y" ] &&
	[ "$(ktap_result_empty "y" /dev/null)" = "ok - y" ] &&
	echo "ok - ktap_result_empty: a lint's output fails it" ||
	echo "not ok - ktap_result_empty: a lint's output fails it"
