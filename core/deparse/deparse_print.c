/* deparse_print.c — resolved expressions (deparse_resolve.c) printed as PostgreSQL's ruleutils'
 * get_rule_expr prints them: every operator, boolean and test in its own parentheses, or
 * in pretty mode only where isSimpleNode says the parent needs them; constants with the
 * labels get_const_expr gives; casts as (x)::type; CASE on lines of its own. */
#include <string.h>

#include "deparse/deparse_internal.h"
#include "sunstone/operator.h"
#include "types/func_impl.h"
#include "types/typeio.h"

void dp_put_ident(ss_strbuf *sb, const char *name)
{
    ss_quote_ident_append(sb, name, strlen(name));
}

void dp_keyword(dp *d, const char *str, int before, int after, int plus)
{
    ss_strbuf *sb = d->sb;
    d->indent += before;
    while (sb->len && sb->data[sb->len - 1] == ' ')
        sb->data[--sb->len] = '\0';
    ss_strbuf_putc(sb, '\n');
    for (int i = 0; i < (d->indent > 0 ? d->indent : 0) + plus; i++)
        ss_strbuf_putc(sb, ' ');
    ss_strbuf_puts(sb, str);
    d->indent += after;
    if (d->indent < 0)
        d->indent = 0;
}

static void put_type(ss_strbuf *sb, ss_type t)
{
    char buf[96];
    ss_strbuf_puts(sb, "::");
    ss_strbuf_puts(sb, ss_type_column_name(t, buf, sizeof buf));
}

/* get_const_expr: showtype -1 never labels, 0 labels where the type is not evident */
static void put_const(dp *d, const dp_node *n, int showtype)
{
    ss_strbuf *sb = d->sb;
    if (!n->text) {
        ss_strbuf_puts(sb, "NULL");
        if (showtype >= 0)
            put_type(sb, n->type);
        return;
    }
    const char *v = n->text;
    bool label;
    switch (n->type.id) {
    case SS_TYPE_INT4:
        label = v[0] == '-';
        if (label) {
            ss_strbuf_putc(sb, '\'');
            ss_strbuf_puts(sb, v);
            ss_strbuf_putc(sb, '\'');
        } else
            ss_strbuf_puts(sb, v);
        break;
    case SS_TYPE_NUMERIC:
        if (v[0] >= '0' && v[0] <= '9' && strspn(v, "0123456789+-eE.") == strlen(v)) {
            ss_strbuf_puts(sb, v);
            label = strcspn(v, "eE.") == strlen(v) || n->type.typmod >= 0;
        } else {
            ss_quote_literal_append(sb, v, strlen(v));
            label = true;
        }
        break;
    case SS_TYPE_BOOL:
        ss_strbuf_puts(sb, strcmp(v, "t") == 0 ? "true" : "false");
        label = false;
        break;
    default:
        ss_quote_literal_append(sb, v, strlen(v));
        label = n->type.id != SS_TYPE_UNKNOWN;
        break;
    }
    if (label && showtype >= 0)
        put_type(sb, n->type);
}

/* isSimpleNode's parents with parentheses (or keywords) of their own */
static bool own_parens(const dp_node *parent)
{
    switch (parent->kind) {
    case DN_FUNC:
    case DN_COALESCE:
    case DN_AGG:
    case DN_CASE:
    case DN_SQLFUNC:
    case DN_WINDOW:
    case DN_GROUPING:
    case DN_ARRAY:
        return true;
    default:
        return false;
    }
}

