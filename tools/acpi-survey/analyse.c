// SPDX-License-Identifier: GPL-2.0
/*
 * From the parse tree to answers: which objects each method reads and
 * writes, which it calls, what it returns, where Notify ops point, and
 * what each device says it is.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "survey.h"

void vec_push(struct aml *a, struct vec *v, void *item)
{
	if (v->n == v->cap) {
		size_t cap = v->cap ? 2 * v->cap : 8;
		void **nv = aml_alloc(a, cap * sizeof(*nv));

		if (v->n)
			memcpy(nv, v->v, v->n * sizeof(*nv));
		v->v = nv;
		v->cap = cap;
	}
	v->v[v->n++] = item;
}

/* Strings built in the arena */

char *fmt(struct aml *a, const char *f, ...)
{
	va_list ap;
	int n;
	char *s;

	va_start(ap, f);
	n = vsnprintf(NULL, 0, f, ap);
	va_end(ap);
	s = aml_alloc(a, n + 1);
	va_start(ap, f);
	vsnprintf(s, n + 1, f, ap);
	va_end(ap);
	return s;
}

/* Expressions */

/*
 * What each local and argument holds at a point of a method: slots 0-7
 * are Local0-7, 8-14 Arg0-6 once the method assigns them.
 */
#define NSLOTS 15

struct env {
	const char *s[NSLOTS];
	int prec[NSLOTS];
	int unknown[NSLOTS];
};

/* The env slot of a Local or Arg op, or -1. */
static int slot(const struct op *o)
{
	if (!o)
		return -1;
	if (o->code == OP_LOCAL)
		return (int)o->value;
	if (o->code == OP_ARG)
		return 8 + (int)o->value;
	return -1;
}

#define PRIMARY 11
#define MAX_EXPR 1000

/*
 * Four characters packed in a DWord, as dispatchers compare method IDs
 * (0x53545344 is "DSTS" in memory order): the text, or NULL.
 */
static int four_chars(uint64_t v, char *out)
{
	int i, letters = 0;

	if (v >> 32)
		return 0;
	for (i = 0; i < 4; i++) {
		char c = (v >> (8 * i)) & 0xff;

		if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
			return 0;
		letters += c >= 'A' && c <= 'Z';
		out[i] = c;
	}
	out[4] = 0;
	return letters >= 2;
}

static const char *int_str(struct aml *a, uint64_t v)
{
	char id[5];

	if (v == ~0ULL)
		return "Ones";
	if (four_chars(v, id))
		return fmt(a, "0x%llX ('%s')", (unsigned long long)v, id);
	return v < 10 ? fmt(a, "%llu", (unsigned long long)v) :
			fmt(a, "0x%llX", (unsigned long long)v);
}

static const char *name_str(struct aml *a, const char *name)
{
	/* iasl's spelling: no trailing '_' in a segment */
	char buf[1100];
	size_t i, n = 0, seg = 0;

	for (i = 0; name[i] && n < sizeof(buf) - 1; i++) {
		buf[n++] = name[i];
		if (name[i] == '.' || name[i] == '\\' || name[i] == '^') {
			seg = n;
			continue;
		}
		if (name[i + 1] == '.' || !name[i + 1])
			while (n > seg + 1 && buf[n - 1] == '_')
				n--;
	}
	buf[n] = 0;
	return aml_strdup(a, buf);
}

static const char *rend(struct aml *a, const struct op *o, struct env *e,
			int *prec, int *unknown);

static const char *sub(struct aml *a, const struct op *o, struct env *e,
		       int *unknown, int min, int strict)
{
	int p;
	const char *s = rend(a, o, e, &p, unknown);

	if (p < min || (strict && p == min))
		return fmt(a, "(%s)", s);
	return s;
}

static int is_null_target(const struct op *t)
{
	return !t || t->code == OP_NULLNAME;
}

