# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# Slow firmware (every method sleeps 500 ms behind a Mutex) must not slow
# the system: resume does not wait for the driver's firmware calls, and
# with async_probe the module load returns before the probe's calls end.
# The scenarios read the firmware's counters while its calls sleep.

done_calls() { printf '%d' "$(acall "$CTL.DONE")"; }

# A file is sourced for each of its scenarios, after the firmware's
# variants are reset: every scenario here has slow firmware.
use_slow_firmware

scenario_slow_firmware_works() {
	start_with $R_SWITCH
	expect_up "after load"
	switch_off
	expect_hard_blocked "switch off" unblocked
	switch_on
	expect_up "switch-on event"
}

scenario_slow_resume_does_not_wait() {
	local before after us
	# polling off: a poll in flight at suspend would finish during it
	start_with $R_SWITCH
	expect_up "before suspend"
	echo 1 > /sys/power/pm_print_times
	before=$(done_calls)
	suspend_resume
	after=$(done_calls)
	echo 0 > /sys/power/pm_print_times
	# Report the resume callbacks of the device (ours: the platform
	# device; the in-tree driver: the ACPI device), in microseconds.
	us=$(dmesg | sed -n "s/.* $DEVNAME: .* returned 0 after \([0-9]*\) usecs.*/\1/p" |
		sort -n | tail -n 1)
	[ -n "$us" ] || fail "no resume callback time for $DEVNAME in the log"
	note "resume callback of $DEVNAME: $us us (driver: $DRIVER)"
	# The resume sync costs a 500 ms BTST; none had finished by the time
	# the system was back: resume did not wait for it.
	[ "$after" -eq "$before" ] ||
		fail "a firmware call finished during resume ($before -> $after)"
	expect_up "after resume"
}

scenario_slow_probe_is_async() {
	ours_only || return
	driver_loaded && unload_driver
	set_regs $R_SWITCH
	before=$(done_calls)
	load_driver async_probe=1
	[ "$(done_calls)" -eq "$before" ] ||
		fail "insmod waited for the probe's firmware calls"
	expect_up "the probe finishes later"
}
