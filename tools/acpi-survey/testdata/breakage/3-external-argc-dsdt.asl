/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Breakage 3 of issue #16, as seen on an HP OMEN: the DSDT declares
 * ZPOD External with 3 arguments and calls it so; the SSDT defines it
 * with 4. A call's operands end with the package that holds them, as in
 * ACPICA: the call in the If takes 3, and the method goes on to return
 * 0x55.
 */
DefinitionBlock ("", "DSDT", 2, "ACPISV", "BRK3", 1)
{
    External (\ZPOD, MethodObj, IntObj, {IntObj, IntObj, IntObj})

    Device (\_SB.DEV3)
    {
        Name (_HID, "BRK0003")
        Method (MAIN, 0, NotSerialized)
        {
            If (CondRefOf (\ZPOD))
            {
                \ZPOD (0x01, 0x02, 0x03)
            }
            Return (0x55)
        }
    }
}
