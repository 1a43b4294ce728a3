/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which switch edges notify: the first device notifies both (0x90 on,
 * 0x80 off), the second neither; its state changes silently.
 */
DefinitionBlock ("", "SSDT", 2, "TOSBT", "EDGES", 1)
{
    Scope (\_SB)
    {
        Device (BT)
        {
#define SELF BT
#define FW_OFF_EVENT 0x80
#include "tos6205.asi"
        }

        Device (BT2)
        {
#define SELF BT2
#define FW_SILENT
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
