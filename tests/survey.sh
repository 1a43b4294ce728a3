#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# acpi-survey's tests, all run on the ASan+UBSan build: the differential
# test against iasl -d, the reports on the virtual Toshiba and on a laptop
# model, the skeleton built against every bench kernel, bad input, a
# bounded fuzz pass, and the install. Prints one result line per check.
set -uo pipefail
. "$(dirname "$0")/../bench/scripts/common.sh"
. "$TOP_DIR/tests/lib.sh"

tool=$TOP_DIR/tools/acpi-survey
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A sanitizer report exits 99 or 98, never 1, the tool's own error status.
export ASAN_OPTIONS=detect_leaks=1:exitcode=99
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=98
# bounded CMD...: CMD with at most 20 s of CPU time, for inputs that must
# not hang the tool. The bound is on CPU, not on the clock: make check
# runs this suite at the lowest priority beside its guests, where a run
# can wait for a core for longer than it runs.
bounded() { (ulimit -t 20 && exec "$@"); }
# iasl -d's output for the differential test, kept between runs.
export IASL_DSL_CACHE=$CACHE_DIR/iasl-dsl
# The Python that the PATH gives, called by its own path: where python3 is
# a version manager's shim (pyenv's), each call runs a shell script first,
# and this suite calls Python some 80 times.
python=$(python3 -c 'import sys; print(sys.executable)') && [ -n "$python" ] ||
	python=python3

# Builds: no compiler output at all, with the project's warnings.
make -s -C "$tool" clean
make -s -C "$tool" acpi-survey acpi-survey-san > "$work/build.log" 2>&1
st=$?
[ -s "$work/build.log" ] && st=1
ktap_result "acpi-survey and its ASan+UBSan build compile without a warning" $st "$work/build.log"
checkpatch=$("$BENCH_DIR/scripts/fetch-checkpatch.sh" 2>/dev/null)
if [ -n "$checkpatch" ]; then
	# User space: stdint types and plain GCC attributes are right here;
	# fuzz.c is left out for libFuzzer's CamelCase entry point. The
	# opcode table is an X-macro (opcodes.h), which checkpatch reads as
	# complex macros reusing their arguments.
	sources=()
	for f in "$tool"/*.[ch]; do
		[ "${f##*/}" = fuzz.c ] || sources+=("${f##*/}")
	done
	(cd "$tool" && "$checkpatch" --strict --no-tree --quiet --show-types -f \
		--ignore PREFER_KERNEL_TYPES,PREFER_DEFINED_ATTRIBUTE_MACRO,COMPLEX_MACRO,MACRO_ARG_REUSE \
		"${sources[@]}") > "$work/cp-tool.log" 2>&1
	st=$?
	[ -s "$work/cp-tool.log" ] && st=1
	ktap_result "acpi-survey's sources are clean under checkpatch --strict" $st "$work/cp-tool.log"
fi
survey=$tool/acpi-survey-san
[ -x "$survey" ] || exit 0

# The tables: every bench firmware model, the laptop model, QEMU's own.
mkdir -p "$work/tables"
for asl in "$TOP_DIR"/bench/firmware/*.asl; do
	name=${asl##*/} name=${name%.asl}
	compile_firmware "$name" "$work/tables/bench-$name" 2> /dev/null ||
		echo "not ok - iasl compiles bench/firmware/$name.asl"
done
for t in laptop laptop-ssdt; do
	iasl -p "$work/tables/$t" "$tool/testdata/asl/$t.asl" > /dev/null 2>&1 ||
		echo "not ok - iasl compiles testdata/asl/$t.asl"
done
iasl -p "$work/dispatch" "$tool/testdata/asl/dispatch.asl" > /dev/null 2>&1 ||
	echo "not ok - iasl compiles testdata/asl/dispatch.asl"
# iasl refuses the lower-case "pnp0c14" that firmware writes: -f emits it.
iasl -f -p "$work/wmi" "$tool/testdata/asl/wmi.asl" > /dev/null 2>&1 ||
	echo "not ok - iasl compiles testdata/asl/wmi.asl"
ref=$work/tables/bench-reference.aml
laptop=$work/tables/laptop.aml

# Differential: devices, methods with their arity, fields with offset and width.
for t in "$work"/tables/*.aml; do
	n=${t##*/}
	"$python" "$tool/tests/diff_iasl.py" "$survey" "${n%.aml}" "$t"
