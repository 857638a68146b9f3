/* alter_columns.c — ALTER TABLE ... ADD COLUMN and DROP COLUMN (alter_internal.h).  ADD COLUMN
 * evaluates a non-volatile default once and hands it to the backend's add_column (storage.h
 * version 5), or rewrites the table (a volatile default: a value per row; a backend without
 * add_column); DROP COLUMN rewrites the table without the column, dropping the indexes and
 * CHECKs that use it and refusing (2BP01) or, with CASCADE, dropping the views that read it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bind/bind_alter.h"
#include "catalog/alter_internal.h"
#include "catalog/namespace.h"
#include "catalog/sequences.h"
#include "exec/vector.h"
#include "fkey/fkey.h"

/* The layout arrays of t grown by one column (def), its constraints with it. */
static int append_column(ss_ctx *ctx, ss_table *t, const char *name, ss_type type, bool not_null)
{
    uint32_t n = t->ncols;
    ss_column_def *cols = realloc(t->cols, sizeof *cols * (n + 1));
    if (cols)
        t->cols = cols;
    ss_type *types = cols ? realloc(t->types, sizeof *types * (n + 1)) : NULL;
    if (types)
        t->types = types;
    char *nm = types ? strdup(name) : NULL;
    ss_table_cons *cons = t->cons;
    bool ok = nm != NULL;
    if (ok && cons) {
        ss_col_cons *cc = realloc(cons->cols, sizeof *cc * (n + 1));
        if ((ok = cc != NULL)) {
            cons->cols = cc;
            memset(&cc[n], 0, sizeof *cc);
        }
        /* CHECKs, then generated columns: the sources that map names */
        for (uint32_t k = 0; ok && k < cons->nchecks + n; k++) {
            ss_cons_src *s = k < cons->nchecks ? &cons->check_srcs[k] : &cons->cols[k - cons->nchecks].src;
            if (!s->names)
                continue;
            char **nn = realloc(s->names, sizeof *nn * (n + 1));
            if ((ok = nn != NULL)) {
                s->names = nn;
                nn[n] = NULL; /* the text does not know the new column */
            }
        }
    }
    if (!ok) {
        free(nm);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    t->cols[n] = (ss_column_def){.name = nm, .type = type, .not_null = not_null};
    t->types[n] = type;
    t->ncols = n + 1;
    if (cons)
        cons->ncols = n + 1;
    return SS_OK;
}

/* Column j of a rewrite computed by e, the others copied. */
static int rewrite_with(alter_run *r, uint32_t old_ncols, const ss_type *old_types, const int *from, ss_expr **exprs)
{
    return ss_alter_rewrite(r->ctx, r->saved, r->t, old_ncols, old_types, from, exprs);
}

/* The value of a column-free expression. */
static int eval_once(ss_ctx *ctx, const ss_expr *e, ss_type type, ss_vector **out, ss_value *v)
{
    ss_batch none = {0, 1, NULL, 0, NULL};
    if (!(*out = ss_vector_create(type, 1)))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (ss_expr_eval(ctx, e, &none, *out))
        return SS_ERROR;
    ss_vector_get_value(*out, 0, v);
    return SS_OK;
}

int ss_alter_add_column(alter_run *r, const ast_alter_cmd *a)
{
    ss_ctx *ctx = r->ctx;
    ss_table *t = r->t;
    const ast_column_def *d = &r->st->coldefs[a->coldef];
    if (ss_alter_column(t, d->name) >= 0) {
        if (a->missing_ok) {
            ss_ctx_message(ctx, SS_MSG_NOTICE, "column \"%s\" of relation \"%s\" already exists, skipping", d->name,
                           t->name);
            return SS_OK;
        }
        return ss_ctx_error(ctx, "42701", "column \"%s\" of relation \"%s\" already exists",
                            d->name, t->name);
    }
    if (t->ncols >= 1600)
        return ss_ctx_error(ctx, "54011", "tables can have at most 1600 columns");
    ss_type type;
    bool serial;
    if (ss_bind_alter_type(ctx, d, &type, &serial))
        return SS_ERROR;
    if ((serial || d->identity) && d->default_expr)
        return ss_ctx_error(ctx, "42601", serial ? "multiple default values specified for column \"%s\" of table \"%s\""
                                                 : "both default and identity specified for column \"%s\" of table \"%s\"",
                            d->name, t->name);
    ss_expr *def = NULL;
    bool is_volatile = d->generated; /* GENERATED: a value per row, computed from it */
    const char *text = NULL;
    if (d->default_expr && !d->generated && ss_bind_alter_default(ctx, d->default_expr, d->name, type, &def, &is_volatile, &text))
        return SS_ERROR;
    /* SERIAL / identity: its sequence made now, every existing row gets its nextval */
    ss_seq_new_def seq = {0};
    char *seq_text = NULL;
    if (serial || d->identity) {
        if (ss_bind_alter_sequence(ctx, r->st->table, d, type, &seq, &seq_text) ||
            ss_seq_create(ctx, r->c->sequences, seq.name, &seq.p, seq.owner_table, seq.owner_column, seq.owner_kind))
            return SS_ERROR;
        if (!(def = ss_bind_alter_nextval(ctx, seq.name, type)))
            return SS_ERROR;
        is_volatile = true;
    }
    /* the value of every existing row: the default (its typmod applied as INSERT would) */
    if (def) {
        ss_expr *cast = ss_bind_alter_assign(ctx, def, type);
        if (!cast)
            return SS_ERROR;
        def = cast;
    }
    uint32_t old_ncols = t->ncols;
    ss_type *old_types = malloc(sizeof *old_types * (old_ncols ? old_ncols : 1));
    if (!old_types)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memcpy(old_types, t->types, sizeof *old_types * old_ncols);
    int rc = append_column(ctx, t, d->name, type, d->not_null || seq.name);
    if (rc == SS_OK && d->generated) { /* over the row with the column: it may not read itself */
        ss_expr *gen = NULL;
        rc = ss_bind_alter_generation(ctx, t, t->ncols - 1, d->default_expr, &gen, &text);
        if (rc == SS_OK && !(def = ss_bind_alter_assign(ctx, gen, type)))
            rc = SS_ERROR;
    }
    const ss_storage_vtable *sv = t->storage;
    /* a durable backend's table_open is given no fills (storage.h version 6): a default
       there is written into the rows by the rewrite */
    bool durable = SS_STORAGE_HAS(sv, txn_commit) && sv->txn_commit;
    bool in_place = SS_STORAGE_HAS(sv, drop_column) && sv->add_column && sv->drop_column && !is_volatile &&
                    !(durable && def);
    if (rc == SS_OK && in_place) {
        ss_vector *vec = NULL;
        ss_value v = {.is_null = true};
        if (def)
            rc = eval_once(ctx, def, type, &vec, &v);
        bool rows = false;
        if (rc == SS_OK && d->not_null && v.is_null && (rc = ss_alter_has_rows(ctx, t, &rows)) == SS_OK && rows)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_NOT_NULL_VIOLATION,
                              "column \"%s\" of relation \"%s\" contains null values", d->name, t->name);
        if (rc == SS_OK && (rc = sv->add_column(ctx, t->handle, type, &v)) == SS_OK && t->handle == r->saved->handle)
            r->saved->added_in_place++;
        if (vec)
            ss_vector_destroy(vec);
    } else if (rc == SS_OK) {
        int *from = malloc(sizeof *from * t->ncols);
        ss_expr **exprs = calloc(t->ncols, sizeof *exprs);
        ss_expr *null_value = def ? NULL : ss_bind_alter_null(ctx, type);
        if (!from || !exprs || (!def && !null_value))
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        for (uint32_t j = 0; rc == SS_OK && j < t->ncols; j++)
            from[j] = j < old_ncols ? (int)j : -1;
        if (rc == SS_OK) {
            exprs[old_ncols] = def ? def : null_value;
            rc = rewrite_with(r, old_ncols, old_types, from, exprs);
        }
        free(from);
        free(exprs);
    }
    free(old_types);
    if (rc != SS_OK)
        return SS_ERROR;
    if (d->default_expr) {
        if (!t->cons && !(t->cons = ss_table_cons_copy(NULL, t->ncols)))
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        ss_col_cons *cc = &t->cons->cols[t->ncols - 1];
        /* a generation expression reads the columns by their names now */
        char **names = NULL;
        if (d->generated && !(names = malloc(sizeof *names * t->ncols)))
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        for (uint32_t c = 0; names && c < t->ncols; c++)
            names[c] = (char *)t->cols[c].name; /* copied by ss_cons_src_copy */
        ss_cons_src from = {(char *)r->st->view_sql, (uint32_t)a->coldef, t->name, names};
        bool ok = ss_cons_src_copy(&cc->src, &from, t->ncols);
        free(names);
        cc->default_text = ss_strdup_or_null(text, &ok);
        cc->has_default = true;
        cc->generated = d->generated;
        if (!ok)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    if (seq.name) {
        if (!t->cons && !(t->cons = ss_table_cons_copy(NULL, t->ncols)))
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        ss_col_cons *cc = &t->cons->cols[t->ncols - 1];
        bool ok = true;
        cc->seq = ss_strdup_or_null(seq.name, &ok);
        cc->default_text = ss_strdup_or_null(seq_text, &ok);
        cc->identity = d->identity;
        if (!ok)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    for (uint32_t k = a->check_lo; k < a->check_hi; k++)
        if (ss_alter_add_check(r, k, false))
            return SS_ERROR;
    for (uint32_t k = a->key_lo; k < a->key_hi; k++)
        if (ss_alter_add_key(r, k))
            return SS_ERROR;
    for (uint32_t k = a->fkey_lo; k < a->fkey_hi; k++)
        if (ss_alter_add_fkey(r, k, false))
            return SS_ERROR;
    return SS_OK;
}

/* Whether CHECK k of t reads column col: bound with the column unknown to it, it fails. */
static bool check_reads(alter_run *r, uint32_t k, uint32_t col)
{
    ss_cons_src *src = &r->t->cons->check_srcs[k];
    if (!src->names)
        return true;
    char *saved = src->names[col];
    src->names[col] = NULL;
    ss_expr *e;
    int one;
    const char *text;
    int rc = ss_bind_alter_check(r->ctx, r->t, src, &e, &one, &text);
    src->names[col] = saved;
    ss_error_clear(r->ctx->err);
    return rc != SS_OK;
}

static void remove_check(ss_table_cons *c, uint32_t k)
{
    free(c->check_names[k]);
    free(c->check_texts[k]);
    ss_cons_src_free(&c->check_srcs[k], c->ncols);
    uint32_t rest = c->nchecks - k - 1;
    memmove(&c->check_names[k], &c->check_names[k + 1], sizeof *c->check_names * rest);
    memmove(&c->check_texts[k], &c->check_texts[k + 1], sizeof *c->check_texts * rest);
    memmove(&c->check_srcs[k], &c->check_srcs[k + 1], sizeof *c->check_srcs * rest);
    c->nchecks--;
}

void ss_alter_remove_check(ss_table *t, uint32_t k)
{
    remove_check(t->cons, k);
}

/* The column of r's table named name in *col: 42703, or with missing_ok a NOTICE and -1. */
static int existing_column(alter_run *r, const char *name, bool missing_ok, int *col)
{
    if ((*col = ss_alter_column(r->t, name)) >= 0)
        return SS_OK;
    if (!missing_ok)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" of relation \"%s\" does not exist",
                            name, r->t->name);
    ss_ctx_message(r->ctx, SS_MSG_NOTICE, "column \"%s\" of relation \"%s\" does not exist, skipping", name,
                   r->t->name);
    return SS_OK;
}

/* DROP COLUMN ... CASCADE: the generated columns of t that read column col dropped (their
 * own indexes and CHECKs with them), last first. */
static int drop_generated_users(alter_run *r, uint32_t col)
{
    ss_table *t = r->t;
    bool *users = malloc(sizeof *users * t->ncols);
    if (!users)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = ss_bind_generated_users(r->ctx, t, col, users);
    for (uint32_t c = t->ncols; rc == SS_OK && c > 0; c--) {
        if (!users[c - 1])
            continue;
        char *name = strdup(t->cols[c - 1].name);
        if (!name) {
            rc = ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            break;
        }
        ast_alter_cmd one;
        memset(&one, 0, sizeof one);
        one.kind = AST_ALTER_DROP_COLUMN;
        one.column = name;
        rc = ss_alter_drop_column(r, &one);
        free(name);
    }
    free(users);
    return rc;
}

int ss_alter_drop_column(alter_run *r, const ast_alter_cmd *a)
{
    ss_ctx *ctx = r->ctx;
    ss_table *t = r->t;
    int found, rc0 = existing_column(r, a->column, a->missing_ok, &found);
    if (rc0 != SS_OK || found < 0)
        return rc0;
    uint32_t col = (uint32_t)found;
    /* CASCADE: the generated columns reading it go first (ss_alter_generated_guard told) */
    if (a->cascade && drop_generated_users(r, col))
        return SS_ERROR;
    if ((found = ss_alter_column(t, a->column)) < 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "column \"%s\" went away", a->column);
    col = (uint32_t)found;
    /* the sequences it owns (SERIAL, identity, OWNED BY) go with it */
    char ref[SS_NS_REF_MAX];
    if (ss_alter_drop_column_fkeys(r, col, a->cascade) || ss_alter_drop_column_sequence(r, col) ||
        ss_seq_drop_owned(ctx, r->c->sequences, ss_ns_qualify(t->ns, t->name, ref, sizeof ref), t->cols[col].name))
        return SS_ERROR;
    /* indexes with the column among their keys go with it; the others' keys move down */
    ss_table_indexes *l = t->indexes;
    for (uint32_t i = l ? l->n : 0; i > 0; i--) {
        ss_index *ix = l->list[i - 1];
        if (ss_index_reads_column(ix, col, false)) { /* keys, expressions or predicate */
            ss_alter_remove_index(r->saved, ix);
            continue;
        }
        /* keys and the expressions' column map */
        for (uint32_t k = 0; k < ss_index_cols_len(ix); k++)
            if (ix->cols[k] == col)
                ix->cols[k] = SS_INDEX_EXPR_KEY; /* (map) a column the trees do not read */
            else if (ix->cols[k] != SS_INDEX_EXPR_KEY && ix->cols[k] > col)
                ix->cols[k]--;
    }
    /* CHECKs reading it go too */
    for (uint32_t k = t->cons ? t->cons->nchecks : 0; k > 0; k--)
        if (check_reads(r, k - 1, col))
            remove_check(t->cons, k - 1);
    uint32_t old_ncols = t->ncols;
    ss_type *old_types = malloc(sizeof *old_types * old_ncols);
    int *from = malloc(sizeof *from * old_ncols);
    ss_expr **exprs = calloc(old_ncols, sizeof *exprs);
    if (!old_types || !from || !exprs) {
        free(old_types);
        free(from);
        free(exprs);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    memcpy(old_types, t->types, sizeof *old_types * old_ncols);
    for (uint32_t j = 0; j + 1 < old_ncols; j++)
        from[j] = (int)(j < col ? j : j + 1);
    /* the catalog side first: the rewrite writes rows of the new layout */
    free((char *)t->cols[col].name);
    memmove(&t->cols[col], &t->cols[col + 1], sizeof *t->cols * (old_ncols - col - 1));
    memmove(&t->types[col], &t->types[col + 1], sizeof *t->types * (old_ncols - col - 1));
    t->ncols--;
    ss_table_cons *cons = t->cons;
    if (cons) {
        ss_col_cons *cc = &cons->cols[col];
        free(cc->seq);
        free(cc->default_text);
        ss_cons_src_free(&cc->src, old_ncols);
        memmove(cc, cc + 1, sizeof *cc * (old_ncols - col - 1));
        /* CHECKs, then generated columns: the sources that map names */
        for (uint32_t k = 0; k < cons->nchecks + old_ncols - 1; k++) {
            char **names = k < cons->nchecks ? cons->check_srcs[k].names : cons->cols[k - cons->nchecks].src.names;
            if (!names)
                continue;
            free(names[col]);
            memmove(&names[col], &names[col + 1], sizeof *names * (old_ncols - col - 1));
        }
        cons->ncols = t->ncols;
    }
    int rc = rewrite_with(r, old_ncols, old_types, from, exprs);
    free(old_types);
    free(from);
    free(exprs);
    return rc;
}

int ss_alter_column_type(alter_run *r, const ast_alter_cmd *a)
{
    ss_ctx *ctx = r->ctx;
    ss_table *t = r->t;
    int found;
    if (existing_column(r, a->column, false, &found))
        return SS_ERROR;
    uint32_t col = (uint32_t)found;
    const ast_column_def *d = &r->st->coldefs[a->coldef];
    ss_type type;
    ss_expr *e;
    if (ss_bind_alter_using(ctx, t, col, &d->type, d->default_expr, &type, &e) ||
        ss_bind_alter_collation(ctx, d, type))
        return SS_ERROR;
    ss_view **v;
    uint32_t nv;
    if (ss_alter_dependent_views(r, (int)col, &v, &nv))
        return SS_ERROR;
    if (nv) {
        ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "cannot alter type of a column used by a view or rule");
        ss_ctx_error_detail(ctx, "rule _RETURN on view %s depends on column \"%s\"", v[0]->name, t->cols[col].name);
        free(v);
        return SS_ERROR;
    }
    free(v);
    /* PostgreSQL rebuilds an index expression or predicate over the new type (parsed
       again); Sunstone keeps them bound */
    for (uint32_t i = 0; t->indexes && i < t->indexes->n; i++) {
        const ss_index *ix = t->indexes->list[i];
        if (ss_index_exprs_read(ix, col))
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: ALTER COLUMN TYPE of column \"%s\", which the expression "
                                "or predicate of index \"%s\" reads",
                                t->cols[col].name, ix->name);
    }
    uint32_t n = t->ncols;
    ss_type *old_types = malloc(sizeof *old_types * n);
    int *from = malloc(sizeof *from * n);
    ss_expr **exprs = calloc(n, sizeof *exprs);
    int rc = old_types && from && exprs ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (rc == SS_OK) {
        memcpy(old_types, t->types, sizeof *old_types * n);
        for (uint32_t j = 0; j < n; j++)
            from[j] = j == col ? -1 : (int)j;
        exprs[col] = e;
        t->types[col] = type;
        t->cols[col].type = type;
        /* the default, read again for the new type */
        const char *text = NULL;
        if (t->cons && t->cons->cols[col].has_default && !t->cons->cols[col].generated &&
            (rc = ss_bind_alter_redefault(ctx, t, col, &text)) == SS_OK) {
            bool ok = true;
            char *dt = ss_strdup_or_null(text, &ok);
            if (!ok)
                rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            else {
                free(t->cons->cols[col].default_text);
                t->cons->cols[col].default_text = dt;
            }
        }
    }
    if (rc == SS_OK)
        rc = rewrite_with(r, n, old_types, from, exprs);
    free(old_types);
    free(from);
    free(exprs);
    if (rc == SS_OK)
        rc = ss_alter_recheck(r, true);
    if (rc == SS_OK)
        rc = ss_alter_column_type_fkeys(r, col);
    return rc;
}
