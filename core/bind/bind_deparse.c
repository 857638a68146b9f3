/* bind_deparse.c — the text \d shows for a column default or a CHECK constraint, as
 * PostgreSQL's pg_get_expr / pg_get_constraintdef print them in pretty mode, for the forms
 * this file knows (columns, literals, operators, AND / OR / NOT, IS [NOT] NULL, function
 * calls); NULL for any other form, which \d then leaves out. */
#include <stdio.h>

#include "bind/bind_constraints.h"
#include "util/strbuf.h"

typedef struct deparse {
    binder *b;
    const char *const *names;
    const ss_type *types;
    uint32_t ncols;
    const char *const *out_names; /* the names to print for names[i] (NULL: names) */
} deparse;

static bool column_at(const deparse *d, const ast_expr *a, ss_type *out, uint32_t *at)
{
    if (!a || a->kind != AE_COLUMN || a->nnames != 1)
        return false;
    for (uint32_t i = 0; i < d->ncols; i++)
        if (!strcmp(d->names[i], a->names[0])) {
            *out = d->types[i];
            *at = i;
            return true;
        }
    return false;
}

static bool column_type(const deparse *d, const ast_expr *a, ss_type *out)
{
    uint32_t at;
    return column_at(d, a, out, &at);
}

static void cast_suffix(ss_strbuf *sb, ss_type t)
{
    char buf[96];
    ss_type bare = {t.id, -1};
    ss_strbuf_puts(sb, "::");
    ss_strbuf_puts(sb, ss_type_display_name(bare, buf, sizeof buf));
}

/* A string literal is typed by the other operand (a column), else text. */
static bool expr(const deparse *d, const ast_expr *a, ss_strbuf *sb, ss_type hint, int parent);

/* in_op: an operand of an operator (whose other operand typed hint) */
static bool literal(const ast_expr *a, ss_strbuf *sb, ss_type hint, bool in_op)
{
    char buf[64];
    switch (a->kind) {
    case AE_INT:
        if (in_op && a->ival >= 0 && (hint.id == SS_TYPE_NUMERIC || hint.id == SS_TYPE_FLOAT8)) {
            /* an integer constant compared with a numeric or float column is cast to it */
            snprintf(buf, sizeof buf, "%lld", (long long)a->ival);
            ss_strbuf_puts(sb, buf);
            cast_suffix(sb, hint);
        } else if (a->ival < 0) {
            snprintf(buf, sizeof buf, "'%lld'", (long long)a->ival);
            ss_strbuf_puts(sb, buf);
            cast_suffix(sb, (ss_type){a->ival >= INT32_MIN ? SS_TYPE_INT4 : SS_TYPE_INT8, -1});
        } else {
            snprintf(buf, sizeof buf, "%lld", (long long)a->ival);
            ss_strbuf_puts(sb, buf);
        }
        return true;
    case AE_NUMERIC:
        if (a->str[0] == '-')
            return false;
        ss_strbuf_puts(sb, a->str);
        return true;
    case AE_BOOL:
        ss_strbuf_puts(sb, a->bval ? "true" : "false");
        return true;
    case AE_STRING:
        ss_strbuf_putc(sb, '\'');
        for (const char *p = a->str; *p; p++) {
            if (*p == '\'')
                ss_strbuf_putc(sb, '\'');
            ss_strbuf_putc(sb, *p);
        }
        ss_strbuf_putc(sb, '\'');
        cast_suffix(sb, hint.id ? hint : (ss_type){SS_TYPE_TEXT, -1});
        return true;
    default:
        return false;
    }
}

enum { P_NONE = 0, P_OR, P_AND, P_NOT, P_OP };

