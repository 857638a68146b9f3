/* system_is_constraints.c — the rows of information_schema's constraint views and of
 * sequences and triggers (system_information_schema.h), with PostgreSQL 15's columns and
 * values: table_constraints, key_column_usage, referential_constraints, check_constraints,
 * constraint_column_usage, constraint_table_usage over the user tables' PRIMARY KEY, UNIQUE,
 * FOREIGN KEY, CHECK and NOT NULL constraints; sequences (identity sequences left out, as
 * PostgreSQL leaves them); triggers, which Sunstone has none of.
 *
 * PostgreSQL 15 lists each NOT NULL column as a CHECK constraint named
 * <schema oid>_<table oid>_<attnum>_not_null.  Sunstone has no oids: the schema's number is
 * PostgreSQL's 2200 for public and 16384 + its creation version otherwise, the table's 16384 +
 * its creation version (stable for the table's life, unique among the tables), so the
 * name has PostgreSQL's shape without its values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bind/bind_alter.h"
#include "catalog/constraints.h"
#include "catalog/matview.h"
#include "catalog/namespace.h"
#include "catalog/sequences.h"
#include "catalog/system_information_schema.h"
#include "fkey/fkey.h"
#include "index/index.h"

#define T_TEXT {SS_TYPE_TEXT, -1}
#define T_INT4 {SS_TYPE_INT4, -1}
#define C(n) {n, T_TEXT, false, {0}}
#define N(n) {n, T_INT4, false, {0}}

const ss_column_def ss_is_table_constraints_cols[SS_IS_TABLE_CONSTRAINTS_NCOLS] = {
    C("constraint_catalog"), C("constraint_schema"), C("constraint_name"), C("table_catalog"), C("table_schema"),
    C("table_name"), C("constraint_type"), C("is_deferrable"), C("initially_deferred"), C("enforced"),
    C("nulls_distinct")};
const ss_column_def ss_is_key_column_usage_cols[SS_IS_KEY_COLUMN_USAGE_NCOLS] = {
    C("constraint_catalog"), C("constraint_schema"), C("constraint_name"), C("table_catalog"), C("table_schema"),
    C("table_name"), C("column_name"), N("ordinal_position"), N("position_in_unique_constraint")};
const ss_column_def ss_is_referential_constraints_cols[SS_IS_REFERENTIAL_CONSTRAINTS_NCOLS] = {
    C("constraint_catalog"), C("constraint_schema"), C("constraint_name"), C("unique_constraint_catalog"),
    C("unique_constraint_schema"), C("unique_constraint_name"), C("match_option"), C("update_rule"),
    C("delete_rule")};
const ss_column_def ss_is_check_constraints_cols[SS_IS_CHECK_CONSTRAINTS_NCOLS] = {
    C("constraint_catalog"), C("constraint_schema"), C("constraint_name"), C("check_clause")};
const ss_column_def ss_is_constraint_column_usage_cols[SS_IS_CONSTRAINT_COLUMN_USAGE_NCOLS] = {
    C("table_catalog"), C("table_schema"), C("table_name"), C("column_name"), C("constraint_catalog"),
    C("constraint_schema"), C("constraint_name")};
const ss_column_def ss_is_constraint_table_usage_cols[SS_IS_CONSTRAINT_TABLE_USAGE_NCOLS] = {
    C("table_catalog"), C("table_schema"), C("table_name"), C("constraint_catalog"), C("constraint_schema"),
    C("constraint_name")};
const ss_column_def ss_is_sequences_cols[SS_IS_SEQUENCES_NCOLS] = {
    C("sequence_catalog"), C("sequence_schema"), C("sequence_name"), C("data_type"), N("numeric_precision"),
    N("numeric_precision_radix"), N("numeric_scale"), C("start_value"), C("minimum_value"), C("maximum_value"),
    C("increment"), C("cycle_option")};
const ss_column_def ss_is_triggers_cols[SS_IS_TRIGGERS_NCOLS] = {
    C("trigger_catalog"), C("trigger_schema"), C("trigger_name"), C("event_manipulation"),
    C("event_object_catalog"), C("event_object_schema"), C("event_object_table"), N("action_order"),
    C("action_condition"), C("action_statement"), C("action_orientation"), C("action_timing"),
    C("action_reference_old_table"), C("action_reference_new_table"), C("action_reference_old_row"),
    C("action_reference_new_row"), {"created", {SS_TYPE_TIMESTAMPTZ, -1}, false, {0}}};

#define CATALOG_NAME "sunstone" /* current_database() */
#define NUL ((ss_value){.is_null = true})

