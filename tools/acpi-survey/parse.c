// SPDX-License-Identifier: GPL-2.0
/*
 * The AML parser. Two passes, as ACPICA loads tables: the first builds the
 * namespace of every table and skips method bodies, so that the second,
 * which parses the bodies, knows how many arguments each method takes
 * (AML does not encode that at the call site).
 *
 * Every read is bounds-checked against the enclosing package. An error
 * longjmps to the innermost term list being parsed, which warns with the
 * file and byte offset and skips the rest of itself, as ACPICA goes on
 * past a bad construct. Every loop consumes input.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aml.h"

#define MAX_DEPTH 128
#define HEADER_LEN 36

struct parser {
	struct aml *a;
	int table;
	const uint8_t *d;
	uint32_t pos, end;
	int depth;
	int defer;		/* pass 1: skip method bodies */
	struct node *scope;
	/* Pass 1: the predicate of the module-level If around this point. */
	const struct op *cond, *last_if;
	int cond_else;
};

/*
 * The arena: blocks of 64 KiB, zeroed, handed out in order; a request of
 * over a quarter block gets a block of its own. Under AddressSanitizer,
 * every allocation is its own block, so that an overrun is still caught.
 */
#define ARENA_BLOCK (64 * 1024)
#if defined(__SANITIZE_ADDRESS__)
#define ARENA_EXACT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_EXACT 1
#endif
#endif
#ifndef ARENA_EXACT
#define ARENA_EXACT 0
#endif

struct arena_block {
	struct arena_block *next;
	size_t used, size;
	max_align_t data[];
};

