/* run_sequence.c — CREATE SEQUENCE [IF NOT EXISTS], ALTER SEQUENCE, DROP SEQUENCE [IF EXISTS] [CASCADE] with
 * PostgreSQL's dependency errors (a SERIAL default depends on its sequence, an identity
 * column requires its own), and CREATE TABLE's constraints and sequences. */
#include "api/run_sequence.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_txn.h"
#include "catalog/constraints.h"
#include "catalog/matview.h"
#include "catalog/namespace.h"
#include "bind/bind_alter.h"
#include "catalog/sequences.h"

int ss_run_create_sequence(sunstone_stmt *st)
{
    ss_bound_stmt *bs = st->bound;
    ss_catalog *c = st->ctx.catalog;
    const ss_seq_new_def *sc = &bs->seqs[0];
    snprintf(st->tag, sizeof st->tag, "CREATE SEQUENCE");
    if (ss_catalog_name_wait(&st->ctx, c, sc->name))
        return SS_ERROR;
    char ref[SS_NS_REF_MAX];
    if (!ss_ns_creation_ref(&st->ctx, c, sc->name, ref, sizeof ref))
        return SS_ERROR;
    if (ss_catalog_find(c, ref) || ss_catalog_find_view(c, ref) || ss_seq_exists(c->sequences, ref)) {
        if (bs->if_not_exists) {
            ss_db_notice(st->db, "relation \"%s\" already exists, skipping", ss_ns_rel(sc->name));
            return SS_OK;
        }
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_DUPLICATE_TABLE, "relation \"%s\" already exists",
                            ss_ns_rel(sc->name));
    }
    if (ss_seq_create(&st->ctx, c->sequences, sc->name, &sc->p, sc->owner_table, sc->owner_column, sc->owner_kind))
        return SS_ERROR;
    c->version++;
    return SS_OK;
}

static int alter_change(ss_ctx *ctx, const ss_sequence *cur, void *arg, ss_seq_change *out)
{
    return ss_bind_seq_alter(ctx, cur, arg, out);
}

/* 42809 for a relation that cannot own a sequence, with PostgreSQL's DETAIL. */
static int cannot_own(ss_ctx *ctx, const char *rel, const char *kind)
{
    ss_ctx_error(ctx, "42809", "sequence cannot be owned by relation \"%s\"", rel);
    ss_ctx_error_detail(ctx, "This operation is not supported for %s.", kind);
    return SS_ERROR;
}

/* ALTER SEQUENCE ... OWNED BY: the new owner of s with PostgreSQL's process_owned_by checks, in
   its order (the relation, its kind, its schema, the column, then an identity sequence's 0A000).
   A SERIAL sequence keeps its column default: OWNED BY NONE makes it 'd', owned by that column
   again 's'. */
static int owned_by(sunstone_stmt *st, const ss_sequence *s, const ast_seq_options *o, ss_seq_owner *out,
                    char *ref, char *col, size_t bufsz)
{
    size_t refsz = bufsz;
    ss_ctx *ctx = &st->ctx;
    ss_catalog *c = ctx->catalog;
    const char *column = NULL;
    ss_table *t = NULL;
    if (o->nowned_by) {
        const char *name = o->owned_by[0];
        if (ss_catalog_find_waiting(ctx, c, name, &t))
            return SS_ERROR;
        if (!t) {
            if (ss_catalog_find_view(c, name))
                return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                    "feature not supported: a sequence owned by a view");
            if (ss_seq_exists(c->sequences, name))
                return cannot_own(ctx, ss_ns_rel(name), "sequences");
            return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", name);
        }
        if (t->system)
            return cannot_own(ctx, t->name, "views");
        if (ss_is_matview(t))
            return cannot_own(ctx, t->name, "materialized views");
        if (t->ns != s->ns)
            return ss_ctx_error(ctx, "55000", "sequence must be in same schema as table it is linked to");
        uint32_t k = 0;
        while (k < t->ncols && strcmp(t->cols[k].name, o->owned_by[1]) != 0)
            k++;
        if (k == t->ncols)
            return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" of relation \"%s\" does not exist",
                                o->owned_by[1], t->name);
        column = t->cols[k].name;
        ss_ns_qualify(t->ns, t->name, ref, refsz);
    }
    if (s->owner_kind == 'i') {
        ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "cannot change ownership of identity sequence");
        ss_ctx_error_detail(ctx, "Sequence \"%s\" is linked to table \"%s\".", s->name, ss_ns_rel(s->owner_table));
        return SS_ERROR;
    }
    bool serial = s->owner_kind == 's' || s->owner_kind == 'd';
    if (!column) { /* NONE; the names copied: s's may change while ALTER waits for a lock */
        snprintf(ref, bufsz, "%s", serial ? s->owner_table : "");
        snprintf(col, bufsz, "%s", serial ? s->owner_column : "");
        *out = serial ? (ss_seq_owner){ref, col, 'd'} : (ss_seq_owner){NULL, NULL, 0};
        return SS_OK;
    }
    if (serial && (strcmp(s->owner_table, ref) != 0 || strcmp(s->owner_column, column) != 0))
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: OWNED BY another column than the one whose default uses the "
                            "sequence");
    *out = (ss_seq_owner){ref, column, serial ? 's' : 'o'};
    return SS_OK;
}

