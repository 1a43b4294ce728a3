#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Debian's own test of the package, as its CI runs it: autopkgtest with the
# DKMS test that autodep8 makes from "Testsuite: autopkgtest-pkg-dkms"
# (debian/control). dkms-autopkgtest installs the package and builds the
# module for every kernel whose headers the testbed has. The testbed is a
# root of the bench kernel's release with that kernel's headers, under an
# overlay that is dropped after the run, in a mount namespace of this
# script's own: the host is never the testbed, and the cached root is
# never changed. autopkgtest's chroot server cannot revert a testbed, so
# it would skip a test that "breaks-testbed", as the DKMS test says it
# does; the overlay is that revert, and the restriction is ignored.
# (autopkgtest-virt-unshare would revert by itself, but it needs the
# host's /etc/subuid to map root.)
#
# usage: autopkgtest.sh KERNEL...
set -uo pipefail
if [ -z "${AUTOPKGTEST_NS:-}" ]; then
	exec unshare -m --propagation private -- env AUTOPKGTEST_NS=1 "$0" "$@"
fi
. "$(dirname "$0")/../bench/scripts/common.sh"
cd "$TOP_DIR" || exit 1

work=$(mktemp -d)
# The testbed's mounts go first: rm must not walk into them.
trap 'umount -R "$work/testbed" 2> /dev/null; rm -rf "$work"' EXIT

# testbed KERNEL: mount the testbed for KERNEL on $work/testbed: the
# cached root of its release with its headers, the test's own dependencies
# (dkms-autopkgtest installs dctrl-tools and openssl) and apt-utils, which
# autopkgtest uses for the package's own repository, under an overlay.
# The testbed's package lists are fetched in the overlay, as a testbed has
# them: a root made by mmdebstrap has none.
testbed() {
	local k=$1 root tb=$work/testbed
	kernel_sources "$k"
	root=$("$BENCH_DIR/scripts/build-root.sh" -n "autopkgtest-$k" \
		${KSUITES_EXTRA:+-x "$KSUITES_EXTRA"} "$(kernel_release "$k")" \
		dkms linux-doc build-essential openssl dctrl-tools apt-utils \
		"linux-headers-$KVER$KFROM") ||
		return 1
	umount -R "$tb" 2> /dev/null
	rm -rf "$work/layer" && mkdir -p "$work/layer/upper" "$work/layer/work" "$tb" &&
		mount -t overlay autopkgtest -o \
			"lowerdir=$root,upperdir=$work/layer/upper,workdir=$work/layer/work" "$tb" &&
		mount -t proc proc "$tb/proc" && mount --bind /dev "$tb/dev" &&
		chroot "$tb" apt-get -q update
}

for k in "$@"; do
	log=$work/$k.log
	name="$k: autodep8's DKMS test passes in a testbed with $k's headers"
	fetch_kernel "$k" > "$log" 2>&1
	load_kernel "$k"
	mkdir -p "$work/dist-$k"
	if ! testbed "$k" >> "$log" 2>&1 ||
		! deb=$(build_deb "$(kernel_release "$k")" "$work/dist-$k" 2>> "$log"); then
		tail -n 20 "$log" | sed 's/^/# /'
		echo "not ok - $name"
		continue
	fi
	# The source tree that autopkgtest reads the tests from: debian/ is
	# all it needs (autodep8 reads debian/control). -B: test the package
	# given, do not build the source in the testbed.
	rm -rf "$work/src" && mkdir -p "$work/src" && cp -r debian "$work/src/"
	autopkgtest -B --ignore-restrictions=breaks-testbed --summary-file "$work/$k.summary" \
		"$deb" "$work/src" -- chroot "$work/testbed" >> "$log" 2>&1
	st=$?
	sed 's/^/# summary: /' "$work/$k.summary" 2> /dev/null
	grep -E '^I: (Using|  linux-headers)|^dkms' "$log" | sed 's/^/# /'
	# autopkgtest's status does not count a superficial test's pass, as
	# the DKMS test's is (8: no test passed that was not superficial): the
	# summary says whether it passed, and nothing else may fail.
	if { [ "$st" -eq 0 ] || [ "$st" -eq 8 ]; } &&
		grep -q '^dkms-autopkgtest *PASS' "$work/$k.summary" &&
		! grep -qv ' PASS' "$work/$k.summary"; then
		echo "ok - $name"
	else
		echo "# autopkgtest exited with $st"
		tail -n 30 "$log" | sed 's/^/# /'
		echo "not ok - $name"
	fi
done
