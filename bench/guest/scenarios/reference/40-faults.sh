# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# Firmware faults, switched on through the bench-control device: each gets
# one log line naming the method, the device stays bound and usable, and
# the next event after the fault is gone recovers.

set_fault() { fire "$CTL.SETF $1"; }

# The AML errors are provoked on purpose; the interpreter logs them.
AML_FAULTS='Divide by zero|AE_AML_DIVIDE_BY_ZERO'

# event_twice: two events, each waited for, to see that a repeated failure
# is not logged again.
event_twice() {
	notify 0x90
	settle
	notify 0x90
	settle
}

scenario_btst_faults() {
	local f what before
	ALLOW_ACPI_ERROR=$AML_FAULTS
	start_with $R_SWITCH
	for f in 1:Buffer 2:String 4:Package 8:AML-error; do
		what=${f#*:}
		before=$(log_count "$DEVNAME: BTST")
		set_regs $R_SWITCH
		set_fault "${f%:*}"
		event_twice
		expect_regs $R_SWITCH "BTST returns $what: nothing is driven blind"
		if our_log; then
			[ "$(log_count "$DEVNAME: BTST")" -eq $((before + 1)) ] ||
				fail "BTST returns $what: expected one log line naming BTST"
			case $what in
			AML-error) expect_dmesg "BTST failed: AE_AML_DIVIDE_BY_ZERO" "$what" ;;
			*) expect_dmesg "BTST failed: returned a $what, not an integer" "$what" ;;
			esac
		fi
		[ -n "$(rfkill_state)" ] || fail "BTST returns $what: rfkill device gone"
		set_fault 0
		notify 0x90
		expect_up "BTST $what fault gone, next event"
	done
}

scenario_enable_method_faults() {
	local f m expect
	ALLOW_ACPI_ERROR=$AML_FAULTS
	start_with $R_SWITCH
	# AUSB failing stops the enable; BTPO failing leaves it attached.
	for f in 16:AUSB:$R_SWITCH 32:BTPO:$((R_SWITCH | R_ATTACHED)); do
		m=$(echo "$f" | cut -d: -f2)
		expect=${f##*:}
		set_regs $R_SWITCH
		set_fault "${f%%:*}"
		event_twice
		expect_regs "$expect" "$m raises an AML error"
		our_log && { [ "$(log_count "$DEVNAME: $m failed")" -eq 1 ] ||
			fail "$m raises an AML error: expected one log line naming $m"; }
		set_fault 0
		notify 0x90
		expect_up "$m fault gone, next event"
		our_log && expect_dmesg "$DEVNAME: $m works again" "$m recovery"
	done
}

# rfkill's soft state must not claim what the firmware failed to do: an
# unblock whose AUSB fails leaves the device blocked in rfkill, and an
# unblock once the fault is gone brings the radio up.
scenario_failed_unblock_keeps_the_block() {
	ALLOW_ACPI_ERROR=$AML_FAULTS
	start_with $R_SWITCH
	expect_up "after load"
	soft_block
	wait_for 50 regs_are $R_SWITCH
	expect_rfkill "blocked unblocked" "soft block"
	set_fault 16
	soft_unblock
	settle
	expect_regs $R_SWITCH "unblock with AUSB failing"
	expect_rfkill "blocked unblocked" "unblock with AUSB failing"
	set_fault 0
	soft_unblock
	expect_up "unblock with the fault gone"
}

# rfkill's first set_block carries the user's wish. If BTST fails then,
# the wish is kept: rfkill would otherwise fall back to its default
# "unblocked" and never ask again, and the next sync would enable the
# radio of a user who had blocked Bluetooth. (The in-tree driver's probe
# fails when BTST does: no device to judge.)
scenario_wish_kept_when_btst_fails_at_load() {
	ours_only || return
	ALLOW_ACPI_ERROR=$AML_FAULTS
	driver_loaded && unload_driver
	rfkill block bluetooth	# no device yet: rfkill's global state
	set_regs $R_SWITCH
	set_fault 8
	load_driver || fail "insmod failed"
	wait_for 50 has_rfkill || fail "no rfkill device after load"
	wait_for 50 rfkill_is "blocked unblocked"
	expect_rfkill "blocked unblocked" "BTST fails at load"
	set_fault 0
	notify 0x90
	settle
	expect_regs $R_SWITCH "BTST works again: the radio stays off"
	expect_rfkill "blocked unblocked" "BTST works again"
	rfkill unblock bluetooth
	expect_up "after unblock"
}
