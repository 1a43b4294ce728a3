/* SPDX-License-Identifier: GPL-2.0 */
/* acpi-survey: what the reports know about devices, methods and events. */
#ifndef SURVEY_H
#define SURVEY_H

#include <stdio.h>

#include "aml.h"

/* A growable array in the parser's arena. */
struct vec {
	void **v;
	size_t n, cap;
};

void vec_push(struct aml *a, struct vec *v, void *item);

/* A named object a method touches, as written and resolved. */
struct access {
	const char *name;	/* as written */
	struct node *node;	/* NULL when it does not resolve */
	const char *value;	/* writes of a constant: the value */
};

struct ret {
	const char *cond;	/* NULL: always */
	const char *expr;	/* NULL: not reconstructed, see why */
	const char *why;
};

struct method_info {
	struct node *m;
	struct vec reads, writes, calls;	/* struct access * */
	struct vec rets;			/* struct ret * */
};

struct notify_site {
	struct op *op;
	struct node *target;
	struct node *method;	/* NULL: code outside methods */
	const char *value;
	int has_value;
	uint64_t ivalue;
};

struct device_info {
	struct node *n;
	const char *hid;	/* NULL: none */
	struct vec cids;	/* const char * */
	const char *uid;
	int uid_is_int;
	int vendor;		/* 1: the shortlist */
	const char *what;	/* description of a standard ID */
};

struct survey {
	struct aml *a;
	struct vec devices;	/* struct device_info * */
	struct vec methods;	/* struct method_info * */
	struct vec fields;	/* struct node * */
	struct vec notifies;	/* struct notify_site * */
};

void survey_build(struct survey *s, struct aml *a);
struct method_info *survey_method(struct survey *s, struct node *m);
/* The methods that call m, in namespace order (struct method_info *). */
void survey_callers(struct survey *s, struct node *m, struct vec *out);
/* A description of what makes a method run: "EC query 0x11"... or NULL. */
const char *survey_raiser(struct survey *s, struct node *m);
const char *survey_region_base(struct survey *s, struct node *region, int *is_int,
			       uint64_t *v);
const char *eisa_to_string(struct aml *a, uint64_t id);
const char *id_description(const char *id, int *standard);
/* Ops as ASL-like expressions. */
const char *render(struct aml *a, const struct op *o);

struct device_info **survey_match(struct survey *s, const char *what, size_t *n);

void report_text(FILE *f, struct survey *s);
void report_device_text(FILE *f, struct survey *s, struct device_info *d);
void report_json(FILE *f, struct survey *s, struct device_info **devs, size_t ndev);
int write_skeleton(FILE *f, struct survey *s, struct device_info *d);

#endif
