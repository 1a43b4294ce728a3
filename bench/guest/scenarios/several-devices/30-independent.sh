# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# Two devices, two rfkill devices, no cross-talk: a switch or a soft block
# on one changes nothing on the other, not even a firmware call.

scenario_two_devices_independent() {
	use_device 2
	set_regs $R_SWITCH
	use_device 1
	start_with $R_SWITCH
	expect_up "first device"
	use_device 2
	expect_up "second device"

	use_device 1
	reset_counts
	use_device 2
	switch_off
	notify 0x90	# the off state shows at the next look
	wait_for 50 rfkill_is "unblocked blocked"
	expect_rfkill "unblocked blocked" "second device switched off"
	use_device 1
	expect_up "first device while the second switched off"
	expect_counts "BTST=0 AUSB=0 DUSB=0 BTPO=0 BTPF=0" "first device's firmware"

	soft_block
	wait_for 50 regs_are $R_SWITCH
	expect_rfkill "blocked unblocked" "first device soft-blocked"
	use_device 2
	reset_counts
	switch_on
	expect_up "second device switched on"
	use_device 1
	expect_regs $R_SWITCH "first device stays blocked"
	expect_rfkill "blocked unblocked" "first device stays blocked"
	soft_unblock
	expect_up "first device unblocked"
}
