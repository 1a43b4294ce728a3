# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# Helpers for scenarios, sourced by the guest's init (busybox ash).
#
# The firmware is driven through acpi_call; every assertion reads real
# state: the emulated registers, the firmware's call counters, rfkill as
# util-linux reports it, and the kernel log.

RESULTS=/dev/ttyS1

# param NAME: bench.NAME's value on the kernel command line (the runner
# puts the boot's driver, table, scenarios and mode there).
param() { tr ' ' '\n' < /proc/cmdline | sed -n "s/^bench\.$1=//p"; }
DRV=/lib/modules/toshiba_bluetooth.ko
# The device under test and its control panel; use_device switches them.
DEVNAME=TOS6205:00
CTL=\\_SB.BTCT

# use_device N: the Nth TOS6205 of the table (1: BT/BTCT, 2: BT2/BTC2, ...).
use_device() {
	DEVNAME=TOS6205:0$(($1 - 1))
	if [ "$1" -eq 1 ]; then CTL=\\_SB.BTCT; else CTL=\\_SB.BTC$1; fi
	DEBUGFS_STATE=/sys/kernel/debug/toshiba_bluetooth/$DEVNAME/state
}

# Register byte 0 of the emulated embedded controller.
R_ATTACHED=1	# BTDT, bit 0
R_POWERED=2	# BTPW, bit 1
R_SWITCH=16	# BTSW, bit 4
R_UP=$((R_SWITCH | R_ATTACHED | R_POWERED))

# Evaluate an ACPI method with acpi_call; its result into ACALL. acpi_call
# answers a read smaller than its result with nothing, so busybox ash's
# read, a byte at a time, cannot take it: there, one helper process.
# bash's read of a file asks for 4096 bytes at once and drops the closing
# NUL: a runner in bash sets ACALL_BY_READ. Under TCG every process costs
# milliseconds of emulated CPU in the loops that look.
acall_into() {
	echo "$*" > /proc/acpi/call
	if [ -n "${ACALL_BY_READ:-}" ]; then
		read -r ACALL < /proc/acpi/call || :
	else
		ACALL=$(tr -d '\000' < /proc/acpi/call)
	fi
}
# The same, printed.
acall() { acall_into "$@"; echo "$ACALL"; }
# Evaluate one for its effect: no result read.
fire() { echo "$*" > /proc/acpi/call; }
# An integer result (acpi_call prints them in hex) into ACALL, in
# decimal; fails on anything else, such as an error.
acall_int() {
	acall_into "$@" || return 1
	case $ACALL in
	0x[0-9a-fA-F]*) ACALL=$((ACALL)) ;;
	*) return 1 ;;
	esac
}

regs() { acall_int "$CTL.REGS" && echo "$ACALL"; }
# Firmware that keeps its own state (shadow bits) is made consistent with it.
set_regs() { fire "$CTL.WREG $1"; }
# The radio's enable line drops behind the firmware's back.
drop_line() { fire "$CTL.DROP"; }
# What the firmware does around the next suspend_resume (SLPM bits in
# bench/firmware/tos6205.asi).
set_sleep_effects() { fire "$CTL.SLPE $1"; }
# Firmware whose BTST bits are shadows (SHAD in bench/firmware/tos6205.asi).
use_shadow_bits() { fire "$CTL.SHAD 1"; }
# use_quirks BITS: firmware with these quirks (QURK in tos6205.asi), until
# the next scenario; choose them before start_with, as probe sees them.
Q_BUS_CHECK=1		# switch-on notifies 0x00, not 0x90
Q_OFF_EVENT=2		# switch-off notifies 0x80
Q_SILENT=4		# neither edge notifies
Q_POWERS_ITSELF=8	# switch-on attaches and powers, then notifies
Q_BTST_GATED=16		# BTST: attached and powered only while on
Q_BTST_LAZY=32		# the first BTST initialises the EC bits
Q_BTST_JUNK=64		# BTST sets other bits
Q_AUSB_NOTIFIES=128	# AUSB notifies 0x80 once it has attached
Q_ENABLE_NOISE=256	# an unrelated 0x88 is notified while BTPO runs
use_quirks() { fire "$CTL.QURK $1"; }
# Slow firmware: every method takes a Mutex and sleeps 500 ms (longer on
# a slower kernel, bench.slow), one call at a time.
use_slow_firmware() { fire "$CTL.SDLY $((500 * ${SLOW:-1}))"; }
flip() { fire "$CTL.FLIP $1 $2"; }	# flip ON|OFF EVENT
switch_on() { flip 1 1; }
switch_on_silently() { flip 1 0; }
switch_off() { flip 0 0; }
flip_counted() { fire "$CTL.FLRS $1 $2"; }	# counters reset first
notify() { fire "$CTL.NTFY $1"; }
# The firmware's call counters to zero, and the count of rfkill's polls.
reset_counts() { fire "$CTL.CRST"; reset_polls; }

