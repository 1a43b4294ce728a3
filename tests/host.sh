#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Tests change nothing on the host but the bench cache and the work tree
# (and the tool packages that bench/scripts/setup.sh installs first).
# make check takes a snapshot of what it must not touch before its suites,
# and compares after them.
#
# usage: host.sh save FILE      the snapshot, into FILE
#        host.sh compare FILE   one KTAP result: unchanged since FILE
set -uo pipefail

# Every path under /etc/apt and /lib/modules with its type, size and
# time, the sums of /etc/apt's files, and every package's version and
# state.
snapshot() {
	find /etc/apt /lib/modules -xdev -printf '%p %y %s %T@\n' 2> /dev/null | sort
	find /etc/apt -xdev -type f -exec md5sum {} + 2> /dev/null | sort
	dpkg-query -W -f '${Package}:${Architecture} ${Version} ${db:Status-Abbrev}\n' | sort
}

case ${1:-}:${2:-} in
save:?*)
	snapshot > "$2"
	;;
compare:?*)
	name="/etc/apt, /lib/modules and the installed packages are as they were"
	if snapshot | diff -u "$2" - > "$2.diff"; then
		echo "ok - $name"
	else
		echo "# what changed:"
		head -n 40 "$2.diff" | sed 's/^/# /'
		echo "not ok - $name"
	fi
	rm -f "$2.diff"
	;;
*)
	echo "usage: host.sh save|compare FILE" >&2
	exit 2
	;;
esac
