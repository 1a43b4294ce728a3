/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Later Satellite boards: BTST's switch bit is a constant 1, its attached
 * and powered bits are shadows that the methods keep, and no switch edge
 * is notified. The registers the scenarios read are the real enable line.
 */
DefinitionBlock ("", "SSDT", 2, "TOSBT", "SHADOWS", 1)
{
    Scope (\_SB)
    {
        Device (BT)
        {
#define SELF BT
#define FW_SHADOW_BITS
#include "tos6205.asi"
        }

#define CTL BTCT
#define TARGET BT
#include "bench-control.asi"
    }
}