done
"$python" "$tool/tests/diff_iasl.py" "$survey" "laptop DSDT with its SSDT" "$laptop" \
	"$work/tables/laptop-ssdt.aml"
for d in "$tool"/testdata/qemu/*/; do
	n=${d%/} n=${n##*/}
	"$python" "$tool/tests/diff_iasl.py" "$survey" "qemu $n" "$d"*.dat
done
# Real laptops' tables (testdata/real, SOURCES.md): each set surveyed as
# one namespace with exit 0 and JSON that parses, and matching iasl -d
# under ACPICA's first-definition rule. SSDTs in acpidump's order.
# Two sets at a time (two cores), the results in the sets' order.
mkdir -p "$work/real"
real_set() {	# real_set ARCHIVE
	local d ssdts n=${1##*/}
	tar -C "$work/real" -xJf "$1"
	n=${n%.tar.xz} d=$work/real/$n
	mapfile -t ssdts < <(find "$d" -name 'ssdt*.dat' -printf '%f\n' | sort -V)
	"$python" "$tool/tests/diff_iasl.py" --json-out "$d.json" "$survey" \
		"real $n" "$d/dsdt.dat" "${ssdts[@]/#/$d/}"
	# The second oracle: ACPICA's loader, which runs module-level code.
	"$python" "$tool/tests/diff_acpiexec.py" "$d.json" "real $n" \
		"$d/dsdt.dat" "${ssdts[@]/#/$d/}"
}
for set in "$tool"/testdata/real/*.tar.xz; do
	real_set "$set"
done
# The first of the shortlist on a real machine is the maker's own device.
real_first() {	# real_first SET PATH
	"$python" -c 'import json, sys
j = json.load(open(sys.argv[1]))
order = ["maker", "wmi", "vendor", "computed", "peripheral"]
short = sorted((d for d in j["devices"] if d["class"] == "vendor"),
               key=lambda d: order.index(d["rank"]))
print("# first: %s %s (%s)" % (short[0]["path"], short[0]["hid"], short[0]["why"]))
sys.exit(short[0]["path"] != sys.argv[2] or short[0]["rank"] != "maker")' \
		"$work/real/$1.json" "$2" > "$work/first.log" 2>&1
	ktap_result "shortlist on $1: the maker's own device first, $2" $? "$work/first.log"
}
real_first Lenovo-ThinkPad_T480_20L5000UUS-4CCC4293FE98 '\_SB.PCI0.LPCB.EC.HKEY'
real_first ASUSTek-X555LF-5105F6252B34 '\_SB.ATKD'
real_first Dell-XPS_13_9360-31C80E9937FE '\_SB.AMW0'
"$python" -c 'import json, sys
n = sum(any(d["class"] == "vendor" and d["rank"] == "maker" for d in json.load(open(f))["devices"])
        for f in sys.argv[1:])
print("# the maker'"'"'s own device heads the shortlist on %d of %d real sets" % (n, len(sys.argv) - 1))
' "$work"/real/*.json

# expect NAME FILE PATTERN...: every fixed string is in FILE.
expect() {
	local name=$1 file=$2 st=0
	shift 2
	: > "$work/missing"
	for p in "$@"; do
		grep -qF -- "$p" "$file" || { echo "missing: $p" >> "$work/missing"; st=1; }
	done
	[ $st -eq 0 ] || cat "$file" >> "$work/missing"
	ktap_result "$name" $st "$work/missing"
}

# The article's questions, on the virtual Toshiba.
"$survey" "$ref" > "$work/list.txt" 2>&1
expect "default report: the virtual Toshiba is on the vendor-specific shortlist" \
	"$work/list.txt" "Vendor-specific devices (look at these first): 2" \
	'\_SB.BT    _HID TOS6205' "Standard devices: 0"
"$survey" --device TOS6205 "$ref" > "$work/ref.txt" 2>&1
expect "--device TOS6205: BTST's return expression" "$work/ref.txt" \
	"returns otherwise: BTSW | BTDT << 6 | BTPW << 7" \
	"returns if FLTS & 1: Buffer (1) {...}"
expect "--device TOS6205: the bit fields' byte and bit positions" "$work/ref.txt" \
	"BTSW   buffer field of ERAM: byte 0x0 bit 4, 1 bit" \
	"BTDT   buffer field of ERAM: byte 0x0 bit 0, 1 bit" \
	"BTPW   buffer field of ERAM: byte 0x0 bit 1, 1 bit"
expect "--device TOS6205: the Notify (BT, 0x90) site and what raises it" "$work/ref.txt" \
	'Notify (BT, 0x90) in \_SB.BT.SWCH' \
	'      raised by: calls from' \
	'        \_SB.BTCT.FLIP (not called in these tables) -> \_SB.BT.SWCH (Arg0, Arg1)' \
	'        \_SB.BTCT.BNCE (not called in these tables) -> \_SB.BT.SWCH (1, 1), \_SB.BT.SWCH (0, 0)'
expect "--device TOS6205: writes with their constants, calls" "$work/ref.txt" \
	"writes  CAUS, SINK, BTDT := 1" "writes  CBPF, BTPW := 0" "calls   ENTR"

# The same facts in JSON.
"$survey" --json --device TOS6205 "$ref" > "$work/ref.json" 2>"$work/json.err"
"$python" - "$work/ref.json" > "$work/json.log" 2>&1 <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["schema"] == "acpi-survey/1"
rep, = r["reports"]
assert rep["device"]["hid"] == "TOS6205" and rep["device"]["class"] == "vendor"
btst = [m for m in rep["methods"] if m["path"] == "\\_SB.BT.BTST"][0]
assert btst["args"] == 0 and not btst["serialized"]
assert btst["returns"][-1] == {"condition": "otherwise",
    "expression": "BTSW | BTDT << 6 | BTPW << 7", "not_reconstructed": None}, btst["returns"]
f = {x["path"]: (x["byte_offset"], x["bit"], x["width"]) for x in rep["fields"]}
assert f == {"\\_SB.BT.BTSW": (0, 4, 1), "\\_SB.BT.BTDT": (0, 0, 1),
             "\\_SB.BT.BTPW": (0, 1, 1)}, f
n = [x for x in rep["notifies"] if x["value"] == 0x90]
assert len(n) == 1 and n[0]["method"] == "\\_SB.BT.SWCH", n
callers = {c["path"] for c in n[0]["raised_by"]["callers"]}
assert callers == {"\\_SB.BTCT.FLIP", "\\_SB.BTCT.FLRS", "\\_SB.BTCT.BNCE"}, callers
PY
ktap_result "--json --device TOS6205: the same expression, positions and Notify site" $? "$work/json.log"

# Regions, EC registers, IndexField, BankField and event sources.
"$survey" --device TOS6205 "$laptop" > "$work/laptop.txt" 2>&1
expect "laptop model: EmbeddedControl fields as registers and bits" "$work/laptop.txt" \
	'BTSW   EmbeddedControl region \_SB.PCI0.LPCB.EC0.ECF0 at 0: byte 0x10 bit 4, 1 bit (embedded-controller register 0x10); ByteAcc, Lock, Preserve' \
	'returns ^^EC0.BTSW | ^^EC0.BTDT << 6 | ^^EC0.BTPW << 7'
expect "laptop model: IndexField and BankField units" "$work/laptop.txt" \
	'WKST   IndexField through \_SB.PCI0.LPCB.EC0.CIDX (index) and \_SB.PCI0.LPCB.EC0.CDAT (data), SystemIO region \_SB.PCI0.LPCB.EC0.CMS1 at 0x72: byte 0x41 bit 0, 4 bits; ByteAcc, NoLock, WriteAsZeros' \
	'BKV0   SystemMemory region \_SB.PCI0.LPCB.EC0.BNKR at 0xFED10000: byte 0x8 bit 0, 32 bits; DWordAcc, NoLock, Preserve; bank \_SB.PCI0.LPCB.EC0.BSEL = 2'
expect "laptop model: events from an EC query, a GPE, and through callers" "$work/laptop.txt" \
	'raised by: embedded-controller query 0x11' 'raised by: level-triggered GPE 0x1D' \
	'        \_GPE._E05 (edge-triggered GPE 0x05) -> \_SB.PCI0.LPCB.BT.TOGL (1)' \
	'        \_SB.PCI0.LPCB.EC0._Q12 (embedded-controller query 0x12) -> ^^BT.TOGL (0)'
# The SSDT given first: the DSDT is still loaded first, one namespace.
"$survey" --device TOS6205 "$work/tables/laptop-ssdt.aml" "$laptop" > "$work/both.txt" 2>&1
expect "laptop DSDT and SSDT as one namespace: the SSDT's Notify and call reach the device" \
	"$work/both.txt" \
	"Notify (\_SB.PCI0.LPCB.BT, 0x93) in \_GPE._L20 ($work/tables/laptop-ssdt.aml byte 0x66)" \
	'        \_GPE._E21 (edge-triggered GPE 0x21) -> \_SB.PCI0.LPCB.BT.TOGL (2)'
expect "laptop model: says so where a return value cannot be reconstructed" "$work/laptop.txt" \
	"MIXD  1 argument" "LOOP  1 argument" \
	"returns (not reconstructed: a local variable it returns has different values on different paths)"
# NEST assigns its returned local inside an expression in a While body.
grep -A1 "NEST  1 argument" "$work/laptop.txt" > "$work/nest.txt"
grep -q "returns (not reconstructed" "$work/nest.txt"
ktap_result "laptop model: a local assigned inside an expression in a loop is not guessed" $? "$work/nest.txt"
"$survey" "$tool"/testdata/qemu/q35-devices/*.dat > "$work/q35.txt" 2>&1
expect "QEMU q35: standard and vendor devices, EISA IDs decoded, both tables" "$work/q35.txt" \
	'\_SB.PCI0.FWCF      _HID QEMU0002' \
	'\_SB.PCI0           _HID PNP0A08    _CID PNP0A03  _UID 0  PCI Express bus' \
	'\_SB.NVDR           _HID ACPI0012   NVDIMM root device' "SSDT  BOCHS  NVDIMM"

# The README's walkthrough shows real output: the same lines are in the
# tool's report on QEMU's pc DSDT and the virtual Toshiba.
pc=$tool/testdata/qemu/pc/DSDT.dat
{ "$survey" "$pc" "$ref"; "$survey" --device TOS6205 "$pc" "$ref"; } > "$work/walk.txt" 2>&1
: > "$work/walk.log"
while IFS= read -r line; do
	grep -qF -- "$line" "$TOP_DIR/README.md" || echo "not in README.md: $line" >> "$work/walk.log"
	grep -qF -- "$(echo "$line" | sed "s|/tmp/toshiba.aml|$ref|")" "$work/walk.txt" ||
		echo "not in the report: $line" >> "$work/walk.log"
done <<'LINES'
Vendor-specific devices (look at these first): 3
  \_SB.PCI0.FWCF           _HID QEMU0002   (QEMU's own ID prefix QEMU)
  \_SB.BT                  _HID TOS6205    (another vendor's ID, not QEMU's)
      returns otherwise: BTSW | BTDT << 6 | BTPW << 7
      writes  CAUS, SINK, BTDT := 1
  Notify (BT, 0x90) in \_SB.BT.SWCH (/tmp/toshiba.aml byte 0x36c)
        \_SB.BTCT.BNCE (not called in these tables) -> \_SB.BT.SWCH (1, 1), \_SB.BT.SWCH (0, 0)
LINES
[ -s "$work/walk.log" ] && cat "$work/walk.txt" >> "$work/walk.log"
ktap_result "the README's walkthrough matches the tool's output" "$([ -s "$work/walk.log" ] && echo 1 || echo 0)" "$work/walk.log"

# The skeleton: builds warning-free against every bench kernel's headers.
mkdir -p "$work/skel"
"$survey" --device TOS6205 --skeleton "$ref" > "$work/skel/tos6205.c" 2> "$work/skel.err"
ktap_result "--skeleton writes a driver for TOS6205" $? "$work/skel.err"
echo "obj-m := tos6205.o" > "$work/skel/Kbuild"
if [ -n "$checkpatch" ]; then
	"$checkpatch" --strict --no-tree --quiet -f "$work/skel/tos6205.c" > "$work/cp.log" 2>&1
	ktap_result "the skeleton is clean under checkpatch --strict" $? "$work/cp.log"
fi
for k in $(kernel_names); do
	fetch_kernel "$k" > /dev/null 2>&1 || { echo "not ok - fetch $k"; continue; }
	load_kernel "$k"
	rm -f "$work/skel/"*.ko
	kmake -s -C "$KDIR" M="$work/skel" W=1 modules > "$work/skel.log" 2>&1
	st=$?
	grep -v "Skipping BTF generation" "$work/skel.log" > "$work/skel.out"
	[ -s "$work/skel.out" ] && st=1
	[ "$(modinfo -F alias "$work/skel/tos6205.ko" 2>&1)" = 'acpi*:TOS6205:*' ] ||
		{ echo "alias: $(modinfo -F alias "$work/skel/tos6205.ko" 2>&1)" >> "$work/skel.out"; st=1; }
	ktap_result "$k: the TOS6205 skeleton builds with W=1, no warning, matched by acpi*:TOS6205:*" $st "$work/skel.out"
done

# Bad input: the exit status and a message naming the file and byte.
"$python" "$tool/tests/make_bad.py" "$ref" "$work/bad"
bad() {	# bad FILE STATUS MESSAGE [OPTION]; STATUS "" means 0
	local f=$work/bad/$1 st want=${2:-0}
	bounded "$survey" ${4:+"$4"} "$f" > /dev/null 2> "$work/bad.err"
	st=$?
	if [ $st -eq "$want" ] && grep -qF -- "$f: $3" "$work/bad.err"; then
		echo "ok - bad input, $1${4:+ $4}: exit $st, \"$(head -n 1 "$work/bad.err" | sed "s|$work/bad/||")\""
	else
		sed 's/^/# /' "$work/bad.err"
		echo "not ok - bad input, $1${4:+ $4}: exit $st (want $want and \"$3\")"
	fi
}
# A file that is no table: exit 1 when no table is left.
bad truncated-header 1 "byte 0x14: truncated: 20 bytes"
bad truncated-table 1 "byte 0x4: the header's length"
bad not-a-table 1 "byte 0x0: signature"
bad empty 1 "byte 0x0: truncated: 0 bytes"
bad wrong-checksum 0 "byte 0x9: checksum"
# A construct that cannot be parsed: a warning, the rest of its term list
# skipped, exit 0; with --strict, the same message and exit 1.
for strict in "" --strict; do
	bad unknown-opcode "${strict:+1}" "byte 0x28: unknown opcode 0x02" $strict
	bad length-past-end "${strict:+1}" "byte 0x25: package length 0x30 runs past the end" $strict
	bad unterminated-string "${strict:+1}" "byte 0x2d: string runs past the end" $strict
	bad deep-nesting "${strict:+1}" "byte 0x225: nesting deeper than 128 levels" $strict
	bad bad-name "${strict:+1}" "byte 0x26: bad character 0x61 in a name" $strict
done
# As ACPICA, a call's operands end with their package: MTHD takes 7.
bad call-past-end 0 "byte 0x32: the call of MTHD has 0 of its 7 arguments before the end of its package"
# Inputs the fuzzer found slow: each must finish, with a report.
for f in nested-decrement doubling-local; do
	bounded "$survey" --device '\MTHD' "$work/bad/$f" > "$work/slow.out" 2>&1
	st=$?
	# no device there: the tool says so after a full analysis
	grep -q "no device has the ID or path" "$work/slow.out" && [ $st -eq 1 ]
	ktap_result "fuzzer regression, $f: analysed in bounded time (exit $st)" $? "$work/slow.out"
done
bounded "$survey" --json "$work/bad/seven-arguments" > "$work/seven.json" 2>&1 &&
	"$python" -c 'import json, sys
m = {x["path"]: x["args"] for x in json.load(open(sys.argv[1]))["methods"]}
assert m == {"\\MTHD": 7, "\\CALL": 0}, m' "$work/seven.json" > "$work/seven.log" 2>&1
st=$?
cat "$work/seven.json" >> "$work/seven.log"
ktap_result "fuzzer regression, a call with seven arguments: parsed, no overflow" $st "$work/seven.log"
# The shortlist: the maker's own devices first, each with why; WMI
# blocks decoded from _WDG; a _HID method that returns a constant.
"$survey" "$work/wmi.aml" > "$work/wmi.txt" 2>&1
expect "shortlist: the maker's WMI and ID first, a computed constant _HID, an Intel part standard" \
	"$work/wmi.txt" \
	'Vendor-specific devices (look at these first): 3' \
	'  \_SB.WMIX  _HID pnp0c14    _UID "X"  (WMI with the maker'"'"'s GUIDs: ASUS WMI methods)' \
	'  \_SB.ASHS  _HID ATK4002    (ASUS'"'"'s own ID prefix ATK)' \
	'  \_SB.CHID  _HID ABCD0001   (another vendor'"'"'s ID, not ASUS'"'"'s; its _HID method returns it)' \
	'  \_SB.CWDT  _HID INT3F0D    _CID PNP0C02  Intel part'
"$survey" --json --device '\_SB.WMIX' "$work/wmi.aml" > "$work/wmi.json" 2>&1 &&
	"$python" -c 'import json, sys
d = json.load(open(sys.argv[1]))["reports"][0]["device"]
assert d["rank"] == "maker", d
w = d["wmi"]
assert w[0] == {"guid": "97845ED0-4E6D-11DE-8A39-0800200C9A66", "object_id": "BC",
                "instances": 1, "flags": 2, "known_as": "ASUS WMI methods"}, w[0]
assert w[1]["notify_id"] == 0xD2 and w[1]["flags"] == 8 and "object_id" not in w[1], w[1]
' "$work/wmi.json" > "$work/wmi.log" 2>&1
st=$?
cat "$work/wmi.json" >> "$work/wmi.log"
ktap_result "--json: _WDG blocks of a lower-case pnp0c14 device, GUIDs in text form" $st "$work/wmi.log"

"$survey" --device '\_SB.AMW0' "$work/dispatch.aml" > "$work/dispatch.txt" 2>&1
expect "dispatcher: a four-character method ID shown as text, an assigned argument returned as the call" \
	"$work/dispatch.txt" \
	"      returns if Arg1 == 0x53545344 ('DSTS'): 1" \
	"      returns otherwise: GENS (3, Arg0, Arg1)"

# Issue #16's breakages on real tables, one minimal reproducer each
# (testdata/breakage: ASL; make_bad.py: bytes). Each is surveyed with exit
# 0, the warning that says what was skipped or kept, and the facts that
# ACPICA's loader would leave.
for asl in "$tool"/testdata/breakage/*.asl; do
	n=${asl##*/}
	iasl -p "$work/tables/${n%.asl}" "$asl" > /dev/null 2>&1 ||
		echo "not ok - iasl compiles testdata/breakage/$n"
