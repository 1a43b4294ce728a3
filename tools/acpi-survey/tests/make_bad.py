#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write the malformed tables of the bad-input test into a folder.

usage: make_bad.py GOOD_TABLE OUTDIR

Each file is one defect; the expected outcome of each is in bad-input.sh.
The checksum is made right, except in the file that tests it, so that
each file has exactly one defect.
"""
import os
import struct
import sys


def table(body, sig=b"DSDT"):
    t = bytearray(sig + struct.pack("<I", 36 + len(body)) + b"\x02\x00" +
                  b"ACPISV" + b"BADINPUT" + b"\x01\x00\x00\x00" + b"INTL" +
                  b"\x01\x00\x00\x00" + bytes(body))
    t[9] = (-sum(t)) & 0xff
    return bytes(t)


def pkglen(n):
    """The PkgLength encoding of a package whose contents are n bytes."""
    if n + 1 < 0x40:
        return bytes([n + 1])
    n += 2
    return bytes([0x40 | (n & 0x0f), n >> 4])


def device(path, body):
    """Device (path) { body }."""
    inner = path + body
    return b"\x5b\x82" + pkglen(len(inner)) + inner


def named_string(seg, string):
    """Name (seg, "string")."""
    return b"\x08" + seg + b"\x0d" + string + b"\x00"


def main():
    good, out = sys.argv[1], sys.argv[2]
    data = open(good, "rb").read()
    files = {}
    files["truncated-header"] = data[:20]
    cut = bytearray(data[: len(data) // 2])
    files["truncated-table"] = bytes(cut)  # header length > file size
    wrong = bytearray(data)
    wrong[9] = (wrong[9] + 1) & 0xff
    files["wrong-checksum"] = bytes(wrong)
    # Scope (\) { <opcode 0x02> }: 0x02 is not an AML opcode
    files["unknown-opcode"] = table(b"\x10\x04\x5c\x00\x02\x00")
    # Scope (\_SB) whose package length runs 0x30 bytes past the table
    files["length-past-end"] = table(b"\x10\x30\x5c_SB_")
    # a string with no terminating NUL
    files["unterminated-string"] = table(b"\x08NAME\x0dabc")
    # Name (X, Package { Package { ... } }) nested 1000 deep
    body = b"\x01"
    for _ in range(1000):
        if len(body) + 3 < 0x0fff:
            n = len(body) + 3
            body = b"\x12" + bytes([0x40 | (n & 0x0f), n >> 4]) + b"\x01" + body
        else:
            n = len(body) + 4
            body = b"\x12" + bytes([0x80 | (n & 0x0f), (n >> 4) & 0xff, n >> 12]) + b"\x01" + body
    files["deep-nesting"] = table(b"\x08DEEP" + body)
    # a name with a lower-case character
    files["bad-name"] = table(b"\x08Name\x00")
    # not an ACPI table at all
    files["not-a-table"] = b"\x7fELF" + bytes(60)
    files["empty"] = b""
    # a method call whose arguments run past the end: M takes 7, gets 1
    files["call-past-end"] = table(b"\x14\x06MTHD\x07" + b"\x14\x0aCALL\x00MTHD")
    # found by the fuzzer: walked both as read and write, 2^80 visits
    body = b"MTHD\x00" + b"\x76" * 80 + b"\x60"
    files["nested-decrement"] = table(b"\x14" + pkglen(len(body)) + body)
    # Local0 = Local0 + Local0, 80 times: the expression doubles each time
    body = b"MTHD\x00" + b"\x72\x60\x60\x60" * 80 + b"\xa4\x60"
    files["doubling-local"] = table(b"\x14" + pkglen(len(body)) + body)
    # found by the fuzzer: a call with seven arguments overflowed the op
    callee = b"MTHD\x07\xa4\x6e"
    caller = b"CALL\x00\xa4MTHD" + b"\x00" * 7
    files["seven-arguments"] = table(b"\x14" + pkglen(len(callee)) + callee +
                                     b"\x14" + pkglen(len(caller)) + caller)
    # Issue #16, breakage 1 (Acer, HP, ThinkPad, LG): at table scope,
    # If (Zero) { External (^PCI0.LPCB.EC0.ECMX, MutexObj) }, which
    # climbs above the root; then a device that must still be surveyed.
    ext = b"\x15^\x2f\x04PCI0LPCBEC0_ECMX\x09\x00"
    files["external-above-root"] = table(
        b"\xa0" + pkglen(1 + len(ext)) + b"\x00" + ext +
        device(b"\\\x2e_SB_DEV1", named_string(b"_HID", b"BRK0001")), b"SSDT")
    # Breakage 5: one bad construct costs its term list, not the survey.
    # MTH5 { Local0 = 1; <0x02>; Return (5) }; Device (DEV5) { _HID;
    # <0x02>; _UID }; Device (DEV6) { _HID }.
    body = b"MTH5\x00" + b"\x70\x01\x60" + b"\x02" + b"\xa4\x0a\x05"
    files["bad-opcode-then-more"] = table(
        b"\x14" + pkglen(len(body)) + body +
        device(b"\\\x2e_SB_DEV5", named_string(b"_HID", b"BRK0005") + b"\x02" +
               b"\x08_UID\x01") +
        device(b"\\\x2e_SB_DEV6", named_string(b"_HID", b"BRK0006")))
    os.makedirs(out, exist_ok=True)
    for name, content in files.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(content)


if __name__ == "__main__":
    main()
