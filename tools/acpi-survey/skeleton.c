// SPDX-License-Identifier: GPL-2.0
/*
 * --skeleton: a platform driver to start from, bound by the device's
 * _HID, with a notify handler and one helper per method. The helpers are
 * __maybe_unused, so the file builds warning-free before any is used.
 */
#include <ctype.h>
#include <string.h>

#include "survey.h"

/* Comment text must not end the comment it sits in. */
static void comment(FILE *o, const char *s)
{
	for (; *s; s++) {
		fputc(*s, o);
		if (*s == '*' && s[1] == '/')
			fputc(' ', o);
	}
}

static void ident(char *out, size_t size, const char *s)
{
	size_t n = 0;

	if (isdigit((unsigned char)*s) && n + 5 < size) {
		memcpy(out, "acpi_", 5);
		n = 5;
	}
	for (; *s && n + 1 < size; s++)
		out[n++] = isalnum((unsigned char)*s) ? tolower((unsigned char)*s) : '_';
	out[n] = 0;
}

static void helper(FILE *o, struct survey *s, const char *pfx, struct node *m)
{
	struct method_info *mi = survey_method(s, m);
	int returns = mi && mi->rets.n, i;
	char seg[5], fn[16];
	size_t k;

	memcpy(seg, m->seg, 5);
	for (k = 3; k > 0 && seg[k] == '_'; k--)
		seg[k] = 0;
	ident(fn, sizeof(fn), seg);

	fprintf(o, "/* %s: %d argument%s", seg, m->argc, m->argc == 1 ? "" : "s");
	for (k = 0; mi && k < mi->rets.n; k++) {
		struct ret *r = mi->rets.v[k];

		fprintf(o, "\n * returns ");
		if (r->cond) {
			fprintf(o, "%s", strcmp(r->cond, "otherwise") ? "if " : "");
			comment(o, r->cond);
			fprintf(o, ": ");
		}
		comment(o, r->expr ? r->expr : "(not reconstructed)");
	}
	if (!returns)
		fprintf(o, "; returns nothing");
	fprintf(o, "\n */\nstatic int __maybe_unused %s_%s(struct %s *priv", pfx, fn, pfx);
	for (i = 0; i < m->argc; i++)
		fprintf(o, ", u64 arg%d", i);
	if (returns)
		fprintf(o, ", unsigned long long *result");
	fprintf(o, ")\n{\n");
	if (m->argc) {
		fprintf(o, "\tunion acpi_object args[%d] = {\n", m->argc);
		for (i = 0; i < m->argc; i++)
			fprintf(o, "\t\t{ .integer = { .type = ACPI_TYPE_INTEGER, %s%d } },\n",
				".value = arg", i);
		fprintf(o, "\t};\n\tstruct acpi_object_list list = {\n"
			"\t\t.count = ARRAY_SIZE(args),\n\t\t.pointer = args,\n\t};\n");
	}
	fprintf(o, "\tacpi_status status;\n\n");
	if (returns)
		fprintf(o, "\tstatus = acpi_evaluate_integer(priv->handle, \"%s\", %s, result);\n",
			seg, m->argc ? "&list" : "NULL");
	else
		fprintf(o, "\tstatus = acpi_evaluate_object(priv->handle, \"%s\", %s, NULL);\n",
			seg, m->argc ? "&list" : "NULL");
	fprintf(o, "\tif (ACPI_FAILURE(status)) {\n"
		"\t\tdev_err(priv->dev, \"%s failed: %%s\\n\",\n"
		"\t\t\tacpi_format_exception(status));\n"
		"\t\treturn -EIO;\n\t}\n\treturn 0;\n}\n\n", seg);
}

