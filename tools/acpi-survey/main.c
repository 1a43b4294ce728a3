// SPDX-License-Identifier: GPL-2.0
/*
 * acpi-survey: which ACPI devices are vendor-specific, what their methods
 * read and write, and which events reach them. See --help.
 */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "survey.h"

#define SYSFS_TABLES "/sys/firmware/acpi/tables"
#define MAX_FILE (64u << 20)

static const char usage[] =
	"usage: acpi-survey [--json] [--strict] [--device ID|PATH [--skeleton]] [TABLE...]\n"
	"\n"
	"Reads a DSDT and its SSDTs (files, or " SYSFS_TABLES " when none\n"
	"are given, which needs root) and parses them as one namespace.\n"
	"\n"
	"  (no option)        devices, vendor-specific ones first\n"
	"  --device ID|PATH   one device: methods, what they read, write, call and\n"
	"                     return, the fields behind them, the events it gets\n"
	"  --json             the same facts as JSON (schema acpi-survey/1)\n"
	"  --skeleton         with --device: a platform driver to start from\n"
	"  --strict           fail on the first table or construct that cannot be\n"
	"                     read; without it, each is a warning, the rest of\n"
	"                     its scope is skipped, and the survey goes on\n"
	"\n"
	"Exit status: 0 with a survey, 1 when no table could be read (or, with\n"
	"--strict, any error), 2 for a bad command line.\n";

static void warn(const char *msg)
{
	fprintf(stderr, "acpi-survey: warning: %s\n", msg);
}

struct file {
	char *name;
	uint8_t *data;
	size_t size;
};

static int read_file(const char *name, struct file *f)
{
	FILE *in = fopen(name, "rb");
	size_t cap = 65536, n = 0, r;
	uint8_t *buf;

	if (!in) {
		fprintf(stderr, "acpi-survey: %s: %s%s\n", name, strerror(errno),
			errno == EACCES ? " (run as root, or give table files)" : "");
		return -1;
	}
	buf = malloc(cap);
	while (buf && (r = fread(buf + n, 1, cap - n, in)) > 0) {
		n += r;
		if (n == cap) {
			uint8_t *nb;

			if (cap >= MAX_FILE) {
				fprintf(stderr, "acpi-survey: %s: %s\n", name,
					"larger than 64 MiB, not an ACPI table");
				free(buf);
				fclose(in);
				return -1;
			}
			nb = realloc(buf, cap * 2);
			if (!nb)
				free(buf);
			buf = nb;
			cap *= 2;
		}
	}
	if (!buf || ferror(in)) {
		fprintf(stderr, "acpi-survey: %s: %s\n", name,
			buf ? "read error" : "out of memory");
		free(buf);
		fclose(in);
		return -1;
	}
	fclose(in);
	f->name = strdup(name);
	f->data = buf;
	f->size = n;
	return 0;
}

static int is_dsdt(const struct file *f)
{
	return f->size >= 4 && !memcmp(f->data, "DSDT", 4);
}