/* PostgreSQL's ruleutils' isSimpleNode: whether n needs no parentheses under parent (pretty mode) */
static bool simple(const dp_node *n, const dp_node *parent)
{
    switch (n->kind) {
    case DN_VAR:
    case DN_CONST:
    case DN_FUNC:
    case DN_AGG:
    case DN_COALESCE:
    case DN_CASE:
    case DN_SQLFUNC:
    case DN_WINDOW:
    case DN_GROUPING:
    case DN_ROW:
    case DN_ARRAY:
    case DN_SUBSCRIPT:
        return true;
    case DN_CAST:
        return simple(n->args[0], n);
    case DN_OP:
        if (parent->kind == DN_OP) {
            const char *op = n->text, *pop = parent->text;
            if (!n->args[0] || !parent->args[0] || strlen(op) != 1 || strlen(pop) != 1)
                return false;
            bool lo = strchr("+-", *op) != NULL, hi = strchr("*/%", *op) != NULL;
            bool plo = strchr("+-", *pop) != NULL, phi = strchr("*/%", *pop) != NULL;
            if (!(lo || hi) || !(plo || phi))
                return false;
            if (hi && plo)
                return true;
            if (lo && phi)
                return false;
            return parent->args[0] == n;
        }
        /* fall through */
    case DN_NULLTEST:
    case DN_SUBLINK:
    case DN_DISTINCT:
        switch (parent->kind) {
        case DN_AND:
        case DN_OR:
        case DN_NOT:
            return true;
        default:
            return own_parens(parent);
        }
    case DN_ANY_ARRAY:
        return false; /* ScalarArrayOpExpr: not one isSimpleNode knows */
    case DN_AND:
    case DN_OR:
    case DN_NOT:
        switch (parent->kind) {
        case DN_AND:
        case DN_OR:
        case DN_NOT:
            if (n->kind == DN_OR)
                return parent->kind == DN_OR;
            return parent->kind == DN_AND || parent->kind == DN_OR;
        default:
            return own_parens(parent);
        }
    }
    return false;
}

static int print(dp *d, const dp_node *n, bool showimplicit);

/* get_rule_expr_paren */
static int print_paren(dp *d, const dp_node *n, bool showimplicit, const dp_node *parent)
{
    bool paren = d->pretty && !simple(n, parent);
    if (paren)
        ss_strbuf_putc(d->sb, '(');
    int rc = print(d, n, showimplicit);
    if (paren)
        ss_strbuf_putc(d->sb, ')');
    return rc;
}

static void open_paren(dp *d)
{
    if (!d->pretty)
        ss_strbuf_putc(d->sb, '(');
}

static void close_paren(dp *d)
{
    if (!d->pretty)
        ss_strbuf_putc(d->sb, ')');
}

static int print_list(dp *d, dp_node *const *v, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            ss_strbuf_puts(d->sb, ", ");
        if (print(d, v[i], true))
            return SS_ERROR;
    }
    return SS_OK;
}

/* name(args): a function call, or (sql) a construct written as one (COALESCE, NULLIF, ...) */
static int print_call(dp *d, const char *name, bool sql, const dp_node *n)
{
    if (sql)
        ss_strbuf_puts(d->sb, name);
    else
        dp_put_ident(d->sb, name);
    ss_strbuf_putc(d->sb, '(');
    if (print_list(d, n->args, n->nargs))
        return SS_ERROR;
    ss_strbuf_putc(d->sb, ')');
    return SS_OK;
}

/* CURRENT_DATE, CURRENT_TIME[(p)], CURRENT_TIMESTAMP[(p)], LOCALTIME[(p)] and
 * LOCALTIMESTAMP[(p)], which the parser makes calls of functions of those names (no SQL
 * text calls them), printed as the keywords they were; false for any other call. */