# Firmware call counters as "BTST=n AUSB=n DUSB=n BTPO=n BTPF=n".
counts() {
	local v IFS=', '
	acall_into "$CTL.CNTS"
	v=${ACALL#\[}
	# shellcheck disable=SC2086 # split on IFS: the five counters
	set -- ${v%\]}
	printf 'BTST=%d AUSB=%d DUSB=%d BTPO=%d BTPF=%d\n' "$1" "$2" "$3" "$4" "$5"
}

# The rfkill ID of the device under test into RFKILL_ID (empty when it
# has none): only sysfs says which device an rfkill belongs to, and both
# drivers name theirs "Toshiba Bluetooth". Read with no helper process.
find_rfkill_id() {
	RFKILL_ID=
	find_rfkill_sysfs
	[ -z "$RFKILL_SYSFS" ] || read -r RFKILL_ID < "$RFKILL_SYSFS/index"
}
rfkill_id() { find_rfkill_id; echo "$RFKILL_ID"; }

# The device's rfkill state as "SOFT HARD" (blocked/unblocked each), or
# nothing when there is none, from `rfkill list` (the demo shows it).
rfkill_state() {
	local out IFS='
 '
	find_rfkill_id
	[ -n "$RFKILL_ID" ] || return 0
	out=$(rfkill -rn -o ID,SOFT,HARD 2>/dev/null)
	# shellcheck disable=SC2086 # split into words: three per device
	set -- $out
	while [ $# -ge 3 ]; do
		[ "$1" != "$RFKILL_ID" ] || { echo "$2 $3"; return 0; }
		shift 3
	done
}

# Assertions take util-linux's view from one `rfkill event` that runs for
# the whole boot: under TCG a new rfkill process for each one cost more
# than the assertion itself. A shell loop, builtins
# only, keeps each rfkill device's last reported state, "SOFT HARD", in
# $RFKILL_EVENTS/IDX ("removed" once it is gone; IDs are never reused),
# and rfkill's lines in $RFKILL_EVENTS/log.
RFKILL_EVENTS=/tmp/rfkill-events
start_rfkill_events() {
	mkdir -p "$RFKILL_EVENTS"
	rfkill event 2>&1 | while read -r line; do
		echo "$line" >> "$RFKILL_EVENTS/log"
		# shellcheck disable=SC2086 # "TIME: idx I type T op O soft S hard H"
		set -- $line
		idx='' op='' soft='' hard=''
		while [ $# -ge 2 ]; do
			case $1 in
			idx) idx=$2 ;;
			op) op=$2 ;;
			soft) soft=$2 ;;
			hard) hard=$2 ;;
			esac
			shift
		done
		[ -n "$idx" ] || continue
		rfkill_words "$soft" "$hard"
		# op 1: the device is gone.
		[ "$op" != 1 ] || RFKILL_WORDS=removed
		echo "$RFKILL_WORDS" > "$RFKILL_EVENTS/$idx"
	done &
}

# rfkill_words SOFT HARD: the rfkill core's 1 or 0 for each, as
# util-linux's words, "SOFT HARD" (blocked/unblocked), into RFKILL_WORDS.
rfkill_words() {
	local s=unblocked h=unblocked
	[ "$1" != 1 ] || s=blocked
	[ "$2" != 1 ] || h=blocked
	RFKILL_WORDS="$s $h"
}

