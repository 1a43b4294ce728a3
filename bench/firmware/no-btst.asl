/* SPDX-License-Identifier: GPL-2.0 */
/* An older model: no BTST, so no status and no switch to report. */
DefinitionBlock ("", "SSDT", 2, "TOSBT", "NOBTST", 1)
{
#define FW_NO_BTST
#include "tos6205.asi"
#include "bench-control.asi"
}
