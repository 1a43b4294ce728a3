# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# KTAP for the test commands. Sourced.
#
# Each suite prints "ok - NAME" / "not ok - NAME" lines (numbered or not).
# A test command writes all of its output, its suites' and its own, as one
# stream into ktap_finish, which numbers every result, counts every
# "not ok" whoever printed it, and ends with the summary line:
#
#   { echo "KTAP version 1"; suite | ktap_prefix "suite: "; ...; } | ktap_finish

# ktap_result NAME STATUS [LOG]: "ok - NAME" when STATUS is 0; otherwise
# LOG's lines as comments, then "not ok - NAME".
ktap_result() {
	if [ "$2" -eq 0 ]; then
		echo "ok - $1"
	else
		[ -z "${3:-}" ] || sed 's/^/# /' "$3"
		echo "not ok - $1"
	fi
}

# ktap_result_empty NAME LOG: passes when LOG is empty, as a lint's is.
ktap_result_empty() {
	local st=0
	[ -s "$2" ] && st=1
	ktap_result "$1" "$st" "$2"
}

# ktap_parse LINE: split a result line into status ("ok" or "not ok") and
# rest (its name and directive, without number).
ktap_parse() {
	status=ok
	[ "${1#not }" != "$1" ] && status="not ok"
	rest=${1#"$status" }
	rest=${rest#[0-9]*" - "}
	rest=${rest#- }
}

# ktap_prefix PREFIX < suite-output: prefix the names of the suite's
# results; its own header, plan and summary lines are dropped.
ktap_prefix() {
	local prefix=$1 line status rest
	while IFS= read -r line; do
		case $line in
		"ok "* | "not ok "*)
			ktap_parse "$line"
			echo "$status - $prefix$rest"
			;;
		"KTAP version"* | 1..* | "# bench: done" | "# "*" passed, "*" failed"*) ;;
		*) echo "$line" ;;
		esac
	done
}

# ktap_finish < stream: number and count every result, pass every other
# line through, and end with "N passed, N failed, N skipped". Fails when a
# result failed or when there was none.
ktap_finish() {
	local line status rest n=0 pass=0 fail=0 skip=0
	while IFS= read -r line; do
		case $line in
		"ok "* | "not ok "*)
			ktap_parse "$line"
			n=$((n + 1))
			echo "$status $n - $rest"
			if [ "$status" = "not ok" ]; then
				fail=$((fail + 1))
			elif [[ $line == *"# SKIP"* ]]; then
				skip=$((skip + 1))
			else
				pass=$((pass + 1))
			fi
			;;
		*) echo "$line" ;;
		esac
	done
	echo "$pass passed, $fail failed, $skip skipped"
	[ "$fail" -eq 0 ] && [ "$n" -gt 0 ]
}