static const char *rend(struct aml *a, const struct op *o, struct env *e,
			int *prec, int *unknown)
{
	const struct opcode_info *info;
	int k;

	*prec = PRIMARY;
	switch (o->code) {
	case OP_INTEGER:
		return int_str(a, o->value);
	case OP_STRING:
		return fmt(a, "\"%s\"", o->str);
	case OP_NAMEREF:
		return name_str(a, o->name);
	case OP_ARG:
	case OP_LOCAL:
		if (e && e->unknown[slot(o)]) {
			*unknown = 1;
		} else if (e && e->s[slot(o)]) {
			*prec = e->prec[slot(o)];
			return e->s[slot(o)];
		}
		return fmt(a, o->code == OP_ARG ? "Arg%d" : "Local%d", (int)o->value);
	case OP_NULLNAME:
		return "Zero";
	case OP_CALL: {
		const char *s = fmt(a, "%s (", name_str(a, o->name));

		for (k = 0; k < o->nargs; k++)
			s = fmt(a, "%s%s%s", s, k ? ", " : "",
				sub(a, o->arg[k], e, unknown, 0, 0));
		return fmt(a, "%s)", s);
	}
	case AML_BUFFER: {
		uint64_t n;

		return aml_integer(o->arg[0], &n) ? "Buffer (...) {...}" :
			fmt(a, "Buffer (%s) {...}", int_str(a, n));
	}
	case AML_PACKAGE:
	case AML_VAR_PACKAGE:
		return fmt(a, "Package (%s) {...}",
			   sub(a, o->arg[0], e, unknown, 0, 0));
	case AML_NOT:
		*prec = 10;
		return fmt(a, "~%s", sub(a, o->arg[0], e, unknown, 10, 0));
	case AML_LNOT: {
		const struct op *x = o->arg[0];
		const char *sym = NULL;

		if (x->code == AML_LEQUAL)
			sym = "!=";
		else if (x->code == AML_LGREATER)
			sym = "<=";
		else if (x->code == AML_LLESS)
			sym = ">=";
		if (sym) {
			*prec = x->code == AML_LEQUAL ? 5 : 6;
			return fmt(a, "%s %s %s",
				   sub(a, x->arg[0], e, unknown, *prec, 0), sym,
				   sub(a, x->arg[1], e, unknown, *prec, 1));
		}
		*prec = 10;
		return fmt(a, "!%s", sub(a, x, e, unknown, 10, 0));
	}
	case AML_INDEX:
		return fmt(a, "%s [%s]", sub(a, o->arg[0], e, unknown, PRIMARY, 0),
			   sub(a, o->arg[1], e, unknown, 0, 0));
	}
	info = aml_opcode_info(o->code);
	if (info && info->sym) {
		*prec = info->prec;
		return fmt(a, "%s %s %s",
			   sub(a, o->arg[0], e, unknown, *prec, 0), info->sym,
			   sub(a, o->arg[1], e, unknown, *prec, 1));
	}
	if (info && info->args) {
		const char *s = fmt(a, "%s (", info->asl);

		for (k = 0; k < o->nargs; k++) {
			if (k && is_null_target(o->arg[k]))
				continue;
			s = fmt(a, "%s%s%s", s, k ? ", " : "",
				sub(a, o->arg[k], e, unknown, 0, 0));
		}
		return fmt(a, "%s)", s);
	}
	*unknown = 1;
	return fmt(a, "<opcode 0x%x>", o->code);
}

const char *render(struct aml *a, const struct op *o)
{
	int p, u = 0;

	return rend(a, o, NULL, &p, &u);
}

/* Reads, writes and calls */

struct walk {
	struct survey *s;
	struct method_info *mi;
	struct node *method;
};

