# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# Two real devices (the first with an EISA ID) and a fake one whose _STA
# says it is absent: both real ones bound; the fake one gets no device to
# bind to, so nothing binds to it and nothing is logged about it, and its
# BTST (counted on the first device) is never called. The older models
# beside them (TOS6205:02 to :04) are the files 40 and 50's.

# bound N: device N has a driver bound, on any bus (the in-tree driver
# calls itself "Toshiba BT").
bound() {
	[ -n "$(find /sys/bus/*/drivers/*/ -maxdepth 1 -name "TOS6205:0$(($1 - 1))" 2>/dev/null)" ]
}

scenario_two_bound_fake_skipped() {
	use_device 1
	# polling off: the counts are the load's, however slow the kernel
	start_with $R_SWITCH
	expect_up "the EISA-ID device after load"
	expect_counts "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "load, the fake device beside"
	bound 1 && bound 2 || fail "expected the driver bound to both real devices"
	use_device 2
	has_rfkill || fail "expected an rfkill device for each real device"
	expect_rfkill "unblocked blocked" "second device, switch off"
	# The five real devices come first: the fake one would be the sixth.
	! bound 6 || fail "a driver is bound to the absent device"
	[ "$(log_count "TOS6205:05")" -eq 0 ] ||
		fail "the absent device is in the kernel log"
	if [ "$DRIVER" = ours ]; then
		dmesg | grep -e toshiba_bluetooth -e TOS6205 | grep -v -e "TOS6205:0[2-4]" |
			grep -v -e "switch on, radio on" -e "switch off, radio off" > /tmp/other
		[ -s /tmp/other ] && fail "log lines other than the two probes':" &&
			sed 's/^/#   /' /tmp/other | tee -a "$RESULTS" > /dev/null
	fi
}