static ss_value num(int64_t i)
{
    ss_value v = {0};
    v.v.i = i;
    return v;
}

static const char *schema_of(const ss_schema *ns)
{
    return ns ? ss_ns_name(ns) : "public";
}

static const char *yes_no(bool b)
{
    return b ? "YES" : "NO";
}

/* The tables information_schema lists: the user tables (not materialized views) this
 * session sees, another session's temporary tables left out. */
static bool listed(const ss_catalog *c, const ss_table *t)
{
    const ss_schema *my_temp = ss_ns_find(c, "pg_temp");
    return !t->system && !ss_is_matview(t) && ss_ddl_visible(&t->ddl) &&
           !(t->ns && ss_ns_is_temp(t->ns) && t->ns != my_temp);
}

/* The name PostgreSQL 15 gives column attnum's NOT NULL (see the top of the file). */
/* PostgreSQL 15's name of a NOT NULL "constraint": <schema oid>_<table oid>_<attnum>_not_null */
static void not_null_name(const ss_table *t, uint32_t attnum, char *buf, size_t n)
{
    snprintf(buf, n, "%u_%u_%u_not_null", t->ns ? t->ns->oid : 2200u, t->oid, attnum);
}

static bool visible_index(const ss_index *ix)
{
    return ss_ddl_visible(&ix->ddl);
}

/* The unique index of ref whose columns are fk's referenced columns (the one the foreign key
 * is checked through), NULL when none. */
static const ss_index *referenced_index(const ss_fkey *fk)
{
    const ss_table *ref = fk->ref;
    for (uint32_t k = 0; ref->indexes && k < ref->indexes->n; k++) {
        const ss_index *ix = ref->indexes->list[k];
        if (!ix->unique || ix->pred || !visible_index(ix) || ix->nkeys != fk->ncols)
            continue;
        bool all = true;
        for (uint32_t i = 0; all && i < fk->ncols; i++) {
            bool found = false;
            for (uint32_t j = 0; !found && j < ix->nkeys; j++)
                found = ix->cols[j] == fk->ref_cols[i];
            all = found;
        }
        if (all)
            return ix;
    }
    return NULL;
}

static const char *rule_name(char action)
{
    switch (action) {
    case 'c': return "CASCADE";
    case 'n': return "SET NULL";
    case 'd': return "SET DEFAULT";
    case 'r': return "RESTRICT";
    default: return "NO ACTION";
    }
}

typedef struct is_sink {
    ss_ctx *ctx;
    const ss_catalog *c;
    const bool *wanted;
    ss_view_row_fn add;
    void *arg;
} is_sink;

/* ---- table_constraints ---- */
static int tc_row(is_sink *k, const ss_table *t, const char *name, const char *type, bool deferrable, bool deferred,
                  const char *nulls_distinct)
{
    const char *schema = schema_of(t->ns);
    ss_value row[SS_IS_TABLE_CONSTRAINTS_NCOLS] = {
        ss_row_text(CATALOG_NAME), ss_row_text(schema), ss_row_text(name), ss_row_text(CATALOG_NAME),
        ss_row_text(schema), ss_row_text(t->name), ss_row_text(type), ss_row_text(yes_no(deferrable)),
        ss_row_text(yes_no(deferred)), ss_row_text("YES"), nulls_distinct ? ss_row_text(nulls_distinct) : NUL};
    return k->add(k->ctx, k->arg, row);
}

