# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# Stress, bounded in count: the full counts with bench.stress=full
# (make stress), a short version of each in make check. After each run,
# once things settle: the radio is where the switch and the last soft
# state want it, rfkill agrees, the log is clean, and the module unloads.

# count FULL SHORT
count() { if [ "$STRESS" = full ]; then echo "$1"; else echo "$2"; fi; }

# A background loop, stopped by removing its flag file.
start_loop() { touch /tmp/loop; ( while [ -e /tmp/loop ]; do "$@"; done ) & LOOP=$!; }
stop_loop() { rm -f /tmp/loop; wait "$LOOP" 2> /dev/null; }

# The end state after a stress run, and a clean unload.
expect_settled_up() {
	notify 0x90	# one last look, in case the last flip raced a sync
	expect_up "$1: settled"
	unload_driver || fail "$1: the module does not unload"
}

scenario_stress_event_bursts() {
	local bursts i=0 j
	bursts=$(count 100 10)
	start_with $R_SWITCH
	while [ $i -lt "$bursts" ]; do
		j=0
		while [ $j -lt 100 ]; do
			fire "$CTL.NTFY 0x90"
			j=$((j + 1))
		done
		switch_off
		switch_on
		i=$((i + 1))
	done
	note "$((bursts * 100)) events in $bursts bursts, a switch flip after each"
	settle
	expect_settled_up "event bursts"
}

flipper() { fire "$CTL.FLIP 0 0"; fire "$CTL.FLIP 1 1"; }

scenario_stress_soft_toggles_against_flips() {
	local n i=0 soft
	n=$(count 1000 100)
	start_with $R_SWITCH
	# Through the rfkill core's sysfs, which calls the driver as
	# /dev/rfkill does, with no exec of util-linux per toggle: more
	# toggles meet a flip for the same emulated CPU.
	find_rfkill_sysfs
	soft=$RFKILL_SYSFS/soft
	start_loop flipper
	while [ $i -lt "$n" ]; do
		echo 1 > "$soft"
		echo 0 > "$soft"
		i=$((i + 1))
	done
	stop_loop
	note "$n soft block and unblock pairs while a second process flipped the switch"
	switch_on
	settle
	expect_settled_up "soft toggles against flips"
}

scenario_stress_suspend_cycles() {
	local n i=0
	n=$(count 50 5)
	start_with $R_SWITCH
	while [ $i -lt "$n" ]; do
		# Every other cycle the switch moves while "asleep".
		[ $((i % 2)) -eq 1 ] && { switch_off; switch_on_silently; }
		suspend_resume
		i=$((i + 1))
	done
	note "$n suspend and resume cycles"
	settle
	expect_settled_up "suspend cycles"
}

scenario_stress_unbind_and_reload_under_events() {
	local n m i=0 drv
	n=$(count 200 20)
	m=$(count 50 5)
	start_with $R_SWITCH
	drv=$(bound_driver_dir)
	start_loop fire "$CTL.NTFY 0x90"
	while [ $i -lt "$n" ]; do
		echo "$DEVNAME" > "${drv}unbind"
		echo "$DEVNAME" > "${drv}bind"
		i=$((i + 1))
	done
	i=0
	while [ $i -lt "$m" ]; do
		unload_driver || fail "rmmod $i failed"
		load_driver || fail "insmod $i failed"
		i=$((i + 1))
	done
	stop_loop
	note "$n unbind and bind, then $m rmmod and insmod, under a stream of events"
	wait_for 50 has_rfkill || fail "no rfkill device at the end"
	settle
	expect_settled_up "unbind and reload under events"
}
