# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# What our driver adds: minimal firmware calls, a remembered soft block,
# and the last word going to the last flip. rfkill's polls may add BTSTs
# to a count: expect_counts allows one per poll it counted (lib.sh).

scenario_event_when_up_costs_one_btst() {
	start_with $R_SWITCH
	expect_up "before the event"
	reset_counts
	notify 0x90
	wait_for 50 btst_called
	settle
	expect_counts "BTST=1 AUSB=0 DUSB=0 BTPO=0 BTPF=0" "an event with the radio up"
	expect_up "after the event"
}

scenario_enable_from_cold_counts() {
	start_with $R_SWITCH
	expect_up "after load"
	set_regs $R_SWITCH	# the radio vanished behind the driver's back
	reset_counts
	notify 0x90
	expect_up "after the event"
	settle
	expect_counts "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "enabling from detached and unpowered"
}

scenario_soft_block_while_off_is_kept() {
	start_with 0
	expect_hard_blocked "switch off at load" unblocked
	rfkill block bluetooth
	expect_rfkill "blocked blocked" "soft block with the switch off"
	switch_on
	wait_for 50 rfkill_is "blocked unblocked"
	settle
	expect_regs $R_SWITCH "switch on while soft-blocked"
	expect_rfkill "blocked unblocked" "switch on while soft-blocked"
	rfkill unblock bluetooth
	expect_up "after unblock"
}

# A user who blocked Bluetooth before the driver came (rfkill's global
# state, which rfkill.default_state=0 or a restored block sets) never sees
# the radio come on: no AUSB or BTPO at load (ours calls nothing but
# BTST), and the radio stays off until the user unblocks it.
scenario_blocked_before_load_stays_off() {
	driver_loaded && unload_driver
	rfkill block bluetooth	# no device yet: rfkill's global state
	set_regs $R_SWITCH
	reset_counts
	load_driver || fail "insmod failed"
	wait_for 50 has_rfkill || fail "no rfkill device after load"
	wait_for 50 rfkill_is "blocked unblocked"
	settle
	expect_regs $R_SWITCH "load with Bluetooth blocked"
	expect_rfkill "blocked unblocked" "load with Bluetooth blocked"
	case $(counts) in
	*" AUSB=0 "*" BTPO=0 "*) ;;
	*) fail "load with Bluetooth blocked: the radio was enabled: $(counts)" ;;
	esac
	# Ours also calls nothing to turn off a radio that is already off.
	[ "$DRIVER" != ours ] ||
		expect_counts "BTST=1 AUSB=0 DUSB=0 BTPO=0 BTPF=0" "load with Bluetooth blocked"
	rfkill unblock bluetooth
	expect_up "after unblock"
}

scenario_soft_block_survives_resume() {
	start_with $R_SWITCH
	expect_up "before the soft block"
	rfkill block bluetooth
	wait_for 50 regs_are $R_SWITCH
	suspend_resume
	settle
	expect_regs $R_SWITCH "soft-blocked across resume"
	expect_rfkill "blocked unblocked" "soft-blocked across resume"
	rfkill unblock bluetooth
	expect_up "after unblock"
}

# 100 flips with events on the on-edges, then the last one must win.
scenario_burst_of_100_flips() {
	local i=0
	start_with $R_SWITCH
	expect_up "before the burst"
	while [ $i -lt 50 ]; do
		switch_off
		switch_on
		i=$((i + 1))
	done
	expect_up "after 100 flips ending on"
	i=0
	while [ $i -lt 50 ]; do
		switch_on
		switch_off
		i=$((i + 1))
	done
	settle
	expect_regs 0 "after 100 flips ending off"
	expect_hard_blocked "after 100 flips ending off" unblocked
}

# The minimum for every event: one BTST, plus only the calls whose effect
# is missing. Polling is off so that only the event's calls are counted.
scenario_minimal_calls_per_event() {
	start_with $R_SWITCH
	expect_counts "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "load with the switch on"
	switch_off
	flip_counted 1 1
	expect_up "switch-on event"
	settle
	expect_counts "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "switch-on event"
	reset_counts
	suspend_resume
	settle
	# Resume enables whatever BTST's bits 6 and 7 say (80-shadows.sh).
	expect_counts "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "resume, nothing changed"
	switch_off
	switch_on_silently
	reset_counts
	suspend_resume
	expect_up "resume after the switch went on asleep"
	settle
	expect_counts "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "resume after the switch went on asleep"
	reset_counts
	rfkill block bluetooth
	wait_for 50 regs_are $R_SWITCH
	settle
	expect_counts "BTST=1 AUSB=0 DUSB=1 BTPO=0 BTPF=1" "soft block"
	reset_counts
	rfkill unblock bluetooth
	expect_up "soft unblock"
	settle
	expect_counts "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "soft unblock"
	reset_counts
	notify 0x90
	settle
	expect_counts "BTST=1 AUSB=0 DUSB=0 BTPO=0 BTPF=0" "event with everything up"
}

# Switch-off is seen by one poll; after that, on firmware that has shown it
# notifies the on-edge, nothing more is called while the switch stays off.
scenario_switch_off_costs_one_poll() {
	start_with 0
	switch_on
	expect_up "after the switch-on event"
	flip_counted 0 0
	expect_hard_blocked "after switch-off" unblocked
	settle
	sleep $((1 * ${SLOW:-1}))
	expect_counts "BTST=1 AUSB=0 DUSB=0 BTPO=0 BTPF=0" "switch-off, then idle"
}