done
# breakage NAME WARNING CHECK TABLE...: exit 0, WARNING on stderr (none
# at all when WARNING is empty), and the
# Python expression CHECK true of the --json survey (j) and of the
# --device report (d, for the device BRK000N in the name's number).
breakage() {
	local name=$1 warning=$2 check=$3 st=0
	shift 3
	bounded "$survey" --json "$@" > "$work/brk.json" 2> "$work/brk.err" || st=$?
	bounded "$survey" --device "BRK000${name%%-*}" "$@" > "$work/brk.txt" 2>> "$work/brk.err" || st=$?
	{
		[ $st -eq 0 ] || echo "exit $st"
		if [ -n "$warning" ]; then
			grep -qF -- "$warning" "$work/brk.err" || echo "no warning \"$warning\""
		elif [ -s "$work/brk.err" ]; then
			echo "a warning, where the table is right"
		fi
		"$python" -c 'import json, sys
j = json.load(open(sys.argv[1]))
d = open(sys.argv[2]).read()
m = {x["path"]: x for x in j["methods"]}
if not eval(sys.argv[3]):
    sys.exit("not true: " + sys.argv[3])' "$work/brk.json" "$work/brk.txt" "$check" 2>&1
	} > "$work/brk.log"
	sed 's/^/# /' "$work/brk.err" >> "$work/brk.log"
	[ "$(grep -vc '^#' "$work/brk.log")" -eq 0 ]
	ktap_result "real-table breakage $name: surveyed, with its warning and the facts ACPICA keeps" $? "$work/brk.log"
}
t=$work/tables
breakage 1-external-above-root "the path has too many parent prefixes (^); skipped" \
	'"BRK0001" in d' "$work/bad/external-above-root"
