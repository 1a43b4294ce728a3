#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Install the Debian packages that the bench, the lint, the packaging,
# acpi-survey (clang for libFuzzer) and the tests need.
# As root it installs what is missing; otherwise it prints the command.
set -euo pipefail
. "$(dirname "$0")/common.sh"

PACKAGES=(
	qemu-system-x86 acpica-tools busybox-static util-linux rfkill cpio kmod
	gcc make libc6-dev sparse dwarves perl xz-utils zstd gnuplot-nox
	dkms debhelper dh-dkms dpkg-dev
	python3 clang libclang-rt-14-dev
)

BACKPORTS=/etc/apt/sources.list.d/bookworm-backports.sources

missing=()
for p in "${PACKAGES[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing+=("$p")
done

need_backports=0
grep -rqs "bookworm-backports" /etc/apt/sources.list /etc/apt/sources.list.d/ ||
	need_backports=1

if [ "$(id -u)" -ne 0 ]; then
	if [ ${#missing[@]} -gt 0 ] || [ $need_backports -eq 1 ]; then
		echo "The bench needs root to install its packages. Run as root:" >&2
		[ $need_backports -eq 1 ] &&
			echo "  echo 'deb http://deb.debian.org/debian bookworm-backports main' > /etc/apt/sources.list.d/bookworm-backports.list" >&2
		echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
	exit 0
fi

if [ $need_backports -eq 1 ]; then
	log "adding the bookworm-backports suite to apt's sources"
	cat > "$BACKPORTS" <<'SRC'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
fi

# The kernel fetcher needs fresh package lists even when nothing is missing.
stamp=$CACHE_DIR/apt-updated
mkdir -p "$CACHE_DIR"
if [ $need_backports -eq 1 ] || [ ${#missing[@]} -gt 0 ] ||
   [ -z "$(find "$stamp" -mmin -720 2>/dev/null)" ]; then
	log "apt-get update"
	apt-get update -q >/dev/null
	touch "$stamp"
fi

if [ ${#missing[@]} -gt 0 ]; then
	log "installing ${missing[*]}"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		"${missing[@]}" >/dev/null
fi
