// SPDX-License-Identifier: GPL-2.0
/*
 * What acpi-survey knows of IDs: the ones every PC has (what the report
 * calls "standard"), the machine makers' and the parts vendors' prefixes,
 * and WMI GUIDs.
 */
#include <string.h>
#include <strings.h>

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

/*
 * Machine makers: the OEM ID their DSDTs carry (a prefix), and the ID
 * prefixes of their own devices. The survey ranks those devices first.
 */
static const struct maker makers[] = {
	{ "LENOVO", "Lenovo", { "LEN", "IBM", "VPC", "IDEA" } },
	{ "_ASUS_", "ASUS", { "ATK", "ASUS", "ASU" } },
	{ "DELL", "Dell", { "DELL", "DLL" } },
	{ "TOS", "Toshiba", { "TOS" } },
	{ "HPQOEM", "HP", { "HPQ", "HPIC" } },
	{ "HP", "HP", { "HPQ", "HPIC" } },
	{ "ACRSYS", "Acer", { "ACR" } },
	{ "APPLE", "Apple", { "APP" } },
	{ "FUJ", "Fujitsu", { "FUJ" } },
	{ "HUAWEI", "Huawei", { "HWP", "HUAW" } },
	{ "LGE", "LG", { "LGE" } },
	{ "MATBIO", "Panasonic", { "MAT" } },
	{ "MSI", "MSI", { "MSI" } },
	{ "SECCSD", "Samsung", { "SAM", "SEC" } },
	{ "SONY", "Sony", { "SNY" } },
	{ "BOCHS", "QEMU", { "QEMU" } },
};

const struct maker *maker_of(const char *oem_id)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(makers); i++)
		if (!strncasecmp(oem_id, makers[i].oem, strlen(makers[i].oem)))
			return &makers[i];
	return NULL;
}

/* The maker's prefix that id starts with, or NULL. */
const char *maker_prefix(const struct maker *m, const char *id)
{
	size_t i;

	for (i = 0; m && i < ARRAY_SIZE(m->prefixes) && m->prefixes[i]; i++)
		if (!strncasecmp(id, m->prefixes[i], strlen(m->prefixes[i])))
			return m->prefixes[i];
	return NULL;
}

/*
 * Silicon and peripheral vendors whose IDs are on every kind of machine:
 * the survey classes them with the standard IDs.
 */
static const struct {
	const char *prefix, *who;
} parts[] = {
	{ "INTC", "Intel" }, { "INT", "Intel" }, { "AMDI", "AMD" }, { "AMD", "AMD" },
	{ "QCOM", "Qualcomm" }, { "NVDA", "NVIDIA" }, { "MSFT", "Microsoft" },
	{ "ELAN", "Elan" }, { "ETD", "Elan" }, { "SYNA", "Synaptics" },
	{ "SYN", "Synaptics" }, { "ATML", "Atmel" }, { "ALPS", "Alps" },
	{ "ALP", "Alps" }, { "CYP", "Cypress" }, { "NTRG", "N-trig" },
	{ "EETI", "EETI" }, { "NXP", "NXP" }, { "BCM", "Broadcom" },
	{ "BRCM", "Broadcom" }, { "RTK", "Realtek" }, { "RTL", "Realtek" },
	{ "10EC", "Realtek" }, { "STM", "STMicroelectronics" },
	{ "SMO", "STMicroelectronics" }, { "WCOM", "Wacom" }, { "GXTP", "Goodix" },
	{ "GDIX", "Goodix" }, { "HIMX", "Himax" }, { "ESSX", "Everest" },
	{ "MCHP", "Microchip" }, { "TXNW", "Texas Instruments" },
	{ "IFX", "Infineon" }, { "NTC", "Nuvoton" }, { "BOSC", "Bosch" },
	{ "KIOX", "Kionix" }, { "CSC", "Cirrus Logic" }, { "MXIM", "Maxim" },
	{ "XXXX", "a placeholder" },
};

const char *part_vendor(const char *id)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(parts); i++)
		if (!strncmp(id, parts[i].prefix, strlen(parts[i].prefix)))
			return parts[i].who;
	return NULL;
}

/* WMI GUIDs that Linux's drivers match, and whose they are. */
static const struct known_guid guids[] = {
	{ "A80593CE-A997-11DA-B012-B622A1EF5492", "Dell", "Dell SMBIOS calls" },
	{ "9DBB5994-A997-11DA-B012-B622A1EF5492", "Dell", "Dell WMI events" },
	{ "8D9DDCBC-A997-11DA-B012-B622A1EF5492", "Dell", "Dell WMI descriptor" },
	{ "97845ED0-4E6D-11DE-8A39-0800200C9A66", "ASUS", "ASUS WMI methods" },
	{ "0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C", "ASUS", "ASUS WMI events" },
	{ "5FB7F034-2C63-45E9-BE91-3D44E2C707E4", "HP", "HP BIOS WMI methods" },
	{ "95F24279-4D7B-4334-9387-ACCDC67EF61C", "HP", "HP WMI events" },
	{ "67C3371D-95A3-4C37-BB61-DD47B491DAAB", "Acer", "Acer AMW0 methods" },
	{ "431F16ED-0C2B-444C-B267-27DEB140CF9C", "Acer", "Acer AMW0 methods" },
	{ "6AF4F258-B401-42FD-BE91-3D4AC2D7C0D3", "Acer", "Acer WMID methods" },
	{ "95764E09-FB56-4E83-B31A-37761F60994A", "Acer", "Acer WMID methods" },
	{ "61EF69EA-865C-4BC3-A502-A0DEBA0CB531", "Acer", "Acer WMID methods" },
	{ "676AA15E-6A47-4D9F-A2CC-1E6D18D14026", "Acer", "Acer WMID events" },
	{ "86CCFD48-205E-4A77-9C48-2021CBEDE341", "Intel", "Intel Thunderbolt" },
	{ "603E9613-EF25-4338-A3D0-C46177516DB7", "NVIDIA", "NVIDIA backlight" },
	{ "05901221-D566-11D1-B2F0-00A0C9062910", NULL, "binary MOF (describes the others)" },
};

const struct known_guid *known_guid(const char *guid)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(guids); i++)
		if (!strcasecmp(guid, guids[i].guid))
			return &guids[i];
	return NULL;
}
