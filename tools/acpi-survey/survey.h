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
/* A string formatted into the arena. */
char *fmt(struct aml *a, const char *f, ...) __attribute__((format(printf, 2, 3)));

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

/* A call as written in a method: what it calls, with its arguments. */
struct call_site {
	struct node *callee;
	const char *text;	/* "MHKQ (0x1012)" */
};

struct method_info {
	struct node *m;
	struct vec reads, writes, calls;	/* struct access * */
	struct vec rets;			/* struct ret * */
	struct vec sites;			/* struct call_site * */
};

struct notify_site {
	struct op *op;
	struct node *target;
	struct node *method;	/* NULL: code outside methods */
	const char *value;
	int has_value;
	uint64_t ivalue;
};

struct known_guid;

/* One block of a WMI device's _WDG, as Linux's WMI bus reads it. */
struct wdg_entry {
	char guid[37];
	char object_id[3];	/* methods and data blocks: WMxx, WQxx */
	int notify_id;		/* events; -1 for the others */
	int instances, flags;
	const struct known_guid *known;
};

#define WDG_EXPENSIVE 0x1
#define WDG_METHOD 0x2
#define WDG_STRING 0x4
#define WDG_EVENT 0x8

/* The shortlist's order: the maker's own devices first. */
enum device_rank {
	RANK_MAKER,		/* the maker's own ID, or WMI with its GUIDs */
	RANK_WMI,		/* WMI with GUIDs the survey does not know */
	RANK_VENDOR,		/* another vendor's ID */
	RANK_COMPUTED,		/* a _HID computed by a method */
	RANK_PERIPHERAL,	/* a vendor's ID on a standard class (_CID) */
	RANK_STANDARD,		/* not on the shortlist */
};

struct device_info {
	struct node *n;
	const char *hid;	/* NULL: none */
	int hid_method;		/* hid is the constant its _HID method returns */
	struct vec cids;	/* const char * */
	const char *uid;
	int uid_is_int;
	int vendor;		/* 1: the shortlist */
	enum device_rank rank;
	const char *what;	/* what its ID is, where known */
	const char *why;	/* why it is on the shortlist */
	struct vec wdg;		/* struct wdg_entry *: a WMI device's blocks */
};

struct survey {
	struct aml *a;
	const struct maker *maker;	/* from the DSDT's OEM ID; NULL: unknown */
	struct vec devices;	/* struct device_info * */
	struct vec methods;	/* struct method_info * */
	struct vec fields;	/* struct node * */
	struct vec notifies;	/* struct notify_site * */
};

void survey_build(struct survey *s, struct aml *a);
struct method_info *survey_method(struct survey *s, struct node *m);
/* The methods that call m, in namespace order (struct method_info *). */
void survey_callers(struct survey *s, struct node *m, struct vec *out);
/*
 * A description of what makes a method run, when it is a root cause (an
 * EC query, a GPE, _WAK, _REG): "embedded-controller query 0x11"... or
 * NULL.
 */
const char *survey_raiser(struct survey *s, struct node *m);
/* How caller calls m, as written ("MHKQ (0x1012)"; distinct calls joined). */
const char *survey_call_text(struct survey *s, struct method_info *caller,
			     struct node *m);
const char *survey_region_base(struct survey *s, struct node *region, int *is_int,
			       uint64_t *v);
const char *eisa_to_string(struct aml *a, uint64_t id);
const char *id_description(const char *id, int *standard);

struct maker {
	const char *oem;		/* the start of its DSDT's OEM ID */
	const char *name;
	const char *prefixes[4];	/* of its own devices' IDs */
};

const struct maker *maker_of(const char *oem_id);
const char *maker_prefix(const struct maker *m, const char *id);
/* The vendor of a silicon or peripheral part's ID, or NULL. */
const char *part_vendor(const char *id);

struct known_guid {
	const char *guid, *owner, *what;	/* owner NULL: any machine */
};

const struct known_guid *known_guid(const char *guid);
/* Ops as ASL-like expressions. */
const char *render(struct aml *a, const struct op *o);

struct device_info **survey_match(struct survey *s, const char *what, size_t *n);

void report_text(FILE *f, struct survey *s);
void report_device_text(FILE *f, struct survey *s, struct device_info *d);
void report_json(FILE *f, struct survey *s, struct device_info **devs, size_t ndev);
int write_skeleton(FILE *f, struct survey *s, struct device_info *d);

#endif
