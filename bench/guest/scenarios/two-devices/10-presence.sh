# SPDX-License-Identifier: GPL-2.0
# Two real devices (the first with an EISA ID) and a fake one whose _STA
# says it is absent: both real ones bound, the fake one skipped with one
# line, and the fake's BTST (counted on the first device) never called.

SCENARIOS="$SCENARIOS two_bound_fake_skipped"
scenario_two_bound_fake_skipped() {
	use_device 1
	# polling off: the counts are the load's, however slow the kernel
	start_with $R_SWITCH poll_ms=0
	expect_up "the EISA-ID device after load"
	expect_counts "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "load, the fake device beside"
	[ "$(rfkill -rn -o DEVICE | grep -c Toshiba)" -eq 2 ] ||
		fail "expected two Toshiba rfkill devices, one per real device"
	[ "$(log_count "not present")" -eq 1 ] ||
		fail "expected one info line about the fake device"
	use_device 2
	expect_rfkill "unblocked blocked" "second device, switch off"
}
