// SPDX-License-Identifier: GPL-2.0
/* The reports: text for people, JSON (docs/acpi-survey.md) for programs. */
#include <string.h>

#include "survey.h"

static const char *path(struct survey *s, struct node *n)
{
	return n ? aml_path(s->a, n) : NULL;
}

static const char *table_file(struct survey *s, struct node *n)
{
	return n->table >= 0 ? s->a->tables[n->table].file : "";
}

static const char *kind_name(enum field_kind k)
{
	static const char *const names[] = {
		"Field", "IndexField", "BankField", "BufferField",
	};

	return names[k];
}

/* The region behind a field: its own, or the index register's. */
static struct node *field_region(struct node *f)
{
	if (f->fkind == FK_INDEX)
		return f->index ? f->index->region : NULL;
	return f->region;
}

/* Text */

static void field_text(FILE *o, struct survey *s, struct node *f)
{
	struct node *r = field_region(f);
	uint64_t base = 0;
	int is_int = 0;
	const char *b = survey_region_base(s, r, &is_int, &base);

	fprintf(o, "  %-6s ", f->seg);
	if (f->fkind == FK_BUFFER) {
		fprintf(o, "buffer field of %s: ", f->source ? render(s->a, f->source) : "?");
		if (f->width_known)
			fprintf(o, "byte 0x%llx bit %d, %llu bit%s\n",
				(unsigned long long)(f->bit_offset / 8), (int)(f->bit_offset % 8),
				(unsigned long long)f->width, f->width == 1 ? "" : "s");
		else
			fprintf(o, "position computed at run time\n");
		return;
	}
	if (f->fkind == FK_INDEX)
		fprintf(o, "IndexField through %s (index) and %s (data), ",
			f->index ? path(s, f->index) : "?", f->data ? path(s, f->data) : "?");
	if (r && r->type == NT_REGION)
		fprintf(o, "%s region %s at %s: ", aml_space_name(r->space),
			path(s, r), b ? b : "?");
	else
		fprintf(o, "region %s (not found): ", f->region_name ? f->region_name : "?");
	fprintf(o, "byte 0x%llx bit %d, %llu bit%s",
		(unsigned long long)(f->bit_offset / 8), (int)(f->bit_offset % 8),
		(unsigned long long)f->width, f->width == 1 ? "" : "s");
	if (f->fkind != FK_INDEX && r && r->type == NT_REGION &&
	    r->space == AML_SPACE_EMBEDDED_CONTROL && is_int)
		fprintf(o, " (embedded-controller register 0x%llx)",
			(unsigned long long)(base + f->bit_offset / 8));
	fprintf(o, "; %s, %s, %s", aml_access_name(f->flags),
		f->flags & 0x10 ? "Lock" : "NoLock", aml_update_name(f->flags));
	if (f->fkind == FK_BANK)
		fprintf(o, "; bank %s = %s", f->bank ? path(s, f->bank) : "?",
			f->bank_value ? render(s->a, f->bank_value) : "?");
	fputc('\n', o);
}

static const char *rank_name(enum device_rank r)
{
	static const char *const names[] = {
		[RANK_MAKER] = "maker", [RANK_WMI] = "wmi", [RANK_VENDOR] = "vendor",
		[RANK_COMPUTED] = "computed", [RANK_PERIPHERAL] = "peripheral",
		[RANK_STANDARD] = "standard",
	};

	return names[r];
}

/* A WMI device's blocks, as the kernel's WMI bus will see them. */
static void wdg_text(FILE *o, const struct device_info *d)
{
	size_t i;

	if (!d->wdg.n)
		return;
	fprintf(o, "\nWMI blocks (_WDG)\n");
	for (i = 0; i < d->wdg.n; i++) {
		const struct wdg_entry *e = d->wdg.v[i];

		fprintf(o, "  %s  ", e->guid);
		if (e->notify_id >= 0)
			fprintf(o, "event, notify ID 0x%02X", e->notify_id);
		else
			fprintf(o, "%s %s", e->flags & WDG_METHOD ? "method" : "data block",
				e->object_id);
		fprintf(o, ", %d instance%s%s%s", e->instances, e->instances == 1 ? "" : "s",
			e->flags & WDG_STRING ? ", string" : "",
			e->flags & WDG_EXPENSIVE ? ", expensive" : "");
		if (e->known)
			fprintf(o, "  (%s)", e->known->what);
		fputc('\n', o);
	}
}

