/* constraints.c — NOT NULL and CHECK over new rows (constraints.h), and freeing what a table
 * keeps of its constraints. */
#include "catalog/constraints.h"
#include "catalog/generated_columns.h"

#include <stdlib.h>
#include <string.h>

#include "catalog/sequences.h"
#include "exec/vector.h"
#include "types/typeio.h"
#include "util/strbuf.h"

void ss_cons_src_free(ss_cons_src *s, uint32_t ncols)
{
    free(s->sql);
    free(s->table);
    for (uint32_t i = 0; s->names && i < ncols; i++)
        free(s->names[i]);
    free(s->names);
    memset(s, 0, sizeof *s);
}

bool ss_cons_src_copy(ss_cons_src *dst, const ss_cons_src *src, uint32_t ncols)
{
    bool ok = true;
    memset(dst, 0, sizeof *dst);
    dst->index = src->index;
    dst->sql = ss_strdup_or_null(src->sql, &ok);
    dst->table = ss_strdup_or_null(src->table, &ok);
    if (src->names && ok) {
        if (!(dst->names = calloc(ncols ? ncols : 1, sizeof(char *))))
            return false;
        for (uint32_t i = 0; i < ncols; i++)
            dst->names[i] = ss_strdup_or_null(src->names[i], &ok);
    }
    return ok;
}

void ss_table_cons_free(ss_table_cons *c)
{
    if (!c)
        return;
    free(c->create_sql);
    if (c->cols && c->owns_cols)
        for (uint32_t i = 0; i < c->ncols; i++) {
            free(c->cols[i].seq);
            free(c->cols[i].default_text);
            ss_cons_src_free(&c->cols[i].src, c->ncols);
        }
    free(c->cols);
    for (uint32_t i = 0; i < c->nchecks; i++) {
        free(c->check_names[i]);
        free(c->check_texts[i]);
        if (c->check_srcs)
            ss_cons_src_free(&c->check_srcs[i], c->ncols);
    }
    free(c->check_names);
    free(c->check_texts);
    free(c->check_srcs);
    free(c);
}

ss_table_cons *ss_table_cons_copy(const ss_table_cons *src, uint32_t ncols)
{
    ss_table_cons *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    uint32_t nchecks = src ? src->nchecks : 0;
    c->ncols = ncols;
    c->owns_cols = true;
    c->cols = calloc(ncols ? ncols : 1, sizeof *c->cols);
    c->check_names = calloc(nchecks ? nchecks : 1, sizeof(char *));
    c->check_texts = calloc(nchecks ? nchecks : 1, sizeof(char *));
    c->check_srcs = calloc(nchecks ? nchecks : 1, sizeof *c->check_srcs);
    bool ok = c->cols && c->check_names && c->check_texts && c->check_srcs;
    if (!ok) {
        free(c->cols);
        free(c->check_names);
        free(c->check_texts);
        free(c->check_srcs);
        free(c);
        return NULL;
    }
    c->nchecks = nchecks;
    for (uint32_t i = 0; src && i < ncols && i < src->ncols; i++) {
        const ss_col_cons *f = &src->cols[i];
        c->cols[i].has_default = f->has_default;
        c->cols[i].identity = f->identity;
        c->cols[i].generated = f->generated;
        c->cols[i].seq = ss_strdup_or_null(f->seq, &ok);
        c->cols[i].default_text = ss_strdup_or_null(f->default_text, &ok);
        ok = ss_cons_src_copy(&c->cols[i].src, &f->src, ncols) && ok;
    }
    for (uint32_t k = 0; k < nchecks; k++) {
        c->check_names[k] = ss_strdup_or_null(src->check_names[k], &ok);
        c->check_texts[k] = ss_strdup_or_null(src->check_texts[k], &ok);
        ok = ss_cons_src_copy(&c->check_srcs[k], &src->check_srcs[k], ncols) && ok;
    }
    if (!ok) {
        ss_table_cons_free(c);
        return NULL;
    }
    return c;
}

/* PostgreSQL's ExecBuildSlotValueDescription: the row's values, NULL as "null". */
void ss_constraints_failing_row(ss_ctx *ctx, const ss_table *t, const ss_batch *b, uint32_t row)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    for (uint32_t i = 0; i < t->ncols; i++) {
        ss_value cv;
        ss_vector_get_value(b->cols[i], row, &cv);
        if (i)
            ss_strbuf_puts(&sb, ", ");
        if (cv.is_null)
            ss_strbuf_puts(&sb, "null");
        else
            ss_value_format(t->types[i], &cv, &sb);
    }
    ss_ctx_error_detail(ctx, "Failing row contains (%s).", sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
}