int write_skeleton(FILE *o, struct survey *s, struct device_info *d)
{
	const char *p = aml_path(s->a, d->n);
	char pfx[64];
	struct node *m;
	size_t i;
	int events = 0;

	if (!d->hid || !strcmp(d->hid, "(method)"))
		return -1;
	ident(pfx, sizeof(pfx), d->hid);

	/* an argument, so that checkpatch does not take it for this file's tag */
	fprintf(o, "// %s: GPL-2.0\n/*\n * Driver for the ACPI device %s (",
		"SPDX-License-Identifier", d->hid);
	comment(o, p);
	fprintf(o, "): a starting point\n"
		" * written by acpi-survey --skeleton from the firmware tables.\n"
		" * Each helper evaluates one method; what the values mean is yours\n"
		" * to find out (acpi-survey --device %s).\n */\n", d->hid);
	fprintf(o, "#include <linux/acpi.h>\n#include <linux/module.h>\n"
		"#include <linux/platform_device.h>\n\n");
	fprintf(o, "struct %s {\n\tstruct device *dev;\n\tacpi_handle handle;\n};\n\n", pfx);

	for (m = d->n->child; m; m = m->next)
		if (m->type == NT_METHOD)
			helper(o, s, pfx, m);

	fprintf(o, "static void %s_notify(acpi_handle handle, u32 event, void *data)\n"
		"{\n\tstruct %s *priv = data;\n\n", pfx, pfx);
	for (i = 0; i < s->notifies.n; i++) {
		struct notify_site *ns = s->notifies.v[i];

		if (ns->target != d->n)
			continue;
		fprintf(o, "%s", events++ ? "" : "\t/* The firmware notifies:\n");
		fprintf(o, "\t *   ");
		comment(o, ns->value);
		fprintf(o, " from ");
		comment(o, ns->method ? aml_path(s->a, ns->method) : "code outside methods");
		fprintf(o, "\n");
	}
	fprintf(o, "%s", events ? "\t */\n" :
		"\t/* No Notify in the tables targets this device. */\n");
	fprintf(o, "\tdev_info(priv->dev, \"event 0x%%x\\n\", event);\n}\n\n");

	fprintf(o, "static void %s_remove_notify(void *data)\n{\n"
		"\tstruct %s *priv = data;\n\n"
		"\tacpi_remove_notify_handler(priv->handle, ACPI_DEVICE_NOTIFY,\n"
		"\t\t\t\t   %s_notify);\n}\n\n", pfx, pfx, pfx);

	fprintf(o, "static int %s_probe(struct platform_device *pdev)\n{\n"
		"\tstruct %s *priv;\n\tacpi_status status;\n\n"
		"\tpriv = devm_kzalloc(&pdev->dev, sizeof(*priv), GFP_KERNEL);\n"
		"\tif (!priv)\n\t\treturn -ENOMEM;\n"
		"\tpriv->dev = &pdev->dev;\n"
		"\tpriv->handle = ACPI_HANDLE(&pdev->dev);\n"
		"\tif (!priv->handle)\n\t\treturn -ENODEV;\n"
		"\tplatform_set_drvdata(pdev, priv);\n\n"
		"\tstatus = acpi_install_notify_handler(priv->handle, ACPI_DEVICE_NOTIFY,\n"
		"\t\t\t\t\t     %s_notify, priv);\n"
		"\tif (ACPI_FAILURE(status))\n\t\treturn -EIO;\n"
		"\treturn devm_add_action_or_reset(&pdev->dev, %s_remove_notify, priv);\n}\n\n",
		pfx, pfx, pfx, pfx);

	fprintf(o, "static const struct acpi_device_id %s_ids[] = {\n"
		"\t{ \"%s\" },\n\t{ }\n};\nMODULE_DEVICE_TABLE(acpi, %s_ids);\n\n",
		pfx, d->hid, pfx);
	fprintf(o, "static struct platform_driver %s_driver = {\n"
		"\t.probe = %s_probe,\n\t.driver = {\n\t\t.name = \"%s\",\n"
		"\t\t.acpi_match_table = %s_ids,\n\t},\n};\n"
		"module_platform_driver(%s_driver);\n\n", pfx, pfx, pfx, pfx, pfx);
	fprintf(o, "MODULE_DESCRIPTION(\"Driver for the ACPI device %s\");\n"
		"MODULE_LICENSE(\"GPL\");\n", d->hid);
	return 0;
}
