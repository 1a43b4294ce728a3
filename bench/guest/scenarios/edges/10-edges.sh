# SPDX-License-Identifier: GPL-2.0
# Which edges the firmware notifies decides what must be polled. The
# radio comes up after switch-on and rfkill sees switch-off on every kind;
# polling stops for each edge the firmware has shown it notifies.

SCENARIOS="$SCENARIOS both_edges_notified_idle_is_free"
scenario_both_edges_notified_idle_is_free() {
	local n
	use_device 1
	start_with $R_SWITCH $(fast_poll)
	expect_up "after load"
	flip 0 1
	expect_hard_blocked "switch-off, notified" unblocked
	switch_on
	expect_up "switch-on, notified"
	n=$(polls_in_window)
	[ "$n" -eq 0 ] || fail "switch on, both edges notified: $n firmware calls in a window of ten poll periods"
	flip_counted 0 1
	expect_hard_blocked "second switch-off" unblocked
	settle
	expect_counts "BTST=1 AUSB=0 DUSB=0 BTPO=0 BTPF=0" "switch-off event"
	n=$(polls_in_window)
	[ "$n" -eq 0 ] || fail "switch off, both edges notified: $n firmware calls in a window of ten poll periods"
}

SCENARIOS="$SCENARIOS silent_switch_is_polled"
scenario_silent_switch_is_polled() {
	local n
	use_device 2
	start_with 0 $(fast_poll)
	expect_hard_blocked "switch off at load" unblocked
	switch_on
	expect_up "switch on, no event"
	switch_off
	expect_hard_blocked "switch off, no event" unblocked
	n=$(polls_in_window)
	[ "$n" -ge 3 ] || fail "silent firmware, switch off: $n polls in ten poll periods, expected polling"
	switch_on
	expect_up "switch on again, no event"
	n=$(polls_in_window)
	[ "$n" -ge 3 ] || fail "silent firmware, switch on: $n polls in ten poll periods, expected polling"
}
