/* run_set_constraints.c — SET CONSTRAINTS { ALL | name [, ...] } { DEFERRED | IMMEDIATE }, as
 * PostgreSQL's AfterTriggerSetState: a name (schema-qualified or not) stands for every
 * constraint of that name in its schema, the first schema of the search path holding one
 * (3F000 for a qualified name's missing schema, 42704 when none holds one); DEFERRED of a
 * constraint that is not DEFERRABLE is 42809; outside a transaction block the WARNING 25P01
 * and the statement runs all the same (its transaction ends with it).  IMMEDIATE runs the
 * waiting checks of the constraints it names at once (defer/defer.h). */
#include <stdio.h>
#include <string.h>

#include "api/statement.h"
#include "catalog/catalog_txn.h"
#include "catalog/constraints.h"
#include "catalog/namespace.h"
#include "defer/defer.h"
#include "fkey/fkey.h"
#include "index/index.h"

/* A constraint of the name: its catalog object (NULL for a CHECK, never deferrable). */
typedef struct named_constraint {
    const void *con;
    bool deferrable;
} named_constraint;

/* Up to max of the constraints named name of the visible tables of schema s into out (may be
   NULL); returns how many there are. */
static uint32_t collect(const ss_catalog *c, const ss_schema *s, const char *name, named_constraint *out,
                        uint32_t max)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < c->ntables; i++) {
        const ss_table *t = c->tables[i];
        if (t->system || t->ns != s || !ss_ddl_visible(&t->ddl))
            continue;
        for (uint32_t k = 0; t->cons && k < t->cons->nchecks; k++)
            if (strcmp(t->cons->check_names[k], name) == 0 && n++ < max && out)
                out[n - 1] = (named_constraint){NULL, false};
        for (uint32_t k = 0; t->indexes && k < t->indexes->n; k++) {
            const ss_index *ix = t->indexes->list[k];
            if (ix->constraint && ss_ddl_visible(&ix->ddl) && strcmp(ix->name, name) == 0 && n++ < max && out)
                out[n - 1] = (named_constraint){ix, ix->deferrable};
        }
        for (uint32_t k = 0; t->fkeys && k < t->fkeys->n; k++) {
            const ss_fkey *fk = t->fkeys->list[k];
            if (strcmp(fk->name, name) == 0 && n++ < max && out)
                out[n - 1] = (named_constraint){fk, fk->deferrable};
        }
    }
    return n;
}

static bool schema_has(const ss_catalog *c, const ss_schema *s, const char *rel)
{
    return collect(c, s, rel, NULL, 0) > 0;
}

/* The deferrable constraints one name stands for, appended to list (room for max). */
static int resolve(sunstone_stmt *st, const char *ref, named_constraint *list, uint32_t max, uint32_t *n)
{
    ss_ctx *ctx = &st->ctx;
    const ss_catalog *c = ctx->catalog;
    char schema[SS_NS_REF_MAX];
    if (ss_ns_schema_part(ref, schema, sizeof schema) && !ss_ns_find(c, schema))
        return ss_ctx_error(ctx, "3F000", "schema \"%s\" does not exist", schema);
    const char *rel = ss_ns_rel(ref);
    const ss_schema *s = ss_ns_lookup(c, ref, schema_has, &rel);
    named_constraint found[64];
    uint32_t nfound = s ? collect(c, s, rel, found, 64) : 0;
    if (nfound == 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "constraint \"%s\" does not exist", rel);
    if (nfound > 64)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: SET CONSTRAINTS of a name more than 64 constraints have");
    for (uint32_t i = 0; i < nfound; i++) {
        if (!found[i].deferrable) {
            if (st->ast->constraints_deferred)
                return ss_ctx_error(ctx, "42809", "constraint \"%s\" is not deferrable", rel);
            continue;
        }
        if (*n == max)
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: SET CONSTRAINTS of more than %u constraints", max);
        list[(*n)++] = found[i];
    }
    return SS_OK;
}

int ss_run_set_constraints(sunstone_stmt *st)
{
    ss_ctx *ctx = &st->ctx;
    const ast_stmt *a = st->ast;
    snprintf(st->tag, sizeof st->tag, "SET CONSTRAINTS");
    if (!st->db->txn.in_block)
        ss_ctx_message(ctx, SS_MSG_WARNING, "SET CONSTRAINTS can only be used in transaction blocks");
    ctx->txn = &st->db->txn;
    if (a->ndrop == 0) { /* ALL */
        if (ss_defer_set_mode(ctx, NULL, a->constraints_deferred) != SS_OK)
            return SS_ERROR;
    } else {
        enum { MAX = 256 };
        named_constraint list[MAX];
        uint32_t n = 0;
        for (uint32_t i = 0; i < a->ndrop; i++)
            if (resolve(st, a->drop_names[i], list, MAX, &n) != SS_OK)
                return SS_ERROR;
        for (uint32_t i = 0; i < n; i++)
            if (ss_defer_set_mode(ctx, list[i].con, a->constraints_deferred) != SS_OK)
                return SS_ERROR;
    }
    /* IMMEDIATE: what waits for the constraints now immediate runs now */
    return a->constraints_deferred ? SS_OK : ss_defer_fire(ctx, false);
}
