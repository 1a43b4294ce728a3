/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The article's Toshiba for the system lane (bench/system), where Debian
 * boots as a user has it and suspends for real:
 *  - at power-on the switch is on and the radio is missing (detached,
 *    unpowered): Bluetooth is gone after boot unless a driver acts;
 *  - the kernel evaluates \_TTS around a real suspend or hibernation (3
 *    or 4 before, 0 after resume or restore), and QEMU's own DSDT does not
 *    define it: it is where the firmware's sleep effects (bench-control
 *    SLPE) happen here. Across hibernation the firmware's state is the
 *    restored image's, as the namespace is kernel memory: what changed
 *    while the machine was off is what SLPE set up at \_TTS (4), applied
 *    at the firmware's first method after the restore.
 */
DefinitionBlock ("", "SSDT", 2, "TOSBT", "SYSTEM", 1)
{
    Scope (\_SB)
    {
        Device (BT)
        {
#define SELF BT
#include "tos6205.asi"

            Method (_INI, 0, NotSerialized)
            {
                BTSW = One
            }
        }

#define CTL BTCT
#define TARGET BT
#include "bench-control.asi"
    }

    Method (\_TTS, 1, NotSerialized)
    {
        If (Arg0 == 3 || Arg0 == 4)
        {
            \_SB.BTCT.SLPS (One)
        }
        ElseIf (Arg0 == Zero)
        {
            \_SB.BTCT.SLPS (Zero)
        }
    }
}