static bool expr(const deparse *d, const ast_expr *a, ss_strbuf *sb, ss_type hint, int parent)
{
    switch (a->kind) {
    case AE_COLUMN: {
        ss_type t;
        uint32_t at;
        if (!column_at(d, a, &t, &at))
            return false;
        ss_strbuf_puts(sb, d->out_names ? d->out_names[at] : a->names[0]);
        return true;
    }
    case AE_INT:
    case AE_NUMERIC:
    case AE_BOOL:
    case AE_STRING:
        return literal(a, sb, hint, parent == P_OP);
    case AE_OP: {
        if (!a->left || !a->str)
            return false;
        ss_type lt = {0, -1}, rt = {0, -1};
        column_type(d, a->left, &lt);
        column_type(d, a->right, &rt);
        bool paren = parent >= P_NOT;
        if (paren)
            ss_strbuf_putc(sb, '(');
        if (!expr(d, a->left, sb, rt, P_OP))
            return false;
        ss_strbuf_putc(sb, ' ');
        ss_strbuf_puts(sb, a->str);
        ss_strbuf_putc(sb, ' ');
        if (!expr(d, a->right, sb, lt, P_OP))
            return false;
        if (paren)
            ss_strbuf_putc(sb, ')');
        return true;
    }
    case AE_AND:
    case AE_OR: {
        int me = a->kind == AE_AND ? P_AND : P_OR;
        bool paren = parent > me;
        if (paren)
            ss_strbuf_putc(sb, '(');
        for (uint32_t i = 0; i < a->nargs; i++) {
            if (i)
                ss_strbuf_puts(sb, me == P_AND ? " AND " : " OR ");
            if (!expr(d, a->args[i], sb, (ss_type){0, -1}, me))
                return false;
        }
        if (paren)
            ss_strbuf_putc(sb, ')');
        return true;
    }
    case AE_NOT:
        ss_strbuf_puts(sb, "NOT ");
        return expr(d, a->args[0], sb, (ss_type){0, -1}, P_NOT);
    case AE_IS_NULL:
    case AE_IS_NOT_NULL:
        if (parent >= P_NOT)
            ss_strbuf_putc(sb, '(');
        if (!expr(d, a->args[0], sb, (ss_type){0, -1}, P_OP))
            return false;
        ss_strbuf_puts(sb, a->kind == AE_IS_NULL ? " IS NULL" : " IS NOT NULL");
        if (parent >= P_NOT)
            ss_strbuf_putc(sb, ')');
        return true;
    case AE_FUNC:
        if (a->nnames != 1 || a->star || a->distinct || a->filter || a->nagg_order)
            return false;
        ss_strbuf_puts(sb, a->names[0]);
        ss_strbuf_putc(sb, '(');
        for (uint32_t i = 0; i < a->nargs; i++) {
            if (i)
                ss_strbuf_puts(sb, ", ");
            if (a->args[i]->kind == AE_STRING || !expr(d, a->args[i], sb, (ss_type){0, -1}, P_NONE))
                return false;
        }
        ss_strbuf_putc(sb, ')');
        return true;
    default:
        return false;
    }
}

static const char *finish(binder *b, ss_strbuf *sb, bool ok, const char *prefix, const char *suffix)
{
    char *out = NULL;
    if (ok && sb->data) {
        size_t n = strlen(prefix) + strlen(sb->data) + strlen(suffix) + 1;
        if ((out = bind_alloc(b, n)))
            snprintf(out, n, "%s%s%s", prefix, sb->data, suffix);
    }
    ss_strbuf_free(sb);
    return out;
}

const char *bind_deparse_default(binder *b, const ast_expr *a, ss_type type)
{
    deparse d = {b, NULL, NULL, 0, NULL};
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    bool ok = a->kind == AE_FUNC && a->nargs == 0 && a->nnames == 1 && !a->star;
    if (ok) {
        ss_strbuf_puts(&sb, a->names[0]);
        ss_strbuf_puts(&sb, "()");
    } else {
        ok = expr(&d, a, &sb, type, P_NONE);
    }
    return finish(b, &sb, ok, "", "");
}

const char *bind_deparse_check(binder *b, const ast_expr *a, const char *const *names, const ss_type *types,
                               uint32_t n)
{
    return bind_deparse_check_as(b, a, names, NULL, types, n);
}

const char *bind_deparse_check_as(binder *b, const ast_expr *a, const char *const *names,
                                  const char *const *out_names, const ss_type *types, uint32_t n)
{
    deparse d = {b, names, types, n, out_names};
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    bool ok = expr(&d, a, &sb, (ss_type){0, -1}, P_NONE);
    return finish(b, &sb, ok, "CHECK (", ")");
}
