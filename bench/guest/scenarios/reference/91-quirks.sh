# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# BTST quirks, and firmware that acts on its own (quirks, chosen per
# scenario).

scenario_btst_gated_lazy_junk() {
	use_quirks $((Q_BTST_GATED | Q_BTST_LAZY | Q_BTST_JUNK))
	# The registers say "up", but the first BTST initialises them down.
	start_with $R_UP
	expect_up "after load"
	expect_counts "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "load: acts on what BTST returned"
	switch_off
	notify 0x90	# polling is off: make the driver look
	wait_for 50 rfkill_is "unblocked blocked"
	expect_rfkill "unblocked blocked" "switch off; BTST reports junk and nothing else"
	switch_on
	expect_up "switch-on event"
	rfkill block bluetooth
	wait_for 50 regs_are $R_SWITCH
	expect_rfkill "blocked unblocked" "soft block"
	rfkill unblock bluetooth
	expect_up "soft unblock"
}

# The firmware attaches and powers the radio before it notifies, and the
# notification is Bus Check (0x00), a system notification. The driver
# must still see it (polling is off here) and call nothing but BTST.
scenario_powers_itself_with_bus_check() {
	local id
	use_quirks $((Q_POWERS_ITSELF | Q_BUS_CHECK))
	start_with 0
	expect_rfkill "unblocked blocked" "switch off at load"
	id=$(rfkill_id)
	reset_counts
	switch_on
	wait_for 50 rfkill_is "unblocked unblocked"
	settle
	expect_rfkill "unblocked unblocked" "after the Bus Check"
	expect_regs $R_UP "the firmware powered the radio itself"
	expect_counts "BTST=1 AUSB=0 DUSB=0 BTPO=0 BTPF=0" "nothing to do but look"
	# The ACPI core rescans on Bus Check; the device must stay bound.
	[ "$(rfkill_id)" = "$id" ] || fail "rfkill device replaced after Bus Check"
}
