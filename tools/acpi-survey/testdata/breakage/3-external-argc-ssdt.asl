/* SPDX-License-Identifier: GPL-2.0 */
/* Breakage 3: ZPOD's definition, with one argument more than declared. */
DefinitionBlock ("", "SSDT", 2, "ACPISV", "BRK3S", 1)
{
    Method (\ZPOD, 4, NotSerialized)
    {
        Return (Arg3)
    }
}