breakage 2-method-then-name "is already defined in $t/2-method-then-name-dsdt.aml at byte" \
	'm["\\_SB.RP01._PR0"]["table"].endswith("-dsdt.aml") and "0x1234" in d' \
	"$t/2-method-then-name-dsdt.aml" "$t/2-method-then-name-ssdt.aml"
breakage 2-name-then-method "is already defined in $t/2-name-then-method-dsdt.aml at byte" \
	'"\\_SB.RP02._PR0" not in m' \
	"$t/2-name-then-method-dsdt.aml" "$t/2-name-then-method-ssdt.aml"
breakage 3-external-argc "takes 4 arguments, an External in $t/3-external-argc-dsdt.aml says 3" \
	'm["\\ZPOD"]["args"] == 4 and "returns 0x55" in d and "calls   ZPOD" in d' \
	"$t/3-external-argc-dsdt.aml" "$t/3-external-argc-ssdt.aml"
breakage 4-method-twice "is already defined in $t/4-method-twice-dsdt.aml at byte" \
	'm["\\_SB.DEV4._STA"]["table"].endswith("-dsdt.aml") and "returns 0xF" in d' \
	"$t/4-method-twice-dsdt.aml" "$t/4-method-twice-ssdt.aml"
breakage 5-bad-opcode-then-more "unknown opcode 0x02; bytes 0x2e to 0x32 skipped" \
	'{x["hid"] for x in j["devices"]} == {"BRK0005", "BRK0006"} and "\\MTH5" in m and "_HID BRK0005" in d' \
	"$work/bad/bad-opcode-then-more"
