# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# Firmware without BTST (TOS6205:02): no status, no switch to report. The radio is
# still enabled at load, on events and on resume, and rfkill blocks it.

scenario_fallback_enables_at_load() {
	use_device 3
	start_with $R_SWITCH
	expect_up "after load"
	[ "$(log_count "$DEVNAME: .*no BTST")" -eq 1 ] ||
		fail "expected one log line about the missing BTST"
	expect_counts "BTST=0 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "enabling without status"
}

scenario_fallback_event_and_resume() {
	use_device 3
	start_with $R_SWITCH
	expect_up "after load"
	set_regs $R_SWITCH
	notify 0x90
	expect_up "after an event"
	set_regs $R_SWITCH
	suspend_resume
	expect_up "after resume"
}

scenario_fallback_rfkill_block() {
	use_device 3
	start_with $R_SWITCH
	expect_up "after load"
	rfkill block bluetooth
	wait_for 50 regs_are $R_SWITCH
	expect_regs $R_SWITCH "rfkill block without status"
	expect_rfkill "blocked unblocked" "rfkill block without status"
	notify 0x90
	settle
	expect_regs $R_SWITCH "an event while soft-blocked"
	rfkill unblock bluetooth
	expect_up "after unblock"
}
