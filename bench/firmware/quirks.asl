/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Firmware with a mind of its own. The first device's BTST reports
 * attached and powered only while the switch is on, initialises the EC
 * bits on its first call, and carries junk in the other bits. The second
 * powers the radio itself before notifying the switch-on, with 0x00 (Bus
 * Check) as the event.
 */
DefinitionBlock ("", "SSDT", 2, "TOSBT", "QUIRKS", 1)
{
    Scope (\_SB)
    {
        Device (BT)
        {
#define SELF BT
#define FW_BTST_GATED
#define FW_BTST_LAZY
#define FW_BTST_JUNK
#include "tos6205.asi"
        }

        Device (BT2)
        {
#define SELF BT2
#define FW_POWERS_ITSELF
#define FW_ON_EVENT 0x00
#include "tos6205.asi"
        }

#define CTL BTCT
#define TARGET BT
#include "bench-control.asi"
#define CTL BTC2
#define TARGET BT2
#include "bench-control.asi"
    }
}