static void device_line(FILE *o, struct survey *s, struct device_info *d, int w)
{
	char line[1024];
	size_t j, n;

	n = snprintf(line, sizeof(line), "  %-*s", w, path(s, d->n));
	if (d->hid && n < sizeof(line))
		n += snprintf(line + n, sizeof(line) - n, "  _HID %-9s", d->hid);
	for (j = 0; j < d->cids.n && n < sizeof(line); j++)
		n += snprintf(line + n, sizeof(line) - n, "  _CID %s",
			      (const char *)d->cids.v[j]);
	if (d->uid && n < sizeof(line))
		n += snprintf(line + n, sizeof(line) - n, d->uid_is_int ?
			      "  _UID %s" : "  _UID \"%s\"", d->uid);
	if (d->what && n < sizeof(line))
		n += snprintf(line + n, sizeof(line) - n, "  %s", d->what);
	if (d->why && n < sizeof(line))
		n += snprintf(line + n, sizeof(line) - n, "  (%s)", d->why);
	n = n < sizeof(line) ? n : sizeof(line) - 1;
	while (n && line[n - 1] == ' ')
		line[--n] = 0;
	fprintf(o, "%s\n", line);
}

void report_text(FILE *o, struct survey *s)
{
	struct aml *a = s->a;
	size_t i, nv = 0;
	int w = 0, pass;

	fprintf(o, "Tables (one namespace):\n");
	for (i = 0; i < (size_t)a->ntables; i++) {
		struct table *t = &a->tables[i];

		fprintf(o, "  %s  %-6s %-8s %6u bytes  %s  %s\n", t->sig, t->oem_id,
			t->oem_table, t->length, t->checksum_ok ? "checksum ok" :
			"CHECKSUM WRONG", t->file);
	}
	for (i = 0; i < s->devices.n; i++) {
		struct device_info *d = s->devices.v[i];
		int l = strlen(path(s, d->n));

		w = l > w ? l : w;
		nv += d->vendor;
	}
	/* The shortlist by rank, the maker's first; then the standard ones. */
	for (pass = 1; pass >= 0; pass--) {
		int rank;

		fprintf(o, "\n%s: %zu\n", pass ? "Vendor-specific devices (look at these first)" :
			"Standard devices", pass ? nv : s->devices.n - nv);
		for (rank = pass ? RANK_MAKER : RANK_STANDARD; rank <= RANK_STANDARD; rank++)
			for (i = 0; i < s->devices.n; i++) {
				struct device_info *d = s->devices.v[i];

				if (d->vendor == pass && (int)d->rank == rank)
					device_line(o, s, d, w);
			}
	}
	fprintf(o, "\nOne device in depth: acpi-survey --device ID|PATH\n");
}

static void access_list(FILE *o, struct survey *s, const char *label, struct vec *v)
{
	size_t i;

	if (!v->n)
		return;
	fprintf(o, "      %-8s", label);
	for (i = 0; i < v->n; i++) {
		struct access *x = v->v[i];

		fprintf(o, "%s%s", i ? ", " : "", x->name);
		if (x->value)
			fprintf(o, " := %s", x->value);
		if (!x->node)
			fprintf(o, " (not found)");
	}
	fputc('\n', o);
	(void)s;
}

#define STR_(x) #x
#define STR(x) STR_(x)

/* How far up, and how many chains, the raised-by report follows. */
#define MAX_HOPS 6
#define MAX_CHAINS 32

/*
 * The chains of calls that end in m, each from its root cause (an EC
 * query, a GPE, _WAK, _REG) or from a method nothing in the tables calls,
 * as "cause: \_GPE._L17 -> FOO (1) -> BAR (0x1012)": each hop is the
 * call as its caller writes it, arguments and all.
 */