int ss_constraints_check_rows(ss_ctx *ctx, const ss_table *t, const ss_bound_checks *checks, const ss_batch *rows)
{
    uint32_t live = ss_batch_rows(rows);
    if (!live)
        return SS_OK;
    if (checks && checks->ngen && ss_generated_fill(ctx, checks, rows) != SS_OK)
        return SS_ERROR;
    uint32_t nchecks = checks ? checks->n : 0;
    ss_vector **res = NULL;
    int rc = SS_OK;
    if (nchecks) {
        if (!(res = calloc(nchecks, sizeof *res)))
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        ss_type bt = {SS_TYPE_BOOL, -1};
        for (uint32_t k = 0; rc == SS_OK && k < nchecks; k++) {
            if (!(res[k] = ss_vector_create(bt, rows->count ? rows->count : 1)))
                rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            else
                rc = ss_expr_eval(ctx, checks->exprs[k], rows, res[k]);
        }
    }
    for (uint32_t k = 0; rc == SS_OK && k < live; k++) {
        uint32_t row = ss_batch_row(rows, k);
        for (uint32_t c = 0; c < t->ncols; c++) {
            if (!t->cols[c].not_null)
                continue;
            ss_value v;
            ss_vector_get_value(rows->cols[c], row, &v);
            if (v.is_null) {
                ss_ctx_error(ctx, SS_SQLSTATE_NOT_NULL_VIOLATION,
                             "null value in column \"%s\" of relation \"%s\" violates not-null constraint",
                             t->cols[c].name, t->name);
                ss_constraints_failing_row(ctx, t, rows, row);
                rc = SS_ERROR;
                break;
            }
        }
        for (uint32_t i = 0; rc == SS_OK && i < nchecks; i++) {
            ss_value v;
            ss_vector_get_value(res[i], row, &v);
            if (!v.is_null && !v.v.b) {
                ss_ctx_error(ctx, "23514", "new row for relation \"%s\" violates check constraint \"%s\"", t->name,
                             checks->names[i]);
                ss_constraints_failing_row(ctx, t, rows, row);
                rc = SS_ERROR;
            }
        }
    }
    for (uint32_t k = 0; res && k < nchecks; k++)
        if (res[k])
            ss_vector_destroy(res[k]);
    free(res);
    return rc;
}


/* A source read from the binder's CREATE TABLE text: expression index of it, CHECKs with
 * the table's column names. */
static bool src_from_create(ss_cons_src *dst, const ss_table *t, const char *sql, uint32_t index, bool names)
{
    bool ok = true;
    dst->index = index;
    dst->sql = ss_strdup_or_null(sql, &ok);
    dst->table = ss_strdup_or_null(t->name, &ok);
    if (names && ok) {
        if (!(dst->names = calloc(t->ncols ? t->ncols : 1, sizeof(char *))))
            return false;
        for (uint32_t i = 0; i < t->ncols; i++)
            dst->names[i] = ss_strdup_or_null(t->cols[i].name, &ok);
    }
    return ok;
}

int ss_table_attach_cons(ss_ctx *ctx, ss_table *t, const ss_table_cons *src)
{
    if (!src)
        return SS_OK;
    ss_table_cons *c = NULL;
    bool ok = true;
    {
        ss_table_cons tmp = *src;
        tmp.ncols = t->ncols;
        tmp.check_srcs = NULL;
        /* the binder's cols have no sources: copied without them, then made */
        ss_col_cons *cols = calloc(t->ncols ? t->ncols : 1, sizeof *cols);
        ss_cons_src *srcs = calloc(src->nchecks ? src->nchecks : 1, sizeof *srcs);
        ok = cols && srcs;
        if (ok) {
            for (uint32_t i = 0; i < t->ncols; i++) {
                cols[i] = src->cols[i];
                memset(&cols[i].src, 0, sizeof cols[i].src);
            }
            tmp.cols = cols;
            tmp.check_srcs = srcs;
            c = ss_table_cons_copy(&tmp, t->ncols);
            ok = c != NULL;
        }
        free(cols);
        free(srcs);
        for (uint32_t i = 0; ok && i < t->ncols; i++)
            if (c->cols[i].has_default)
                ok = src_from_create(&c->cols[i].src, t, src->create_sql, i, c->cols[i].generated);
        for (uint32_t k = 0; ok && k < c->nchecks; k++)
            ok = src_from_create(&c->check_srcs[k], t, src->create_sql, k, true);
        if (!ok && c) {
            ss_table_cons_free(c);
            c = NULL;
        }
    }
    if (!ok)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    t->cons = c;
    return SS_OK;
}

char *ss_table_check_lines(const ss_table *t)
{
    const ss_table_cons *c = t->cons;
    if (!c || !c->nchecks)
        return NULL;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    const char *prev = NULL;
    for (uint32_t done = 0; done < c->nchecks; done++) {
        const char *next = NULL; /* the smallest name after prev */
        uint32_t at = 0;
        for (uint32_t k = 0; k < c->nchecks; k++)
            if ((!prev || strcmp(c->check_names[k], prev) > 0) && (!next || strcmp(c->check_names[k], next) < 0)) {
                next = c->check_names[k];
                at = k;
            }
        if (!next)
            break;
        prev = next;
        if (!c->check_texts[at])
            continue;
        ss_strbuf_puts(&sb, "\"");
        ss_strbuf_puts(&sb, next);
        ss_strbuf_puts(&sb, "\" ");
        ss_strbuf_puts(&sb, c->check_texts[at]);
        ss_strbuf_puts(&sb, "\n");
    }
    if (!sb.data)
        return NULL;
    char *out = strdup(sb.data);
    ss_strbuf_free(&sb);
    return out;
}
