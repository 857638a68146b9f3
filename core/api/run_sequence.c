/* run_sequence.c — CREATE SEQUENCE [IF NOT EXISTS], ALTER SEQUENCE, DROP SEQUENCE [IF EXISTS] [CASCADE] with
 * PostgreSQL's dependency errors (a SERIAL default depends on its sequence, an identity
 * column requires its own), and CREATE TABLE's constraints and sequences. */
#include "api/run_sequence.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/constraints.h"
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
    return ss_seq_alter(&st->ctx, c->sequences, st->ctx.seq_session, name, alter_change, (void *)&st->ast->seq_opts);
}

/* The column of its owner whose default a SERIAL sequence is. */
static ss_col_cons *owner_column(ss_catalog *c, const ss_sequence *s, ss_table **table)
{
    ss_table *t = s->owner_table ? ss_catalog_find(c, s->owner_table) : NULL;
    *table = t;
    if (!t || !t->cons)
        return NULL;
    for (uint32_t i = 0; i < t->ncols; i++)
        if (!strcmp(t->cols[i].name, s->owner_column))
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
        if (s.owner_kind == 's' && owner_column(c, &s, &t) && owner_column(c, &s, &t)->seq && !bs->cascade) {
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
        ss_col_cons *cc = s.owner_kind == 's' ? owner_column(c, &s, &t) : NULL;
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
