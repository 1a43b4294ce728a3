#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Tests of in_order and job_slot (bench/scripts/common.sh), which run the
# lint's kernels, the survey's table sets and the DKMS round trips side by
# side: no more than N items at a time, a free place taken by the next
# item, and the outputs printed in the items' order whatever order they
# ended in. What is asserted is an order of events, never a time.
set -uo pipefail
. "$(dirname "$0")/../bench/scripts/common.sh"
. "$TOP_DIR/tests/ktap.sh"
. "$TOP_DIR/tests/order.sh"

mkdir "$w/scratch"

# item NAME: say that it started, wait to be let go (60 s at most, longer
# than any bound of the test), then write to stdout and stderr.
item() {
	touch "$w/started-$1"
	appears "$w/release-$1" 60
	echo "out $1"
	echo "err $1" >&2
}

(in_order 2 "$w/scratch" item a b c > "$w/out" 2> "$w/err"; touch "$w/ended") &
appears "$w/started-a" && appears "$w/started-b"
ktap_result "in_order 2: the first two items start" $?

# Given a second to start a third item, it should not have.
sleep 1
[ ! -e "$w/started-c" ]
ktap_result "in_order 2: the third waits while two run" $?

# b ends first: c takes its place while a still runs.
touch "$w/release-b"
appears "$w/started-c" && [ ! -e "$w/ended" ]
ktap_result "in_order 2: the next item starts when one ends, not when all do" $?

# c, then a: the items end in the order b, c, a.
touch "$w/release-c"
sleep 1
[ ! -e "$w/ended" ]
ktap_result "in_order waits for every item" $?
touch "$w/release-a"
appears "$w/ended" &&
	[ "$(tr '\n' ' ' < "$w/out")" = "out a out b out c " ] &&
	[ "$(tr '\n' ' ' < "$w/err")" = "err a err b err c " ]
ktap_result "in_order prints stdout and stderr in the items' order" $?
