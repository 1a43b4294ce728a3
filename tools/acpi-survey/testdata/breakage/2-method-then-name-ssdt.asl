/* SPDX-License-Identifier: GPL-2.0 */
/* Breakage 2: the later table's Name for the DSDT's Method _PR0. */
DefinitionBlock ("", "SSDT", 2, "ACPISV", "BRK2S", 1)
{
    External (\_SB.RP01, DeviceObj)
    External (\_SB.PWR1, PowerResObj)

    Scope (\_SB.RP01)
    {
        Name (_PR0, Package (0x02) { \_SB.PWR1, \_SB.PWR1 })
    }
}
