# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# Slow firmware (every method sleeps 500 ms behind a Mutex) must not slow
# the system: neither resume nor the probe waits for the driver's
# firmware calls.
# The scenarios read the firmware's counters while its calls sleep.

done_calls() { printf '%d' "$(acall "$CTL.DONE")"; }
begun_calls() { printf '%d' "$(acall "$CTL.BGUN")"; }
# calls_begun_since N: more than N firmware calls have started.
calls_begun_since() { [ "$(begun_calls)" -gt "$1" ]; }

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
	local before begun
	ours_only || return
	driver_loaded && unload_driver
	set_regs $R_SWITCH
	# Every firmware call now waits at the gate until it opens (10 s at
	# most). insmod returns once the module's probes have ended, async
	# ones too (the module loader waits for them): had the probe waited
	# for a firmware call, one would have got through by then.
	fire "$CTL.GATE 1"
	before=$(done_calls)
	begun=$(begun_calls)
	load_driver
	[ "$(done_calls)" -eq "$before" ] ||
		fail "the probe waited for a firmware call"
	wait_for 50 calls_begun_since "$begun" ||
		fail "the driver made no firmware call after load"
	fire "$CTL.GATE 0"
	expect_up "the probe finishes later"
}
