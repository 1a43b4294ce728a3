// SPDX-License-Identifier: GPL-2.0
/* The IDs that every PC has: what the report calls "standard". */
#include <string.h>

#include "survey.h"

static const struct {
	const char *id, *what;
} ids[] = {
	{ "PNP0000", "interrupt controller (8259)" },
	{ "PNP0100", "system timer (8254)" },
	{ "PNP0103", "HPET timer" },
	{ "PNP0200", "DMA controller" },
	{ "PNP0303", "PS/2 keyboard" },
	{ "PNP0400", "parallel port" },
	{ "PNP0501", "serial port (16550)" },
	{ "PNP0700", "floppy controller" },
	{ "PNP0A03", "PCI bus" },
	{ "PNP0A05", "generic container" },
	{ "PNP0A06", "generic container" },
	{ "PNP0A08", "PCI Express bus" },
	{ "PNP0B00", "real-time clock" },
	{ "PNP0C01", "system board" },
	{ "PNP0C02", "motherboard resources" },
	{ "PNP0C04", "math coprocessor" },
	{ "PNP0C09", "embedded controller" },
	{ "PNP0C0A", "control-method battery" },
	{ "PNP0C0B", "fan" },
	{ "PNP0C0C", "power button" },
	{ "PNP0C0D", "lid switch" },
	{ "PNP0C0E", "sleep button" },
	{ "PNP0C0F", "PCI interrupt link" },
	{ "PNP0C14", "WMI mapper" },
	{ "PNP0C80", "memory device" },
	{ "PNP0D80", "system power management controller" },
	{ "PNP0F13", "PS/2 mouse" },
	{ "ACPI0001", "SMBus 1.0 host controller" },
	{ "ACPI0002", "smart battery subsystem" },
	{ "ACPI0003", "AC adapter" },
	{ "ACPI0004", "module device" },
	{ "ACPI0005", "SMBus 2.0 host controller" },
	{ "ACPI0006", "GPE block device" },
	{ "ACPI0007", "processor" },
	{ "ACPI0008", "ambient light sensor" },
	{ "ACPI000A", "I/O APIC" },
	{ "ACPI000C", "processor aggregator" },
	{ "ACPI000D", "power meter" },
	{ "ACPI000E", "time and alarm device" },
	{ "ACPI0010", "processor container" },
	{ "ACPI0012", "NVDIMM root device" },
	{ "ACPI0013", "generic event device" },
	{ "INT0800", "Intel firmware hub" },
	{ "INT33A1", "Intel power engine plug-in" },
	{ "INT33D5", "Intel HID event filter" },
	{ "INT3400", "Intel DPTF manager" },
};

const char *id_description(const char *id, int *standard)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		if (!strcmp(ids[i].id, id)) {
			*standard = 1;
			return ids[i].what;
		}
	}
	/* Every PNP ID is from the PnP specifications; the rest is vendors'. */
	*standard = !strncmp(id, "PNP", 3);
	return *standard ? "PNP device" : NULL;
}