int ss_run_alter_sequence(sunstone_stmt *st)
{
    ss_catalog *c = st->ctx.catalog;
    const char *name = st->ast->table;
    snprintf(st->tag, sizeof st->tag, "ALTER SEQUENCE");
    ss_sequence s;
    if (!ss_seq_snapshot(c->sequences, name, &s)) {
        if (ss_catalog_find(c, name) || ss_catalog_find_view(c, name))
            return ss_ctx_error(&st->ctx, "42809", "\"%s\" is not a sequence", ss_ns_rel(name));
        if (st->ast->missing_ok) {
            ss_db_notice(st->db, "relation \"%s\" does not exist, skipping", ss_ns_rel(name));
            return SS_OK;
        }
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", ss_ns_rel(name));
    }
    const ast_seq_options *o = &st->ast->seq_opts;
    /* every option but OWNED BY rewrites the sequence (PostgreSQL's new relfilenode) */
    bool rewrite = o->has_restart || o->has_increment || o->has_min || o->has_max || o->has_start ||
                   o->has_cache || o->has_cycle || o->as_type;
    ss_seq_owner owner;
    char ref[SS_NS_REF_MAX], col[SS_NS_REF_MAX];
    bool set_owner = o->nowned_by || o->owned_none;
    if (set_owner && owned_by(st, &s, o, &owner, ref, col, sizeof ref))
        return SS_ERROR;
    if (ss_seq_alter(&st->ctx, c->sequences, name, rewrite, set_owner ? &owner : NULL, alter_change, (void *)o))
        return SS_ERROR;
    c->version++;
    return SS_OK;
}

/* The column of its owner whose default a SERIAL sequence is. */
static ss_col_cons *owner_column(ss_catalog *c, const ss_sequence *s, ss_table **table)
{
    ss_table *t = s->owner_table ? ss_catalog_find(c, s->owner_table) : NULL;
    *table = t;
    if (!t || !t->cons)
        return NULL;
    for (uint32_t i = 0; i < t->ncols; i++) /* the default still uses it */
        if (!strcmp(t->cols[i].name, s->owner_column) && t->cons->cols[i].seq &&
            !strcmp(ss_ns_rel(t->cons->cols[i].seq), s->name))
            return &t->cons->cols[i];
    return NULL;
}

int ss_run_drop_sequence(sunstone_stmt *st)
{
    ss_bound_stmt *bs = st->bound;
    ss_catalog *c = st->ctx.catalog;
    ss_ctx *ctx = &st->ctx;
    snprintf(st->tag, sizeof st->tag, "DROP SEQUENCE");
    /* every name checked first, as PostgreSQL's RemoveRelations */
    for (uint32_t i = 0; i < bs->ndrop; i++) {
        const char *name = bs->drop_names[i];
        ss_sequence s;
        if (!ss_seq_snapshot(c->sequences, name, &s)) {
            if (ss_catalog_find(c, name) || ss_catalog_find_view(c, name)) {
                ss_ctx_error(ctx, "42809", "\"%s\" is not a sequence", name);
                ss_ctx_error_hint(ctx, "Use DROP %s to remove a %s.", ss_catalog_find(c, name) ? "TABLE" : "VIEW",
                                  ss_catalog_find(c, name) ? "table" : "view");
                return SS_ERROR;
            }
            if (!bs->missing_ok)
                return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "sequence \"%s\" does not exist",
                                    ss_ns_rel(name));
            continue;
        }
        if (s.owner_kind == 'i') {
            ss_ctx_error(ctx, "2BP01", "cannot drop sequence %s because column %s of table %s requires it", name,
                         s.owner_column, ss_ns_rel(s.owner_table));
            ss_ctx_error_hint(ctx, "You can drop column %s of table %s instead.", s.owner_column,
                              ss_ns_rel(s.owner_table));
            return SS_ERROR;
        }
        ss_table *t;
        bool serial = s.owner_kind == 's' || s.owner_kind == 'd';
        if (serial && owner_column(c, &s, &t) && owner_column(c, &s, &t)->seq && !bs->cascade) {
            ss_ctx_error(ctx, "2BP01", "cannot drop sequence %s because other objects depend on it", name);
            ss_ctx_error_detail(ctx, "default value for column %s of table %s depends on sequence %s", s.owner_column,
                                ss_ns_rel(s.owner_table), name);
            ss_ctx_error_hint(ctx, "Use DROP ... CASCADE to drop the dependent objects too.");
            return SS_ERROR;
        }
    }
    for (uint32_t i = 0; i < bs->ndrop; i++) {
        const char *name = bs->drop_names[i];
        ss_sequence s;
        if (!ss_seq_snapshot(c->sequences, name, &s)) {
            ss_db_notice(st->db, "sequence \"%s\" does not exist, skipping", ss_ns_rel(name));
            continue;
        }
        ss_table *t;
        ss_col_cons *cc = s.owner_kind == 's' || s.owner_kind == 'd' ? owner_column(c, &s, &t) : NULL;
        if (cc && cc->seq && st->db->txn.in_block)
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: DROP SEQUENCE ... CASCADE of a column default inside a "
                                "transaction block");
        if (cc && cc->seq) {
            ss_db_notice(st->db, "drop cascades to default value for column %s of table %s", s.owner_column,
                         ss_ns_rel(s.owner_table));
            free(cc->seq);
            free(cc->default_text);
            cc->seq = cc->default_text = NULL;
        }
        if (ss_seq_drop(ctx, c->sequences, name))
            return SS_ERROR;
    }
    c->version++;
    return SS_OK;
}

int ss_run_table_constraints(sunstone_stmt *st, ss_table *t)
{
    ss_bound_stmt *bs = st->bound;
    ss_catalog *c = st->ctx.catalog;
    if (ss_table_attach_cons(&st->ctx, t, bs->create_cons))
        return SS_ERROR;
    for (uint32_t i = 0; i < bs->nseqs; i++) {
        const ss_seq_new_def *sc = &bs->seqs[i];
        if (ss_seq_create(&st->ctx, c->sequences, sc->name, &sc->p, sc->owner_table, sc->owner_column, sc->owner_kind))
            return SS_ERROR;
    }
    return SS_OK;
}
