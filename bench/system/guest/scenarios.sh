# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# The system lane's scenarios: what a user of Debian meets, from the
# package to a real suspend. The host names them per boot in bench.only
# (the [[system]] boots of bench/plan.toml), in the order of the user's path. Sourced by run.sh
# after lib.sh.

# A driver is bound to the Toshiba device.
bound() { [ -n "$(bound_driver_dir)" ]; }

# expect_module DIR WHAT: udev loaded toshiba_bluetooth, modprobe resolves
# it to the copy under /lib/modules/KVER/DIR, and the module that runs is
# that copy: the same srcversion where it has one, and the out-of-tree
# taint (O) exactly when DIR is DKMS's.
expect_module() {
	local path mod=/sys/module/toshiba_bluetooth taint
	wait_for 100 bound || { fail "$2: no driver bound to $DEVNAME"; return; }
	lsmod | grep -q '^toshiba_bluetooth ' || fail "$2: lsmod does not list toshiba_bluetooth"
	path=$(modinfo -n toshiba_bluetooth 2>&1)
	note "modinfo -n toshiba_bluetooth: $path"
	case $path in
	*"/modules/$(uname -r)/$1/"*) ;;
	*) fail "$2: modinfo -n says $path, expected the copy under $1/" ;;
	esac
	if [ -r $mod/srcversion ] &&
		[ "$(cat $mod/srcversion)" != "$(modinfo -F srcversion "$path")" ]; then
		fail "$2: the loaded module's srcversion is not that of $path"
	fi
	taint=$(cat $mod/taint)
	case $1:$taint in
	updates/dkms:*O*) ;;
	updates/dkms:*) fail "$2: the loaded module is not out of tree (taint '$taint')" ;;
	*:*O*) fail "$2: the loaded module is out of tree (taint '$taint')" ;;
	esac
	note "bound: $(bound_driver_dir), registers $(printf 0x%02x "$(regs)")"
}

scenario_in_tree_autoloaded() { expect_module kernel "in-tree module"; }
scenario_ours_autoloaded() { expect_module updates/dkms "our DKMS module"; }

# The article's machine powers on with the radio missing: ours brings it up.
scenario_radio_up_at_boot() {
	settle
	expect_up "after boot"
}

# journalctl -k shows our probe line, and the lines of the boot about us.
scenario_probe_line_in_journal() {
	journalctl -k -b -o short-monotonic --no-pager |
		grep -e toshiba_bluetooth -e TOS6205 > /tmp/journal
	sed 's/^/#   /' /tmp/journal >> "$RESULTS"
	grep -q "toshiba_bluetooth $DEVNAME: switch on, radio on" /tmp/journal ||
		fail "journalctl -k has no probe line of ours"
}

