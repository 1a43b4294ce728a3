/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Breakage 4 of issue #16, as seen on ASUS, Framework, Lenovo and Toshiba
 * sets: a method defined in the DSDT and again in an SSDT. The kernel
 * keeps the first; the survey must report the DSDT's body (0x0F), not
 * the SSDT's (Zero), and credit the DSDT.
 */
DefinitionBlock ("", "DSDT", 2, "ACPISV", "BRK4", 1)
{
    Device (\_SB.DEV4)
    {
        Name (_HID, "BRK0004")
        Method (_STA, 0, NotSerialized)
        {
            Return (0x0F)
        }
    }
}