void *aml_alloc(struct aml *a, size_t size)
{
	struct arena_block *b = a->arena, *own;
	size_t need = (size + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	void *p;

	if (size > ARENA_BLOCK && need < size)
		goto oom;
	if (ARENA_EXACT || need > ARENA_BLOCK / 4) {
		own = calloc(1, sizeof(*own) + need);
		if (!own)
			goto oom;
		own->size = need;
		own->used = need;
		/* behind the current block, which stays in use */
		own->next = b ? b->next : NULL;
		if (b)
			b->next = own;
		else
			a->arena = own;
		return own->data;
	}
	if (!b || b->size - b->used < need) {
		b = calloc(1, sizeof(*b) + ARENA_BLOCK);
		if (!b)
			goto oom;
		b->size = ARENA_BLOCK;
		b->next = a->arena;
		a->arena = b;
	}
	p = (char *)b->data + b->used;
	b->used += need;
	return p;
oom:
	snprintf(a->error, sizeof(a->error), "out of memory");
	a->oom = 1;
	longjmp(*a->fail, 1);
}

char *aml_strdup(struct aml *a, const char *s)
{
	size_t n = strlen(s) + 1;
	char *r = aml_alloc(a, n);

	memcpy(r, s, n);
	return r;
}

static void __attribute__((noreturn, format(printf, 3, 4)))
fail_at(struct parser *p, uint32_t at, const char *fmt, ...)
{
	char msg[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(p->a->error, sizeof(p->a->error), "%s: byte 0x%x: %s",
		 p->a->tables[p->table].file, at, msg);
	longjmp(*p->a->fail, 1);
}

static void need(struct parser *p, uint32_t n, const char *what)
{
	if (p->pos > p->end || p->end - p->pos < n)
		fail_at(p, p->pos, "%s runs past the end of its package (0x%x)",
			what, p->end);
}

static uint8_t byte(struct parser *p, const char *what)
{
	need(p, 1, what);
	return p->d[p->pos++];
}

static uint64_t le(struct parser *p, int n, const char *what)
{
	uint64_t v = 0;
	int i;

	need(p, n, what);
	for (i = 0; i < n; i++)
		v |= (uint64_t)p->d[p->pos + i] << (8 * i);
	p->pos += n;
	return v;
}

/* PkgLength: returns the raw value; pkg_end() turns it into an end. */
static uint32_t pkglength(struct parser *p)
{
	uint8_t b0 = byte(p, "package length");
	int extra = b0 >> 6, i;
	uint32_t len;

	if (!extra)
		return b0 & 0x3f;
	if (b0 & 0x30)
		fail_at(p, p->pos - 1, "package length byte 0x%02x has reserved bits set", b0);
	len = b0 & 0x0f;
	for (i = 0; i < extra; i++)
		len |= (uint32_t)byte(p, "package length") << (4 + 8 * i);
	return len;
}

static uint32_t pkg_end(struct parser *p)
{
	uint32_t start = p->pos, len = pkglength(p);

	if (len > p->end - start || start + len < p->pos)
		fail_at(p, start, "package length 0x%x runs past the end (0x%x)",
			len, p->end);
	return start + len;
}

static int lead_char(uint8_t c)
{
	return (c >= 'A' && c <= 'Z') || c == '_';
}

static int name_char(uint8_t c)
{
	return lead_char(c) || (c >= '0' && c <= '9');
}

static int name_start(uint8_t c)
{
	return lead_char(c) || c == '\\' || c == '^' || c == AML_DUAL_NAME || c == AML_MULTI_NAME;
}

static void nameseg(struct parser *p, char *out)
{
	int i;

	need(p, 4, "name segment");
	for (i = 0; i < 4; i++) {
		uint8_t c = p->d[p->pos + i];

		if (!(i ? name_char(c) : lead_char(c)))
			fail_at(p, p->pos + i, "bad character 0x%02x in a name", c);
		out[i] = c;
	}
	out[4] = 0;
	p->pos += 4;
}

/* NameString, as written: prefixes, then segments joined by dots. */
static char *namestring(struct parser *p)
{
	char buf[1024];
	size_t n = 0;
	int segs = 1, i;
	uint8_t c;

	c = byte(p, "name");
	if (c == '\\') {
		buf[n++] = '\\';
		c = byte(p, "name");
	} else {
		while (c == '^') {
			if (n >= 255)
				fail_at(p, p->pos - 1, "too many parent prefixes");
			buf[n++] = '^';
			c = byte(p, "name");
		}
	}
	if (c == AML_NULL_NAME) {
		segs = 0;
	} else if (c == AML_DUAL_NAME) {
		segs = 2;
	} else if (c == AML_MULTI_NAME) {
		segs = byte(p, "name segment count");
		if (segs == 0)
			fail_at(p, p->pos - 1, "a multi-part name with no segments");
	} else {
		p->pos--;
	}
	for (i = 0; i < segs; i++) {
		if (n + 6 > sizeof(buf))
			fail_at(p, p->pos, "name too long");
		if (i)
			buf[n++] = '.';
		nameseg(p, buf + n);
		n += 4;
	}
	buf[n] = 0;
	return aml_strdup(p->a, buf);
}

/* Namespace */

/* Children of a scope beyond this many are also found by hash. */
#define HASHED_SCOPE 8

static uint32_t seg_slot(const char *seg, uint32_t nslots)
{
	uint32_t v, h;

	memcpy(&v, seg, 4);
	h = v * 0x9e3779b1u;
	return (h ^ h >> 15) & (nslots - 1);
}

struct node *aml_child(const struct node *scope, const char *seg)
{
	struct node *c;
	uint32_t i, mask = scope->nslots - 1;

	if (scope->slots) {
		for (i = seg_slot(seg, scope->nslots); (c = scope->slots[i]); i = (i + 1) & mask)
			if (!memcmp(c->seg, seg, 4))
				return c;
		return NULL;
	}
	for (c = scope->child; c; c = c->next)
		if (!memcmp(c->seg, seg, 4))
			return c;
	return NULL;
}

static void hash_children_add(struct node *scope, struct node *n)
{
	uint32_t i, mask = scope->nslots - 1;

	for (i = seg_slot(n->seg, scope->nslots); scope->slots[i]; i = (i + 1) & mask)
		;
	scope->slots[i] = n;
}

/* Index a scope's children by hash, in at least twice their number of slots. */
static void hash_children(struct aml *a, struct node *scope)
{
	uint32_t n = 4 * HASHED_SCOPE;
	struct node *c;

	while (n < 2 * scope->nchild)
		n *= 2;
	scope->slots = aml_alloc(a, n * sizeof(*scope->slots));
	scope->nslots = n;
	for (c = scope->child; c; c = c->next)
		hash_children_add(scope, c);
}

static struct node *new_node(struct aml *a, struct node *parent, const char *seg,
			     enum node_type t)
{
	struct node *n = aml_alloc(a, sizeof(*n));

	memcpy(n->seg, seg, 4);
	n->type = t;
	n->parent = parent;
	n->table = -1;
	n->ext_argc = -1;
	if (!parent)
		return n;
	if (parent->last_child)
		parent->last_child->next = n;
	else
		parent->child = n;
	parent->last_child = n;
	parent->nchild++;
	if (parent->nchild > HASHED_SCOPE &&
	    (!parent->slots || 2 * parent->nchild > parent->nslots))
		hash_children(a, parent);
	else if (parent->slots)
		hash_children_add(parent, n);
	return n;
}

/* Walk the prefix of a name: the scope it starts in, and its segments. */
static struct node *prefix_scope(struct node *root, struct node *scope,
				 const char **name)
{
	const char *s = *name;

	if (*s == '\\') {
		scope = root;
		s++;
	}
	while (*s == '^') {
		if (!scope->parent)
			return NULL;
		scope = scope->parent;
		s++;
	}
	*name = s;
	return scope;
}

struct node *aml_lookup(struct aml *a, struct node *scope, const char *name)
{
	const char *s = name;
	struct node *n;
	int search = name[0] != '\\' && name[0] != '^' && strlen(name) == 4;

	scope = prefix_scope(a->root, scope, &s);
	if (!scope)
		return NULL;
	if (!*s)
		return scope;
	if (search) {
		for (; scope; scope = scope->parent) {
			n = aml_child(scope, s);
			if (n)
				return n;
		}
		return NULL;
	}
	for (n = scope; n && *s; s += s[4] ? 5 : 4)
		n = aml_child(n, s);
	return n;
}

struct node *aml_resolve(struct aml *a, const struct op *o)
{
	return o->ref ? o->ref : aml_lookup(a, o->scope, o->name);
}

static void warnf(struct aml *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Objects that are defined, not only opened (Scope) or declared (External). */
static int defines_object(enum node_type t)
{
	return t != NT_SCOPE && t != NT_EXTERNAL;
}

/*
 * A second definition of a path in the table load (pass 1). As ACPICA
 * does (AE_ALREADY_EXISTS), the first is kept: the second is parsed into
 * a node that no scope lists, so nothing of it reaches the survey. Pass 2
 * never sees it either, so its method body is not parsed at the offsets
 * of the other table.
 */
static struct node *duplicate(struct parser *p, struct node *first,
			      enum node_type t, uint32_t at)
{
	struct aml *a = p->a;
	struct node *n = new_node(a, NULL, first->seg, t);

	if (first->table >= 0 && first->table != p->table)
		warnf(a, "%s: byte 0x%x: %s is already defined in %s at byte 0x%x %s",
		      a->tables[p->table].file, at, aml_path(a, first),
		      a->tables[first->table].file, first->offset,
		      "(AE_ALREADY_EXISTS); the first definition is kept");
	n->parent = first->parent;	/* for lookups from its body only */
	n->table = p->table;
	n->offset = at;
	return n;
}

/* Create (or find, for Scope and for re-declarations) a named object. */
static struct node *declare(struct parser *p, const char *name, enum node_type t,
			    uint32_t at)
{
	const char *s = name;
	struct node *scope = prefix_scope(p->a->root, p->scope, &s), *n = NULL;

	if (!scope)
		fail_at(p, at, "name %s goes above the root", name);
	if (!*s) {
		if (t != NT_SCOPE)
			fail_at(p, at, "declaration with an empty name");
		return scope;
	}
	/*
	 * A Scope whose target is a single NameSeg names an object that the
	 * search rules find, up the tree from here, as ACPICA's loader looks
	 * it up (ACPI_NS_SEARCH_PARENT); only a name found nowhere is opened
	 * here. Other objects are always created in the current scope.
	 */
	if (t == NT_SCOPE && s == name && strlen(s) == 4) {
		n = aml_lookup(p->a, p->scope, s);
		if (n)
			return n;
	}
	while (*s) {
		char seg[5];
		int last = !s[4];

		memcpy(seg, s, 4);
		seg[4] = 0;
		n = aml_child(scope, seg);
		if (!n)
			n = new_node(p->a, scope, seg, last ? t : NT_SCOPE);
		else if (last && p->defer && defines_object(t) &&
			 defines_object(n->type))
			return duplicate(p, n, t, at);
		else if (last && defines_object(t) && !defines_object(n->type))
			n->type = t;
		scope = n;
		s += last ? 4 : 5;
	}
	if (n->table < 0 || defines_object(t)) {
		n->table = p->table;
		n->offset = at;
		if (p->defer && p->cond && !n->cond) {
			n->cond = p->cond;
			n->cond_else = p->cond_else;
		}
	}
	return n;
}

/* Parse tree */

static struct op *new_op(struct parser *p, uint32_t code, uint32_t at)
{
	struct op *o = aml_alloc(p->a, sizeof(*o));

	o->code = code;
	o->offset = at;
	o->table = p->table;
	o->scope = p->scope;
	return o;
}

static struct op *term(struct parser *p);
static void module_code(struct parser *p, const struct op *pred, int negated,
			struct op **body, uint32_t end);
static struct op *termlist(struct parser *p, uint32_t end);
static struct op *oplist(struct parser *p, uint32_t end, int names_are_refs);

/* The opcode table (opcodes.h), indexed by code: 0x5B xx at 0x100 + xx. */
#define OPCODE_SLOT(code) ((code) >= 0x100 ? 0x100 + ((code) & 0xff) : (code))

static const struct opcode_info opcode_table[0x200] = {
#define AML_ENTRY(name, code, asl, args, sym, prec) \
	[OPCODE_SLOT(code)] = { (code), (asl), (args), (sym), (prec) },
	AML_OPCODES(AML_ENTRY)
#undef AML_ENTRY
};

const struct opcode_info *aml_opcode_info(uint32_t code)
{
	const struct opcode_info *i;

	if (code >= 0x100 && (code & 0xff00) != EXT(0))
		return NULL;
	i = &opcode_table[OPCODE_SLOT(code)];
	return i->asl ? i : NULL;
}

const char *aml_operands(uint32_t code)
{
	const struct opcode_info *i = aml_opcode_info(code);

	return i ? i->args : NULL;
}

static struct node *follow_alias(struct node *n)
{
	int hops = 0;

	while (n && n->type == NT_ALIAS && hops++ < 16)
		n = n->alias;
	return n;
}

/* A name in a term-argument position: a method call or an object. */
static struct op *name_term(struct parser *p, int may_call)
{
	uint32_t at = p->pos;
	char *name = namestring(p);
	struct node *n = follow_alias(aml_lookup(p->a, p->scope, name));
	int argc = 0, i;
	struct op *o;

	if (may_call && n && (n->type == NT_METHOD || n->type == NT_EXTERNAL))
		argc = n->argc;
	o = new_op(p, argc || (n && n->type == NT_METHOD && may_call) ?
		   OP_CALL : OP_NAMEREF, at);
	o->name = name;
	o->ref = n;
	/* As ACPICA: a call's operands end with the package that holds it. */
	for (i = 0; i < argc && p->pos < p->end; i++)
		o->arg[o->nargs++] = term(p);
	if (i < argc)
		warnf(p->a, "%s: byte 0x%x: the call of %s has %d of its %d %s (0x%x)",
		      p->a->tables[p->table].file, at, name, i, argc,
		      "arguments before the end of its package", p->end);
	return o;
}

static struct op *supername(struct parser *p, int target)
{
	uint8_t c;

	need(p, 1, "operand");
	c = p->d[p->pos];
	if (c == AML_NULL_NAME && target) {
		p->pos++;
		return new_op(p, OP_NULLNAME, p->pos - 1);
	}
	if (name_start(c))
		return name_term(p, 0);
	return term(p);
}

static void operands_of(struct parser *p, struct op *o, const char *pat)
{
	for (; *pat; pat++) {
		struct op *x;

		switch (*pat) {
		case 'T':
			x = term(p);
			break;
		case 'S':
			x = supername(p, 0);
			break;
		case 't':
			x = supername(p, 1);
			break;
		case 'N':
			x = new_op(p, OP_NAMEREF, p->pos);
			x->name = namestring(p);
			x->ref = aml_lookup(p->a, p->scope, x->name);
			break;
		default:
			x = new_op(p, OP_INTEGER, p->pos);
			x->value = le(p, *pat == 'b' ? 1 : *pat == 'w' ? 2 : 4,
				      "operand");
			break;
		}
		o->arg[o->nargs++] = x;
	}
}

static struct op *integer(struct parser *p, uint32_t at, uint64_t v)
{
	struct op *o = new_op(p, OP_INTEGER, at);

	o->value = v;
	return o;
}

static struct op *string(struct parser *p, uint32_t at)
{
	uint32_t start = p->pos;
	struct op *o = new_op(p, OP_STRING, at);
	char *s;

	while (byte(p, "string") != 0)
		;
	s = aml_alloc(p->a, p->pos - start);
	memcpy(s, p->d + start, p->pos - start - 1);
	o->str = s;
	return o;
}

/* Package elements: names in a package are references, never calls. */
static struct op *elements(struct parser *p, uint32_t end)
{
	return oplist(p, end, 1);
}

static void field_list(struct parser *p, uint32_t end, enum field_kind kind,
		       int flags, struct node *region, const char *region_name,
		       struct node *index, struct node *data,
		       struct node *bank, struct op *bank_value)
{
	uint64_t bit = 0;
	int attr = 0;
	uint32_t saved = p->end;

	p->end = end;
	while (p->pos < end) {
		uint32_t at = p->pos;
		uint8_t c = p->d[p->pos];
		struct node *f;
		char seg[5];

		switch (c) {
		case AML_FIELD_RESERVED:
			p->pos++;
			bit += pkglength(p);
			break;
		case AML_FIELD_ACCESS:
			p->pos++;
			flags = (flags & ~0x0f) | (byte(p, "access type") & 0x0f);
			attr = byte(p, "access attribute");
			break;
		case AML_FIELD_CONNECTION:
			p->pos++;
			if (byte(p, "connection") == AML_BUFFER) {
				uint32_t e = pkg_end(p);

				p->pos = e;
			} else {
				p->pos--;
				namestring(p);
			}
			break;
		case AML_FIELD_EXT_ACCESS:
			p->pos++;
			flags = (flags & ~0x0f) | (byte(p, "access type") & 0x0f);
			attr = byte(p, "access attribute");
			byte(p, "access length");
			break;
		default:
			nameseg(p, seg);
			f = declare(p, seg, NT_FIELD, at);
			f->fkind = kind;
			f->bit_offset = bit;
			f->width = pkglength(p);
			f->width_known = 1;
			f->flags = flags;
			f->access_attr = attr;
			f->region = region;
			f->region_name = (char *)region_name;
			f->index = index;
			f->data = data;
			f->bank = bank;
			f->bank_value = bank_value;
			bit += f->width;
			break;
		}
	}
	p->end = saved;
}

static struct op *named(struct parser *p, uint32_t code, uint32_t at,
			enum node_type t, uint32_t end, const char *extra)
{
	struct op *o = new_op(p, code, at);
	struct node *n, *saved = p->scope;
	uint32_t saved_end = p->end;

	p->end = end;
	o->name = namestring(p);
	n = declare(p, o->name, t, at);
	o->defines = n;
	if (extra)
		operands_of(p, o, extra);
	p->scope = n;
	o->body = termlist(p, end);
	p->scope = saved;
	p->end = saved_end;
	return o;
}

/* An External and the method's definition disagree on its arguments. */
static void argc_mismatch(struct aml *a, const struct node *n)
{
	if (n->ext_argc < 0 || n->ext_argc == n->argc || n->table < 0)
		return;
	warnf(a, "%s: byte 0x%x: %s takes %d arguments, an External in %s says %d; %s",
	      a->tables[n->table].file, n->offset, aml_path(a, n), n->argc,
	      a->tables[n->ext_table].file, n->ext_argc,
	      "calls stop at the end of their package");
}

/*
 * External declares a name only. One whose path climbs above the root
 * (compilers of 2016 to 2020 emitted "External (^PCI0...)" in If (Zero)
 * at table scope) is skipped with a warning, as ACPICA goes on past it.
 */
static void external(struct parser *p, const char *name, uint8_t type,
		     uint8_t argc, uint32_t at)
{
	const char *s = name;
	struct node *n;

	if (!prefix_scope(p->a->root, p->scope, &s)) {
		warnf(p->a, "%s: byte 0x%x: External %s: %s",
		      p->a->tables[p->table].file, at, name,
		      "the path has too many parent prefixes (^); skipped");
		return;
	}
	n = aml_lookup(p->a, p->scope, name);
	if (!n)
		n = declare(p, name, NT_EXTERNAL, at);
	if (type != 8 || (n->type != NT_EXTERNAL && n->type != NT_METHOD))
		return;
	argc &= 7;
	if (n->type == NT_EXTERNAL)
		n->argc = argc;
	if (n->ext_argc < 0) {
		n->ext_argc = argc;
		n->ext_table = p->table;
		if (n->type == NT_METHOD)
			argc_mismatch(p->a, n);
	}
}

static struct op *method_def(struct parser *p, uint32_t at)
{
	uint32_t end = pkg_end(p), saved_end = p->end;
	struct op *o = new_op(p, AML_METHOD, at);
	struct node *n, *saved = p->scope;
	uint8_t flags;

	p->end = end;
	o->name = namestring(p);
	flags = byte(p, "method flags");
	n = declare(p, o->name, NT_METHOD, at);
	n->argc = flags & 7;
	if (p->defer)
		argc_mismatch(p->a, n);
	n->serialized = !!(flags & 8);
	n->body_start = p->pos;
	n->body_end = end;
	o->defines = n;
	if (p->defer) {
		p->pos = end;
	} else {
		p->scope = n;
		n->body = termlist(p, end);
		p->scope = saved;
	}
	p->end = saved_end;
	return o;
}

static struct op *ext_term(struct parser *p, uint32_t at)
{
	uint8_t x = byte(p, "extended opcode");
	uint32_t code = EXT(x), end;
	const char *pat = aml_operands(code);
	struct op *o;
	struct node *n, *region = NULL, *index = NULL, *data = NULL, *bank = NULL;
	char *region_name = NULL;
	int flags;
	struct op *bank_value = NULL;

	if (pat) {
		o = new_op(p, code, at);
		operands_of(p, o, pat);
		return o;
	}
	switch (code) {
	case AML_MUTEX:
	case AML_EVENT:
		o = new_op(p, code, at);
		o->name = namestring(p);
		o->defines = declare(p, o->name, code == AML_MUTEX ? NT_MUTEX : NT_EVENT, at);
		if (code == AML_MUTEX)
			byte(p, "mutex sync level");
		return o;
	case AML_CREATE_FIELD:
		o = new_op(p, code, at);
		operands_of(p, o, "TTT");
		o->name = namestring(p);
		n = declare(p, o->name, NT_BUFFER_FIELD, at);
		n->fkind = FK_BUFFER;
		n->source = o->arg[0];
		n->width_known = !aml_integer(o->arg[1], &n->bit_offset) &&
				 !aml_integer(o->arg[2], &n->width);
		o->defines = n;
		return o;
	case AML_OPERATION_REGION:
		o = new_op(p, code, at);
		o->name = namestring(p);
		n = declare(p, o->name, NT_REGION, at);
		n->space = byte(p, "region space");
		operands_of(p, o, "TT");
		n->base = o->arg[0];
		n->len = o->arg[1];
		o->defines = n;
		return o;
	case AML_FIELD:
	case AML_INDEX_FIELD:
	case AML_BANK_FIELD:
		end = pkg_end(p);
		{
			uint32_t saved_end = p->end;

			p->end = end;
			o = new_op(p, code, at);
			if (code != AML_INDEX_FIELD) {
				region_name = namestring(p);
				region = aml_lookup(p->a, p->scope, region_name);
			} else {
				char *iname = namestring(p);
				char *dname = namestring(p);

				index = aml_lookup(p->a, p->scope, iname);
				data = aml_lookup(p->a, p->scope, dname);
				region_name = iname;
			}
			if (code == AML_BANK_FIELD) {
				char *bname = namestring(p);

				bank = aml_lookup(p->a, p->scope, bname);
				bank_value = term(p);
			}
			flags = byte(p, "field flags");
			field_list(p, end, code == AML_FIELD ? FK_FIELD : code == AML_INDEX_FIELD ?
				   FK_INDEX : FK_BANK, flags, region, region_name,
				   index, data, bank, bank_value);
			p->end = saved_end;
		}
		return o;
	case AML_DEVICE:
		return named(p, code, at, NT_DEVICE, pkg_end(p), NULL);
	case AML_PROCESSOR:
		return named(p, code, at, NT_PROCESSOR, pkg_end(p), "bdb");
	case AML_POWER_RESOURCE:
		return named(p, code, at, NT_POWER, pkg_end(p), "bw");
	case AML_THERMAL_ZONE:
		return named(p, code, at, NT_THERMAL, pkg_end(p), NULL);
	case AML_DATA_TABLE_REGION:
		o = new_op(p, code, at);
		o->name = namestring(p);
		o->defines = declare(p, o->name, NT_DATA_REGION, at);
		operands_of(p, o, "TTT");
		return o;
	}
	fail_at(p, at, "unknown opcode 0x5b 0x%02x", x);
}

static struct op *term_inner(struct parser *p)
{
	uint32_t at = p->pos, end, saved_end;
	uint8_t c = byte(p, "opcode");
	const char *pat;
	struct op *o;
	struct node *n;

	if (name_start(c)) {
		p->pos--;
		return name_term(p, 1);
	}
	if (c >= AML_LOCAL0 && c <= AML_LOCAL7) {
		o = new_op(p, OP_LOCAL, at);
		o->value = c - AML_LOCAL0;
		return o;
	}
	if (c >= AML_ARG0 && c <= AML_ARG6) {
		o = new_op(p, OP_ARG, at);
		o->value = c - AML_ARG0;
		return o;
	}
	pat = aml_operands(c);
	if (pat) {
		o = new_op(p, c, at);
		operands_of(p, o, pat);
		return o;
	}
	switch (c) {
	case AML_ZERO:
		return integer(p, at, 0);
	case AML_ONE:
		return integer(p, at, 1);
	case AML_ONES:
		return integer(p, at, ~0ULL);
	case AML_BYTE:
		return integer(p, at, le(p, 1, "byte constant"));
	case AML_WORD:
		return integer(p, at, le(p, 2, "word constant"));
	case AML_DWORD:
		return integer(p, at, le(p, 4, "dword constant"));
	case AML_QWORD:
		return integer(p, at, le(p, 8, "qword constant"));
	case AML_STRING:
		return string(p, at);
	case AML_ALIAS:
		o = new_op(p, c, at);
		o->name = namestring(p);
		{
			struct node *target = aml_lookup(p->a, p->scope, o->name);

			o->name = namestring(p);
			n = declare(p, o->name, NT_ALIAS, at);
			n->alias = target;
			o->defines = n;
		}
		return o;
	case AML_NAME:
		o = new_op(p, c, at);
		o->name = namestring(p);
		n = declare(p, o->name, NT_NAME, at);
		o->defines = n;
		need(p, 1, "name's value");
		n->value = name_start(p->d[p->pos]) ? name_term(p, 0) : term(p);
		o->arg[o->nargs++] = n->value;
		return o;
	case AML_SCOPE:
		return named(p, c, at, NT_SCOPE, pkg_end(p), NULL);
	case AML_BUFFER:
		end = pkg_end(p);
		saved_end = p->end;
		p->end = end;
		o = new_op(p, c, at);
		o->arg[o->nargs++] = term(p);
		o->value = end - p->pos;	/* bytes of initialiser */
		o->str = (char *)p->d + p->pos;
		p->pos = end;
		p->end = saved_end;
		return o;
	case AML_PACKAGE:
	case AML_VAR_PACKAGE:
		end = pkg_end(p);
		saved_end = p->end;
		p->end = end;
		o = new_op(p, c, at);
		if (c == AML_PACKAGE)
			o->arg[o->nargs++] = integer(p, p->pos, byte(p, "package size"));
		else
			o->arg[o->nargs++] = term(p);
		o->body = elements(p, end);
		p->end = saved_end;
		return o;
	case AML_METHOD:
		return method_def(p, at);
	case AML_EXTERNAL:
		o = new_op(p, c, at);
		o->name = namestring(p);
		{
			uint8_t type = byte(p, "external type");
			uint8_t argc = byte(p, "external argument count");

			external(p, o->name, type, argc, at);
		}
		return o;
	case AML_CREATE_DWORD_FIELD:
	case AML_CREATE_WORD_FIELD:
	case AML_CREATE_BYTE_FIELD:
	case AML_CREATE_BIT_FIELD:
	case AML_CREATE_QWORD_FIELD:
		o = new_op(p, c, at);
		operands_of(p, o, "TT");
		o->name = namestring(p);
		n = declare(p, o->name, NT_BUFFER_FIELD, at);
		n->fkind = FK_BUFFER;
		n->source = o->arg[0];
		n->width = c == AML_CREATE_DWORD_FIELD ? 32 : c == AML_CREATE_WORD_FIELD ? 16 :
			   c == AML_CREATE_BYTE_FIELD ? 8 : c == AML_CREATE_BIT_FIELD ? 1 : 64;
		n->width_known = !aml_integer(o->arg[1], &n->bit_offset);
		if (c != AML_CREATE_BIT_FIELD)
			n->bit_offset *= 8;
		o->defines = n;
		return o;
	case AML_IF:
	case AML_WHILE:
		end = pkg_end(p);
		saved_end = p->end;
		p->end = end;
		o = new_op(p, c, at);
		o->arg[o->nargs++] = term(p);
		module_code(p, o->arg[0], 0, &o->body, end);
		p->end = saved_end;
		p->last_if = c == AML_IF ? o->arg[0] : NULL;
		return o;
	case AML_ELSE:
		end = pkg_end(p);
		o = new_op(p, c, at);
		module_code(p, p->last_if, 1, &o->body, end);
		p->last_if = NULL;
		return o;
	case AML_EXT_PREFIX:
		return ext_term(p, at);
	}
	fail_at(p, at, "unknown opcode 0x%02x", c);
}

/*
 * The body of an If, While or Else, up to end. In pass 1 it is table-level
 * code (method bodies are skipped there): what it declares is marked with
 * the predicate it depends on (pred, negated for an Else; NULL when the
 * Else follows no If).
 */
static void module_code(struct parser *p, const struct op *pred, int negated,
			struct op **body, uint32_t end)
{
	const struct op *saved = p->cond;
	int saved_else = p->cond_else;

	if (p->defer) {
		p->cond = pred;
		p->cond_else = negated;
	}
	*body = termlist(p, end);
	p->cond = saved;
	p->cond_else = saved_else;
}

static struct op *term(struct parser *p)
{
	struct op *o;

	if (++p->depth > MAX_DEPTH)
		fail_at(p, p->pos, "nesting deeper than %d levels", MAX_DEPTH);
	o = term_inner(p);
	p->depth--;
	return o;
}

/* A term list as it is parsed: what a parse error leaves of it. */
struct op_list {
	struct op *head, *last;
	uint32_t at;		/* the term being parsed */
};

static void terms(struct parser *p, struct op_list *l, uint32_t end,
		  int names_are_refs)
{
	struct op *x;

	while (p->pos < end) {
		l->at = p->pos;
		if (names_are_refs && name_start(p->d[p->pos]))
			x = name_term(p, 0);
		else
			x = term(p);
		if (l->last)
			l->last->next = x;
		else
			l->head = x;
		l->last = x;
	}
}

/*
 * terms(), with parse errors caught: -1 after one, with a->error set. The
 * list lives in the caller's frame, so that what was parsed before the
 * error is still there after the longjmp.
 */
static int catch_terms(struct parser *p, struct op_list *l, uint32_t end,
		       int names_are_refs)
{
	jmp_buf *outer = p->a->fail, here;

	if (setjmp(here)) {
		p->a->fail = outer;
		if (p->a->oom)
			longjmp(*outer, 1);
		return -1;
	}
	p->a->fail = &here;
	terms(p, l, end, names_are_refs);
	p->a->fail = outer;
	return 0;
}

/*
 * Terms up to end; with names_are_refs, a name is never a method call.
 * A parse error in a term ends the list there: the terms before it are
 * kept, and a warning names the bytes skipped. With strict set, the error
 * goes on to aml_parse(), which fails.
 */
static struct op *oplist(struct parser *p, uint32_t end, int names_are_refs)
{
	struct op_list l = { .at = p->pos };
	uint32_t saved = p->end;
	struct node *scope = p->scope;
	int depth = p->depth;

	p->end = end;
	if (p->a->strict) {
		terms(p, &l, end, names_are_refs);
	} else if (catch_terms(p, &l, end, names_are_refs)) {
		p->a->skipped++;
		warnf(p->a, "%s; bytes 0x%x to 0x%x skipped", p->a->error, l.at, end);
		p->pos = end;
		p->scope = scope;
		p->depth = depth;
	}
	p->end = saved;
	return l.head;
}

static struct op *termlist(struct parser *p, uint32_t end)
{
	return oplist(p, end, 0);
}

/* Tables */

void aml_init(struct aml *a)
{
	static const char *const roots[] = { "_GPE", "_PR_", "_SB_", "_SI_", "_TZ_" };
	size_t i;
	jmp_buf here;

	memset(a, 0, sizeof(*a));
	a->fail = &here;
	if (setjmp(here)) {
		a->fail = NULL;
		return;
	}
	a->root = new_node(a, NULL, "\\___", NT_SCOPE);
	for (i = 0; i < ARRAY_SIZE(roots); i++)
		new_node(a, a->root, roots[i], NT_SCOPE);
	a->fail = NULL;
}

void aml_free(struct aml *a)
{
	struct arena_block *b = a->arena, *next;

	for (; b; b = next) {
		next = b->next;
		free(b);
	}
	a->arena = NULL;
	free(a->methods.v);
	a->methods.v = NULL;
}

static void warnf(struct aml *a, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	a->warnings++;
	if (a->warn)
		a->warn(msg);
}

static const char *printable_sig(const uint8_t *d, char *out)
{
	int i;

	for (i = 0; i < 4; i++)
		out[i] = d[i] >= 0x20 && d[i] < 0x7f && d[i] != '"' ? d[i] : '?';
	out[4] = 0;
	return out;
}

int aml_add_table(struct aml *a, const char *file, const uint8_t *data, size_t size)
{
	char sig[5];
	struct table *t;
	uint32_t len, i;
	uint8_t sum = 0;

	if (a->ntables == MAX_TABLES) {
		snprintf(a->error, sizeof(a->error), "%s: more than %d tables", file,
			 MAX_TABLES);
		return -1;
	}
	if (size < HEADER_LEN) {
		snprintf(a->error, sizeof(a->error),
			 "%s: byte 0x%zx: truncated: %zu bytes, an ACPI table header needs %d",
			 file, size, size, HEADER_LEN);
		return -1;
	}
	if (memcmp(data, "DSDT", 4) && memcmp(data, "SSDT", 4)) {
		snprintf(a->error, sizeof(a->error),
			 "%s: byte 0x0: signature \"%.4s\": not a DSDT or SSDT",
			 file, printable_sig(data, sig));
		return -1;
	}
	len = data[4] | data[5] << 8 | data[6] << 16 | (uint32_t)data[7] << 24;
	if (len < HEADER_LEN || len > size) {
		snprintf(a->error, sizeof(a->error),
			 "%s: byte 0x4: the header's length %u does not fit the file (%zu bytes)",
			 file, len, size);
		return -1;
	}
	t = &a->tables[a->ntables++];
	snprintf(t->file, sizeof(t->file), "%s", file);
	memcpy(t->sig, data, 4);
	memcpy(t->oem_id, data + 10, 6);
	memcpy(t->oem_table, data + 16, 8);
	t->length = len;
	t->revision = data[8];
	t->data = data;
	t->size = len;
	for (i = 0; i < len; i++)
		sum += data[i];
	t->checksum_ok = sum == 0;
	if (!t->checksum_ok)
		warnf(a, "%s: byte 0x9: checksum 0x%02x is wrong (the bytes sum to 0x%02x); %s",
		      file, data[9], sum, "going on");
	if (size > len)
		warnf(a, "%s: byte 0x%x: %zu bytes after the table's end are ignored",
		      file, len, size - len);
	return 0;
}

static void collect_methods(struct aml *a, struct node *n, int table)
{
	struct method_list *l = &a->methods;
	struct node **v;

	for (; n; n = n->next) {
		if (n->type == NT_METHOD && n->table == table && !n->body &&
		    n->body_end) {
			if (l->n == l->cap) {
				v = realloc(l->v, (l->cap ? 2 * l->cap : 64) * sizeof(*v));
				if (!v) {
					snprintf(a->error, sizeof(a->error), "out of memory");
					a->oom = 1;
					longjmp(*a->fail, 1);
				}
				l->v = v;
				l->cap = l->cap ? 2 * l->cap : 64;
			}
			l->v[l->n++] = n;
		}
		collect_methods(a, n->child, table);
	}
}

static int by_offset(const void *x, const void *y)
{
	const struct node *a = *(struct node *const *)x, *b = *(struct node *const *)y;

	return (a->body_start > b->body_start) - (a->body_start < b->body_start);
}

int aml_parse(struct aml *a)
{
	struct parser p = { .a = a };
	struct method_list *l = &a->methods;
	jmp_buf here;
	int i;
	size_t j;

	if (!a->root) {
		snprintf(a->error, sizeof(a->error), "out of memory");
		return -1;
	}
	a->fail = &here;
	if (setjmp(here)) {
		a->fail = NULL;
		return -1;
	}
	/* Pass 1: the namespace, method bodies skipped. */
	for (i = 0; i < a->ntables; i++) {
		p.table = i;
		p.d = a->tables[i].data;
		p.pos = HEADER_LEN;
		p.end = a->tables[i].length;
		p.scope = a->root;
		p.depth = 0;
		p.defer = 1;
		a->toplevel[i] = termlist(&p, p.end);
	}
	/* Pass 2: method bodies, now that every method's arity is known. */
	p.defer = 0;
	for (i = 0; i < a->ntables; i++) {
		l->n = 0;
		collect_methods(a, a->root, i);
		if (l->n)
			qsort(l->v, l->n, sizeof(*l->v), by_offset);
		p.table = i;
		p.d = a->tables[i].data;
		for (j = 0; j < l->n; j++) {
			struct node *m = l->v[j];

			if (m->body)
				continue;
			p.pos = m->body_start;
			p.end = m->body_end;
			p.scope = m;
			p.depth = 0;
			m->body = termlist(&p, m->body_end);
		}
	}
	a->fail = NULL;
	return 0;
}

/* Helpers for the reports */

int aml_integer(const struct op *o, uint64_t *v)
{
	if (!o || o->code != OP_INTEGER)
		return -1;
	*v = o->value;
	return 0;
}

/* A node's path as iasl prints it: segments without trailing '_'. */
char *aml_path(struct aml *a, const struct node *n)
{
	char buf[2048];
	const struct node *chain[256];
	int depth = 0, i, k;
	size_t len = 0;

	if (!n->parent)
		return aml_strdup(a, "\\");
	for (; n && n->parent && depth < 256; n = n->parent)
		chain[depth++] = n;
	buf[len++] = '\\';
	for (i = depth - 1; i >= 0 && len + 6 < sizeof(buf); i--) {
		k = 4;
		while (k > 1 && chain[i]->seg[k - 1] == '_')
			k--;
		memcpy(buf + len, chain[i]->seg, k);
		len += k;
		if (i)
			buf[len++] = '.';
	}
	buf[len] = 0;
	return aml_strdup(a, buf);
}

const char *aml_space_name(int space)
{
	static const char *const names[] = {
		"SystemMemory", "SystemIO", "PCI_Config", "EmbeddedControl",
		"SMBus", "SystemCMOS", "PciBarTarget", "IPMI",
		"GeneralPurposeIo", "GenericSerialBus", "PCC", "PRM",
	};

	if (space >= 0 && space < (int)ARRAY_SIZE(names))
		return names[space];
	if (space == AML_SPACE_FFIXED_HW)
		return "FFixedHW";
	return space >= 0x80 ? "OEM" : "reserved";
}

const char *aml_access_name(int flags)
{
	static const char *const names[] = {
		"AnyAcc", "ByteAcc", "WordAcc", "DWordAcc", "QWordAcc", "BufferAcc",
	};

	return (flags & 0x0f) < 6 ? names[flags & 0x0f] : "reserved";
}

const char *aml_update_name(int flags)
{
	static const char *const names[] = {
		"Preserve", "WriteAsOnes", "WriteAsZeros", "reserved",
	};

	return names[(flags >> 5) & 3];
}