# Issue #48: Scope (C129) inside Scope (C09B), C129 being C09B's sibling.
# ACPICA's loader searches a one-NameSeg Scope target up the tree, so the
# PowerResource and the method are C129's (acpiexec agrees); nothing in
# the table is wrong, so nothing is warned about.
breakage 6-scope-search "" \
	'set(m) == {"\\_SB.C129.MTH6", "\\_SB.C129.C1E1._STA"} and "_HID BRK0006" in d' \
	"$t/6-scope-search-dsdt.aml"
usage() {	# usage NAME STATUS MESSAGE ARGS...
	local name=$1 want=$2 msg=$3 st
	shift 3
	bounded "$survey" "$@" > /dev/null 2> "$work/usage.err"
	st=$?
	[ $st -eq "$want" ] && grep -qF -- "$msg" "$work/usage.err"
	ktap_result "bad input, $name: exit $want, \"$msg\"" $? "$work/usage.err"
}
usage "a file that does not exist" 1 "$work/none: No such file or directory" "$work/none"
usage "an unknown option" 2 "unknown option --frobnicate" --frobnicate "$ref"
usage "--device with no match" 1 "no device has the ID or path PNP0C09" --device PNP0C09 "$ref"
usage "--skeleton without --device" 2 "--skeleton needs --device" --skeleton "$ref"
usage "--skeleton of a device without _HID" 1 "has no _HID string" --device '\_SB.PCI0.LPCB' --skeleton "$laptop"