static void add_access(struct walk *w, struct vec *v, const struct op *o,
		       const char *value)
{
	struct aml *a = w->s->a;
	struct node *n = aml_resolve(a, o);
	struct access *x;
	size_t i;

	for (i = 0; i < v->n; i++) {
		x = v->v[i];
		if ((n ? x->node == n : !strcmp(x->name, o->name)) &&
		    (x->value == value || (x->value && value && !strcmp(x->value, value))))
			return;
	}
	x = aml_alloc(a, sizeof(*x));
	x->name = name_str(a, o->name);
	x->node = n;
	x->value = value;
	vec_push(a, v, x);
}

static void add_site(struct walk *w, const struct op *o)
{
	struct aml *a = w->s->a;
	struct node *n = aml_resolve(a, o);
	const char *text;
	struct call_site *c;
	size_t i;

	if (!n)
		return;
	text = render(a, o);
	for (i = 0; i < w->mi->sites.n; i++) {
		c = w->mi->sites.v[i];
		if (c->callee == n && !strcmp(c->text, text))
			return;
	}
	c = aml_alloc(a, sizeof(*c));
	c->callee = n;
	c->text = text;
	vec_push(a, &w->mi->sites, c);
}

static const char *constant(struct aml *a, const struct op *o)
{
	if (o->code == OP_INTEGER)
		return int_str(a, o->value);
	if (o->code == OP_STRING)
		return fmt(a, "\"%s\"", o->str);
	return NULL;
}

static enum aml_walk_next collect(const struct op *o, enum aml_role r,
				  void *ctx);

/* A target: a name is written (with the constant stored, if known). */
static void write_target(struct walk *w, const struct op *t, const char *value)
{
	if (!t)
		return;
	if (t->code == OP_NAMEREF) {
		if (w->mi)
			add_access(w, &w->mi->writes, t, value);
	} else if (t->code == AML_INDEX) {
		write_target(w, t->arg[0], NULL);
		aml_walk_op(t->arg[1], AML_READ, collect, w);
	} else {
		aml_walk_op(t, AML_READ, collect, w);
	}
}

static void notify_site(struct walk *w, const struct op *o)
{
	struct aml *a = w->s->a;
	struct notify_site *n = aml_alloc(a, sizeof(*n));
	const struct op *t = o->arg[0];

	n->op = (struct op *)o;
	n->method = w->method;
	if (t->code == OP_NAMEREF)
		n->target = aml_resolve(a, t);
	n->value = render(a, o->arg[1]);
	n->has_value = !aml_integer(o->arg[1], &n->ivalue);
	vec_push(a, &w->s->notifies, n);
}

/*
 * The visitor that records what a method reads, writes and calls, and
 * every Notify. The walker gives each operand its role; the cases here
 * are the ops whose operands mean more than their letters say.
 */
static enum aml_walk_next collect(const struct op *o, enum aml_role r,
				  void *ctx)
{
	struct walk *w = ctx;
	const struct op *e;

	if (r == AML_WRITE) {
		write_target(w, o, NULL);
		return AML_SKIP;
	}
	switch (o->code) {
	case OP_NAMEREF:
		if (w->mi && r == AML_READ)
			add_access(w, &w->mi->reads, o, NULL);
		return AML_SKIP;
	case OP_CALL:
		if (w->mi) {
			add_access(w, &w->mi->calls, o, NULL);
			add_site(w, o);
		}
		return AML_DESCEND;	/* its arguments are read */
	case AML_STORE:
	case AML_COPY_OBJECT:
		aml_walk_op(o->arg[0], AML_READ, collect, w);
		write_target(w, o->arg[1], w->mi ? constant(w->s->a, o->arg[0]) : NULL);
		return AML_SKIP;
	case AML_INCREMENT:
	case AML_DECREMENT:
		/* once: walking the operand as a read and a write is exponential */
		if (o->arg[0]->code == OP_NAMEREF)
			aml_walk_op(o->arg[0], AML_READ, collect, w);
		write_target(w, o->arg[0], NULL);
		return AML_SKIP;
	case AML_NOTIFY:
		notify_site(w, o);
		aml_walk_op(o->arg[1], AML_READ, collect, w);
		return AML_SKIP;
	case AML_METHOD:	/* a method in a method: analysed on its own */
		return AML_SKIP;
	case AML_PACKAGE:	/* names in it are references */
	case AML_VAR_PACKAGE:
		aml_walk_op(o->arg[0], AML_READ, collect, w);
		for (e = o->body; e; e = e->next)
			if (e->code != OP_NAMEREF)
				aml_walk_op(e, AML_READ, collect, w);
		return AML_SKIP;
	}
	return AML_DESCEND;
}

