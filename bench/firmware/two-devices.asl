/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Two Toshiba Bluetooth devices in one machine, each with methods that
 * are not what their names say, and objects a driver must ignore; the
 * first declares its ID as an EISA ID. Beside them, a fake TOS6205 whose
 * _STA says it is absent, as some BIOSes carry.
 */
DefinitionBlock ("", "SSDT", 2, "TOSBT", "TWODEVS", 1)
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

        Device (BTX)
        {
            Name (_HID, "TOS6205")
            Name (_UID, 0x03)

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
    }
}