static void chains_text(FILE *o, struct survey *s, struct node *m,
			const char *tail, struct node **seen, int depth, int *printed)
{
	const char *r = survey_raiser(s, m);
	struct vec callers = { 0 };
	size_t i;
	int k;

	if (*printed >= MAX_CHAINS)
		return;
	if (!r && depth < MAX_HOPS)
		survey_callers(s, m, &callers);
	if (r || !callers.n) {
		++*printed;
		fprintf(o, "\n        %s (%s)%s", path(s, m), r ? r : depth == MAX_HOPS ?
			"more than " STR(MAX_HOPS) " calls up: not followed" :
			"not called in these tables", tail);
		return;
	}
	seen[depth] = m;
	for (i = 0; i < callers.n && *printed < MAX_CHAINS; i++) {
		struct method_info *mi = callers.v[i];

		for (k = 0; k <= depth && seen[k] != mi->m; k++)
			;
		if (k <= depth)
			continue;	/* recursion: already on this chain */
		chains_text(o, s, mi->m,
			    fmt(s->a, " -> %s%s", survey_call_text(s, mi, m), tail),
			    seen, depth + 1, printed);
	}
}

static void raised_by_text(FILE *o, struct survey *s, struct node *m)
{
	struct node *seen[MAX_HOPS + 1];
	int printed = 0;

	if (!m) {
		fprintf(o, "loading the table");
		return;
	}
	if (survey_raiser(s, m)) {
		fprintf(o, "%s", survey_raiser(s, m));
		return;
	}
	fprintf(o, "calls from");
	chains_text(o, s, m, "", seen, 0, &printed);
	if (printed == MAX_CHAINS)
		fprintf(o, "\n        (no more than %d chains are shown)", MAX_CHAINS);
}

/* The fields a device's methods touch, in order of first touch. */
static void touched_fields(struct survey *s, struct device_info *d, struct vec *out)
{
	struct node *m;
	size_t i, j, k;

	for (m = d->n->child; m; m = m->next) {
		struct method_info *mi = m->type == NT_METHOD ? survey_method(s, m) : NULL;
		struct vec *lists[2];

		if (!mi)
			continue;
		lists[0] = &mi->reads;
		lists[1] = &mi->writes;
		for (k = 0; k < 2; k++) {
			for (i = 0; i < lists[k]->n; i++) {
				struct access *x = lists[k]->v[i];
				int seen = 0;

				if (!x->node || (x->node->type != NT_FIELD &&
						 x->node->type != NT_BUFFER_FIELD))
					continue;
				for (j = 0; j < out->n; j++)
					seen |= out->v[j] == x->node;
				if (!seen)
					vec_push(s->a, out, x->node);
			}
		}
	}
}

void report_device_text(FILE *o, struct survey *s, struct device_info *d)
{
	struct node *m;
	struct vec fields = { 0 };
	size_t i, n = 0;

	fprintf(o, "Device %s (in %s)\n", path(s, d->n), table_file(s, d->n));
	device_line(o, s, d, 0);
	fprintf(o, "  %s\n", d->vendor ? "vendor-specific" : "standard");
	wdg_text(o, d);

	fprintf(o, "\nMethods\n");
	for (m = d->n->child; m; m = m->next) {
		struct method_info *mi = m->type == NT_METHOD ? survey_method(s, m) : NULL;

		if (!mi)
			continue;
		fprintf(o, "  %s  %d argument%s, %s\n", path(s, m) + strlen(path(s, d->n)) + 1,
			m->argc, m->argc == 1 ? "" : "s",
			m->serialized ? "Serialized" : "NotSerialized");
		access_list(o, s, "reads", &mi->reads);
		access_list(o, s, "writes", &mi->writes);
		access_list(o, s, "calls", &mi->calls);
		if (!mi->rets.n)
			fprintf(o, "      returns nothing\n");
		for (i = 0; i < mi->rets.n; i++) {
			struct ret *r = mi->rets.v[i];

			fprintf(o, "      returns ");
			if (r->cond)
				fprintf(o, "%s%s: ",
					strcmp(r->cond, "otherwise") ? "if " : "", r->cond);
			if (r->expr)
				fprintf(o, "%s\n", r->expr);
			else
				fprintf(o, "(not reconstructed: %s)\n", r->why);
		}
	}

	touched_fields(s, d, &fields);
	fprintf(o, "\nFields its methods touch\n");
	if (!fields.n)
		fprintf(o, "  none\n");
	for (i = 0; i < fields.n; i++)
		field_text(o, s, fields.v[i]);

	fprintf(o, "\nNotify sites that target it\n");
	for (i = 0; i < s->notifies.n; i++) {
		struct notify_site *ns = s->notifies.v[i];

		if (ns->target != d->n)
			continue;
		n++;
		fprintf(o, "  Notify (%s, %s) in %s (%s byte 0x%x)\n      raised by: ",
			render(s->a, ns->op->arg[0]), ns->value,
			ns->method ? path(s, ns->method) : "code outside methods",
			s->a->tables[ns->op->table].file, ns->op->offset);
		raised_by_text(o, s, ns->method);
		fputc('\n', o);
	}
	if (!n)
		fprintf(o, "  none: the device gets no events from the firmware\n");
}

