# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# Later Satellite boards (the reference table with its shadow bits on,
# SHAD 1): BTST's switch bit is always 1 and its attached and powered bits
# are the firmware's memory of its last AUSB/DUSB and BTPO/BTPF, not the
# hardware, and no switch edge is notified. The registers read here are
# the radio's real enable line. When the line drops behind the firmware's
# back, BTST still says 0xc1: load and resume must enable regardless.

# BTST as the driver would read it, without counting it as the driver's.
firmware_says() {
	local v
	v=$(printf '0x%02x' "$(acall '\_SB.BT.BTST')")
	reset_counts
	[ "$v" = "$1" ] || fail "$2: BTST returned $v, expected $1"
}

# The calls of our driver's policy, once it has settled (the in-tree
# driver makes others, measured by make bench).
expect_our_counts() {
	[ "$DRIVER" = ours ] || return 0
	settle
	expect_counts "$@"
}

scenario_shadow_line_dropped_in_sleep() {
	use_shadow_bits
	start_with $R_UP
	expect_up "after load"
	set_sleep_effects 4
	reset_counts
	suspend_resume
	set_sleep_effects 0
	expect_up "after resume, the line having dropped in sleep"
	expect_our_counts "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "resume: look, then re-enable"
}

scenario_shadow_rmmod_leaves_the_radio() {
	use_shadow_bits
	start_with $R_UP
	expect_up "before unload"
	reset_counts
	unload_driver || fail "rmmod failed"
	expect_regs $R_UP "rmmod leaves the radio as it is"
	expect_counts "BTST=0 AUSB=0 DUSB=0 BTPO=0 BTPF=0" "rmmod calls nothing"
}

scenario_shadow_line_dropped_then_reload() {
	use_shadow_bits
	start_with $R_UP
	expect_up "before unload"
	unload_driver || fail "rmmod failed"
	set_regs $R_UP	# as it was, whatever the unload did
	drop_line
	expect_regs $R_SWITCH "the line dropped"
	firmware_says 0xc1 "the line dropped"
	load_driver || fail "insmod failed"
	wait_for 50 has_rfkill || fail "no rfkill device after reload"
	expect_up "after reload"
	expect_our_counts "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "probe: look, then enable"
}

# Events call only what BTST says is missing: on this firmware a line
# that drops while the driver runs is not seen until the next resume or
# load (the cost of keeping events cheap everywhere else).
scenario_shadow_event_costs_one_btst() {
	use_shadow_bits
	start_with $R_UP
	expect_up "before the event"
	reset_counts
	notify 0x80
	wait_for 50 btst_called || fail "the event was not handled"
	settle
	expect_counts "BTST=1 AUSB=0 DUSB=0 BTPO=0 BTPF=0" "an event with BTST at 0xc1"
	expect_up "after the event"
}

scenario_shadow_soft_block_survives_resume_and_reload() {
	use_shadow_bits
	start_with $R_UP
	expect_up "before the soft block"
	rfkill block bluetooth
	wait_for 50 regs_are $R_SWITCH
	expect_regs $R_SWITCH "rfkill block"
	firmware_says 0x01 "soft-blocked"
	set_sleep_effects 4
	suspend_resume
	set_sleep_effects 0
	settle
	expect_regs $R_SWITCH "soft-blocked across resume"
	expect_rfkill "blocked unblocked" "soft-blocked across resume"
	unload_driver || fail "rmmod failed"
	load_driver || fail "insmod failed"
	wait_for 50 rfkill_is "blocked unblocked"
	settle
	expect_regs $R_SWITCH "soft-blocked across reload"
	expect_rfkill "blocked unblocked" "soft-blocked across reload"
	rfkill unblock bluetooth
	expect_up "after unblock"
}
