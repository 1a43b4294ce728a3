/* SPDX-License-Identifier: GPL-2.0 */
/* The reference machine: the article's Toshiba, as described there. */
DefinitionBlock ("", "SSDT", 2, "TOSBT", "REFERENC", 1)
{
#include "tos6205.asi"
#include "bench-control.asi"
}
