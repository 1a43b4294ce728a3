#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Everything `make check` runs, as one KTAP stream that ends with the
# summary line "N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. tests/ktap.sh

bench/scripts/setup.sh || exit 1
echo "KTAP version 1"
ktap_merge "lint: " < <(tests/lint.sh)
ktap_merge "bench " < <(tests/bench.sh -d ours)
ktap_merge "dkms: " < <(tests/dkms.sh)
ktap_merge "deb: " < <(tests/deb.sh)
ktap_merge "acpi-survey: " < <(tests/survey.sh)
ktap_summary
