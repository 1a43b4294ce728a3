# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# For the tests that assert an order of events, never a time. Sourced:
# it makes the test's scratch folder, $w, and at exit kills the test's
# jobs that are left and removes the folder.

w=$(mktemp -d)
# shellcheck disable=SC2046 # the jobs' PIDs, one word each
trap 'kill $(jobs -p) 2> /dev/null; wait; rm -rf "$w"' EXIT

# appears FILE [SECONDS]: FILE exists within SECONDS, 30 by default (a
# bound, failed when reached).
appears() {
	local n=0 max=$((${2:-30} * 10))
	while [ ! -e "$1" ]; do
		[ $n -lt $max ] || return 1
		sleep 0.1
		n=$((n + 1))
	done
}