/* What a method returns */

struct flow {
	struct survey *s;
	struct method_info *mi;
	int cond_returned;
};

/*
 * Every local and argument a While body mentions: assigned or not,
 * directly or nested (Increment (Local0) inside an expression assigns it
 * too). Over-marking only costs a "not reconstructed", never a wrong
 * expression.
 */
static enum aml_walk_next mark_slot(const struct op *o, enum aml_role r,
				    void *ctx)
{
	int *set = ctx;

	(void)r;
	if (slot(o) >= 0)
		set[slot(o)] = 1;
	/* a nested Method has locals of its own */
	return o->code == AML_METHOD ? AML_SKIP : AML_DESCEND;
}

static void locals_in(const struct op *o, int *set)
{
	aml_walk_list(o, mark_slot, set);
}

static void set_local(struct flow *f, struct env *e, const struct op *t,
		      const struct op *value)
{
	int p = 0, u = 0, k = slot(t);
	const char *s;

	if (k < 0)
		return;
	s = value ? rend(f->s->a, value, e, &p, &u) : NULL;
	/* Local0 = Local0 + Local0 doubles the text each time: give up */
	if (s && strlen(s) > MAX_EXPR)
		u = 1;
	e->s[k] = s;
	e->prec[k] = p;
	e->unknown[k] = !value || u;
}

static void add_ret(struct flow *f, const char *cond, const char *expr,
		    const char *why)
{
	struct ret *r = aml_alloc(f->s->a, sizeof(*r));

	r->cond = cond;
	r->expr = expr;
	r->why = why;
	vec_push(f->s->a, &f->mi->rets, r);
}

static void merge(struct env *e, struct env *x, int x_live, struct env *y,
		  int y_live)
{
	int i;

	for (i = 0; i < NSLOTS; i++) {
		if (!x_live && !y_live)
			break;
		if (!x_live) {
			e->s[i] = y->s[i];
			e->prec[i] = y->prec[i];
			e->unknown[i] = y->unknown[i];
		} else if (!y_live ||
			   (x->unknown[i] == y->unknown[i] &&
			    (x->s[i] == y->s[i] ||
			     (x->s[i] && y->s[i] && !strcmp(x->s[i], y->s[i]))))) {
			e->s[i] = x->s[i];
			e->prec[i] = x->prec[i];
			e->unknown[i] = x->unknown[i];
		} else {
			e->unknown[i] = 1;
		}
	}
}

static const char *and_cond(struct aml *a, const char *c, const char *d)
{
	return c ? fmt(a, "%s && %s", c, d) : d;
}

