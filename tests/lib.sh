# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Results of the shell suites, as flat KTAP lines that the bench runner
# (bench/runner/ktap.py) numbers, nests and counts. Sourced.

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
