/* SPDX-License-Identifier: GPL-2.0 */
/* An older model: no BTST, so no status and no switch to report. */
DefinitionBlock ("", "SSDT", 2, "TOSBT", "NOBTST", 1)
{
    Scope (\_SB)
    {
        Device (BT)
        {
#define SELF BT
#define FW_NO_BTST
#include "tos6205.asi"
        }

#define CTL BTCT
#define TARGET BT
#include "bench-control.asi"
    }
}
