/* alter_identity.c — the identity subcommands of ALTER TABLE (alter_internal.h): ALTER COLUMN
 * ... ADD GENERATED { ALWAYS | BY DEFAULT } AS IDENTITY [(options)] (its sequence made as
 * CREATE TABLE makes one; the rows keep their values), SET GENERATED, DROP IDENTITY [IF
 * EXISTS] (its sequence dropped), with PostgreSQL's checks and 55000 errors, in PostgreSQL's
 * order.  The column's constraints are the statement's copy (alter_state.h): a rollback puts
 * them back, and the sequence's CREATE / DROP is logged in the transaction. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bind/bind_alter.h"
#include "catalog/alter_internal.h"
#include "catalog/sequences.h"
#include "txn/txn_session.h"

static ss_col_cons *col_cons(alter_run *r, uint32_t col)
{
    if (!r->t->cons && !(r->t->cons = ss_table_cons_copy(NULL, r->t->ncols))) {
        ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    return &r->t->cons->cols[col];
}

static int prerequisite(alter_run *r, uint32_t col, const char *what)
{
    return ss_ctx_error(r->ctx, "55000", "column \"%s\" of relation \"%s\" %s", r->t->cols[col].name, r->t->name, what);
}

/* \d's default of an identity column. */
static char *identity_text(char identity)
{
    char buf[64];
    snprintf(buf, sizeof buf, "generated %s as identity", identity == 'a' ? "always" : "by default");
    return strdup(buf);
}

int ss_alter_add_identity(alter_run *r, const ast_alter_cmd *a)
{
    uint32_t col;
    if (ss_alter_find_column(r, a->column, &col))
        return SS_ERROR;
    ss_col_cons *cc = col_cons(r, col);
    if (!cc)
        return SS_ERROR;
    if (!r->t->cols[col].not_null)
        return prerequisite(r, col, "must be declared NOT NULL before identity can be added");
    if (cc->identity)
        return prerequisite(r, col, "is already an identity column");
    if (cc->has_default || cc->seq)
        return prerequisite(r, col, "already has a default value");
    const ast_column_def *d = &r->st->coldefs[a->coldef];
    ss_seq_new_def seq;
    char *text;
    if (ss_bind_alter_sequence(r->ctx, r->st->table, d, r->t->types[col], &seq, &text) ||
        ss_seq_create(r->ctx, r->c->sequences, seq.name, &seq.p, seq.owner_table, seq.owner_column, seq.owner_kind))
        return SS_ERROR;
    char *name = strdup(seq.name), *shown = strdup(text);
    if (!name || !shown) {
        free(name);
        free(shown);
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    free(cc->default_text);
    cc->seq = name;
    cc->default_text = shown;
    cc->identity = d->identity;
    return SS_OK;
}

/* The identity column named by a (55000 when it is not one); *col its position.  With
 * missing_ok a column that is not one gives the NOTICE and *cc NULL. */
static int identity_column(alter_run *r, const ast_alter_cmd *a, bool missing_ok, uint32_t *col, ss_col_cons **cc)
{
    *cc = NULL;
    if (ss_alter_find_column(r, a->column, col))
        return SS_ERROR;
    ss_col_cons *c = r->t->cons ? &r->t->cons->cols[*col] : NULL;
    if (c && c->identity) {
        *cc = c;
        return SS_OK;
    }
    if (!missing_ok)
        return prerequisite(r, *col, "is not an identity column");
    ss_ctx_message(r->ctx, SS_MSG_NOTICE, "column \"%s\" of relation \"%s\" is not an identity column, skipping",
                   r->t->cols[*col].name, r->t->name);
    return SS_OK;
}

static int seq_change(ss_ctx *ctx, const ss_sequence *cur, void *arg, ss_seq_change *out)
{
    return ss_bind_seq_alter(ctx, cur, arg, out);
}

/* SET GENERATED, RESTART [WITH n], SET <sequence option>: the options alter the column's
   sequence as ALTER SEQUENCE does, in the statement's transaction (sequences.h: ROLLBACK puts
   it back); without a transaction to undo it, refused beside other subcommands */
int ss_alter_set_generated(alter_run *r, const ast_alter_cmd *a)
{
    uint32_t col;
    ss_col_cons *cc;
    if (identity_column(r, a, false, &col, &cc))
        return SS_ERROR;
    const ast_seq_options *o = &a->seq_opts;
    if (o->has_restart || o->has_increment || o->has_min || o->has_max || o->has_start || o->has_cache ||
        o->has_cycle || o->as_type) {
        const char *what = o->has_restart ? "ALTER TABLE ... ALTER COLUMN ... RESTART"
                                          : "ALTER TABLE ... ALTER COLUMN ... SET sequence options";
        if (r->st->nalter_cmds > 1 && !(r->ctx->txn && r->ctx->txn->active))
            return ss_ctx_error(r->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: %s beside other subcommands", what);
        if (ss_seq_alter(r->ctx, r->c->sequences, cc->seq, true, NULL, seq_change, (void *)o))
            return SS_ERROR;
    }
    if (!a->identity)
        return SS_OK;
    char *shown = identity_text(a->identity);
    if (!shown)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    free(cc->default_text);
    cc->default_text = shown;
    cc->identity = a->identity;
    return SS_OK;
}

int ss_alter_drop_identity(alter_run *r, const ast_alter_cmd *a)
{
    uint32_t col;
    ss_col_cons *cc;
    if (identity_column(r, a, a->missing_ok, &col, &cc))
        return SS_ERROR;
    return cc ? ss_alter_drop_column_sequence(r, col) : SS_OK;
}

int ss_alter_drop_column_sequence(alter_run *r, uint32_t col)
{
    ss_col_cons *cc = r->t->cons ? &r->t->cons->cols[col] : NULL;
    if (!cc || !cc->seq)
        return SS_OK;
    ss_sequence q; /* one OWNED BY NONE made its own ('d') is only used by the default */
    if (ss_seq_snapshot(r->c->sequences, cc->seq, &q) && q.owner_kind != 'd' &&
        ss_seq_drop(r->ctx, r->c->sequences, cc->seq))
        return SS_ERROR;
    free(cc->seq);
    free(cc->default_text);
    cc->seq = cc->default_text = NULL;
    cc->identity = 0;
    return SS_OK;
}
