/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An SSDT for the laptop model: it reaches into the DSDT's namespace,
 * as vendors' SSDTs do. acpi-survey must read both as one namespace: the
 * Notify here targets the DSDT's BT device, and the call to its TOGL
 * method (declared External) takes one argument.
 */
DefinitionBlock ("", "SSDT", 2, "ACPISV", "LAPTOPX", 1)
{
    External (\_SB.PCI0.LPCB.BT, DeviceObj)
    External (\_SB.PCI0.LPCB.BT.TOGL, MethodObj)

    Scope (\_GPE)
    {
        Method (_L20, 0, NotSerialized)
        {
            Notify (\_SB.PCI0.LPCB.BT, 0x93)
        }

        Method (_E21, 0, NotSerialized)
        {
            \_SB.PCI0.LPCB.BT.TOGL (0x02)
        }
    }
}