static int table_constraints_of(is_sink *k, const ss_table *t)
{
    for (uint32_t i = 0; t->cons && i < t->cons->nchecks; i++)
        if (tc_row(k, t, t->cons->check_names[i], "CHECK", false, false, NULL))
            return SS_ERROR;
    ss_index_lock((ss_table *)t);
    int rc = SS_OK;
    for (uint32_t i = 0; rc == SS_OK && t->indexes && i < t->indexes->n; i++) {
        const ss_index *ix = t->indexes->list[i];
        if (ix->constraint && visible_index(ix))
            rc = tc_row(k, t, ix->name, ix->primary ? "PRIMARY KEY" : "UNIQUE", ix->deferrable, ix->initdeferred,
                        ix->primary ? NULL : "YES");
    }
    ss_index_unlock((ss_table *)t);
    if (rc)
        return SS_ERROR;
    for (uint32_t i = 0; t->fkeys && i < t->fkeys->n; i++) {
        const ss_fkey *fk = t->fkeys->list[i];
        if (tc_row(k, t, fk->name, "FOREIGN KEY", fk->deferrable, fk->initdeferred, NULL))
            return SS_ERROR;
    }
    for (uint32_t col = 0; col < t->ncols; col++) {
        char name[96];
        not_null_name(t, col + 1, name, sizeof name);
        if (t->cols[col].not_null && tc_row(k, t, name, "CHECK", false, false, NULL))
            return SS_ERROR;
    }
    return SS_OK;
}

/* ---- key_column_usage ---- */
static int kcu_row(is_sink *k, const ss_table *t, const char *name, uint32_t col, uint32_t pos, int64_t unique_pos)
{
    const char *schema = schema_of(t->ns);
    ss_value row[SS_IS_KEY_COLUMN_USAGE_NCOLS] = {
        ss_row_text(CATALOG_NAME), ss_row_text(schema),       ss_row_text(name),
        ss_row_text(CATALOG_NAME), ss_row_text(schema),       ss_row_text(t->name),
        ss_row_text(t->cols[col].name), num(pos), unique_pos > 0 ? num(unique_pos) : NUL};
    return k->add(k->ctx, k->arg, row);
}

static int key_column_usage_of(is_sink *k, const ss_table *t)
{
    ss_index_lock((ss_table *)t);
    int rc = SS_OK;
    for (uint32_t i = 0; rc == SS_OK && t->indexes && i < t->indexes->n; i++) {
        const ss_index *ix = t->indexes->list[i];
        for (uint32_t j = 0; rc == SS_OK && ix->constraint && visible_index(ix) && j < ix->nkeys; j++)
            if (ix->cols[j] < t->ncols)
                rc = kcu_row(k, t, ix->name, ix->cols[j], j + 1, 0);
    }
    ss_index_unlock((ss_table *)t);
    if (rc)
        return SS_ERROR;
    for (uint32_t i = 0; t->fkeys && i < t->fkeys->n; i++) {
        const ss_fkey *fk = t->fkeys->list[i];
        ss_index_lock(fk->ref);
        const ss_index *ix = referenced_index(fk);
        for (uint32_t j = 0; rc == SS_OK && j < fk->ncols; j++) {
            int64_t at = 0;
            for (uint32_t m = 0; ix && !at && m < ix->nkeys; m++)
                if (ix->cols[m] == fk->ref_cols[j])
                    at = m + 1;
            rc = kcu_row(k, t, fk->name, fk->cols[j], j + 1, at);
        }
        ss_index_unlock(fk->ref);
        if (rc)
            return SS_ERROR;
    }
    return SS_OK;
}

/* ---- referential_constraints ---- */
static int referential_constraints_of(is_sink *k, const ss_table *t)
{
    for (uint32_t i = 0; t->fkeys && i < t->fkeys->n; i++) {
        const ss_fkey *fk = t->fkeys->list[i];
        ss_index_lock(fk->ref);
        const ss_index *ix = referenced_index(fk);
        const char *uname = ix && ix->constraint ? ix->name : NULL;
        const char *schema = schema_of(t->ns);
        ss_value row[SS_IS_REFERENTIAL_CONSTRAINTS_NCOLS] = {
            ss_row_text(CATALOG_NAME),
            ss_row_text(schema),
            ss_row_text(fk->name),
            uname ? ss_row_text(CATALOG_NAME) : NUL,
            uname ? ss_row_text(schema_of(fk->ref->ns)) : NUL,
            uname ? ss_row_text(uname) : NUL,
            ss_row_text(fk->match == 'f' ? "FULL" : fk->match == 'p' ? "PARTIAL" : "NONE"),
            ss_row_text(rule_name(fk->on_update)),
            ss_row_text(rule_name(fk->on_delete))};
        int rc = k->add(k->ctx, k->arg, row);
        ss_index_unlock(fk->ref);
        if (rc)
            return SS_ERROR;
    }
    return SS_OK;
}

