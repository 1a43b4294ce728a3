/* SPDX-License-Identifier: GPL-2.0 */
/* The reference machine: the article's Toshiba, as described there. */
DefinitionBlock ("", "SSDT", 2, "TOSBT", "REFERENC", 1)
{
    Scope (\_SB)
    {
        Device (BT)
        {
#define SELF BT
#include "tos6205.asi"
        }

#define CTL BTCT
#define TARGET BT
#include "bench-control.asi"
    }
}