/* Returns 1 when every path through the list returns. */
static int flow_list(struct flow *f, const struct op *o, struct env *e,
		     const char *cond)
{
	struct aml *a = f->s->a;

	for (; o; o = o->next) {
		int p, u = 0;

		switch (o->code) {
		case AML_RETURN: {
			const char *x = rend(a, o->arg[0], e, &p, &u);
			const char *c = cond ? cond :
					f->cond_returned ? "otherwise" : NULL;

			if (u)
				add_ret(f, c, NULL,
					"a local variable it returns has different values on different paths");
			else
				add_ret(f, c, x, NULL);
			return 1;
		}
		case AML_IF: {
			struct env te = *e, ee = *e;
			const char *pc = rend(a, o->arg[0], e, &p, &u);
			int t, el = 0, has_else = o->next && o->next->code == AML_ELSE;

			t = flow_list(f, o->body, &te, and_cond(a, cond, pc));
			if (has_else) {
				o = o->next;
				el = flow_list(f, o->body, &ee,
					       and_cond(a, cond, fmt(a, "!(%s)", pc)));
			}
			if (t && el)
				return 1;
			if (t && !cond)
				f->cond_returned = 1;
			merge(e, &te, !t, &ee, !el);
			break;
		}
		case AML_WHILE: {
			int set[NSLOTS] = { 0 }, i;
			const char *pc;

			locals_in(o->body, set);
			for (i = 0; i < NSLOTS; i++)
				if (set[i])
					e->unknown[i] = 1;
			pc = rend(a, o->arg[0], e, &p, &u);
			flow_list(f, o->body, e, and_cond(a, cond, fmt(a, "while (%s)", pc)));
			for (i = 0; i < NSLOTS; i++)
				if (set[i])
					e->unknown[i] = 1;
			break;
		}
		case AML_STORE:
		case AML_COPY_OBJECT:
			set_local(f, e, o->arg[1], o->arg[0]);
			break;
		case AML_INCREMENT:
		case AML_DECREMENT:
			if (slot(o->arg[0]) >= 0) {
				struct op one = { .code = OP_INTEGER, .value = 1 };
				struct op sum = { .code = AML_SUBTRACT, .nargs = 2 };

				if (o->code == AML_INCREMENT)
					sum.code = AML_ADD;
				sum.arg[0] = o->arg[0];
				sum.arg[1] = &one;
				set_local(f, e, o->arg[0], &sum);
			}
			break;
		case AML_DIVIDE:	/* remainder, then quotient */
			if (o->nargs == 4) {
				struct env before = *e;
				struct op q = *o;

				q.nargs = 2;
				set_local(f, &before, o->arg[3], &q);
				if (slot(o->arg[2]) >= 0)
					before.unknown[slot(o->arg[2])] = 1;
				*e = before;
			}
			break;
		default: {
			const char *pat = aml_operands(o->code);
			int i;

			for (i = 0; pat && i < o->nargs; i++) {
				if (pat[i] != 't' || slot(o->arg[i]) < 0)
					continue;
				/* the value is the operation, without its target */
				{
					struct op v = *o;

					v.nargs = i;
					set_local(f, e, o->arg[i], &v);
				}
			}
			break;
		}
		}
	}
	return 0;
}

static void analyse_method(struct survey *s, struct node *m)
{
	struct method_info *mi = aml_alloc(s->a, sizeof(*mi));
	struct walk w = { .s = s, .mi = mi, .method = m };
	struct flow f = { .s = s, .mi = mi };
	struct env e;

	mi->m = m;
	aml_walk_list(m->body, collect, &w);
	memset(&e, 0, sizeof(e));
	flow_list(&f, m->body, &e, NULL);
	vec_push(s->a, &s->methods, mi);
}

void survey_callers(struct survey *s, struct node *m, struct vec *out)
{
	size_t i, j;

	for (i = 0; i < s->methods.n; i++) {
		struct method_info *mi = s->methods.v[i];

		for (j = 0; j < mi->calls.n; j++) {
			struct access *c = mi->calls.v[j];

			if (c->node == m) {
				vec_push(s->a, out, mi);
				break;
			}
		}
	}
}

struct method_info *survey_method(struct survey *s, struct node *m)
{
	size_t i;

	for (i = 0; i < s->methods.n; i++) {
		struct method_info *mi = s->methods.v[i];

		if (mi->m == m)
			return mi;
	}
	return NULL;
}

