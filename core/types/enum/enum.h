/* enum.h — user-defined enum types (CREATE TYPE ... AS ENUM), kernel-private.
 *
 * An enum type is created at run time, so unlike the other catalog types its descriptor is
 * built here rather than written in a folder's table: enum_registry.c holds every enum type
 * of the process, keyed by its id (types.h: an even id in [SS_TYPE_ENUM_FIRST,
 * SS_TYPE_ENUM_END), the next id its array type), each with its ss_type_def (enum_type.c:
 * input, output, comparisons, enum_first / enum_last / enum_range) and its array's
 * ss_type_info.  A value is a double, its label's sort position (PostgreSQL's
 * pg_enum.enumsortorder, float4 precision as PostgreSQL computes it), so the type's order is
 * float8's and sorts, hash joins, GROUP BY, DISTINCT, min / max and btree indexes need no
 * callbacks (physical float8).  Labels are renamed and added in place; a value never changes.
 *
 * Which database and schema a type belongs to is the registry's too (owner: the database's
 * ss_catalog; ns: its ss_schema), so that names resolve per database (catalog/type_ddl.c).
 * Label lists and names are replaced, never changed in place, and what they replace is kept
 * until the process ends: a reader on another thread never sees freed memory. */
#ifndef SS_TYPES_ENUM_ENUM_H
#define SS_TYPES_ENUM_ENUM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "catalog/catalog_txn.h"
#include "sunstone/txn.h"
#include "types/type_def.h"

#define ENUM_LABEL_MAX 63 /* NAMEDATALEN - 1 bytes */

typedef struct enum_label {
    char *name;
    double sort;       /* its sort position (a float4 value) */
    uint32_t created;  /* 0, 1, ...: the order in which labels were added (the image replays it) */
    _Atomic ss_xid added; /* the top-level xid of the uncommitted ALTER TYPE ... ADD VALUE that
                             added it (0: committed): another transaction does not see it, its
                             own gets PostgreSQL's 55P04 when it uses it (enum_label_check) */
} enum_label;

/* A type's labels, ordered by sort position. */
typedef struct enum_labels {
    uint32_t n;
    enum_label items[];
} enum_labels;

typedef struct ss_enum_type {
    int32_t id;                      /* the enum's id; id + 1 is its array type */
    const void *owner;               /* the database's ss_catalog; NULL once it is closed */
    const void *ns;                  /* its schema (catalog/namespace.h ss_schema) */
    _Atomic(const char *) name;      /* pg_type.typname */
    _Atomic(const enum_labels *) labels;
    bool dropped;                    /* DROP TYPE: its id stays reserved */
    ss_ddl_stamp ddl;                /* an uncommitted CREATE / DROP TYPE (catalog_txn.h's rules) */
    uint64_t created;                /* the owner catalog's version at creation: the image's order */
    ss_type_info info, array_info;
    ss_type_array array_items;
    ss_type_def def;
    ss_func_def functions[5];        /* enum_first, enum_last, enum_range x2, terminator */
    ss_func_def operators[7];        /* = <> < <= > >=, terminator */
    ss_func_def conditional[3];      /* NULLIF, GREATEST, LEAST (ss_func_conditional) */
    _Atomic(const char *) array_name;/* "mood[]" */
    _Atomic(const char *) array_internal; /* "_mood" */
    void **retired;                  /* replaced names and label lists */
    uint32_t nretired, cap_retired;
} ss_enum_type;

/* The enum type of id (an enum's id, not its array's), or NULL (dropped ones too). */
ss_enum_type *enum_type_get(int32_t id);
/* The descriptor of enum id (NULL: none), as ss_type_def_get gives it. */
const ss_type_def *enum_type_def(int32_t id);
/* The ss_type_info of enum array type id (NULL: none), as arr_type_info gives it. */
const ss_type_info *enum_array_info(int32_t id);

/* Creates an enum type of owner's schema ns with labels[0..n) sorted 1, 2, ... (the caller
 * checked the labels and the name), its ddl.created stamp xid (0: committed); 54000 when the
 * ids ran out. */
int enum_type_create(ss_ctx *ctx, const void *owner, const void *ns, const char *name, const char *const *labels,
                     uint32_t n, uint64_t created, ss_xid xid, ss_enum_type **out);
/* The type name of schema ns of owner the reader sees (NULL: none; catalog_txn.h). */
ss_enum_type *enum_type_find(const void *owner, const void *ns, const char *name);
/* Whether a type name of schema ns of owner is created or dropped by another transaction
 * than the reader's, not yet committed (PostgreSQL would make type DDL on it wait). */
bool enum_type_pending_other(const void *owner, const void *ns, const char *name);
/* Every live enum type of owner the reader sees, in creation order: *out malloc'd (NULL when *n is 0). */
int enum_types_of(const void *owner, ss_enum_type ***out, uint32_t *n);
/* Marks the type dropped. */
void enum_type_drop(ss_enum_type *e);
/* The types of a catalog being freed forget it. */
void enum_types_forget_owner(const void *owner);

/* The label whose sort position is sort (NULL: none), and the one named name. */
const enum_label *enum_label_by_sort(const enum_labels *l, double sort);
const enum_label *enum_label_by_name(const enum_labels *l, const char *name, size_t len);
/* Whether the reader sees label l (committed, or added by its own transaction). */
bool enum_label_visible(const enum_label *l);
/* PostgreSQL's check_safe_enum_use of l for a value the reader uses: 55P04 "unsafe use of new
 * value" with its HINT when l's ADD VALUE is the reader's uncommitted one. */
int enum_label_check(ss_ctx *ctx, const ss_enum_type *e, const enum_label *l);

/* ALTER TYPE ... ADD VALUE label [BEFORE | AFTER neighbor] (neighbor NULL: at the end), with
 * PostgreSQL's sort position rule (AddEnumLabel); the caller checked that label is new and
 * neighbor exists.  0A000 when PostgreSQL would renumber the type's sort positions.  added:
 * the label's enum_label.added (0: committed at once). */
int enum_add_label(ss_ctx *ctx, ss_enum_type *e, const char *label, const char *neighbor, bool after,
                   ss_xid added);
/* The end of the transaction added for the labels it added: ROLLBACK (TO) removes label
 * (false when memory ran out: it stays, seen by no one), COMMIT makes them all committed. */
bool enum_remove_added(ss_enum_type *e, ss_xid added, const char *label);
void enum_commit_added(ss_enum_type *e, ss_xid added);
/* RENAME VALUE (the caller checked both names), RENAME TO. */
int enum_rename_label(ss_ctx *ctx, ss_enum_type *e, const char *from, const char *to);
int enum_rename(ss_ctx *ctx, ss_enum_type *e, const char *name);

/* format_type's name of enum id or of its array type: qualified when its schema is not on
 * the search path (into buf; buf NULL: the bare name, static until a rename). */
const char *enum_display_name(int32_t id, char *buf, size_t n);
/* pg_type.typname of the array type id ("_mood"), NULL for another id. */
const char *enum_array_internal_name(int32_t id);

/* Fills the descriptor, the array description and the function and operator tables of e
 * (enum_type.c). */
void enum_type_describe(ss_enum_type *e);

#endif