# A bounded fuzz pass from the corpus kept in the repo (libFuzzer, with
# ASan and UBSan); new inputs go to a scratch folder, not to the repo.
if make -s -C "$tool" fuzz-parse > "$work/fuzz-build.log" 2>&1; then
	mkdir -p "$work/fuzz"
	# -timeout is on the clock (see bounded): 60 s an input. The inputs
	# that were slow are bounded in CPU time above.
	(cd "$work" && "$tool/fuzz-parse" -runs=20000 -seed=1 -timeout=60 \
		-rss_limit_mb=2048 "$work/fuzz" "$tool/fuzz/corpus") > "$work/fuzz.log" 2>&1
	st=$?
	runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$work/fuzz.log")
	[ -n "$runs" ] || st=1
	ktap_result "fuzz smoke: ${runs:-0} libFuzzer runs from $(find "$tool/fuzz/corpus" -maxdepth 1 -type f | wc -l) corpus files, no crash, leak or UB" $st "$work/fuzz.log"
else
	ktap_result "the libFuzzer target builds" 1 "$work/fuzz-build.log"
fi

# make install-tools puts it where the PATH finds it.
make -s -C "$TOP_DIR" install-tools DESTDIR="$work/inst" PREFIX=/usr > "$work/inst.log" 2>&1 &&
	"$work/inst/usr/bin/acpi-survey" --help 2>&1 | grep -q "^usage: acpi-survey"
ktap_result "make install-tools installs a working acpi-survey" $? "$work/inst.log"
