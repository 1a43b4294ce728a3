/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The shortlist's ranking and WMI: an ASUS-made table (OEM ID _ASUS_)
 * with a WMI device written in lower case, as firmware does, whose _WDG
 * holds the ASUS WMI methods' GUID and an event; a device whose _HID is a
 * method returning a constant; an ASUS ID; and an Intel part.
 */
DefinitionBlock ("", "SSDT", 2, "_ASUS_", "WMITEST", 1)
{
    Device (\_SB.WMIX)
    {
        Name (_HID, "pnp0c14")
        Name (_UID, "X")
        Name (_WDG, Buffer (0x28)
        {
            /* 97845ED0-4E6D-11DE-8A39-0800200C9A66: method "BC", 1 instance */
            0xD0, 0x5E, 0x84, 0x97, 0x6D, 0x4E, 0xDE, 0x11,
            0x8A, 0x39, 0x08, 0x00, 0x20, 0x0C, 0x9A, 0x66,
            0x42, 0x43, 0x01, 0x02,
            /* 12345678-1234-5678-0102-030405060708: event 0xD2 */
            0x78, 0x56, 0x34, 0x12, 0x34, 0x12, 0x78, 0x56,
            0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
            0xD2, 0x00, 0x01, 0x08
        })
    }

    Device (\_SB.CHID)
    {
        Method (_HID, 0, NotSerialized)
        {
            Return ("ABCD0001")
        }
    }

    Device (\_SB.ASHS)
    {
        Name (_HID, "ATK4002")
    }

    Device (\_SB.CWDT)
    {
        Name (_HID, "INT3F0D")
        Name (_CID, EisaId ("PNP0C02"))
    }
}
