#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# `make demo`: boot the virtual Toshiba and narrate the article's story.
# usage: demo.sh [KERNEL] (default: the first bench kernel)
# DRIVER=in-tree shows the in-tree driver instead of ours.
set -euo pipefail
. "$(dirname "$0")/common.sh"

"$BENCH_DIR/scripts/setup.sh"
kname=${1:-$(kernel_names | head -n1)}
echo "Booting Debian $kname under QEMU (TCG); this takes a minute." >&2
"$BENCH_DIR/scripts/boot.sh" -m demo -d "${DRIVER:-ours}" "$kname" | grep -v '^#'