static bool sql_value_function(dp *d, const dp_node *n)
{
    static const char *const names[] = {"current_date", "current_time", "current_timestamp", "localtime",
                                        "localtimestamp"};
    static const char *const words[] = {"CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP", "LOCALTIME",
                                        "LOCALTIMESTAMP"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (n->nargs <= 1 && strcmp(n->text, names[i]) == 0) {
            ss_strbuf_puts(d->sb, words[i]);
            if (n->nargs == 1 && n->args[0]->kind == DN_CONST && n->args[0]->text)
                ss_strbuf_printf(d->sb, "(%s)", n->args[0]->text);
            return true;
        }
    return false;
}

static int print_cast(dp *d, const dp_node *n, bool showimplicit)
{
    const dp_node *a = n->args[0];
    if (n->implicit && !showimplicit)
        return print_paren(d, a, false, n);
    if (a->kind == DN_CONST && a->type.id == n->type.id && n->type.typmod < 0)
        put_const(d, a, -1);
    else {
        open_paren(d);
        if (print_paren(d, a, false, n))
            return SS_ERROR;
        close_paren(d);
    }
    put_type(d->sb, n->type);
    return SS_OK;
}

static int print_case(dp *d, const dp_node *n)
{
    dp_keyword(d, "CASE", 0, DP_INDENT_VAR, 0);
    for (uint32_t i = 0; i < n->nwhens; i++) {
        dp_keyword(d, "WHEN ", 0, 0, 0);
        if (print(d, n->whens[i], false))
            return SS_ERROR;
        ss_strbuf_puts(d->sb, " THEN ");
        if (print(d, n->thens[i], true))
            return SS_ERROR;
    }
    dp_keyword(d, "ELSE ", 0, 0, 0);
    if (print(d, n->els, true))
        return SS_ERROR;
    dp_keyword(d, "END", -DP_INDENT_VAR, 0, 0);
    return SS_OK;
}

static int print_sublink(dp *d, const dp_node *n)
{
    ss_strbuf_putc(d->sb, '(');
    bool paren = n->exists || n->sub_op;
    if (n->exists)
        ss_strbuf_puts(d->sb, "EXISTS ");
    if (n->sub_op) {
        if (print(d, n->args[0], true))
            return SS_ERROR;
        if (!n->negated && strcmp(n->sub_op, "=") == 0)
            ss_strbuf_puts(d->sb, " IN ");
        else
            ss_strbuf_printf(d->sb, " %s %s ", n->sub_op, n->negated ? "ALL" : "ANY");
    }
    if (paren)
        ss_strbuf_putc(d->sb, '(');
    if (dp_query(d, n->sub, n->scope, 0, NULL, false, NULL))
        return SS_ERROR;
    ss_strbuf_puts(d->sb, paren ? "))" : ")");
    return SS_OK;
}

int dp_print_sortgroup(dp *d, const dp_node *n)
{
    if (n->kind == DN_CONST)
        return dp_unsupported(d, "a constant in ORDER BY, GROUP BY or PARTITION BY");
    bool paren = n->kind != DN_VAR && (d->pretty || n->kind == DN_FUNC || n->kind == DN_AGG || n->kind == DN_WINDOW);
    if (paren)
        ss_strbuf_putc(d->sb, '(');
    if (print(d, n, true))
        return SS_ERROR;
    if (paren)
        ss_strbuf_putc(d->sb, ')');
    return SS_OK;
}

void dp_print_direction(dp *d, const ast_sort_item *o)
{
    if (o->descending) {
        ss_strbuf_puts(d->sb, " DESC");
        if (o->nulls == 2)
            ss_strbuf_puts(d->sb, " NULLS LAST");
    } else if (o->nulls == 1)
        ss_strbuf_puts(d->sb, " NULLS FIRST");
}

static void frame_bound(dp *d, int f, int unbounded, int current, int preceding, int following, const dp_node *off,
                        const char *unbounded_text)
{
    if (f & unbounded)
        ss_strbuf_puts(d->sb, unbounded_text);
    else if (f & current)
        ss_strbuf_puts(d->sb, "CURRENT ROW ");
    else if (f & (preceding | following)) {
        print(d, off, false);
        ss_strbuf_puts(d->sb, f & preceding ? " PRECEDING " : " FOLLOWING ");
    }
}

static int print_window(dp *d, const dp_node *n)
{
    ss_strbuf_puts(d->sb, " OVER ");
    if (n->win_name) {
        dp_put_ident(d->sb, n->win_name);
        return SS_OK;
    }
    return dp_print_window_spec(d, n);
}

int dp_print_window_spec(dp *d, const dp_node *n)
{
    ss_strbuf *sb = d->sb;
    bool space = false;
    ss_strbuf_putc(sb, '(');
    if (n->win_ref) {
        dp_put_ident(sb, n->win_ref);
        space = true;
    }
    if (n->npart && !n->win_ref) {
        ss_strbuf_puts(sb, "PARTITION BY ");
        for (uint32_t i = 0; i < n->npart; i++) {
            if (i)
                ss_strbuf_puts(sb, ", ");
            if (dp_print_sortgroup(d, n->part[i]))
                return SS_ERROR;
        }
        space = true;
    }
    if (n->nord) {
        ss_strbuf_puts(sb, space ? " ORDER BY " : "ORDER BY ");
        for (uint32_t i = 0; i < n->nord; i++) {
            if (i)
                ss_strbuf_puts(sb, ", ");
            if (dp_print_sortgroup(d, n->ord[i]))
                return SS_ERROR;
            dp_print_direction(d, &n->ord_items[i]);
        }
        space = true;
    }
    int f = n->frame;
    if (f & SS_WINDOW_FRAME_NONDEFAULT) {
        if (space)
            ss_strbuf_putc(sb, ' ');
        ss_strbuf_puts(sb, f & SS_WINDOW_FRAME_RANGE ? "RANGE " : f & SS_WINDOW_FRAME_ROWS ? "ROWS " : "GROUPS ");
        if (f & SS_WINDOW_FRAME_BETWEEN)
            ss_strbuf_puts(sb, "BETWEEN ");
        frame_bound(d, f, SS_WINDOW_FRAME_START_UNBOUNDED_PRECEDING, SS_WINDOW_FRAME_START_CURRENT_ROW,
                    SS_WINDOW_FRAME_START_OFFSET_PRECEDING, SS_WINDOW_FRAME_START_OFFSET_FOLLOWING, n->start_off,
                    "UNBOUNDED PRECEDING ");
        if (f & SS_WINDOW_FRAME_BETWEEN) {
            ss_strbuf_puts(sb, "AND ");
            frame_bound(d, f, SS_WINDOW_FRAME_END_UNBOUNDED_FOLLOWING, SS_WINDOW_FRAME_END_CURRENT_ROW,
                        SS_WINDOW_FRAME_END_OFFSET_PRECEDING, SS_WINDOW_FRAME_END_OFFSET_FOLLOWING, n->end_off,
                        "UNBOUNDED FOLLOWING ");
        }
        if (f & SS_WINDOW_FRAME_EXCLUDE_CURRENT_ROW)
            ss_strbuf_puts(sb, "EXCLUDE CURRENT ROW ");
        if (f & SS_WINDOW_FRAME_EXCLUDE_GROUP)
            ss_strbuf_puts(sb, "EXCLUDE GROUP ");
        if (f & SS_WINDOW_FRAME_EXCLUDE_TIES)
            ss_strbuf_puts(sb, "EXCLUDE TIES ");
        sb->data[--sb->len] = '\0';
    }
    ss_strbuf_putc(sb, ')');
    return SS_OK;
}

static int print(dp *d, const dp_node *n, bool showimplicit)
{
    ss_strbuf *sb = d->sb;
    switch (n->kind) {
    case DN_VAR:
        ss_strbuf_puts(sb, n->text);
        return SS_OK;
    case DN_CONST:
        put_const(d, n, 0);
        return SS_OK;
    case DN_OP:
        open_paren(d);
        if (n->args[0]) {
            if (print_paren(d, n->args[0], true, n))
                return SS_ERROR;
            ss_strbuf_printf(sb, " %s ", n->text);
        } else
            ss_strbuf_printf(sb, "%s ", n->text);
        if (print_paren(d, n->args[1], true, n))
            return SS_ERROR;
        close_paren(d);
        return SS_OK;
    case DN_AND:
    case DN_OR:
        open_paren(d);
        for (uint32_t i = 0; i < n->nargs; i++) {
            if (i)
                ss_strbuf_puts(sb, n->kind == DN_AND ? " AND " : " OR ");
            if (print_paren(d, n->args[i], false, n))
                return SS_ERROR;
        }
        close_paren(d);
        return SS_OK;
    case DN_NOT:
        open_paren(d);
        ss_strbuf_puts(sb, "NOT ");
        if (print_paren(d, n->args[0], false, n))
            return SS_ERROR;
        close_paren(d);
        return SS_OK;
    case DN_NULLTEST:
        open_paren(d);
        if (print_paren(d, n->args[0], true, n))
            return SS_ERROR;
        ss_strbuf_puts(sb, n->text ? n->text : n->negated ? " IS NOT NULL" : " IS NULL");
        close_paren(d);
        return SS_OK;
    case DN_FUNC:
        return sql_value_function(d, n) ? SS_OK : print_call(d, n->text, false, n);
    case DN_AGG:
    case DN_WINDOW:
        dp_put_ident(sb, n->text);
        ss_strbuf_putc(sb, '(');
        if (n->distinct)
            ss_strbuf_puts(sb, "DISTINCT ");
        if (n->star)
            ss_strbuf_putc(sb, '*');
        else if (print_list(d, n->args, n->nargs))
            return SS_ERROR;
        for (uint32_t i = 0; n->kind == DN_AGG && i < n->nord; i++) { /* get_rule_orderby */
            ss_strbuf_puts(sb, i ? ", " : " ORDER BY ");
            if (dp_print_sortgroup(d, n->ord[i]))
                return SS_ERROR;
            dp_print_direction(d, &n->ord_items[i]);
        }
        ss_strbuf_putc(sb, ')');
        if (n->filter) {
            ss_strbuf_puts(sb, " FILTER (WHERE ");
            if (print(d, n->filter, false))
                return SS_ERROR;
            ss_strbuf_putc(sb, ')');
        }
        return n->kind == DN_WINDOW ? print_window(d, n) : SS_OK;
    case DN_GROUPING:
        ss_strbuf_puts(sb, "GROUPING(");
        if (print_list(d, n->args, n->nargs))
            return SS_ERROR;
        ss_strbuf_putc(sb, ')');
        return SS_OK;
    case DN_ROW:
        return dp_unsupported(d, "a row constructor");
    case DN_DISTINCT:
        open_paren(d);
        if (print_paren(d, n->args[0], true, n))
            return SS_ERROR;
        ss_strbuf_puts(sb, " IS DISTINCT FROM ");
        if (print_paren(d, n->args[1], true, n))
            return SS_ERROR;
        close_paren(d);
        return SS_OK;
    case DN_SQLFUNC:
        return print_call(d, n->text, true, n);
    case DN_CAST:
        return print_cast(d, n, showimplicit);
    case DN_CASE:
        return print_case(d, n);
    case DN_COALESCE:
        return print_call(d, "COALESCE", true, n);
    case DN_SUBLINK:
        return print_sublink(d, n);
    case DN_ARRAY:
        ss_strbuf_puts(sb, "ARRAY[");
        if (print_list(d, n->args, n->nargs))
            return SS_ERROR;
        ss_strbuf_putc(sb, ']');
        if (!n->nargs) /* an empty one needs its type */
            put_type(sb, n->type);
        return SS_OK;
    case DN_SUBSCRIPT:
        if (print(d, n->args[0], true))
            return SS_ERROR;
        for (uint32_t i = 0; 2 * i + 2 < n->nargs + 1; i++) {
            const dp_node *lo = n->args[1 + 2 * i], *hi = n->args[2 + 2 * i];
            ss_strbuf_putc(sb, '[');
            if (n->frame & (1 << i)) {
                if (lo && print(d, lo, false))
                    return SS_ERROR;
                ss_strbuf_putc(sb, ':');
            }
            if (hi && print(d, hi, false))
                return SS_ERROR;
            ss_strbuf_putc(sb, ']');
        }
        return SS_OK;
    case DN_ANY_ARRAY:
        if (n->array_arg) {
            open_paren(d);
            if (print_paren(d, n->args[0], true, n))
                return SS_ERROR;
            ss_strbuf_printf(sb, " %s %s (", n->text, n->negated ? "ALL" : "ANY");
            if (print(d, n->args[1], true))
                return SS_ERROR;
            ss_strbuf_putc(sb, ')');
            close_paren(d);
            return SS_OK;
        }
        open_paren(d);
        if (print_paren(d, n->args[0], true, n))
            return SS_ERROR;
        ss_strbuf_printf(sb, " %s %s (ARRAY[", n->text, n->negated ? "ALL" : "ANY");
        if (print_list(d, n->args + 1, n->nargs - 1))
            return SS_ERROR;
        ss_strbuf_puts(sb, "])");
        close_paren(d);
        return SS_OK;
    }
    return dp_unsupported(d, "this expression");
}

int dp_print_expr(dp *d, const dp_node *n, bool showimplicit)
{
    return print(d, n, showimplicit);
}
