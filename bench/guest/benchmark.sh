# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# `make bench`, guest side: measure one driver with its default parameters
# and write "data KEY VALUE..." lines to the results port. Sourced by init
# after lib.sh. The counts come from the firmware's own counters, so both
# drivers are measured the same way.

REPS=3		# repetitions per event; the median is reported
IDLE_S=60	# one idle window, in seconds of guest time
WINDOWS=2	# idle windows per switch position
FLIPS=200	# switch-on events timed

data() { echo "data $*" >> "$RESULTS"; }

# The median of each counter over the lines of a file of counts().
median_counts() {
	local k mid=$(((REPS + 1) / 2))
	for k in BTST AUSB DUSB BTPO BTPF; do
		printf '%s=%s ' "$k" "$(sed "s/.*$k=\([0-9]*\).*/\1/" "$1" |
			sort -n | sed -n "${mid}p")"
	done
}

# measure NAME: REPS times prep_NAME, reset the counters, act_NAME, and
# count what the firmware saw until the driver settles.
measure() {
	local i
	: > /tmp/counts
	for i in $(seq $REPS); do
		"prep_$1"
		settle
		reset_counts
		"act_$1"
		settle
		counts >> /tmp/counts
	done
	data calls "$1" $(median_counts /tmp/counts)
}

up_for_sure() { switch_on; wait_for 30 regs_are $R_UP; set_regs $R_UP; }
off_seen() { switch_off; wait_for 80 rfkill_is "unblocked blocked"; }

prep_load_switch_on() { driver_loaded && unload_driver; set_regs $R_SWITCH; }
act_load_switch_on() { load_driver; wait_for 30 regs_are $R_UP; }
prep_load_radio_up() { driver_loaded && unload_driver; set_regs $R_UP; }
act_load_radio_up() { load_driver; wait_for 30 has_rfkill; }
prep_switch_on_event() { off_seen; }
act_switch_on_event() { switch_on; wait_for 30 regs_are $R_UP; }
prep_switch_off() { up_for_sure; }
act_switch_off() { off_seen; }
prep_resume_nothing_changed() { up_for_sure; }
act_resume_nothing_changed() { suspend_resume; }
prep_resume_after_switch_on_asleep() { off_seen; switch_on_silently; }
act_resume_after_switch_on_asleep() { suspend_resume; wait_for 30 regs_are $R_UP; }
prep_soft_block() { up_for_sure; }
act_soft_block() { rfkill block bluetooth; wait_for 30 regs_are $R_SWITCH; }
prep_soft_unblock() { up_for_sure; rfkill block bluetooth; wait_for 30 regs_are $R_SWITCH; }
act_soft_unblock() { rfkill unblock bluetooth; wait_for 30 regs_are $R_UP; }
prep_event_all_up() { up_for_sure; }
act_event_all_up() { notify 0x90; }

data kernel "$(uname -r)"
data driver "$DRIVER"

# Load to radio up: the helper times finit_module() to the radio up.
: > /tmp/load
for i in $(seq $REPS); do
	driver_loaded && unload_driver
	set_regs $R_SWITCH
	/bin/reaction load "$DRV" >> /tmp/load
done
data load_to_up_us $(sort -n /tmp/load | sed -n "$(((REPS + 1) / 2))p")

for e in load_switch_on load_radio_up switch_on_event switch_off resume_nothing_changed \
	resume_after_switch_on_asleep soft_block soft_unblock event_all_up; do
	measure $e
done

# Reaction time: switch-on event to radio up, FLIPS times.
up_for_sure
off_seen
/bin/reaction flips $FLIPS > /tmp/flips
data reaction_us $(cat /tmp/flips)

# Idle: nothing happens for IDLE_S seconds, in each switch position.
for pos in on off; do
	if [ $pos = on ]; then up_for_sure; else off_seen; fi
	for w in $(seq $WINDOWS); do
		settle
		reset_counts
		sleep $IDLE_S
		data idle "$pos" "$w" $(counts)
	done
done
echo "ok 1 - benchmark of the $DRIVER driver" | sed 's/the ours/our/' >> "$RESULTS"
NPASS=1