/* JSON */

static void js(FILE *o, const char *s)
{
	if (!s) {
		fputs("null", o);
		return;
	}
	fputc('"', o);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(o, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(o, "\\u%04x", c);
		else
			fputc(c, o);
	}
	fputc('"', o);
}

static void jkey(FILE *o, int *first, const char *k)
{
	fprintf(o, "%s\"%s\": ", *first ? "" : ", ", k);
	*first = 0;
}

static void jstr(FILE *o, int *first, const char *k, const char *v)
{
	jkey(o, first, k);
	js(o, v);
}

static void jnum(FILE *o, int *first, const char *k, unsigned long long v)
{
	jkey(o, first, k);
	fprintf(o, "%llu", v);
}

/*
 * "If (X)" or "Else of If (X)" for an object that module-level code
 * declares, found on it or on the nearest ancestor that has one; NULL for
 * the others.
 */
static const char *condition(struct survey *s, const struct node *n, char *buf,
			     size_t len)
{
	for (; n; n = n->parent) {
		if (!n->cond)
			continue;
		snprintf(buf, len, "%sIf (%s)", n->cond_else ? "Else of " : "",
			 render(s->a, n->cond));
		return buf;
	}
	return NULL;
}

static void device_json(FILE *o, struct survey *s, struct device_info *d)
{
	char cond[256];
	int f = 1;
	size_t j;

	fputc('{', o);
	jstr(o, &f, "path", path(s, d->n));
	jstr(o, &f, "table", table_file(s, d->n));
	jstr(o, &f, "hid", d->hid);
	jkey(o, &f, "cids");
	fputc('[', o);
	for (j = 0; j < d->cids.n; j++) {
		fputs(j ? ", " : "", o);
		js(o, d->cids.v[j]);
	}
	fputc(']', o);
	if (d->uid && d->uid_is_int) {
		jkey(o, &f, "uid");
		fputs(d->uid, o);
	} else {
		jstr(o, &f, "uid", d->uid);
	}
	jstr(o, &f, "class", d->vendor ? "vendor" : "standard");
	jstr(o, &f, "rank", rank_name(d->rank));
	jstr(o, &f, "description", d->what);
	jstr(o, &f, "why", d->why);
	jstr(o, &f, "conditional", condition(s, d->n, cond, sizeof(cond)));
	if (d->wdg.n) {
		jkey(o, &f, "wmi");
		fputc('[', o);
		for (j = 0; j < d->wdg.n; j++) {
			const struct wdg_entry *e = d->wdg.v[j];
			int g = 1;

			fputs(j ? ", {" : "{", o);
			jstr(o, &g, "guid", e->guid);
			if (e->notify_id >= 0)
				jnum(o, &g, "notify_id", e->notify_id);
			else
				jstr(o, &g, "object_id", e->object_id);
			jnum(o, &g, "instances", e->instances);
			jnum(o, &g, "flags", e->flags);
			jstr(o, &g, "known_as", e->known ? e->known->what : NULL);
			fputc('}', o);
		}
		fputc(']', o);
	}
	fputc('}', o);
}