# What rfkill last reported for the device under test, into RFKILL_SAID.
# It is compared with the rfkill core's sysfs: the core sends some events
# from a work item, and the reader runs when it is scheduled, so a report
# may trail the state. rfkill_caught_up is true once the two agree.
rfkill_caught_up() {
	RFKILL_SAID=
	[ -r "$RFKILL_EVENTS/$RFKILL_ID" ] &&
		read -r RFKILL_SAID < "$RFKILL_EVENTS/$RFKILL_ID"
	[ -n "$RFKILL_SAID" ] && rfkill_is "$RFKILL_SAID"
}

# Block or unblock the device under test only.
soft_block() { find_rfkill_id && rfkill block "$RFKILL_ID"; }
soft_unblock() { find_rfkill_id && rfkill unblock "$RFKILL_ID"; }

# Load the driver under test. Neither driver has parameters.
load_driver() { insmod "$DRV"; }

unload_driver() { rmmod toshiba_bluetooth; }

driver_loaded() { grep -q '^toshiba_bluetooth ' /proc/modules; }

# Suspend and resume through pm_test: devices are suspended and resumed,
# the machine itself does not sleep. The firmware's sleep effects (SLPE)
# happen around it, as _PTS and _WAK would.
suspend_resume() {
	fire "$CTL.SLPS 1"
	echo devices > /sys/power/pm_test
	echo 0 > /sys/module/suspend/parameters/pm_test_delay
	echo "$SLEEP_STATE" > /sys/power/state
	echo none > /sys/power/pm_test
	fire "$CTL.SLPS 0"
}

# tick: wait a tenth of a second. The guest's runner (init in busybox
# ash, the system lane's in bash) names a FIFO that nothing writes
# (TICK_FIFO), and read -t waits on it with no helper process: under TCG
# a sleep process costs several times the read. Elsewhere sleep.
tick() {
	if [ -n "${TICK_FIFO:-}" ]; then
		# shellcheck disable=SC3045 # ash's and bash's read have -t; dash never gets here
		read -r -t 0.1 _ <> "$TICK_FIFO"
	else
		sleep 0.1
	fi
	return 0
}

# wait_for TENTHS CMD...: retry CMD every 0.1 s until it succeeds. The
# bound only stops a broken run; no assertion is made on the time taken.
wait_for() {
	local n=$(($1 * ${SLOW:-1}))
	shift
	while [ "$n" -gt 0 ]; do
		"$@" && return 0
		tick
		n=$((n - 1))
	done
	"$@"
}

# rfkill polls a driver every 5 s (its POLL_INTERVAL), and neither driver
# can change that. The scenarios about polling look at a window of 6 s:
# one that has no firmware call proves no polling, and a BTST within it
# proves a poll (on a sanitizer kernel, bench.slow, 6 s times it).
POLL_WINDOW=6
idle_window() { sleep $((POLL_WINDOW * ${SLOW:-1})); }
polls_in_window() { reset_counts; idle_window; btst_calls; }

# Polling, or none, over a window. The in-tree driver always polls, so
# these are asserted for our driver only.
expect_polling() {	# expect_polling WHAT
	[ "$DRIVER" = ours ] || return 0
	reset_counts
	wait_for $((POLL_WINDOW * 10)) btst_called ||
		fail "$1: no BTST in ${POLL_WINDOW} s, expected polling"
}
expect_no_polling() {	# expect_no_polling WHAT
	local n
	[ "$DRIVER" = ours ] || return 0
	n=$(polls_in_window)
	[ "$n" -eq 0 ] || fail "$1: $n firmware calls in ${POLL_WINDOW} s, expected no polling"
}

