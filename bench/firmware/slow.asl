/* SPDX-License-Identifier: GPL-2.0 */
/* Slow firmware: every method is Serialized, takes a Mutex, sleeps 500 ms. */
DefinitionBlock ("", "SSDT", 2, "TOSBT", "SLOW", 1)
{
    Scope (\_SB)
    {
        Device (BT)
        {
#define SELF BT
#define FW_SLOW_MS 500
#include "tos6205.asi"
        }

#define CTL BTCT
#define TARGET BT
#include "bench-control.asi"
    }
}
