# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# The article's story: Bluetooth at load, after the switch, after resume,
# and the rfkill interface on top.

scenario_load_switch_on() {
	start_with $R_SWITCH
	expect_up "after load with the switch on"
	[ "$DRIVER" = ours ] &&
		expect_dmesg "$DEVNAME: .*radio on" "bind message"
}

scenario_load_switch_off() {
	start_with 0
	expect_regs 0 "after load with the switch off"
	expect_hard_blocked "after load with the switch off" unblocked
	case "$(counts)" in
	*"AUSB=0 DUSB=0 BTPO=0 BTPF=0") ;;
	*) fail "a method other than BTST ran with the switch off: $(counts)" ;;
	esac
}

scenario_switch_on_event() {
	start_with 0
	expect_hard_blocked "switch off at load" unblocked
	switch_on
	expect_up "after the switch-on event"
}

scenario_switch_off() {
	start_with $R_SWITCH
	expect_up "before the switch goes off"
	switch_off
	expect_regs 0 "the firmware drops the radio"
	expect_hard_blocked "after switch-off" unblocked
}

# Flipped on while the machine sleeps: no event, so only resume can
# notice. Our driver is loaded with polling off, so that nothing but the
# resume can bring the radio up; the in-tree driver's poll never enables.
scenario_resume_after_silent_switch_on() {
	start_with 0
	switch_on_silently
	settle
	expect_regs $R_SWITCH "switched on silently, before the suspend"
	suspend_resume
	expect_up "after resume"
}

scenario_rfkill_block_unblock() {
	start_with $R_SWITCH
	expect_up "before the soft block"
	rfkill block bluetooth
	wait_for 50 regs_are $R_SWITCH
	expect_regs $R_SWITCH "rfkill block powers off and detaches"
	expect_rfkill "blocked unblocked" "after rfkill block"
	rfkill unblock bluetooth
	expect_up "after rfkill unblock"
}

scenario_unload_reload() {
	start_with $R_SWITCH
	expect_up "before unload"
	unload_driver || fail "rmmod failed"
	expect_regs $R_UP "unloading leaves the radio as it is"
	[ -z "$(rfkill_state)" ] || fail "rfkill device left behind by rmmod"
	load_driver || fail "insmod after rmmod failed"
	wait_for 50 has_rfkill || fail "no rfkill device after reload"
	expect_up "after reload"
}
