#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Everything `make check` runs, as one KTAP stream that ends with the
# summary line "N passed, N failed, N skipped". Each suite's wall and CPU
# time is reported as a comment (a figure, never an assertion). The last result
# says that the suites left the host as they found it.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. bench/scripts/common.sh
. tests/ktap.sh

# The suites run in chains side by side: the bench's guests, the system
# lane's guests (each boot needs the one before, but the last), and the
# host-side suites in two. Each suite's output goes to a file of its own
# and is printed in a fixed order once it has finished. The guests run
# at the usual priority: a starved guest's waits poll for longer, which
# costs CPU of its own. The host-side suites that boot nothing and wait
# on no clock (lint, deb, acpi-survey) run at the lowest (nice 19) and
# take what the guests leave: beside them at one priority, a guest's
# boot cost up to twice its CPU alone (docs/bench.md). The DKMS round
# trips keep the usual priority: the bench's boots wait for them.
out=$(mktemp -d)
host=$out/host-before
trap 'rm -rf "$out"' EXIT

# suite NAME PREFIX CMD...: CMD's results, named with PREFIX, then its
# wall and CPU time, into $out/NAME; $out/NAME.done says it has finished.
# The CPU time is that of the suite's processes (cpu_timed): the two
# cores are the budget that the chains share.
suite() {
	local name=$1 prefix=$2 start=$SECONDS
	shift 2
	{
		cpu_timed "$out/$name.times" "$@" | ktap_prefix "$prefix"
		echo "# ${prefix%: } took $((SECONDS - start)) s, $(cpu_seconds < "$out/$name.times") CPU-s"
	} > "$out/$name"
	touch "$out/$name.done"
}

# show NAME: print a suite's output once it is done.
show() {
	while [ ! -e "$out/$1.done" ]; do nap 1; done
	cat "$out/$1"
}

bench/scripts/setup.sh || exit 1
# Two guests at a time in all, the bench's and the system lane's together
# (guest_slot in common.sh): the bench takes both while the system lane
# prepares a disk or builds the package, and one while it boots.
guest_slots "$out/guests"
export BENCH_GUEST_SLOTS=$out/guests
tests/host.sh save "$host"
start=$SECONDS
suite system "system: " tests/system.sh &
# Two bench boots at a time, not bench.sh's four: four guests beside the
# other chains cost 100 CPU-s more in their waits (make check, the bench
# at a lower priority: 645 CPU-s and 333 s with four, 548 and 310 with
# two; at the same priority as the others, 547 and 294).
# The DKMS round trips come first and boot nothing: the bench boots the
# modules they built, in its boots on those kernels (a boot of their own
# cost about 8 CPU-s each).
{
	suite dkms "dkms: " tests/dkms.sh -o "$out/dkms-modules"
	BENCH_JOBS=${BENCH_JOBS:-2} suite bench "bench " tests/bench.sh -d ours -m "$out/dkms-modules"
} &
# The package's round trip on the newest kernel only: the system lane
# makes the same one on the oldest (make deb, apt install, apt remove,
# dkms status), in a fuller root, and boots the result.
{
	suite ktap "ktap: " tests/ktap-test.sh
	suite slots "guest slots: " tests/slots-test.sh
	suite in_order "in_order: " tests/in-order-test.sh
	suite lint "lint: " nice -n 19 tests/lint.sh
	suite deb "deb: " nice -n 19 tests/deb.sh newest
} &
# acpi-survey's chain alone: most of it runs one thing at a time, and it
# ended make check when the package's round trip went before it.
suite survey "acpi-survey: " nice -n 19 tests/survey.sh &
{
	echo "KTAP version 1"
	for s in ktap slots in_order lint dkms bench deb system survey; do
		show "$s"
	done
	echo "# all suites took $((SECONDS - start)) s"
	suite host "host: " tests/host.sh compare "$host"
	cat "$out/host"
} | ktap_finish
