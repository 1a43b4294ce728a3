# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# Event codes other than 0x90, and firmware that acts around sleep. The
# driver reconciles with BTST and never replays a cached state blindly.

scenario_other_event_codes() {
	local code
	start_with $R_SWITCH
	for code in 0x80 0x00 0x81; do
		set_regs $R_SWITCH
		notify $code
		expect_up "after notification $code"
	done
	[ -n "$(rfkill_state)" ] || fail "device unbound after Bus Check"
}

scenario_radio_cycled_by_pts_and_wak() {
	start_with $R_SWITCH
	set_sleep_effects 1
	expect_up "before suspend"
	reset_counts
	suspend_resume
	expect_up "after resume: _WAK powered it back"
	settle
	# Resume enables whatever BTST says: AUSB and BTPO after the look.
	expect_counts "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "resume: look, then re-enable"
	# Soft-blocked: _WAK powers the radio anyway; the driver turns it off.
	rfkill block bluetooth
	wait_for 50 regs_are $R_SWITCH
	suspend_resume
	settle
	expect_regs $R_SWITCH "soft-blocked after _WAK powered the radio"
	expect_rfkill "blocked unblocked" "soft-blocked after resume"
	set_sleep_effects 0
	rfkill unblock bluetooth
	expect_up "after unblock"
}

scenario_event_after_resume() {
	local c
	start_with $R_SWITCH
	set_sleep_effects 2
	expect_up "before suspend"
	switch_off	# while "asleep": no event for it
	reset_counts
	suspend_resume
	expect_hard_blocked "switch off while asleep, 0x80 after resume" unblocked
	settle
	c=$(counts)
	case $c in
	"BTST="*" AUSB=0 DUSB=0 BTPO=0 BTPF=0") ;;
	*) fail "after resume and 0x80, only BTST may run: $c" ;;
	esac
	# Ours reads it at resume and for the event (one read may serve
	# both); other drivers' count holds rfkill's own resume calls and polls.
	[ "$DRIVER" != ours ] || case $c in
	"BTST="[12]" "*) ;;
	*) fail "after resume and 0x80, BTST once or twice: $c" ;;
	esac
	set_sleep_effects 0
}
