# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# acpi-survey on this machine's own tables, as an owner would run it: no
# arguments, as root, reading /sys/firmware/acpi/tables (QEMU's DSDT and
# the virtual Toshiba's SSDT, as the kernel loaded them).

scenario_acpi_survey_reads_this_machine() {
	acpi-survey > /tmp/survey.txt 2>&1 ||
		{ fail "acpi-survey failed: $(tail -n 1 /tmp/survey.txt)"; return; }
	grep -q '^  DSDT .*/sys/firmware/acpi/tables/DSDT$' /tmp/survey.txt ||
		fail "the report does not list the DSDT"
	grep -q '^  SSDT  TOSBT  REFERENC .*/sys/firmware/acpi/tables/SSDT' /tmp/survey.txt ||
		fail "the report does not list the virtual Toshiba's SSDT"
	sed -n '/^Vendor-specific/,/^$/p' /tmp/survey.txt | grep -q '_HID TOS6205' ||
		fail "TOS6205 is not on the vendor-specific shortlist"
	acpi-survey --device TOS6205 > /tmp/device.txt 2>&1 ||
		{ fail "acpi-survey --device TOS6205 failed"; return; }
	grep -qF 'returns otherwise: BTSW | BTDT << 6 | BTPW << 7' /tmp/device.txt ||
		fail "BTST's return expression is not in the report"
	grep -qF 'Notify (BT, 0x90) in \_SB.BT.SWCH' /tmp/device.txt ||
		fail "the Notify (BT, 0x90) site is not in the report"
	sed -n '/^Vendor-specific/,/^$/p' /tmp/survey.txt | sed '/^$/d; s/^/#   /' | tee -a "$RESULTS" > /dev/null
}
