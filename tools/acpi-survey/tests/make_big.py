#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write a large DSDT source for the benchmark: the laptop model's PCI0
tree (EC with four regions, the TOS6205 device) COPIES times under \\_SB.

usage: make_big.py LAPTOP_ASL COPIES > big.asl
"""
import sys


def main():
    src = open(sys.argv[1]).read()
    copies = int(sys.argv[2])
    start = src.index("        Device (PCI0)")
    depth = 0
    for j in range(src.index("{", start), len(src)):
        depth += {"{": 1, "}": -1}.get(src[j], 0)
        if depth == 0:
            end = j + 1
            break
    body = src[start:end]
    out = ['DefinitionBlock ("", "DSDT", 2, "ACPISV", "BIG", 1)\n{\n    Scope (\\_SB)\n    {\n']
    for i in range(copies):
        out.append(body.replace("Device (PCI0)", "Device (P%03d)" % i)
                   .replace("\\_SB.PCI0", "\\_SB.P%03d" % i) + "\n")
    out.append("    }\n}\n")
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
