# SPDX-License-Identifier: GPL-2.0
# Which edges the firmware notifies decides what must be polled. The
# radio comes up after switch-on and rfkill sees switch-off on every kind;
# polling stops for each edge the firmware has shown it notifies.

polls_in_3s() { reset_counts; sleep 3; btst_calls; }

SCENARIOS="$SCENARIOS both_edges_notified_idle_is_free"
scenario_both_edges_notified_idle_is_free() {
	local n
	use_device 1
	start_with $R_SWITCH poll_ms=300
	expect_up "after load"
	flip 0 1
	expect_hard_blocked "switch-off, notified" unblocked
	switch_on
	expect_up "switch-on, notified"
	n=$(polls_in_3s)
	[ "$n" -eq 0 ] || fail "switch on, both edges notified: $n firmware calls in 3 s idle"
	flip_counted 0 1
	expect_hard_blocked "second switch-off" unblocked
	settle
	expect_counts "BTST=1 AUSB=0 DUSB=0 BTPO=0 BTPF=0" "switch-off event"
	n=$(polls_in_3s)
	[ "$n" -eq 0 ] || fail "switch off, both edges notified: $n firmware calls in 3 s idle"
}

SCENARIOS="$SCENARIOS silent_switch_is_polled"
scenario_silent_switch_is_polled() {
	local n
	use_device 2
	start_with 0 poll_ms=300
	expect_hard_blocked "switch off at load" unblocked
	switch_on
	expect_up "switch on, no event"
	switch_off
	expect_hard_blocked "switch off, no event" unblocked
	n=$(polls_in_3s)
	[ "$n" -ge 3 ] || fail "silent firmware, switch off: $n polls in 3 s, expected polling"
	switch_on
	expect_up "switch on again, no event"
	n=$(polls_in_3s)
	[ "$n" -ge 3 ] || fail "silent firmware, switch on: $n polls in 3 s, expected polling"
}
