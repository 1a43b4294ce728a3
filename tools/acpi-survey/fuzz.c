// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer entry: the input is one table (DSDT or SSDT, header included),
 * run through the parser and every report, as acpi-survey would. Inputs
 * without a valid header get one, so the fuzzer spends its time in AML.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "survey.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void __attribute__((noinline)) reports(struct aml *a)
{
	struct survey s;
	FILE *null = fopen("/dev/null", "w");
	size_t i, n;

	if (!null)
		abort();
	survey_build(&s, a);
	report_text(null, &s);
	report_json(null, &s, NULL, 0);
	for (i = 0; i < s.devices.n; i++) {
		struct device_info *d = s.devices.v[i];
		struct device_info **m = survey_match(&s, aml_path(a, d->n), &n);

		report_device_text(null, &s, d);
		report_json(null, &s, m, n);
		if (d->hid && strcmp(d->hid, "(method)"))
			write_skeleton(null, &s, d);
	}
	fclose(null);
}

/* The survey allocates: running out of memory there ends it. */
static void survey_reports(struct aml *a)
{
	jmp_buf oom;

	a->fail = &oom;
	if (!setjmp(oom))
		reports(a);
	a->fail = NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct aml *a = calloc(1, sizeof(*a));
	uint8_t *table = NULL;

	if (!a)
		return 0;
	aml_init(a);
	if (size >= 4 && (!memcmp(data, "DSDT", 4) || !memcmp(data, "SSDT", 4))) {
		table = malloc(size);
		if (table)
			memcpy(table, data, size);
	} else {
		/* Give the bytes a DSDT header with the right length. */
		table = calloc(1, size + 36);
		if (table) {
			memcpy(table, "DSDT", 4);
			table[4] = (size + 36) & 0xff;
			table[5] = (size + 36) >> 8 & 0xff;
			table[6] = (size + 36) >> 16 & 0xff;
			table[7] = (size + 36) >> 24 & 0xff;
			memcpy(table + 36, data, size);
			size += 36;
		}
	}
	if (table && !aml_add_table(a, "fuzz", table, size) && !aml_parse(a))
		survey_reports(a);
	aml_free(a);
	free(table);
	free(a);
	return 0;
}
