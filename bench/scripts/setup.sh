#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Install the Debian packages that the bench, the lint, the packaging,
# acpi-survey (clang for libFuzzer) and the tests need.
# As root it installs what is missing; otherwise it prints the command.
set -euo pipefail
. "$(dirname "$0")/common.sh"

PACKAGES=(
	qemu-system-x86 acpica-tools busybox-static util-linux rfkill cpio kmod
	gcc make libc6-dev binutils sparse dwarves perl xz-utils zstd gnuplot-nox shellcheck
	dkms debhelper dh-dkms dpkg-dev mmdebstrap e2fsprogs autopkgtest autodep8
	python3 clang libclang-rt-14-dev
	flex bison bc libelf-dev libssl-dev
)

missing=()
for p in "${PACKAGES[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing+=("$p")
done

if [ "$(id -u)" -ne 0 ]; then
	if [ ${#missing[@]} -gt 0 ]; then
		echo "The bench needs root to install its packages. Run as root:" >&2
		echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
	exit 0
fi

# The host's apt sources are only read, never changed: kernels from other
# suites come through the bench's private apt configurations (common.sh).
if [ ${#missing[@]} -gt 0 ]; then
	log "apt-get update"
	apt-get update -q >/dev/null
	log "installing ${missing[*]}"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		"${missing[@]}" >/dev/null
fi
