#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Tests of guest_slot (bench/scripts/common.sh), the slots that make
# check's guests share: as many holders as slots, a waiter gets a slot
# only once a holder has exited, and without BENCH_GUEST_SLOTS nothing
# waits; slots 0 and 1 pin their guests to CPUs 0 and 1. What is asserted
# is an order of events and an affinity, never a time.
set -uo pipefail
. "$(dirname "$0")/../bench/scripts/common.sh"
. "$TOP_DIR/tests/ktap.sh"
. "$TOP_DIR/tests/order.sh"

guest_slots "$w/slots"
export BENCH_GUEST_SLOTS=$w/slots

# holder NAME: take a slot, say so, and keep it until told to let go
# (with no bound of its own: the test's bounds must run out first); say
# that it let go before it exits, while it still holds the slot.
holder() {
	guest_slot
	mkdir "$w/run-$1"
	# What a guest would be allowed to run on: a command started as
	# qemu_watched starts QEMU, which says its affinity and "starts".
	# shellcheck disable=SC2016 # expanded by that shell
	qemu_watched "$w/run-$1" sh -c 'taskset -pc $$ | sed "s/.*: //" > "$1/cpus" &&
		echo "KTAP version 1" > "$1/results.ktap"' sh "$w/run-$1" > /dev/null
	touch "$w/held-$1"
	while [ ! -e "$w/release-$1" ]; do sleep 0.1; done
	touch "$w/let-go-$1"
}

holder a &
holder b &
appears "$w/held-a" && appears "$w/held-b"
ktap_result "two slots: two holders at once" $?
# Slots 0 and 1 pin their guests to CPUs 0 and 1, one each, where the
# machine has both.
if taskset -c 0,1 true 2> /dev/null; then
	[ "$(cat "$w/run-a/cpus" "$w/run-b/cpus" | sort | paste -sd,)" = 0,1 ]
	ktap_result "the holders of slots 0 and 1 run their guests on CPUs 0 and 1" $? \
		<(head "$w"/run-*/cpus)
else
	echo "ok - the holders of slots 0 and 1 run their guests on CPUs 0 and 1 # SKIP no CPUs 0 and 1 here"
fi

# A third waits. Given a second to take a slot it should not have, it is
# let in only by the first holder's exit.
(
	guest_slot
	if [ -e "$w/let-go-a" ]; then echo 0; else echo 1; fi > "$w/third"
) &
third=$!
sleep 1
[ ! -e "$w/third" ]
ktap_result "a third waiter waits while both slots are held" $?
touch "$w/release-a"
appears "$w/third" && wait "$third" && [ "$(cat "$w/third")" = 0 ]
ktap_result "the third gets the slot once a holder has exited" $?

# Without BENCH_GUEST_SLOTS, no wait, though a slot is still held.
(unset BENCH_GUEST_SLOTS && guest_slot && touch "$w/unlimited") &
appears "$w/unlimited" && [ ! -e "$w/let-go-b" ]
ktap_result "without BENCH_GUEST_SLOTS, guest_slot does not wait" $?
