#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Everything `make check` runs, as one KTAP stream that ends with the
# summary line "N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. tests/ktap.sh

bench/scripts/setup.sh || exit 1
{
	echo "KTAP version 1"
	tests/ktap-test.sh | ktap_prefix "ktap: "
	tests/lint.sh | ktap_prefix "lint: "
	tests/bench.sh -d ours | ktap_prefix "bench "
	tests/dkms.sh | ktap_prefix "dkms: "
	tests/deb.sh | ktap_prefix "deb: "
	tests/survey.sh | ktap_prefix "acpi-survey: "
} | ktap_finish