const char *survey_raiser(struct survey *s, struct node *m)
{
	const char *g = m->seg;
	int hex = 1, i;

	for (i = 2; i < 4; i++)
		if (!strchr("0123456789ABCDEF", g[i]))
			hex = 0;
	if (!memcmp(g, "_WAK", 4))
		return "resume from sleep";
	if (!memcmp(g, "_REG", 4))
		return "an address space handler coming up";
	if (g[0] != '_' || !hex)
		return NULL;
	if (g[1] == 'Q')
		return fmt(s->a, "embedded-controller query 0x%.2s", g + 2);
	if (g[1] == 'L')
		return fmt(s->a, "level-triggered GPE 0x%.2s", g + 2);
	if (g[1] == 'E')
		return fmt(s->a, "edge-triggered GPE 0x%.2s", g + 2);
	return NULL;
}

const char *survey_call_text(struct survey *s, struct method_info *caller,
			     struct node *m)
{
	const char *text = NULL;
	size_t i;

	for (i = 0; i < caller->sites.n; i++) {
		const struct call_site *c = caller->sites.v[i];

		if (c->callee == m)
			text = text ? fmt(s->a, "%s, %s", text, c->text) : c->text;
	}
	return text ? text : name_str(s->a, m->seg);
}

const char *survey_region_base(struct survey *s, struct node *region, int *is_int,
			       uint64_t *v)
{
	struct op *b = region ? region->base : NULL;
	struct node *n;

	*is_int = 0;
	if (!b)
		return NULL;
	if (!aml_integer(b, v)) {
		*is_int = 1;
		return int_str(s->a, *v);
	}
	n = b->code == OP_NAMEREF ? aml_resolve(s->a, b) : NULL;
	if (n && n->type == NT_NAME && !aml_integer(n->value, v)) {
		*is_int = 1;
		return fmt(s->a, "%s (%s)", int_str(s->a, *v), name_str(s->a, b->name));
	}
	return render(s->a, b);
}

/* Devices and their IDs */

const char *eisa_to_string(struct aml *a, uint64_t id)
{
	uint32_t v = (uint32_t)id, sw;

	sw = (v >> 24) | ((v >> 8) & 0xff00) | ((v << 8) & 0xff0000) | (v << 24);
	return fmt(a, "%c%c%c%X%X%X%X", 0x40 + ((sw >> 26) & 0x1f),
		   0x40 + ((sw >> 21) & 0x1f), 0x40 + ((sw >> 16) & 0x1f),
		   (sw >> 12) & 0xf, (sw >> 8) & 0xf, (sw >> 4) & 0xf, sw & 0xf);
}

static const char *id_of(struct aml *a, const struct op *o)
{
	if (!o)
		return NULL;
	if (o->code == OP_STRING)
		return o->str;
	if (o->code == OP_INTEGER)
		return eisa_to_string(a, o->value);
	return NULL;
}

/* A _HID method that only returns a constant: that constant. */
static const char *constant_hid(struct aml *a, const struct node *m)
{
	const struct op *o = m->body;

	if (!o || o->next || o->code != AML_RETURN || !o->nargs)
		return NULL;
	return id_of(a, o->arg[0]);
}

static int is_wmi(const char *id)
{
	return id && !strcasecmp(id, "PNP0C14");
}

/* _WDG: 20-byte blocks of GUID, object ID or notify ID, count, flags. */
static void decode_wdg(struct aml *a, struct device_info *d)
{
	struct node *x = aml_child(d->n, "_WDG");
	const uint8_t *b;
	size_t i, n;

	if (!x || x->type != NT_NAME || !x->value || x->value->code != AML_BUFFER)
		return;
	b = (const uint8_t *)x->value->str;
	n = x->value->value / 20;
	for (i = 0; i < n; i++, b += 20) {
		struct wdg_entry *e = aml_alloc(a, sizeof(*e));

		snprintf(e->guid, sizeof(e->guid),
			 "%02X%02X%02X%02X-%02X%02X-%02X%02X-%02X%02X-%02X%02X%02X%02X%02X%02X",
			 b[3], b[2], b[1], b[0], b[5], b[4], b[7], b[6], b[8], b[9],
			 b[10], b[11], b[12], b[13], b[14], b[15]);
		e->flags = b[19];
		e->instances = b[18];
		e->notify_id = -1;
		if (e->flags & WDG_EVENT) {
			e->notify_id = b[16];
		} else {
			e->object_id[0] = b[16] >= 0x20 && b[16] < 0x7f ? b[16] : '?';
			e->object_id[1] = b[17] >= 0x20 && b[17] < 0x7f ? b[17] : '?';
		}
		e->known = known_guid(e->guid);
		vec_push(a, &d->wdg, e);
	}
}

