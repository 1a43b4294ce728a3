/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Breakage 2 of issue #16, as seen on a Dell Precision: a PCIe port's
 * _PR0 is a Method in one table and a Name in a later one. ACPICA keeps
 * the first (AE_ALREADY_EXISTS for the second); so must acpi-survey,
 * without parsing the later table's bytes at this body's offsets.
 */
DefinitionBlock ("", "DSDT", 2, "ACPISV", "BRK2", 1)
{
    Scope (\_SB)
    {
        PowerResource (PWR1, 0x00, 0x0000)
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

        Device (RP01)
        {
            Name (_HID, "BRK0002")
            Method (_PR0, 0, NotSerialized)
            {
                Local0 = 0x1234
                If ((Local0 == 0x1234))
                {
                    Return (Package (0x01) { PWR1 })
                }
                Return (Package (0x00) {})
            }
        }
    }
}
