// SPDX-License-Identifier: GPL-2.0
/*
 * The one walker over parsed terms. Every pass that looks at each op of a
 * method (what it reads and writes, which locals a loop touches) is a
 * visitor given to it; the walker knows, from the opcode table's operand
 * letters, which operand is read, which is a target that is written, and
 * which only names an object.
 */
#include "aml.h"

static enum aml_role operand_role(const char *pat, int i)
{
	char c = pat && pat[i] ? pat[i] : 'T';

	if (c == 't')
		return AML_WRITE;
	if (c == 'S' || c == 'N')
		return AML_REF;
	return AML_READ;
}

void aml_walk_op(const struct op *o, enum aml_role r, aml_visit_fn visit,
		 void *ctx)
{
	const char *pat;
	int i;

	if (!o || visit(o, r, ctx) == AML_SKIP)
		return;
	pat = aml_operands(o->code);
	for (i = 0; i < o->nargs; i++)
		aml_walk_op(o->arg[i], operand_role(pat, i), visit, ctx);
	aml_walk_list(o->body, visit, ctx);
}

void aml_walk_list(const struct op *list, aml_visit_fn visit, void *ctx)
{
	for (; list; list = list->next)
		aml_walk_op(list, AML_READ, visit, ctx);
}
