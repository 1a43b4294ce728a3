# SPDX-License-Identifier: GPL-2.0
# The ID as an EISA ID, and a fake TOS6205 with _STA 0 beside the real one.

SCENARIOS="$SCENARIOS eisa_id_binds_fake_is_skipped"
scenario_eisa_id_binds_fake_is_skipped() {
	start_with $R_SWITCH
	expect_up "the EISA-ID device after load"
	# The fake device's BTST counts too: it must not be called.
	expect_counts "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" "load with a fake device beside"
	[ "$(rfkill -rn -o DEVICE | grep -c Toshiba)" -eq 1 ] ||
		fail "expected one Toshiba rfkill device"
	[ "$(log_count "not present")" -eq 1 ] ||
		fail "expected one info line about the fake device"
}
