/* SPDX-License-Identifier: GPL-2.0 */
/* Breakage 4: the same method again, with another body. */
DefinitionBlock ("", "SSDT", 2, "ACPISV", "BRK4S", 1)
{
    External (\_SB.DEV4, DeviceObj)

    Method (\_SB.DEV4._STA, 0, NotSerialized)
    {
        Return (Zero)
    }
}
