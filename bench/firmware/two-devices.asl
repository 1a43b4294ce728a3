/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ID declared as an EISA ID, next to a fake TOS6205 whose _STA says
 * it is absent, as some BIOSes carry.
 */
DefinitionBlock ("", "SSDT", 2, "TOSBT", "PRESENCE", 1)
{
    Scope (\_SB)
    {
        Device (BT)
        {
#define SELF BT
#define FW_HID_EISA
#include "tos6205.asi"
        }

        Device (BTX)
        {
            Name (_HID, "TOS6205")
            Name (_UID, 0x02)

            Method (_STA, 0, NotSerialized)
            {
                Return (Zero)
            }

            /* Never to be called: counted with the real device's BTST. */
            Method (BTST, 0, NotSerialized)
            {
                \_SB.BT.CBST++
                Return (0xC1)
            }
        }

#define CTL BTCT
#define TARGET BT
#include "bench-control.asi"
    }
}
