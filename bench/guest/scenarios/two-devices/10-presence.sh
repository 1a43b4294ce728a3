# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# Two real devices (the first with an EISA ID) and a fake one whose _STA
# says it is absent: both real ones bound; the fake one gets no device to
# bind to, so nothing binds to it and nothing is logged about it, and its
# BTST (counted on the first device) is never called.

# How many TOS6205 devices have a driver bound, on any bus (the in-tree
# driver calls itself "Toshiba BT").
bound_devices() {
	find /sys/bus/*/drivers/*/ -maxdepth 1 -name 'TOS6205:*' 2>/dev/null | wc -l
}

scenario_two_bound_fake_skipped() {
	use_device 1
	# polling off: the counts are the load's, however slow the kernel
	start_with $R_SWITCH poll_ms=0
	expect_up "the EISA-ID device after load"
	expect_counts "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "load, the fake device beside"
	[ "$(rfkill -rn -o DEVICE | grep -c Toshiba)" -eq 2 ] ||
		fail "expected two Toshiba rfkill devices, one per real device"
	[ "$(bound_devices)" -eq 2 ] ||
		fail "expected the driver bound to 2 devices, not $(bound_devices)"
	[ "$(log_count "TOS6205:02")" -eq 0 ] ||
		fail "the absent device is in the kernel log"
	if [ "$DRIVER" = ours ]; then
		dmesg | grep -e toshiba_bluetooth -e TOS6205 |
			grep -v -e "switch on, radio on" -e "switch off, radio off" > /tmp/other
		[ -s /tmp/other ] && fail "log lines other than the two probes':" &&
			sed 's/^/#   /' /tmp/other | tee -a "$RESULTS" > /dev/null
	fi
	use_device 2
	expect_rfkill "unblocked blocked" "second device, switch off"
}
