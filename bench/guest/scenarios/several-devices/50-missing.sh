# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# AUSB or BTPO missing (TOS6205:03 and :04): one log line naming the
# method, the device stays bound and usable (switch reporting, soft block).

missing_method() {	# missing_method DEVICE METHOD
	use_device "$1"
	set_regs $R_SWITCH
	notify 0x90
	settle
	notify 0x90
	settle
	our_log && { [ "$(log_count "$DEVNAME: $2 failed: AE_NOT_FOUND")" -eq 1 ] ||
		fail "$2 missing: expected one log line naming $2"; }
	switch_off
	notify 0x90
	wait_for 50 rfkill_is "unblocked blocked"
	expect_rfkill "unblocked blocked" "$2 missing: the switch is still reported"
	soft_block
	wait_for 50 rfkill_is "blocked blocked"
	expect_rfkill "blocked blocked" "$2 missing: soft block"
	soft_unblock
}

scenario_ausb_or_btpo_missing() {
	use_device 3
	start_with $R_SWITCH
	missing_method 4 AUSB
	missing_method 5 BTPO
}