# systemd-rfkill's saved state of the device under test, into SAVED
# (empty when there is none), with the shell's read: no process, and a
# last line without its newline counts too. It keys the file by the
# device's udev ID_PATH (platform- for ours, acpi- for the in-tree
# driver's ACPI device).
saved_state() {
	local f
	SAVED=
	for f in /var/lib/systemd/rfkill/*"-$DEVNAME:bluetooth"; do
		[ -r "$f" ] && { read -r SAVED || [ -n "$SAVED" ]; } < "$f" && return 0
	done
	return 1
}
saved_is() { saved_state && [ "$SAVED" = "$1" ]; }

# The user blocks Bluetooth, and systemd-rfkill saves it: it writes its
# file when it goes idle, 5 s after the last event. A user does not
# power off within that time; the runner must not either.
scenario_block_before_reboot() {
	rfkill block bluetooth || fail "rfkill block bluetooth failed"
	wait_for 50 regs_are "$R_SWITCH"
	expect_regs "$R_SWITCH" "blocked"
	expect_rfkill "blocked unblocked" "blocked"
	wait_for 200 saved_is 1 ||
		fail "systemd-rfkill saved '$SAVED', not the block"
}

# At boot systemd-rfkill restores the block, and the radio ends off. The
# boot has rfkill.default_state=0 (bench/plan.toml): the block holds from
# the driver's probe on, and the radio must never come on, not even
# before systemd-rfkill restores the block. The firmware's calls since
# power-on show it: no AUSB, no BTPO.
scenario_block_restored_at_boot() {
	local c n=0
	grep -q 'rfkill.default_state=0' /proc/cmdline ||
		fail "the boot has no rfkill.default_state=0: $(cat /proc/cmdline)"
	# The device is blocked from its registration on, so its state says
	# nothing of systemd-rfkill: wait for the journal to show the restore
	# (a slow boot runs it after this runner has started), so that the
	# unblock that follows is not undone by it. journalctl is a process a
	# look: once a second.
	while [ $n -lt 200 ] && ! rfkill_restored; do
		sleep 1
		n=$((n + 1))
	done
	sed 's/^/#   /' /tmp/journal >> "$RESULTS"
	rfkill_restored ||
		fail "the journal does not show systemd-rfkill restoring the block"
	expect_rfkill "blocked unblocked" "after boot"
	settle
	expect_regs "$R_SWITCH" "after boot, the block restored"
	c=$(counts)
	note "firmware calls since power-on: $c"
	case $c in
	*" AUSB=0 "*" BTPO=0 "*) ;;
	*) fail "the radio was enabled in a boot with Bluetooth blocked: $c" ;;
	esac
	rfkill list bluetooth | sed 's/^/#   /' >> "$RESULTS"
}

# systemd-rfkill has restored the saved block: its journal, in /tmp/journal.
rfkill_restored() {
	journalctl -b -o short-monotonic --no-pager -u systemd-rfkill.service |
		grep -i -e "rfkill" > /tmp/journal
	grep -q "Loaded state '1'" /tmp/journal
}

scenario_unblock_brings_the_radio_up() {
	rfkill unblock bluetooth || fail "rfkill unblock bluetooth failed"
	expect_up "unblocked"
	wait_for 200 saved_is 0 ||
		fail "systemd-rfkill saved '$SAVED', not the unblock"
}

scenario_unblock_kept_at_boot() {
	settle
	expect_up "after boot, unblocked before"
}

# --- a real suspend to RAM --------------------------------------------

scenario_mem_sleep_offers_deep() {
	note "mem_sleep: $(cat /sys/power/mem_sleep), pm_test: $(cat /sys/power/pm_test 2>&1)"
	grep -q '\[deep\]' /sys/power/mem_sleep ||
		fail "/sys/power/mem_sleep does not select deep (S3)"
}

# real_suspend WHAT: systemctl suspend, woken by the RTC 5 s later; fails
# unless the kernel went through S3 itself, pm_test never in the way.
# systemctl returns before the suspend: the wait is for the kernel's count
# of suspends that have ended (/sys/power/suspend_stats), read by the
# shell, where a search of dmesg took two processes a tick. The kernel
# counts a suspend just before its last line, "PM: suspend exit".
real_suspend() {
	local before
	if ! grep -q '\[none\]' /sys/power/pm_test 2>/dev/null &&
		[ -e /sys/power/pm_test ]; then
		fail "$1: pm_test is set: $(cat /sys/power/pm_test)"
		return 1
	fi
	suspends_ended || { fail "$1: no /sys/power/suspend_stats"; return 1; }
	before=$SUSPENDS
	rtcwake -m no -s 5 > /dev/null || { fail "$1: rtcwake could not set the alarm"; return 1; }
	systemctl suspend || { fail "$1: systemctl suspend failed"; return 1; }
	wait_for 900 suspend_ended_since "$before" &&
		wait_for 10 log_has "PM: suspend exit" ||
		{ fail "$1: no suspend finished"; return 1; }
	expect_dmesg "PM: suspend entry (deep)" "$1"
	expect_dmesg "Preparing to enter system sleep state S3" "$1"
	expect_dmesg "Waking up from system sleep state S3" "$1"
	settle
}
log_has() { dmesg | grep -q -- "$1"; }
# suspends_ended: the suspends that have ended, well or not, into SUSPENDS.
suspends_ended() {
	local ok failed
	read -r ok < /sys/power/suspend_stats/success &&
		read -r failed < /sys/power/suspend_stats/fail &&
		SUSPENDS=$((ok + failed))
}
suspend_ended_since() { suspends_ended && [ "$SUSPENDS" -gt "$1" ]; }

scenario_real_suspend_keeps_the_radio() {
	real_suspend "suspend with the radio up" || return
	expect_up "after resume"
}

# The switch goes off and back on with no event, the last move just
# before sleeping, and the firmware drops the radio's enable line while
# asleep (SLPE 0x04, at \_TTS): the radio must be back after resume.
scenario_real_suspend_with_the_switch_moved() {
	switch_off
	expect_hard_blocked "switch off, no event" unblocked
	set_sleep_effects 4
	switch_on_silently
	real_suspend "suspend with the switch moved" || return
	set_sleep_effects 0
	expect_up "after resume"
}

# --- hibernation (S4) ---------------------------------------------------

# hibernate WHAT: systemctl hibernate to the swap disk (/dev/vdb, named by
# resume= on the command line). The guest writes its image and powers
# off; the runner sees "# hibernating" last on the results port and boots
# the same disks again; the initramfs restores the image, and this shell
# goes on where it stopped. Fails unless the kernel went into S4 and came
# back from the image.
hibernate() {
	grep -q '^/dev/vdb ' /proc/swaps || swapon /dev/vdb ||
		{ fail "$1: no swap on /dev/vdb"; return 1; }
	echo "# hibernating" >> "$RESULTS"
	sync
	systemctl hibernate || { fail "$1: systemctl hibernate failed"; return 1; }
	wait_for 3000 log_has "PM: hibernation: hibernation exit" ||
		{ fail "$1: the guest did not come back from hibernation"; return 1; }
	expect_dmesg "PM: hibernation: hibernation entry" "$1"
	expect_dmesg "Waking up from system sleep state S4" "$1"
	settle
}

# The switch is off when the machine hibernates and on when it is
# restored, with no event: the switch moved while the power was off. The
# power cycle took the radio's line down (SLPE 0x04) and the switch went
# on (0x08), at \_TTS (0) after the image was restored: the radio must
# come back.
scenario_hibernate_with_the_switch_turned_on() {
	switch_off
	expect_hard_blocked "switch off, no event" unblocked
	set_sleep_effects 12
	hibernate "hibernation with the switch turned on while off" || return
	set_sleep_effects 0
	expect_up "after restore"
}

# A soft block holds across hibernation and the power cycle (SLPE 0x04
# drops the radio's line): rfkill still says blocked, the firmware's
# registers say the radio is off, and an unblock brings it up.
#
# systemd-rfkill writes the state it saved to every device it is told is
# new, and it is told so when it starts; a block is what starts it when it
# is not running. On Debian 13, after a restore, a block made with rfkill
# started it and it undid the block with the state saved before (seen on
# the bench). Started first, it sees the block as a change and saves it,
# as block_before_reboot finds it: what holds across hibernation is then
# the driver's doing.
scenario_soft_block_survives_hibernation() {
	expect_up "before"
	systemctl start systemd-rfkill.service || note "systemd-rfkill did not start"
	soft_block || fail "rfkill block failed"
	wait_for 50 regs_are "$R_SWITCH"
	expect_rfkill "blocked unblocked" "blocked before hibernation"
	wait_for 200 saved_is 1 ||
		fail "systemd-rfkill saved '$SAVED', not the block"
	set_sleep_effects 4
	hibernate "hibernation with the radio soft-blocked" || return
	set_sleep_effects 0
	expect_regs "$R_SWITCH" "after restore"
	expect_rfkill "blocked unblocked" "after restore"
	soft_unblock || fail "rfkill unblock failed"
	expect_up "unblocked after restore"
}

# --- the package goes ---------------------------------------------------

# apt remove ran in this root (by chroot on the host, as the install did,
# at native speed: in the guest it was the lane's slowest step). What the
# booted system shows: dpkg no longer has the package, DKMS's copy is
# gone, and modprobe resolves the name to the kernel's own module.
scenario_package_removed() {
	local st mods
	mods=/lib/modules/$(uname -r)/updates/dkms
	st=$(dpkg-query -W -f '${Status}' toshiba-bluetooth-dkms 2>/dev/null)
	note "dpkg-query: toshiba-bluetooth-dkms: ${st:-unknown}"
	case $st in
	*" installed") fail "dpkg still has toshiba-bluetooth-dkms installed" ;;
	esac
	ls "$mods"/toshiba_bluetooth.ko* > /dev/null 2>&1 &&
		fail "apt remove left $(ls "$mods"/toshiba_bluetooth.ko*)"
	case $(modinfo -n toshiba_bluetooth 2>&1) in
	*"/modules/$(uname -r)/kernel/"*) ;;
	*) fail "after apt remove, modinfo -n says $(modinfo -n toshiba_bluetooth 2>&1)" ;;
	esac
}
