/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A WMI dispatcher as Dell's are written: it compares a four-character
 * method ID (0x53545344, "DSTS" in memory order) and assigns to an
 * argument before it returns it, so the return is the call's result.
 */
DefinitionBlock ("", "SSDT", 2, "DELL  ", "DISPATCH", 1)
{
    Device (\_SB.AMW0)
    {
        Name (_HID, "PNP0C14")
        Method (GENS, 3, NotSerialized)
        {
            Return (Arg1)
        }
        Method (WMBC, 3, NotSerialized)
        {
            If ((Arg1 == 0x53545344))
            {
                Return (0x01)
            }
            Arg0 = GENS (0x03, Arg0, Arg1)
            Return (Arg0)
        }
    }
}