static void field_json(FILE *o, struct survey *s, struct node *fl)
{
	struct node *r = field_region(fl);
	uint64_t base = 0;
	int is_int = 0, f = 1;
	const char *b = fl->fkind == FK_BUFFER ? NULL :
			survey_region_base(s, r, &is_int, &base);

	fputc('{', o);
	jstr(o, &f, "path", path(s, fl));
	jstr(o, &f, "table", table_file(s, fl));
	jstr(o, &f, "kind", kind_name(fl->fkind));
	if (fl->fkind == FK_BUFFER) {
		jstr(o, &f, "source", fl->source ? render(s->a, fl->source) : NULL);
	} else {
		jstr(o, &f, "region", r && r->type == NT_REGION ? path(s, r) :
		     fl->region_name);
		jstr(o, &f, "space", r && r->type == NT_REGION ? aml_space_name(r->space) : NULL);
		jkey(o, &f, "region_base");
		if (is_int)
			fprintf(o, "%llu", (unsigned long long)base);
		else
			fputs("null", o);
		jstr(o, &f, "region_base_text", b);
	}
	if (fl->width_known) {
		jnum(o, &f, "bit_offset", fl->bit_offset);
		jnum(o, &f, "byte_offset", fl->bit_offset / 8);
		jnum(o, &f, "bit", fl->bit_offset % 8);
		jnum(o, &f, "width", fl->width);
	} else {
		jstr(o, &f, "bit_offset", NULL);
		jstr(o, &f, "width", NULL);
	}
	if (fl->fkind != FK_BUFFER) {
		jstr(o, &f, "access", aml_access_name(fl->flags));
		jstr(o, &f, "lock", fl->flags & 0x10 ? "Lock" : "NoLock");
		jstr(o, &f, "update", aml_update_name(fl->flags));
	}
	if (fl->fkind == FK_INDEX) {
		jstr(o, &f, "index", fl->index ? path(s, fl->index) : NULL);
		jstr(o, &f, "data", fl->data ? path(s, fl->data) : NULL);
	}
	if (fl->fkind == FK_BANK) {
		jstr(o, &f, "bank", fl->bank ? path(s, fl->bank) : NULL);
		jstr(o, &f, "bank_value", fl->bank_value ? render(s->a, fl->bank_value) : NULL);
	}
	fputc('}', o);
}

static void accesses_json(FILE *o, struct survey *s, const char *k, struct vec *v,
			  int *f, int values)
{
	size_t i;

	jkey(o, f, k);
	fputc('[', o);
	for (i = 0; i < v->n; i++) {
		struct access *x = v->v[i];
		int g = 1;

		fputs(i ? ", {" : "{", o);
		jstr(o, &g, "name", x->name);
		jstr(o, &g, "path", x->node ? path(s, x->node) : NULL);
		if (values)
			jstr(o, &g, "value", x->value);
		fputc('}', o);
	}
	fputc(']', o);
}

static void raised_by_json(FILE *o, struct survey *s, struct node *m, int depth)
{
	const char *r = m ? survey_raiser(s, m) : NULL;
	struct vec callers = { 0 };
	size_t i;
	int f = 1;

	fputc('{', o);
	if (!m) {
		jstr(o, &f, "kind", "table_load");
	} else if (r && m->seg[1] != 'W' && m->seg[1] != 'R') {
		jstr(o, &f, "kind", m->seg[1] == 'Q' ? "ec_query" :
		     m->seg[1] == 'L' ? "gpe_level" : "gpe_edge");
		jstr(o, &f, "number", (char[]){ '0', 'x', m->seg[2], m->seg[3], 0 });
		jstr(o, &f, "description", r);
	} else if (r) {
		jstr(o, &f, "kind", m->seg[1] == 'W' ? "wake" : "reg");
		jstr(o, &f, "description", r);
	} else {
		survey_callers(s, m, &callers);
		jstr(o, &f, "kind", "callers");
		jkey(o, &f, "callers");
		fputc('[', o);
		for (i = 0; i < callers.n; i++) {
			struct method_info *mi = callers.v[i];
			int g = 1;

			fputs(i ? ", {" : "{", o);
			jstr(o, &g, "path", path(s, mi->m));
			jstr(o, &g, "call", survey_call_text(s, mi, m));
			if (depth < MAX_HOPS - 1 && mi->m != m) {
				jkey(o, &g, "raised_by");
				raised_by_json(o, s, mi->m, depth + 1);
			}
			fputc('}', o);
		}
		fputc(']', o);
	}
	fputc('}', o);
}

