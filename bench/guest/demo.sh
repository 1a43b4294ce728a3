# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# `make demo`: the article's story on the virtual Toshiba, narrated on the
# console. Sourced by init after lib.sh.

say() { printf '\n\033[1m== %s\033[0m\n' "$*" > /dev/console; }
show() {
	local r
	r=$(regs)
	printf '   registers 0x%02x: switch=%d attached=%d powered=%d\n' "$r" \
		$(((r & R_SWITCH) != 0)) $(((r & R_ATTACHED) != 0)) \
		$(((r & R_POWERED) != 0)) > /dev/console
	printf '   rfkill list:\n' > /dev/console
	if [ -z "$(rfkill_state)" ]; then
		echo "     (no Toshiba rfkill device)" > /dev/console
	else
		rfkill list 2>&1 | sed 's/^/     /' > /dev/console
	fi
}
uptime_ms() { awk '{ printf "%d", $1 * 1000 }' /proc/uptime; }
calls() { printf '   AML calls made: %s\n' "$(counts)" > /dev/console; }

say "The virtual Toshiba booted: kernel $(uname -r), TOS6205 firmware loaded"
set_regs $R_SWITCH
echo "   The switch is on, but the firmware left the radio detached and" \
	"unpowered: Bluetooth is missing." > /dev/console
show

[ "$DRIVER" = ours ] && who="our driver" || who="the in-tree driver"
say "Loading toshiba_bluetooth, $who"
reset_counts
load_driver
wait_for 50 regs_are $R_UP
settle
dmesg | grep -E 'toshiba_bluetooth|TOS6205' | tail -n 2 | sed 's/^/   /' > /dev/console
calls
show

say "Flipping the kill switch off: the radio vanishes, no event is sent"
switch_off
wait_for 80 rfkill_is "unblocked blocked"
echo "   The driver's poll noticed the switch and reported a hard block." > /dev/console
show

say "Flipping the switch back on: the firmware sends Notify (BT, 0x90)"
reset_counts
t0=$(uptime_ms)
switch_on
wait_for 100 regs_are $R_UP
t1=$(uptime_ms)
settle
echo "   Bluetooth back after $((t1 - t0)) ms (emulated, under TCG)" > /dev/console
calls
show

say "Suspend; the switch goes off and on while asleep (no event); resume"
switch_off
switch_on_silently
reset_counts
suspend_resume
wait_for 50 regs_are $R_UP
settle
calls
show

say "rfkill block bluetooth"
rfkill block bluetooth
wait_for 50 regs_are $R_SWITCH
show

say "rfkill unblock bluetooth"
rfkill unblock bluetooth
wait_for 50 regs_are $R_UP
show

if [ "$(regs)" -eq $R_UP ]; then
	say "Done: Bluetooth is up, as the switch and the user want."
	echo "ok 1 - demo ends with the radio up" >> "$RESULTS"
	NPASS=1
else
	say "Done, but the radio is not up"
	echo "not ok 1 - demo ends with the radio up" >> "$RESULTS"
	NFAIL=1
fi
