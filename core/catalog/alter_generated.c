/* alter_generated.c — ALTER TABLE and generated columns (alter_internal.h): PostgreSQL 15's
 * refusals before a command touches one or a column one reads, DROP EXPRESSION, and \d's
 * texts made again with the columns' names after a rename. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bind/bind_alter.h"
#include "catalog/alter_internal.h"
#include "catalog/constraints.h"
#include "util/strbuf.h"

static bool is_generated(const ss_table *t, uint32_t col)
{
    return t->cons && col < t->ncols && t->cons->cols[col].generated;
}

int ss_alter_generated_guard(alter_run *r, const ast_alter_cmd *a)
{
    ss_table *t = r->t;
    bool any = false;
    for (uint32_t c = 0; c < t->ncols; c++)
        any = any || is_generated(t, c);
    if (!any || !a->column)
        return SS_OK;
    int col = ss_alter_column(t, a->column);
    if (col < 0)
        return SS_OK; /* the command's own 42703 */
    if (a->kind == AST_ALTER_SET_DEFAULT || a->kind == AST_ALTER_DROP_DEFAULT) {
        if (!is_generated(t, (uint32_t)col))
            return SS_OK;
        ss_ctx_error(r->ctx, SS_SQLSTATE_SYNTAX_ERROR, "column \"%s\" of relation \"%s\" is a generated column",
                     t->cols[col].name, t->name);
        if (a->kind == AST_ALTER_DROP_DEFAULT)
            ss_ctx_error_hint(r->ctx, "Use ALTER TABLE ... ALTER COLUMN ... DROP EXPRESSION instead.");
        return SS_ERROR;
    }
    if (a->kind != AST_ALTER_COLUMN_TYPE && a->kind != AST_ALTER_DROP_COLUMN)
        return SS_OK;
    bool *users = malloc(sizeof *users * t->ncols);
    if (!users)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = ss_bind_generated_users(r->ctx, t, (uint32_t)col, users);
    uint32_t n = 0;
    int user = -1;
    for (uint32_t c = 0; rc == SS_OK && c < t->ncols; c++)
        if (users[c]) {
            n++;
            if (user < 0)
                user = (int)c;
        }
    if (rc != SS_OK || !n) {
        free(users);
        return rc;
    }
    if (a->kind == AST_ALTER_COLUMN_TYPE) {
        ss_ctx_error(r->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                     "cannot alter type of a column used by a generated column");
        ss_ctx_error_detail(r->ctx, "Column \"%s\" is used by generated column \"%s\".", t->cols[col].name,
                            t->cols[user].name);
        free(users);
        return SS_ERROR;
    }
    /* DROP COLUMN: the generated columns reading it, in PostgreSQL's words (ss_alter_drop_column
       drops them with CASCADE) */
    ss_strbuf text;
    ss_strbuf_init(&text);
    const char *lead = a->cascade ? "drop cascades to " : "";
    for (uint32_t c = 0, k = 0; c < t->ncols; c++)
        if (users[c]) {
            ss_strbuf_printf(&text, "%s%scolumn %s of table %s", k++ ? "\n" : "", lead, t->cols[c].name, t->name);
            if (!a->cascade)
                ss_strbuf_printf(&text, " depends on column %s of table %s", t->cols[col].name, t->name);
        }
    free(users);
    if (text.oom) {
        ss_strbuf_free(&text);
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    if (a->cascade) {
        if (n == 1)
            ss_ctx_message(r->ctx, SS_MSG_NOTICE, "%s", text.data);
        else
            ss_ctx_message(r->ctx, SS_MSG_NOTICE, "drop cascades to %u other objects\nDETAIL:  %s", n, text.data);
        ss_strbuf_free(&text);
        return SS_OK;
    }
    ss_ctx_error(r->ctx, "2BP01", "cannot drop column %s of table %s because other objects depend on it",
                 t->cols[col].name, t->name);
    ss_ctx_error_detail(r->ctx, "%s", text.data);
    ss_ctx_error_hint(r->ctx, "Use DROP ... CASCADE to drop the dependent objects too.");
    ss_strbuf_free(&text);
    return SS_ERROR;
}

int ss_alter_drop_expression(alter_run *r, const ast_alter_cmd *a)
{
    uint32_t col;
    if (ss_alter_find_column(r, a->column, &col))
        return SS_ERROR;
    ss_table *t = r->t;
    if (!is_generated(t, col)) {
        if (a->missing_ok) {
            ss_ctx_message(r->ctx, SS_MSG_NOTICE, "column \"%s\" of relation \"%s\" is not a stored generated column, skipping",
                           t->cols[col].name, t->name);
            return SS_OK;
        }
        return ss_ctx_error(r->ctx, "55000", "column \"%s\" of relation \"%s\" is not a stored generated column",
                            t->cols[col].name, t->name);
    }
    /* the stored values stay; the column becomes an ordinary one without a default */
    ss_col_cons *cc = &t->cons->cols[col];
    free(cc->default_text);
    cc->default_text = NULL;
    ss_cons_src_free(&cc->src, t->ncols);
    memset(&cc->src, 0, sizeof cc->src);
    cc->has_default = false;
    cc->generated = false;
    return SS_OK;
}

int ss_alter_generated_retext(alter_run *r)
{
    ss_table *t = r->t;
    bool any = false;
    for (uint32_t c = 0; c < t->ncols; c++)
        any = any || is_generated(t, c);
    if (!any)
        return SS_OK;
    char **texts = calloc(t->ncols, sizeof *texts);
    if (!texts)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = ss_bind_generated_texts(r->ctx, t, texts);
    for (uint32_t c = 0; rc == SS_OK && c < t->ncols; c++) {
        if (!texts[c])
            continue;
        char *copy = strdup(texts[c]);
        if (!copy) {
            rc = ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            break;
        }
        free(t->cons->cols[c].default_text);
        t->cons->cols[c].default_text = copy;
    }
    free(texts);
    return rc;
}