static int by_name(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The DSDT, then the SSDTs, as the kernel loads them. */
static int sysfs_tables(char ***names, int *n)
{
	static const char *const dirs[] = { SYSFS_TABLES, SYSFS_TABLES "/dynamic" };
	size_t d;

	*names = calloc(256, sizeof(char *));
	*n = 0;
	if (!*names)
		return -1;
	(*names)[(*n)++] = strdup(SYSFS_TABLES "/DSDT");
	for (d = 0; d < 2; d++) {
		DIR *dir = opendir(dirs[d]);
		struct dirent *e;
		int first = *n;

		if (!dir) {
			if (d)
				continue;
			fprintf(stderr, "acpi-survey: %s: %s\n", dirs[d], strerror(errno));
			while (*n)
				free((*names)[--*n]);
			return -1;
		}
		while ((e = readdir(dir)) && *n < 255) {
			char path[512];

			if (strncmp(e->d_name, "SSDT", 4))
				continue;
			snprintf(path, sizeof(path), "%s/%s", dirs[d], e->d_name);
			(*names)[(*n)++] = strdup(path);
		}
		closedir(dir);
		qsort(*names + first, *n - first, sizeof(char *), by_name);
	}
	return 0;
}

static int safe_id(const char *s)
{
	for (; *s; s++)
		if (!strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-", *s))
			return 0;
	return 1;
}

/*
 * The survey of the parsed tables, and its report: the exit status. Not
 * inlined into survey(), whose setjmp() must not see its variables.
 */
static int __attribute__((noinline))
report(struct aml *a, struct survey *s, const char *device, int json, int skeleton)
{
	int rc = 1;

	survey_build(s, a);
	if (!device) {
		if (json)
			report_json(stdout, s, NULL, 0);
		else
			report_text(stdout, s);
		rc = 0;
	} else {
		size_t n, k;
		struct device_info **d = survey_match(s, device, &n);

		if (!n) {
			fprintf(stderr, "acpi-survey: no device has the ID or path %s\n", device);
			return 1;
		}
		rc = 0;
		if (json) {
			report_json(stdout, s, d, n);
		} else if (skeleton) {
			if (n > 1)
				fprintf(stderr, "acpi-survey: %zu devices match %s; %s %s\n",
					n, device, "the skeleton is for", aml_path(a, d[0]->n));
			if (!d[0]->hid || !safe_id(d[0]->hid) ||
			    write_skeleton(stdout, s, d[0])) {
				fprintf(stderr, "acpi-survey: %s %s\n", aml_path(a, d[0]->n),
					"has no _HID string a driver can match");
				rc = 1;
			}
		} else {
			for (k = 0; k < n; k++) {
				if (k)
					fputs("\n", stdout);
				report_device_text(stdout, s, d[k]);
			}
		}
	}
	return rc;
}

/* Running out of memory in the survey ends it, with a message. */
static int survey_tables(struct aml *a, const char *device, int json, int skeleton)
{
	struct survey s;
	jmp_buf oom;

	a->fail = &oom;
	if (setjmp(oom)) {
		fprintf(stderr, "acpi-survey: %s\n", a->error);
		return 1;
	}
	return report(a, &s, device, json, skeleton);
}

int main(int argc, char **argv)
{
	int json = 0, skeleton = 0, strict = 0, nfiles = 0, i, rc = 1, own_names = 0;
	int pass;
	const char *device = NULL;
	char **names = NULL;
	struct file *files = NULL;
	struct aml *a;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json")) {
			json = 1;
		} else if (!strcmp(argv[i], "--skeleton")) {
			skeleton = 1;
		} else if (!strcmp(argv[i], "--strict")) {
			strict = 1;
		} else if (!strcmp(argv[i], "--device")) {
			if (++i == argc) {
				fprintf(stderr, "acpi-survey: %s\n%s",
					"--device needs an ID or a path", usage);
				return 2;
			}
			device = argv[i];
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fputs(usage, stdout);
			return 0;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "acpi-survey: unknown option %s\n%s", argv[i], usage);
			return 2;
		}
	}
	if (skeleton && (!device || json)) {
		fprintf(stderr, "acpi-survey: --skeleton needs --device, and no --json\n");
		return 2;
	}
	names = calloc(argc, sizeof(*names));
	if (!names)
		return 2;
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--device"))
			i++;
		else if (argv[i][0] != '-' || !argv[i][1])
			names[nfiles++] = argv[i];
	}
	if (!nfiles) {
		free(names);
		if (sysfs_tables(&names, &nfiles)) {
			free(names);
			return 1;
		}
		own_names = 1;
	}

	a = calloc(1, sizeof(*a));
	files = calloc(nfiles, sizeof(*files));
	if (!a || !files) {
		fprintf(stderr, "acpi-survey: out of memory\n");
		free(a);
		a = NULL;
		goto out;
	}
	aml_init(a);
	a->warn = warn;
	a->strict = strict;
	/* A file that cannot be read or is no table is left out, said why. */
	for (i = 0; files && i < nfiles; i++)
		if (read_file(names[i], &files[i]) && strict)
			goto out;
	/* DSDT first (pass 1), whatever the order on the command line. */
	for (pass = 1; pass >= 0; pass--)
		for (i = 0; i < nfiles; i++)
			if (files[i].data && is_dsdt(&files[i]) == pass &&
			    aml_add_table(a, files[i].name, files[i].data, files[i].size)) {
				fprintf(stderr, "acpi-survey: %s\n", a->error);
				if (strict)
					goto out;
			}
	if (!a->ntables) {
		fprintf(stderr, "acpi-survey: no table could be read\n");
		goto out;
	}
	if (aml_parse(a))
		goto error;
	if (a->skipped)
		fprintf(stderr, "acpi-survey: warning: %d part%s of the tables %s\n",
			a->skipped, a->skipped == 1 ? "" : "s",
			"could not be parsed; the survey lacks what they hold");

	rc = survey_tables(a, device, json, skeleton);
	goto out;
error:
	fprintf(stderr, "acpi-survey: %s\n", a->error);
out:
	if (a)
		aml_free(a);
	for (i = 0; files && i < nfiles; i++) {
		free(files[i].name);
		free(files[i].data);
	}
	if (own_names)
		for (i = 0; i < nfiles; i++)
			free(names[i]);
	free(files);
	free(names);
	free(a);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "acpi-survey: error writing the report\n");
		return 1;
	}
	return rc;
}
