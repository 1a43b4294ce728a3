/* SPDX-License-Identifier: GPL-2.0 */
/* Breakage 2, the other order: the later Method is not defined (AE_ALREADY_EXISTS). */
DefinitionBlock ("", "SSDT", 2, "ACPISV", "BRK2BS", 1)
{
    External (\_SB.RP02, DeviceObj)
    External (\_SB.PWR2, PowerResObj)

    Method (\_SB.RP02._PR0, 0, NotSerialized)
    {
        Return (Package (0x01) { \_SB.PWR2 })
    }
}
