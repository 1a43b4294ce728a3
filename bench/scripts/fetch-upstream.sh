#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Take what the upstream series needs from Debian's linux-source package
# (upstream/base.conf) into the cache: the driver it patches, MAINTAINERS,
# and that release's checkpatch.pl and get_maintainer.pl. The folder is
# made to look like a kernel tree, which get_maintainer.pl insists on.
# Prints the folder.
set -euo pipefail
. "$(dirname "$0")/common.sh"
. "$TOP_DIR/upstream/base.conf"

dir=$CACHE_DIR/upstream/linux-source-$UPSTREAM_VERSION
if [ ! -f "$dir/$UPSTREAM_FILE" ]; then
	linux_source_files "$UPSTREAM_SUITE" "$UPSTREAM_VERSION" "$dir" \
		"$UPSTREAM_FILE" MAINTAINERS scripts/checkpatch.pl \
		scripts/spelling.txt scripts/const_structs.checkpatch \
		scripts/get_maintainer.pl ||
		die "no $UPSTREAM_FILE from linux-source-$UPSTREAM_VERSION"
	# get_maintainer.pl's test for a kernel tree.
	(cd "$dir" && mkdir -p Documentation arch fs include init ipc kernel lib &&
		touch COPYING CREDITS Kbuild Makefile README)
fi
echo "$dir"
