#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# The system lane's runner, started by bench-system.service once Debian
# has booted: run the scenarios that bench.only names, in its order, with
# the busybox lane's helpers (lib.sh), write KTAP to the second serial
# port, and power off through systemd, so that shutdown runs as it does
# for a user (systemd-rfkill saves the soft-block state then).

param() { tr ' ' '\n' < /proc/cmdline | sed -n "s/^bench\.$1=//p"; }
DRIVER=$(param driver)
ONLY=$(param only | tr ',' ' ')
SLOW=
mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug

# shellcheck source=../../guest/lib.sh
. /bench/lib.sh
# shellcheck source=scenarios.sh
. /bench/scenarios.sh

start_rfkill_events

echo "KTAP version 1" > "$RESULTS"
echo "1..$(echo "$ONLY" | wc -w)" >> "$RESULTS"
note "step: $(param step), expected driver: $DRIVER, kernel: $(uname -r)"
note "up for $(cut -d" " -f1 /proc/uptime) s when the runner started"
case "$(acall "$CTL.REGS" 2>&1)" in
0x*) ;;
*) note "bench firmware not reachable through acpi_call" ;;
esac
for s in $ONLY; do
	run_scenario - "$s"
done
{
	echo "# $NPASS passed, $NFAIL failed, $NSKIP skipped"
	echo "# bench: done"
} >> "$RESULTS"
sync
systemctl --no-block poweroff
