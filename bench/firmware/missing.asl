/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Methods missing from the firmware, one device each: an older model
 * without BTST (no status, no switch to report), then AUSB, then BTPO.
 */
DefinitionBlock ("", "SSDT", 2, "TOSBT", "MISSING", 1)
{
    Scope (\_SB)
    {
        Device (BT)
        {
#define SELF BT
#define FW_NO_BTST
#include "tos6205.asi"
        }

        Device (BT2)
        {
#define SELF BT2
#define FW_NO_AUSB
#include "tos6205.asi"
        }

        Device (BT3)
        {
#define SELF BT3
#define FW_NO_BTPO
#include "tos6205.asi"
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
    }
}
