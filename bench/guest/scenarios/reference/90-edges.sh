# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# Which edges the firmware notifies decides what must be polled. The
# radio comes up after switch-on and rfkill sees switch-off on every kind;
# polling stops for each edge the firmware has shown it notifies.
# Firmware that notifies both edges, or neither (quirks).

scenario_both_edges_notified_idle_is_free() {
	use_quirks $Q_OFF_EVENT
	start_with $R_SWITCH
	expect_up "after load"
	flip 0 1
	expect_hard_blocked "switch-off, notified" unblocked
	switch_on
	expect_up "switch-on, notified"
	expect_no_polling "switch on, both edges notified"
	flip_counted 0 1
	expect_hard_blocked "second switch-off" unblocked
	settle
	expect_counts "BTST=1 AUSB=0 DUSB=0 BTPO=0 BTPF=0" "switch-off event"
	expect_no_polling "switch off, both edges notified"
}

scenario_silent_switch_is_polled() {
	use_quirks $Q_SILENT
	start_with 0
	expect_hard_blocked "switch off at load" unblocked
	switch_on
	expect_up "switch on, no event"
	switch_off
	expect_hard_blocked "switch off, no event" unblocked
	expect_polling "silent firmware, switch off"
	switch_on
	expect_up "switch on again, no event"
	expect_polling "silent firmware, switch on"
}

# Silent switch edges, and firmware that notifies during the enable calls
# that follow a switch-on found by a poll: AUSB's own 0x80, or an
# unrelated event. Neither is a switch event. Taken for one, it would stop
# the polling while the switch is off, and the next switch-on would never
# be seen: Bluetooth gone until resume or reload.
enable_calls_notify() {
	use_quirks $((Q_SILENT | $1))
	start_with 0
	expect_hard_blocked "switch off at load" unblocked
	switch_on
	expect_up "switch on, found by a poll; the enable calls notify"
	settle
	switch_off
	expect_hard_blocked "switch off, no event" unblocked
	switch_on
	expect_up "the next switch-on is still found"
}

scenario_ausb_notify_is_no_switch_event() {
	enable_calls_notify $Q_AUSB_NOTIFIES
}

scenario_event_during_enable_is_no_switch_event() {
	enable_calls_notify $Q_ENABLE_NOISE
}
