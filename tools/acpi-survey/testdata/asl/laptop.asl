/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A test table for acpi-survey with what QEMU's tables lack: an embedded
 * controller region, IndexField, BankField, AccessAs, reserved bits,
 * events from EC queries and GPEs, and a method whose return value the
 * tool cannot reconstruct. Compiled by iasl in the tests.
 */
DefinitionBlock ("", "DSDT", 2, "ACPISV", "LAPTOP", 1)
{
    Scope (\_SB)
    {
        Device (PCI0)
        {
            Name (_HID, EisaId ("PNP0A08"))
            Name (_CID, EisaId ("PNP0A03"))

            Device (LPCB)
            {
                Name (_ADR, 0x001F0000)

                Device (EC0)
                {
                    Name (_HID, EisaId ("PNP0C09"))
                    Name (_UID, One)
                    OperationRegion (ECF0, EmbeddedControl, Zero, 0xFF)
                    Field (ECF0, ByteAcc, Lock, Preserve)
                    {
                        Offset (0x10),
                        BTDT,   1,
                        BTPW,   1,
                            ,   2,
                        BTSW,   1,
                        Offset (0x20),
                        TEMP,   16,
                        AccessAs (BufferAcc, AttribBytes (4)),
                        BLKD,   32
                    }

                    OperationRegion (CMS1, SystemIO, 0x72, 0x02)
                    Field (CMS1, ByteAcc, NoLock, Preserve)
                    {
                        CIDX,   8,
                        CDAT,   8
                    }

                    IndexField (CIDX, CDAT, ByteAcc, NoLock, WriteAsZeros)
                    {
                        Offset (0x40),
                        WKEN,   8,
                        WKST,   4
                    }

                    OperationRegion (BNKR, SystemMemory, 0xFED10000, 0x100)
                    Field (BNKR, DWordAcc, NoLock, Preserve)
                    {
                        BSEL,   8
                    }

                    BankField (BNKR, BSEL, 0x02, DWordAcc, NoLock, Preserve)
                    {
                        Offset (0x08),
                        BKV0,   32
                    }

                    Method (_Q11, 0, NotSerialized)
                    {
                        Notify (\_SB.PCI0.LPCB.BT, 0x90)
                    }

                    Method (_Q12, 0, NotSerialized)
                    {
                        ^^BT.TOGL (Zero)
                    }
                }

                Device (BT)
                {
                    Name (_HID, "TOS6205")
                    Name (_UID, "bluetooth")

                    Method (BTST, 0, NotSerialized)
                    {
                        Return (^^EC0.BTSW | (^^EC0.BTDT << 6) | (^^EC0.BTPW << 7))
                    }

                    Method (AUSB, 0, Serialized)
                    {
                        If (^^EC0.BTSW)
                        {
                            ^^EC0.BTDT = One
                        }
                    }

                    Method (BTPO, 0, NotSerialized)
                    {
                        ^^EC0.BTPW = One
                    }

                    Method (TOGL, 1, NotSerialized)
                    {
                        If (Arg0)
                        {
                            Notify (BT, 0x91)
                        }
                    }

                    Method (MIXD, 1, NotSerialized)
                    {
                        Local0 = ^^EC0.TEMP
                        If (Arg0)
                        {
                            Local0 = ^^EC0.WKST
                        }
                        Return (Local0)
                    }

                    Method (NEST, 1, NotSerialized)
                    {
                        Local0 = One
                        While (Arg0)
                        {
                            Arg0--
                            Local1 = Local0++
                        }
                        Return (Local0)
                    }

                    Method (LOOP, 1, NotSerialized)
                    {
                        Local0 = Zero
                        While (Local0 < Arg0)
                        {
                            Local0++
                        }
                        Return (Local0 + ^^EC0.BKV0)
                    }
                }
            }
        }
    }

    Scope (\_GPE)
    {
        Method (_L1D, 0, NotSerialized)
        {
            Notify (\_SB.PCI0.LPCB.BT, 0x92)
        }

        Method (_E05, 0, NotSerialized)
        {
            \_SB.PCI0.LPCB.BT.TOGL (One)
        }
    }
}