/* ---- check_constraints and the CHECKs of constraint_column_usage ---- */
static int cc_row(is_sink *k, const ss_table *t, const char *name, const char *clause)
{
    ss_value row[SS_IS_CHECK_CONSTRAINTS_NCOLS] = {ss_row_text(CATALOG_NAME), ss_row_text(schema_of(t->ns)),
                                                   ss_row_text(name), clause ? ss_row_text(clause) : NUL};
    return k->add(k->ctx, k->arg, row);
}

static int check_constraints_of(is_sink *k, const ss_table *t)
{
    bool clause_wanted = k->wanted[3];
    for (uint32_t i = 0; t->cons && i < t->cons->nchecks; i++) {
        char *clause = NULL;
        if (clause_wanted && t->cons->check_srcs &&
            ss_bind_check_usage(k->ctx, t, &t->cons->check_srcs[i], &clause, NULL))
            return SS_ERROR;
        int rc = cc_row(k, t, t->cons->check_names[i], clause);
        free(clause);
        if (rc)
            return SS_ERROR;
    }
    for (uint32_t col = 0; col < t->ncols; col++) {
        if (!t->cols[col].not_null)
            continue;
        char name[96], clause[128];
        not_null_name(t, col + 1, name, sizeof name);
        snprintf(clause, sizeof clause, "%s IS NOT NULL", t->cols[col].name);
        if (cc_row(k, t, name, clause))
            return SS_ERROR;
    }
    return SS_OK;
}

/* ---- constraint_column_usage and constraint_table_usage ---- */
/* One row of either: the column (NULL: constraint_table_usage) of table u used by
 * constraint name of table owner. */
static int usage_row(is_sink *k, const ss_table *u, const char *column, const ss_table *owner, const char *name)
{
    const char *schema = schema_of(u->ns), *cschema = schema_of(owner->ns);
    if (!column) {
        ss_value row[SS_IS_CONSTRAINT_TABLE_USAGE_NCOLS] = {ss_row_text(CATALOG_NAME), ss_row_text(schema),
                                                            ss_row_text(u->name),      ss_row_text(CATALOG_NAME),
                                                            ss_row_text(cschema),      ss_row_text(name)};
        return k->add(k->ctx, k->arg, row);
    }
    ss_value row[SS_IS_CONSTRAINT_COLUMN_USAGE_NCOLS] = {
        ss_row_text(CATALOG_NAME), ss_row_text(schema),  ss_row_text(u->name), ss_row_text(column),
        ss_row_text(CATALOG_NAME), ss_row_text(cschema), ss_row_text(name)};
    return k->add(k->ctx, k->arg, row);
}

