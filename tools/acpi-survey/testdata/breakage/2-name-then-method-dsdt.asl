/* SPDX-License-Identifier: GPL-2.0 */
/* Breakage 2, the other order: a Name first, a Method of the same path later. */
DefinitionBlock ("", "DSDT", 2, "ACPISV", "BRK2B", 1)
{
    Scope (\_SB)
    {
        PowerResource (PWR2, 0x00, 0x0000)
        {
            Method (_STA, 0, NotSerialized)
            {
                Return (One)
            }
            Method (_ON, 0, NotSerialized)
            {
            }
            Method (_OFF, 0, NotSerialized)
            {
            }
        }

        Device (RP02)
        {
            Name (_HID, "BRK0002")
            Name (_PR0, Package (0x01) { PWR2 })
        }
    }
}
