# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# The interfaces around the sync: rfkill events, polling policy, unbind,
# and our diagnostics.

# Reading /dev/rfkill (through `rfkill event`) shows the switch flipping;
# the silent switch-off is found by rfkill's poll. The events are the
# boot's reader's (start_rfkill_events): each expectation waits until it
# has caught up.
scenario_rfkill_events_follow_the_switch() {
	local mark
	start_with $R_SWITCH
	expect_up "before the flips"
	mark=$(wc -l < "$RFKILL_EVENTS/log")
	switch_off
	expect_hard_blocked "after switch-off" unblocked
	switch_on
	expect_up "after switch-on"
	sed -n "$((mark + 1)),\$p" "$RFKILL_EVENTS/log" |
		grep " idx $RFKILL_ID type 2 op 2 " > /tmp/events
	grep -q 'soft 0 hard 1' /tmp/events ||
		fail "no change event with the hard block set"
	tail -n 1 /tmp/events | grep -q 'hard 0' ||
		fail "the last change event does not clear the hard block"
	sed 's/^/#   /' /tmp/events | tee -a "$RESULTS" > /dev/null
}

# The firmware notifies the on-edge only. Before it has shown that, the
# driver polls in both switch positions; afterwards, only while the
# switch is on (the off-edge is never notified).
scenario_poll_only_for_unnotified_edges() {
	start_with 0
	expect_polling "switch off, nothing learned yet"
	switch_on
	expect_up "after the switch-on event"
	switch_off
	expect_hard_blocked "after switch-off" unblocked
	expect_no_polling "switch off after an on-edge event"
	switch_on
	expect_up "after the second switch-on event"
	expect_polling "switch on, polling for the off-edge"
}

# A poll can read the switch between the firmware's change and its Notify.
# The event that follows finds nothing new, and the enable calls the sync
# made could have sent it: it proves nothing, and the switch-off that
# follows is still polled for while the switch is off. rfkill's syncs
# stand in for the poll here, so that the order is certain.
scenario_event_after_a_polled_edge_proves_nothing() {
	ours_only || return
	start_with 0
	soft_block
	switch_on_silently
	soft_unblock	# this sync finds the on-edge, and enables
	expect_up "a sync without an event found the switch on"
	notify 0x90	# the late Notify of that edge
	settle
	grep -q '^notifies: on=0 ' $DEBUGFS_STATE ||
		fail "an event after a polled edge was credited to switch-on"
	switch_off
	soft_block	# a sync that finds the silent switch-off
	expect_hard_blocked "after switch-off" blocked
	expect_polling "switch off after a late on-edge event"
	soft_unblock
	switch_on_silently
	expect_up "a silent switch-on is found"
}

# An edge found at resume may have been made in sleep: an event after it
# (here 0x90, as a _WAK could send) is not taken for a switch-off event.
# If it were, the switch-off would count as notified and go unpolled.
scenario_event_after_resume_is_not_credited() {
	ours_only || return
	start_with $R_SWITCH
	expect_up "before suspend"
	switch_off	# while "asleep": no event for it
	suspend_resume
	expect_hard_blocked "switch-off seen at resume" unblocked
	reset_counts
	notify 0x90
	wait_for 50 btst_called || fail "the event after resume was not handled"
	switch_on_silently
	notify 0x80	# another code: the driver looks again and sees the on-edge
	expect_up "switch on"
	switch_off
	expect_hard_blocked "a silent switch-off is still polled for" unblocked
}

# A switch-on event whose sync finds the switch already off again must not
# be taken for a switch-off event: the off-edge is still polled for.
scenario_stale_event_keeps_off_polling() {
	start_with 0
	switch_on
	expect_up "switch-on event: the on-edge is notified"
	fire "$CTL.BNCE"
	expect_hard_blocked "on and off again, one stale event" unblocked
	switch_on
	expect_up "switch-on event after the stale one"
	switch_off
	expect_hard_blocked "a silent switch-off is still polled for" unblocked
}

# Unbinding through sysfs leaves the radio alone; binding again brings
# back rfkill, the event handler and the poll that finds the silent
# switch-off.
scenario_unbind_bind() {
	local drv
	start_with $R_SWITCH
	expect_up "before unbind"
	drv=$(bound_driver_dir)
	[ -n "$drv" ] || { fail "no driver bound to $DEVNAME"; return; }
	echo $DEVNAME > "${drv}unbind"
	expect_regs $R_UP "unbinding leaves the radio as it is"
	[ -z "$(rfkill_state)" ] || fail "rfkill device left behind by unbind"
	echo $DEVNAME > "${drv}bind"
	wait_for 50 has_rfkill || fail "no rfkill device after bind"
	switch_off
	expect_hard_blocked "switch-off after bind" unblocked
	switch_on
	expect_up "switch-on event after bind"
}

scenario_debugfs_state() {
	ours_only || return
	start_with $R_SWITCH
	expect_up "after load"
	notify 0x90
	settle
	grep -q '^btst: 0xc1 switch=1 attached=1 powered=1$' $DEBUGFS_STATE ||
		fail "debugfs does not decode BTST 0xc1"
	grep -q '^soft_blocked: 0$' $DEBUGFS_STATE || fail "debugfs soft state"
	# The off-edge is not notified: polling goes on while the switch is on.
	grep -q '^notifies: on=0 off=0$' $DEBUGFS_STATE || fail "debugfs notifies"
	grep -q '^polling: 1$' $DEBUGFS_STATE || fail "debugfs polling"
	sed 's/^/#   /' $DEBUGFS_STATE | tee -a "$RESULTS" > /dev/null
}

scenario_dynamic_debug_transitions() {
	ours_only || return
	start_with 0
	echo 'module toshiba_bluetooth +p' > /sys/kernel/debug/dynamic_debug/control
	switch_on
	expect_up "after the switch-on event"
	echo 'module toshiba_bluetooth -p' > /sys/kernel/debug/dynamic_debug/control
	for line in "notification 0x90" "switch turned on (event 0x90)" \
		"attaching the USB radio" "powering the radio on"; do
		expect_dmesg "$DEVNAME: $line" "dynamic debug"
	done
}
