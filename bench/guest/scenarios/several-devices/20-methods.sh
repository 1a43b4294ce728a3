# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# Methods that are not what their names say. The driver still calls them
# in the established order (AUSB then BTPO; BTPF then DUSB), each once,
# and ends in the wanted state.

quirky_methods() {	# quirky_methods DEVICE WHAT
	use_device "$1"
	set_regs $R_SWITCH
	reset_counts
	notify 0x90
	expect_up "$2: enable"
	settle
	expect_counts "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "$2: enable"
	reset_counts
	soft_block
	wait_for 50 regs_are $R_SWITCH
	expect_regs $R_SWITCH "$2: soft block"
	settle
	expect_counts "BTST=1 AUSB=0 DUSB=1 BTPO=0 BTPF=1" "$2: soft block"
	soft_unblock
	expect_up "$2: soft unblock"
}

scenario_methods_not_what_they_say() {
	use_device 1
	start_with $R_SWITCH
	use_device 2
	set_regs $R_SWITCH
	quirky_methods 1 "AUSB empty, BTPO attaches; BTPF sleeps, DUSB powers off"
	quirky_methods 2 "AUSB powers too; BTPO needs the radio attached"
}