/*
 * Where a WMI device goes: with the maker's devices when one of its GUIDs
 * is the maker's; with the standard ones when every GUID the survey knows
 * is a part vendor's and none is unknown; otherwise next to the maker's.
 */
static void rank_wmi(struct survey *s, struct device_info *d)
{
	const char *maker = s->maker ? s->maker->name : NULL, *mine = NULL, *other = NULL;
	size_t i, unknown = 0;

	for (i = 0; i < d->wdg.n; i++) {
		const struct wdg_entry *e = d->wdg.v[i];

		if (!e->known)
			unknown++;
		else if (maker && e->known->owner && !strcmp(e->known->owner, maker))
			mine = mine ? mine : e->known->what;
		else if (e->known->owner)
			other = other ? other : e->known->what;
	}
	if (mine) {
		d->rank = RANK_MAKER;
		d->why = fmt(s->a, "WMI with the maker's GUIDs: %s", mine);
	} else if (other && !unknown) {
		d->rank = RANK_STANDARD;
		d->what = fmt(s->a, "WMI mapper: %s", other);
	} else {
		d->rank = RANK_WMI;
		d->why = d->wdg.n ? fmt(s->a, "WMI, %zu GUID%s the survey does not know",
					unknown, unknown == 1 ? "" : "s") :
			 "WMI, no _WDG the survey can read";
	}
}

/* The shortlist's rank of a device, and why; see enum device_rank. */
static void rank_device(struct survey *s, struct device_info *d)
{
	const char *id = d->hid && strcmp(d->hid, "(method)") ? d->hid : NULL;
	const char *cid_what = NULL, *cid = NULL, *prefix, *who;
	int standard = 0, cid_standard = 0;
	size_t i;

	for (i = 0; i < d->cids.n && !cid_standard; i++) {
		cid = d->cids.v[i];
		cid_what = id_description(cid, &cid_standard);
	}
	if (is_wmi(id) || (!id && d->cids.n && is_wmi(d->cids.v[0]))) {
		rank_wmi(s, d);
	} else if (id) {
		d->what = id_description(id, &standard);
		prefix = maker_prefix(s->maker, id);
		who = part_vendor(id);
		if (standard) {
			d->rank = RANK_STANDARD;
		} else if (who) {
			d->rank = RANK_STANDARD;
			d->what = fmt(s->a, "%s part", who);
		} else if (cid_standard) {
			d->rank = RANK_PERIPHERAL;
			d->why = fmt(s->a, "a vendor's ID on a standard class: %s, %s",
				     cid, cid_what);
		} else if (prefix) {
			d->rank = RANK_MAKER;
			d->why = fmt(s->a, "%s's own ID prefix %s", s->maker->name, prefix);
		} else {
			d->rank = RANK_VENDOR;
			if (s->maker)
				d->why = fmt(s->a, "another vendor's ID, not %s's", s->maker->name);
			else
				d->why = "a vendor's ID; the maker is not known from the OEM ID";
		}
		if (d->hid_method && d->why)
			d->why = fmt(s->a, "%s; its _HID method returns it", d->why);
	} else if (d->hid && cid_standard) {
		d->rank = RANK_PERIPHERAL;
		d->why = fmt(s->a, "its _HID is computed by a method; a standard class: %s, %s",
			     cid, cid_what);
	} else if (d->hid) {
		d->rank = RANK_COMPUTED;
		d->why = "its _HID is computed by a method";
	} else if (d->cids.n) {
		d->what = id_description(d->cids.v[0], &standard);
		d->rank = standard || part_vendor(d->cids.v[0]) ? RANK_STANDARD : RANK_VENDOR;
		if (d->rank == RANK_VENDOR)
			d->why = "a vendor's _CID, no _HID";
	} else {
		d->rank = RANK_STANDARD;
		d->what = aml_child(d->n, "_ADR") ? "no _HID: found by its bus address (_ADR)" :
			  "no _HID";
	}
	d->vendor = d->rank != RANK_STANDARD;
}

