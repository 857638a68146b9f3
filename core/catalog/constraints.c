/* constraints.c — NOT NULL and CHECK over new rows (constraints.h), and freeing what a table
 * keeps of its constraints. */
#include "catalog/constraints.h"

#include <stdlib.h>
#include <string.h>

#include "catalog/sequences.h"
#include "exec/vector.h"
#include "types/typeio.h"
#include "util/strbuf.h"

void ss_table_cons_free(ss_table_cons *c)
{
    if (!c)
        return;
    free(c->create_sql);
    if (c->cols && c->owns_cols)
        for (uint32_t i = 0; i < c->ncols; i++) {
            free(c->cols[i].seq);
            free(c->cols[i].default_text);
        }
    free(c->cols);
    for (uint32_t i = 0; i < c->nchecks; i++) {
        free(c->check_names[i]);
        free(c->check_texts[i]);
    }
    free(c->check_names);
    free(c->check_texts);
    free(c);
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


int ss_table_attach_cons(ss_ctx *ctx, ss_table *t, const ss_table_cons *src)
{
    if (!src)
        return SS_OK;
    bool ok = true;
    ss_table_cons *c = calloc(1, sizeof *c);
    if (c) {
        c->create_sql = ss_strdup_or_null(src->create_sql, &ok);
        c->cols = calloc(t->ncols ? t->ncols : 1, sizeof *c->cols);
        c->ncols = t->ncols;
        c->owns_cols = true;
        c->nchecks = src->nchecks;
        c->check_names = calloc(src->nchecks ? src->nchecks : 1, sizeof(char *));
        c->check_texts = calloc(src->nchecks ? src->nchecks : 1, sizeof(char *));
        ok = ok && c->cols && c->check_names && c->check_texts;
        for (uint32_t i = 0; ok && i < t->ncols; i++) {
            c->cols[i].has_default = src->cols[i].has_default;
            c->cols[i].identity = src->cols[i].identity;
            c->cols[i].seq = ss_strdup_or_null(src->cols[i].seq, &ok);
            c->cols[i].default_text = ss_strdup_or_null(src->cols[i].default_text, &ok);
        }
        for (uint32_t k = 0; ok && k < src->nchecks; k++) {
            c->check_names[k] = ss_strdup_or_null(src->check_names[k], &ok);
            c->check_texts[k] = ss_strdup_or_null(src->check_texts[k], &ok);
        }
    }
    if (!c || !ok) {
        if (c && !c->check_names)
            c->nchecks = 0;
        if (c && !c->check_texts) {
            for (uint32_t k = 0; k < c->nchecks; k++)
                free(c->check_names[k]);
            free(c->check_names);
            c->check_names = NULL;
            c->nchecks = 0;
        }
        ss_table_cons_free(c);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
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
