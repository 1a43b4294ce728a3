/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Breakage 6: Scope (C129) inside Scope (C09B), where C129 is C09B's
 * sibling. A single NameSeg is searched for up the tree, as ACPICA's
 * loader does: the PowerResource and the method go under \_SB.C129, not
 * under a new \_SB.C09B.C129.
 */
DefinitionBlock ("", "DSDT", 2, "ACPISV", "BRK6", 1)
{
    Scope (\_SB)
    {
        Device (C09B)
        {
            Name (_HID, "BRK0006")
        }

        Device (C129)
        {
            Name (_HID, "BRK0007")
        }
    }

    Scope (\_SB.C09B)
    {
        Scope (C129)
        {
            PowerResource (C1E1, 0, 0)
            {
                Method (_STA, 0, NotSerialized)
                {
                    Return (One)
                }
            }

            Method (MTH6, 0, NotSerialized)
            {
                Return (0x66)
            }
        }
    }
}
