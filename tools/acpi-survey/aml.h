/* SPDX-License-Identifier: GPL-2.0 */
/*
 * acpi-survey: an AML parser that keeps what a driver writer asks about:
 * the namespace (devices, methods, fields, regions) and, for every method
 * and for code outside methods, a tree of the operations in it.
 */
#ifndef AML_H
#define AML_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

#define ARRAY_SIZE(x) (sizeof(x) / sizeof((x)[0]))

#include "opcodes.h"
/* Pseudo opcodes for parse-tree nodes that are not AML opcodes. */
#define OP_NAMEREF 0x10000	/* a name used as an object */
#define OP_CALL 0x10001		/* a method invocation */
#define OP_INTEGER 0x10002	/* any integer constant */
#define OP_STRING 0x10003
#define OP_NULLNAME 0x10004	/* an empty target */
#define OP_LOCAL 0x10005	/* Local0-7: value in op->value */
#define OP_ARG 0x10006		/* Arg0-6 */

enum node_type {
	NT_SCOPE, NT_DEVICE, NT_METHOD, NT_NAME, NT_FIELD, NT_REGION,
	NT_BUFFER_FIELD, NT_MUTEX, NT_EVENT, NT_PROCESSOR, NT_POWER,
	NT_THERMAL, NT_ALIAS, NT_EXTERNAL, NT_DATA_REGION,
};

enum field_kind { FK_FIELD, FK_INDEX, FK_BANK, FK_BUFFER };

struct op;

struct node {
	char seg[5];
	enum node_type type;
	struct node *parent, *child, *next;
	struct node *last_child;	/* the end of the child list */
	/* A scope with many children also finds them by hash (parse.c). */
	struct node **slots;
	uint32_t nslots, nchild;
	int table;		/* index of the table that declared it */
	uint32_t offset;	/* where it was declared, in that table */
	/*
	 * Declared by module-level code: inside an If (or its Else) at table
	 * level, whose predicate is cond. The loader runs that code, so the
	 * object exists or not depending on the machine.
	 */
	const struct op *cond;
	int cond_else;
	/* NT_METHOD, and NT_EXTERNAL of a method */
	int argc;
	int ext_argc;		/* as an External declared it, or -1 */
	int ext_table;		/* the table of that External */
	int serialized;
	struct op *body;	/* NT_METHOD: the parsed term list */
	uint32_t body_start, body_end;
	/* NT_NAME: the value; NT_REGION: base and length */
	struct op *value, *base, *len;
	int space;		/* NT_REGION */
	/* NT_FIELD, NT_BUFFER_FIELD */
	enum field_kind fkind;
	struct node *region;	/* FK_FIELD, FK_BANK: the region */
	char *region_name;	/* as written, for an unresolved region */
	struct node *index, *data, *bank;	/* FK_INDEX, FK_BANK */
	struct op *bank_value;
	uint64_t bit_offset;
	uint64_t width;
	int width_known;	/* buffer fields with constant index and size */
	int flags;		/* access type, lock and update rules */
	int access_attr;
	struct op *source;	/* FK_BUFFER: the buffer */
	struct node *alias;	/* NT_ALIAS target */
};

struct op {
	uint32_t code;
	uint32_t offset;	/* in its table */
	int table;
	uint64_t value;		/* integer, local or arg number */
	char *name;		/* OP_NAMEREF, OP_CALL: as written */
	char *str;		/* OP_STRING */
	struct node *ref;	/* resolved object, when found */
	struct node *scope;	/* the scope the op was parsed in */
	struct op *arg[7];	/* a method call takes up to 7 */
	int nargs;
	struct op *body;	/* term list of If, Else, While, Scope... */
	struct op *next;
	struct node *defines;	/* ops that create a named object */
};

struct method_list {
	struct node **v;
	size_t n, cap;
};

struct table {
	char file[256];
	char sig[5];
	char oem_id[7], oem_table[9];
	uint32_t length;
	uint8_t revision;
	int checksum_ok;
	const uint8_t *data;
	size_t size;
};

#define MAX_TABLES 64

struct aml {
	struct table tables[MAX_TABLES];
	int ntables;
	struct node *root;
	struct op *toplevel[MAX_TABLES];	/* code outside any method */
	/* allocation arena: everything is freed at once */
	void *arena;
	struct method_list methods;	/* pass 2's work list */
	/*
	 * Error reporting. A parse error longjmps to *fail: the innermost
	 * term list being parsed, which warns and skips the rest of itself,
	 * or with strict set aml_parse(), which fails. Running out of memory
	 * (oom) always ends aml_parse(). Outside aml_parse(), a caller that
	 * allocates (the survey) points fail at a frame of its own first.
	 */
	jmp_buf *fail;
	char error[512];
	int oom;
	int warnings;
	int skipped;		/* term lists cut short by an error */
	int strict;
	void (*warn)(const char *msg);
};

void aml_init(struct aml *a);
void aml_free(struct aml *a);
/* Add a table's bytes (not copied; must outlive the aml). 0 or -1. */
int aml_add_table(struct aml *a, const char *file, const uint8_t *data, size_t size);
/*
 * Parse every table added, as one namespace. 0, or -1 with a->error set:
 * out of memory, or any parse error when strict is set.
 */
int aml_parse(struct aml *a);

char *aml_path(struct aml *a, const struct node *n);
struct node *aml_lookup(struct aml *a, struct node *scope, const char *name);
/* The direct child of a scope with a 4-character segment, or NULL. */
struct node *aml_child(const struct node *scope, const char *seg);
/*
 * What a name op refers to: resolved while parsing, or now, for code
 * outside methods that named an object declared after it.
 */
struct node *aml_resolve(struct aml *a, const struct op *o);
void *aml_alloc(struct aml *a, size_t size);
char *aml_strdup(struct aml *a, const char *s);
const char *aml_space_name(int space);
const char *aml_access_name(int flags);
const char *aml_update_name(int flags);
int aml_integer(const struct op *o, uint64_t *v);
/* Operand pattern of an expression opcode (see parse.c), or NULL. */
const char *aml_operands(uint32_t code);

/*
 * walk.c: visit every op of a term list, in order, each with the role its
 * parent gives it: read, written (a target), or only named (a super name).
 * The visitor returns AML_DESCEND to have the op's operands and body
 * walked next, or AML_SKIP when it has dealt with them itself.
 */
enum aml_role { AML_READ, AML_WRITE, AML_REF };
enum aml_walk_next { AML_DESCEND, AML_SKIP };
typedef enum aml_walk_next (*aml_visit_fn)(const struct op *o,
					   enum aml_role r, void *ctx);
void aml_walk_op(const struct op *o, enum aml_role r, aml_visit_fn visit,
		 void *ctx);
void aml_walk_list(const struct op *list, aml_visit_fn visit, void *ctx);

#endif