static void device(struct survey *s, struct node *n)
{
	struct aml *a = s->a;
	struct device_info *d = aml_alloc(a, sizeof(*d));
	struct node *x;

	d->n = n;
	x = aml_child(n, "_HID");
	if (x && x->type == NT_NAME) {
		d->hid = id_of(a, x->value);
	} else if (x && x->type == NT_METHOD) {
		d->hid = constant_hid(a, x);
		d->hid_method = !!d->hid;
		if (!d->hid)
			d->hid = "(method)";
	}
	x = aml_child(n, "_CID");
	if (x && x->type == NT_NAME && x->value) {
		const struct op *e;

		if (x->value->code == AML_PACKAGE || x->value->code == AML_VAR_PACKAGE) {
			for (e = x->value->body; e; e = e->next)
				if (id_of(a, e))
					vec_push(a, &d->cids, (void *)id_of(a, e));
		} else if (id_of(a, x->value)) {
			vec_push(a, &d->cids, (void *)id_of(a, x->value));
		}
	}
	x = aml_child(n, "_UID");
	if (x && x->type == NT_NAME && x->value) {
		uint64_t v;

		if (!aml_integer(x->value, &v)) {
			d->uid = fmt(a, "%llu", (unsigned long long)v);
			d->uid_is_int = 1;
		} else if (x->value->code == OP_STRING) {
			d->uid = x->value->str;
		}
	} else if (x && x->type == NT_METHOD) {
		d->uid = "(method)";
	}
	decode_wdg(a, d);
	rank_device(s, d);
	vec_push(a, &s->devices, d);
}

static void visit(struct survey *s, struct node *n)
{
	for (; n; n = n->next) {
		if (n->type == NT_DEVICE)
			device(s, n);
		else if (n->type == NT_METHOD)
			analyse_method(s, n);
		else if (n->type == NT_FIELD || n->type == NT_BUFFER_FIELD)
			vec_push(s->a, &s->fields, n);
		visit(s, n->child);
	}
}

void survey_build(struct survey *s, struct aml *a)
{
	struct walk w = { .s = s };
	int i;

	memset(s, 0, sizeof(*s));
	s->a = a;
	/* The maker: the DSDT's OEM ID (the first table is the DSDT, if any). */
	if (a->ntables)
		s->maker = maker_of(a->tables[0].oem_id);
	visit(s, a->root->child);
	for (i = 0; i < a->ntables; i++)
		aml_walk_list(a->toplevel[i], collect, &w);
}

static int path_matches(struct aml *a, struct node *n, const char *what)
{
	const char *p = aml_path(a, n);

	if (what[0] != '\\')
		p++;
	return !strcmp(p, what) || !strcmp(name_str(a, what), p);
}

struct device_info **survey_match(struct survey *s, const char *what, size_t *n)
{
	struct device_info **r = aml_alloc(s->a, (s->devices.n + 1) * sizeof(*r));
	size_t i, j;

	*n = 0;
	for (i = 0; i < s->devices.n; i++) {
		struct device_info *d = s->devices.v[i];
		int hit = (d->hid && !strcmp(d->hid, what)) || path_matches(s->a, d->n, what);

		for (j = 0; j < d->cids.n; j++)
			hit |= !strcmp(d->cids.v[j], what);
		if (hit)
			r[(*n)++] = d;
	}
	return r;
}
