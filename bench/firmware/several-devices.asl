/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Several Toshiba Bluetooth devices in one machine, as the models of
 * issue #4 have them, in one table so that one boot tests them all:
 * two devices whose methods are not what their names say, with objects
 * a driver must ignore (the first declares its ID as an EISA ID); three
 * older models, each without one method (BTST, then AUSB, then BTPO);
 * and a fake TOS6205 whose _STA says it is absent, as some BIOSes carry.
 * The fake one is last, so that the real ones are TOS6205:00 to :04.
 */
DefinitionBlock ("", "SSDT", 2, "TOSBT", "SEVERAL", 1)
{
    Scope (\_SB)
    {
        /* AUSB does nothing (BTPO attaches); BTPF only sleeps (DUSB powers off). */
        Device (BT)
        {
#define SELF BT
#define FW_HID_EISA
#define FW_AUSB_EMPTY
#define FW_BTPF_SLEEPS
#define FW_EXTRAS
#include "tos6205.asi"
        }

        /* AUSB also powers; BTPO does nothing unless attached. */
        Device (BT2)
        {
#define SELF BT2
#define FW_AUSB_POWERS
#define FW_BTPO_NEEDS_ATTACH
#define FW_EXTRAS
#include "tos6205.asi"
        }

        Device (BT3)
        {
#define SELF BT3
#define FW_NO_BTST
#include "tos6205.asi"
        }

        Device (BT4)
        {
#define SELF BT4
#define FW_NO_AUSB
#include "tos6205.asi"
        }

        Device (BT5)
        {
#define SELF BT5
#define FW_NO_BTPO
#include "tos6205.asi"
        }

        Device (BTX)
        {
            Name (_HID, "TOS6205")
            Name (_UID, 0x06)

            Method (_STA, 0, NotSerialized)
            {
                Return (Zero)
            }

            /* Never to be called: counted with the first device's BTST. */
            Method (BTST, 0, NotSerialized)
            {
                \_SB.BT.CBST++
                Return (0xC1)
            }
        }

#define CTL BTCT
#define TARGET BT
#include "bench-control.asi"
#define CTL BTC2
#define TARGET BT2
#include "bench-control.asi"
#define CTL BTC3
#define TARGET BT3
#include "bench-control.asi"
#define CTL BTC4
#define TARGET BT4
#include "bench-control.asi"
#define CTL BTC5
#define TARGET BT5
#include "bench-control.asi"
    }
}
