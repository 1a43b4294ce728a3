#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Dump the DSDT and SSDTs that QEMU generates, from inside a bench guest
# (/sys/firmware/acpi/tables), for a few machines and device sets. The
# results are kept in testdata/qemu/<config>/ as test data; run this again
# only to refresh them (a new QEMU).
#
# usage: dump-qemu-tables.sh [KERNEL]   (a bench kernel, default 6.1)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../bench/scripts/common.sh"

kname=${1:-6.1}
fetch_kernel "$kname"
load_kernel "$kname"

# name, then QEMU's arguments for the machine and its devices
configs=(
	"pc|-machine pc"
	"q35|-machine q35"
	"pc-hotplug|-machine pc -smp 2,maxcpus=4 -m 512M,slots=2,maxmem=1G"
	"q35-devices|-machine q35,nvdimm=on -m 512M,slots=2,maxmem=2G -object memory-backend-ram,id=nv,size=64M -device nvdimm,memdev=nv -device pcie-root-port,id=rp1,chassis=1 -device virtio-net-pci,bus=rp1 -device ipmi-bmc-sim,id=bmc -device isa-ipmi-kcs,bmc=bmc -device pvpanic"
)

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/root/bin" "$stage/root/sys" "$stage/root/dev"
cp /bin/busybox "$stage/root/bin/busybox"
cat > "$stage/root/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for t in /sys/firmware/acpi/tables/DSDT /sys/firmware/acpi/tables/SSDT* \
	/sys/firmware/acpi/tables/dynamic/SSDT*; do
	[ -f "$t" ] || continue
	echo "begin ${t##*/}"
	base64 < "$t"
	echo "end"
done > /dev/ttyS1
echo done > /dev/ttyS1
poweroff -f
INIT
chmod +x "$stage/root/init"
(cd "$stage/root" && find . | cpio -o -H newc --quiet | gzip -1) > "$stage/initrd.gz"

for c in "${configs[@]}"; do
	name=${c%%|*}
	args=${c#*|}
	out=$here/qemu/$name
	echo "dump-qemu-tables: $name: $args" >&2
	# shellcheck disable=SC2086 # the machine's arguments are words
	timeout -k 5 300 qemu-system-x86_64 -accel tcg $args \
		-kernel "$VMLINUZ" -initrd "$stage/initrd.gz" \
		-append "console=ttyS0 panic=-1 quiet" -serial null \
		-serial "file:$stage/$name.txt" -display none -monitor none \
		-net none -no-reboot < /dev/null
	tr -d '\r' < "$stage/$name.txt" > "$stage/$name.clean"
	grep -qx "done" "$stage/$name.clean" || die "$name: the guest did not finish"
	rm -rf "$out"
	mkdir -p "$out"
	awk -v dir="$out" -v stage="$stage" '
		/^begin / { name = $2; file = stage "/" name ".b64"; printf "" > file; next }
		/^end$/ { close(file); system("base64 -d " file " > " dir "/" name ".dat"); name = ""; next }
		name != "" { print >> file }
	' "$stage/$name.clean"
	echo "$args" > "$out/qemu-args"
	qemu-system-x86_64 --version | head -n 1 > "$out/qemu-version"
	ls "$out" >&2
done
