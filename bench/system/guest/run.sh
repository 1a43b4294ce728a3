#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The system lane's runner, started by bench-system.service once Debian
# has booted: run the scenarios that bench.only names, in its order, with
# the busybox lane's helpers (lib.sh), write KTAP to the second serial
# port, and power off through systemd, so that shutdown runs as it does
# for a user (systemd-rfkill saves the soft-block state then).
# bash, not Debian's /bin/sh (dash), for its read: with a timeout, a
# wait's tick is a read on a FIFO (TICK_FIFO, see tick in lib.sh), not a
# sleep process every tenth of a second; and it takes acpi_call's answer
# in one read (ACALL_BY_READ, see acall_into), where dash needs a process.

mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug
mkfifo /run/bench-tick && TICK_FIFO=/run/bench-tick
ACALL_BY_READ=1

# shellcheck source=../../guest/lib.sh
. /bench/lib.sh
DRIVER=$(param driver)
ONLY=$(param only | tr ',' ' ')
SLOW=
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