static int usage_of(is_sink *k, const ss_table *t, bool columns)
{
    for (uint32_t i = 0; columns && t->cons && i < t->cons->nchecks; i++) {
        if (!t->cons->check_srcs)
            break;
        bool *used = calloc(t->ncols ? t->ncols : 1, sizeof *used);
        char *clause = NULL;
        if (!used)
            return ss_ctx_error(k->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        int rc = ss_bind_check_usage(k->ctx, t, &t->cons->check_srcs[i], &clause, used);
        for (uint32_t col = 0; rc == SS_OK && col < t->ncols; col++)
            if (used[col])
                rc = usage_row(k, t, t->cols[col].name, t, t->cons->check_names[i]);
        free(clause);
        free(used);
        if (rc)
            return SS_ERROR;
    }
    ss_index_lock((ss_table *)t);
    int rc = SS_OK;
    for (uint32_t i = 0; rc == SS_OK && t->indexes && i < t->indexes->n; i++) {
        const ss_index *ix = t->indexes->list[i];
        if (!ix->constraint || !visible_index(ix))
            continue;
        for (uint32_t j = 0; rc == SS_OK && columns && j < ix->nkeys; j++)
            if (ix->cols[j] < t->ncols)
                rc = usage_row(k, t, t->cols[ix->cols[j]].name, t, ix->name);
        if (rc == SS_OK && !columns)
            rc = usage_row(k, t, NULL, t, ix->name);
    }
    ss_index_unlock((ss_table *)t);
    if (rc)
        return SS_ERROR;
    for (uint32_t i = 0; t->fkeys && i < t->fkeys->n; i++) {
        const ss_fkey *fk = t->fkeys->list[i];
        if (!listed(k->c, fk->ref))
            continue;
        for (uint32_t j = 0; columns && j < fk->ncols; j++)
            if (fk->ref_cols[j] < fk->ref->ncols &&
                usage_row(k, fk->ref, fk->ref->cols[fk->ref_cols[j]].name, t, fk->name))
                return SS_ERROR;
        if (!columns && usage_row(k, fk->ref, NULL, t, fk->name))
            return SS_ERROR;
    }
    return SS_OK;
}

int ss_system_is_constraints_fill(ss_ctx *ctx, const ss_catalog *c, ss_is_constraint_view which, const bool *wanted,
                                  ss_view_row_fn add, void *arg)
{
    is_sink k = {ctx, c, wanted, add, arg};
    for (uint32_t i = 0; i < c->ntables; i++) {
        ss_table *t = c->tables[i];
        if (!listed(c, t))
            continue;
        int rc;
        switch (which) {
        case SS_IS_TABLE_CONSTRAINTS: rc = table_constraints_of(&k, t); break;
        case SS_IS_KEY_COLUMN_USAGE: rc = key_column_usage_of(&k, t); break;
        case SS_IS_REFERENTIAL_CONSTRAINTS: rc = referential_constraints_of(&k, t); break;
        case SS_IS_CHECK_CONSTRAINTS: rc = check_constraints_of(&k, t); break;
        case SS_IS_CONSTRAINT_COLUMN_USAGE: rc = usage_of(&k, t, true); break;
        default: rc = usage_of(&k, t, false); break;
        }
        if (rc)
            return SS_ERROR;
    }
    return SS_OK;
}

static const char *seq_type_name(int32_t type)
{
    return type == SS_TYPE_INT2 ? "smallint" : type == SS_TYPE_INT4 ? "integer" : "bigint";
}

int ss_system_is_sequences_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    ss_seq_catalog *sc = c->sequences;
    if (!sc)
        return SS_OK;
    const ss_schema *my_temp = ss_ns_find(c, "pg_temp");
    int rc = SS_OK;
    pthread_mutex_lock(&sc->mu);
    for (uint32_t i = 0; rc == SS_OK && i < sc->n; i++) {
        const ss_sequence *s = sc->seqs[i];
        /* identity sequences are not listed (PostgreSQL's pg_depend deptype 'i' test) */
        if (!ss_ddl_visible(&s->ddl) || s->owner_kind == 'i' || (s->ns && ss_ns_is_temp(s->ns) && s->ns != my_temp))
            continue;
        char start[24], min[24], max[24], inc[24];
        snprintf(start, sizeof start, "%lld", (long long)s->p.start);
        snprintf(min, sizeof min, "%lld", (long long)s->p.min);
        snprintf(max, sizeof max, "%lld", (long long)s->p.max);
        snprintf(inc, sizeof inc, "%lld", (long long)s->p.increment);
        int prec = s->p.type == SS_TYPE_INT2 ? 16 : s->p.type == SS_TYPE_INT4 ? 32 : 64;
        ss_value row[SS_IS_SEQUENCES_NCOLS] = {
            ss_row_text(CATALOG_NAME), ss_row_text(schema_of(s->ns)), ss_row_text(ss_ns_rel(s->name)),
            ss_row_text(seq_type_name(s->p.type)), num(prec), num(2), num(0), ss_row_text(start), ss_row_text(min),
            ss_row_text(max), ss_row_text(inc), ss_row_text(yes_no(s->p.cycle))};
        rc = add(ctx, arg, row);
    }
    pthread_mutex_unlock(&sc->mu);
    return rc;
}
