#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Everything `make check` runs, as one KTAP stream that ends with the
# summary line "N passed, N failed, N skipped". Each suite's wall time is
# reported as a comment (a figure, never an assertion). The last result
# says that the suites left the host as they found it.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. tests/ktap.sh

# suite PREFIX CMD...: CMD's results, named with PREFIX, then its time.
suite() {
	local prefix=$1 start=$SECONDS
	shift
	"$@" | ktap_prefix "$prefix"
	echo "# ${prefix%: } took $((SECONDS - start)) s"
}

bench/scripts/setup.sh || exit 1
host=$(mktemp)
trap 'rm -f "$host"' EXIT
tests/host.sh save "$host"
{
	echo "KTAP version 1"
	suite "ktap: " tests/ktap-test.sh
	suite "lint: " tests/lint.sh
	suite "bench " tests/bench.sh -d ours
	suite "dkms: " tests/dkms.sh
	suite "deb: " tests/deb.sh
	suite "system: " tests/system.sh
	suite "acpi-survey: " tests/survey.sh
	suite "host: " tests/host.sh compare "$host"
} | ktap_finish