static void device_report_json(FILE *o, struct survey *s, struct device_info *d)
{
	struct vec fields = { 0 };
	struct node *m;
	size_t i, n = 0;
	int f = 1;

	fputs("{", o);
	jkey(o, &f, "device");
	device_json(o, s, d);
	jkey(o, &f, "methods");
	fputc('[', o);
	for (m = d->n->child; m; m = m->next) {
		struct method_info *mi = m->type == NT_METHOD ? survey_method(s, m) : NULL;
		int g = 1;

		if (!mi)
			continue;
		fputs(n++ ? ",\n    {" : "\n    {", o);
		jstr(o, &g, "path", path(s, m));
		jnum(o, &g, "args", m->argc);
		jkey(o, &g, "serialized");
		fputs(m->serialized ? "true" : "false", o);
		accesses_json(o, s, "reads", &mi->reads, &g, 0);
		accesses_json(o, s, "writes", &mi->writes, &g, 1);
		accesses_json(o, s, "calls", &mi->calls, &g, 0);
		jkey(o, &g, "returns");
		fputc('[', o);
		for (i = 0; i < mi->rets.n; i++) {
			struct ret *r = mi->rets.v[i];
			int h = 1;

			fputs(i ? ", {" : "{", o);
			jstr(o, &h, "condition", r->cond);
			jstr(o, &h, "expression", r->expr);
			jstr(o, &h, "not_reconstructed", r->why);
			fputc('}', o);
		}
		fputs("]}", o);
	}
	fputs("],\n  ", o);
	touched_fields(s, d, &fields);
	f = 1;
	jkey(o, &f, "fields");
	fputc('[', o);
	for (i = 0; i < fields.n; i++) {
		fputs(i ? ",\n    " : "\n    ", o);
		field_json(o, s, fields.v[i]);
	}
	fputs("],\n  ", o);
	f = 1;
	jkey(o, &f, "notifies");
	fputc('[', o);
	n = 0;
	for (i = 0; i < s->notifies.n; i++) {
		struct notify_site *ns = s->notifies.v[i];
		int g = 1;

		if (ns->target != d->n)
			continue;
		fputs(n++ ? ",\n    {" : "\n    {", o);
		jkey(o, &g, "value");
		if (ns->has_value)
			fprintf(o, "%llu", (unsigned long long)ns->ivalue);
		else
			fputs("null", o);
		jstr(o, &g, "value_text", ns->value);
		jstr(o, &g, "method", ns->method ? path(s, ns->method) : NULL);
		jstr(o, &g, "table", s->a->tables[ns->op->table].file);
		jnum(o, &g, "byte_offset", ns->op->offset);
		jkey(o, &g, "raised_by");
		raised_by_json(o, s, ns->method, 0);
		fputc('}', o);
	}
	fputs("]}", o);
}

void report_json(FILE *o, struct survey *s, struct device_info **devs, size_t ndev)
{
	struct aml *a = s->a;
	char cond[256];
	size_t i;
	int f;

	fputs("{\"schema\": \"acpi-survey/1\",\n\"tables\": [", o);
	for (i = 0; i < (size_t)a->ntables; i++) {
		struct table *t = &a->tables[i];

		f = 1;
		fputs(i ? ",\n  {" : "\n  {", o);
		jstr(o, &f, "file", t->file);
		jstr(o, &f, "signature", t->sig);
		jstr(o, &f, "oem_id", t->oem_id);
		jstr(o, &f, "oem_table_id", t->oem_table);
		jnum(o, &f, "revision", t->revision);
		jnum(o, &f, "length", t->length);
		jkey(o, &f, "checksum_ok");
		fputs(t->checksum_ok ? "true}" : "false}", o);
	}
	fputs("]", o);
	if (devs) {
		fputs(",\n\"reports\": [", o);
		for (i = 0; i < ndev; i++) {
			fputs(i ? ",\n  " : "\n  ", o);
			device_report_json(o, s, devs[i]);
		}
		fputs("]}\n", o);
		return;
	}
	fputs(",\n\"devices\": [", o);
	for (i = 0; i < s->devices.n; i++) {
		fputs(i ? ",\n  " : "\n  ", o);
		device_json(o, s, s->devices.v[i]);
	}
	fputs("],\n\"methods\": [", o);
	for (i = 0; i < s->methods.n; i++) {
		struct method_info *mi = s->methods.v[i];

		f = 1;
		fputs(i ? ",\n  {" : "\n  {", o);
		jstr(o, &f, "path", path(s, mi->m));
		jstr(o, &f, "table", table_file(s, mi->m));
		jnum(o, &f, "args", mi->m->argc);
		jstr(o, &f, "conditional", condition(s, mi->m, cond, sizeof(cond)));
		jkey(o, &f, "serialized");
		fputs(mi->m->serialized ? "true}" : "false}", o);
	}
	fputs("],\n\"fields\": [", o);
	for (i = 0; i < s->fields.n; i++) {
		fputs(i ? ",\n  " : "\n  ", o);
		field_json(o, s, s->fields.v[i]);
	}
	fputs("]}\n", o);
}