# rfkill's polls, counted outside the drivers: a kprobe on the rfkill
# core's poll work (rfkill_poll, for every rfkill device that polls)
# writes one trace line a poll. A count's BTST is then known up to the
# polls in its window. Set up once per boot (the guest's init).
TRACEFS=/sys/kernel/tracing
start_poll_count() {
	mount -t tracefs tracefs $TRACEFS 2> /dev/null
	echo 'p:bench/rfkill_poll rfkill:rfkill_poll' >> $TRACEFS/kprobe_events &&
		echo 1 > $TRACEFS/events/bench/rfkill_poll/enable
}
reset_polls() { [ ! -w $TRACEFS/trace ] || : > $TRACEFS/trace; }
# The polls since reset_counts into POLLS (empty when they cannot be
# counted).
count_polls() {
	POLLS=
	[ -r $TRACEFS/events/bench/rfkill_poll/enable ] || return 0
	POLLS=$(grep -c 'rfkill_poll:' $TRACEFS/trace)
}

regs_are() { acall_int "$CTL.REGS" && [ "$ACALL" -eq "$1" ]; }
# The rfkill core's view of the device under test, "SOFT HARD", from
# sysfs into RFKILL_CORE (empty when it has no rfkill): no helper process.
rfkill_core() {
	local s h
	RFKILL_CORE=
	find_rfkill_sysfs
	[ -n "$RFKILL_SYSFS" ] && read -r s < "$RFKILL_SYSFS/soft" &&
		read -r h < "$RFKILL_SYSFS/hard" || return 1
	rfkill_words "$s" "$h"
	RFKILL_CORE=$RFKILL_WORDS
}
# rfkill_is "SOFT HARD": the condition for waits.
rfkill_is() { rfkill_core && [ "$RFKILL_CORE" = "$1" ]; }
# The sysfs folder of the device's rfkill into RFKILL_SYSFS (empty when
# it has none): a glob, no helper process.
find_rfkill_sysfs() {
	local r
	RFKILL_SYSFS=
	for r in /sys/bus/*/devices/"$DEVNAME"/rfkill/rfkill*; do
		[ -d "$r" ] && RFKILL_SYSFS=$r
		return 0
	done
}

# Let the driver finish reacting, as the firmware sees it: our driver has
# called a method since the last notification the firmware sent (every
# event costs it a BTST; UNSN in bench-control.asi), and then the call
# counters stay still for 0.5 s. rfkill's polls (BTST) are left out of
# that comparison: they come every 5 s, whatever the driver is doing.
# Reaching the bound is a failure.
settle() {
	local prev now same=0 n=$((100 * ${SLOW:-1}))
	if [ "$DRIVER" = ours ] && [ -n "$(bound_driver_dir)" ] &&
		! wait_for 100 all_notifications_seen; then
		fail "our driver did not look at the firmware in $((10 * ${SLOW:-1})) s after its last notification ($ACALL unseen)"
		return
	fi
	prev=$(counts | cut -d' ' -f2-)
	while [ $same -lt 5 ] && [ $n -gt 0 ]; do
		tick
		now=$(counts | cut -d' ' -f2-)
		if [ "$now" = "$prev" ]; then
			same=$((same + 1))
		else
			same=0
			prev=$now
		fi
		n=$((n - 1))
	done
	[ $same -ge 5 ] ||
		fail "firmware calls did not settle in $((10 * ${SLOW:-1})) s: $now"
}

# Every notification has been followed by a firmware call.
all_notifications_seen() { acall_int "$CTL.UNSN" && [ "$ACALL" -eq 0 ]; }

# --- assertions --------------------------------------------------------

FAILED=0

fail() {
	echo "# FAIL: $*" | tee -a "$RESULTS"
	FAILED=1
}

note() { echo "# $*" | tee -a "$RESULTS"; }

expect_regs() {	# expect_regs VALUE WHAT
	local r
	r=$(regs)
	[ "$r" -eq "$1" ] || fail "$2: registers $(printf 0x%02x "$r"), expected $(printf 0x%02x "$1")"
}

# The state as rfkill reports it now: its last event for the device,
# once that agrees with the core. A report that does not catch up in
# 2 s fails, and so does a state other than expected.
expect_rfkill() {	# expect_rfkill "SOFT HARD" WHAT
	find_rfkill_id
	if [ -z "$RFKILL_ID" ]; then
		fail "$2: rfkill says 'no device', expected '$1'"
	elif ! wait_for 20 rfkill_caught_up; then
		rfkill_core
		fail "$2: rfkill says '${RFKILL_SAID:-nothing}', the rfkill core '$RFKILL_CORE'"
	elif [ "$RFKILL_SAID" != "$1" ]; then
		fail "$2: rfkill says '$RFKILL_SAID', expected '$1'"
	fi
}

# Both drivers poll on rfkill's 5 s timer, so a count's BTST may include
# polls. For our driver, each poll in the window (count_polls) may add
# one BTST: BTST must be the expected count plus at most that many, and
# exactly it when no poll came. For other drivers BTST is left out, as
# it always was, and the methods that act are still compared.
expect_counts() {	# expect_counts "BTST=1 ..." WHAT
	local c want=$1 b w
	c=$(counts)
	count_polls
	if [ "$DRIVER" = ours ]; then
		b=${c%% *} w=${want%% *}
		b=${b#BTST=} w=${w#BTST=}
		if [ "${POLLS:-0}" -gt 0 ] && [ "$b" -ge "$w" ] && [ "$b" -le $((w + POLLS)) ]; then
			note "$2: $POLLS rfkill polls in the window, BTST=$b"
			c="BTST=$w ${c#* }"
		fi
	else
		c=${c#BTST=* }
		want=${want#BTST=* }
	fi
	[ "$c" = "$want" ] || fail "$2: firmware calls '$c', expected '$want'${POLLS:+ ($POLLS rfkill polls)}"
}

expect_dmesg() {	# expect_dmesg PATTERN WHAT
	dmesg | grep -q -- "$1" || fail "$2: no kernel log line matches '$1'"
}

# Kernel log lines that fail any scenario. ALLOW_ACPI_ERROR may name a
# pattern of ACPI errors that a scenario provokes on purpose.
BAD_LOG='BUG|WARNING|Oops|Call Trace|ACPI Error|hung_task|blocked for more than'

check_log_clean() {
	local bad
	bad=$(dmesg | grep -E "$BAD_LOG")
	[ -n "$ALLOW_ACPI_ERROR" ] &&
		bad=$(echo "$bad" | grep -v -E "$ALLOW_ACPI_ERROR")
	if [ -n "$bad" ]; then
		fail "kernel log has errors:"
		echo "$bad" | sed 's/^/#   /' | tee -a "$RESULTS"
	fi
}

# --- steps shared by scenarios ----------------------------------------

# start_with REGS: unload the driver, set the emulated registers, load
# the driver and wait until it has settled.
start_with() {
	driver_loaded && unload_driver
	set_regs "$1"
	reset_counts
	load_driver || fail "insmod failed"
	wait_for 50 has_rfkill || fail "no rfkill device for $DEVNAME after load"
	settle
}

# The radio is up and rfkill agrees. A silent switch-on is found by a
# poll: the bound is that of expect_hard_blocked.
expect_up() {
	wait_for 100 regs_are $R_UP
	expect_regs $R_UP "$1"
	expect_rfkill "unblocked unblocked" "$1"
}

# Poll-based: switch-off shows within rfkill's poll interval (5 s); the
# bound adds a margin for TCG.
expect_hard_blocked() {
	wait_for 100 rfkill_is "$2 blocked"
	expect_rfkill "$2 blocked" "$1"
}

# --- the runner --------------------------------------------------------

TESTNUM=0
NPASS=0
NFAIL=0
NSKIP=0

# The guest's busy time so far, in 1/100 s, into BUSY: /proc/stat's first
# line less idle and iowait. Under TCG it is what QEMU had to emulate, as
# the guest sees it (time spent waiting for a host core counts as busy).
busy_now() {
	local c u n s i w q sq st rest
	read -r c u n s i w q sq st rest < /proc/stat
	BUSY=$((u + n + s + q + sq + st))
}

# run_scenario FILE NAME: call scenario_NAME of FILE ("-": of this file)
# and report it as one KTAP test. It runs in a subshell that has sourced
# FILE alone, so that a file's helpers, and whatever a scenario sets, stay
# its own; the outcome comes back through /tmp/outcome. The kernel log is
# cleared first, so each scenario is judged on its own.
run_scenario() {
	local file=$1 name=$2 outcome start busy
	TESTNUM=$((TESTNUM + 1))
	start=$(date +%s)
	busy_now
	busy=$BUSY
	dmesg -c > /dev/null
	echo "### scenario $name" > /dev/console
	echo fail > /tmp/outcome
	fire "$CTL.DFLT"	# the table's own firmware, no variant
	(
		FAILED=0
		SKIPPED=
		ALLOW_ACPI_ERROR=
		# shellcheck source=/dev/null # a file of bench/guest/scenarios
		[ "$file" = - ] || . "$file"
		if type "scenario_$name" > /dev/null 2>&1; then
			"scenario_$name"
		else
			fail "no scenario named $name"
		fi
		if [ -n "$SKIPPED" ]; then
			echo "skip $SKIPPED" > /tmp/outcome
		else
			check_log_clean
			[ "$FAILED" -eq 0 ] && echo pass > /tmp/outcome
		fi
	)
	outcome=$(cat /tmp/outcome)
	# Figures for whoever makes the bench faster, never an assertion.
	busy_now
	echo "# time: $(($(date +%s) - start)) s" >> "$RESULTS"
	echo "# guest CPU: $(((BUSY - busy) * 10)) ms" >> "$RESULTS"
	if [ "${outcome%% *}" = skip ]; then
		echo "ok $TESTNUM - $name # SKIP ${outcome#skip }" >> "$RESULTS"
		NSKIP=$((NSKIP + 1))
	elif [ "$outcome" = pass ]; then
		echo "ok $TESTNUM - $name" >> "$RESULTS"
		NPASS=$((NPASS + 1))
	else
		{
			echo "# kernel log of $name:"
			dmesg | tail -n 30 | sed 's/^/#   /'
			echo "not ok $TESTNUM - $name"
		} >> "$RESULTS"
		NFAIL=$((NFAIL + 1))
	fi
}

skip() { SKIPPED=$*; }

# The debug lane's last scenario: a kmemleak scan after all the others,
# failing on any leak whose backtrace is in our module (kept loaded, so
# that its symbols resolve).
scenario_kmemleak_no_leak_of_ours() {
	local f=/sys/kernel/debug/kmemleak
	[ -e $f ] || { skip "no kmemleak in this kernel"; return; }
	echo scan > $f
	sleep 5
	echo scan > $f
	cat $f > /tmp/kmemleak
	note "kmemleak: $(grep -c '^unreferenced object' /tmp/kmemleak) unreferenced objects in all"
	if grep -q -e toshiba_bluetooth -e tosbt_ /tmp/kmemleak; then
		fail "kmemleak reports a leak in toshiba_bluetooth"
		sed 's/^/#   /' /tmp/kmemleak >> "$RESULTS"
	fi
}

# --- helpers for our driver's own interfaces ----------------------------

DEBUGFS_STATE=/sys/kernel/debug/toshiba_bluetooth/$DEVNAME/state

# Scenarios about an interface only our driver has are skipped for the
# in-tree one. Use as: ours_only || return
ours_only() {
	[ "$DRIVER" = ours ] && return 0
	skip "our driver's interface"
	return 1
}

# The wording of log lines is our driver's own: other drivers' logs are
# checked for errors only (check_log_clean). Use as: our_log && expect...
our_log() { [ "$DRIVER" = ours ]; }

btst_calls() { counts | sed 's/^BTST=\([0-9]*\).*/\1/'; }

# Conditions for wait_for, which needs a command that looks again each
# time: `wait_for N test "$(...)"` would expand once and never re-read.
btst_called() { [ "$(btst_calls)" -ge 1 ]; }
# A wait's condition, as rfkill_is: the rfkill core's sysfs, no process.
has_rfkill() { find_rfkill_sysfs; [ -n "$RFKILL_SYSFS" ]; }

# How many kernel log lines match a pattern.
log_count() { dmesg | grep -c -- "$1"; }

# The sysfs folder of the driver bound to the first Toshiba device.
bound_driver_dir() {
	for d in /sys/bus/*/drivers/*/; do
		[ -e "${d}$DEVNAME" ] && { echo "$d"; return; }
	done
}
