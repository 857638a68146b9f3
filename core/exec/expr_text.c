/* expr_text.c — a bound expression over one relation's columns printed as PostgreSQL's
 * ruleutils prints it: EXPLAIN's and pg_get_indexdef's plain form (every operator in its
 * own parentheses, "(c)::text") and the pretty form of \d (parentheses only where
 * isSimpleNode asks for them, "c::text").  Forms it does not know make it fail, never
 * print something else. */
#include <string.h>
#include <strings.h>

#include "exec/expr_text.h"
#include "types/functions.h"
#include "types/typeio.h"

typedef struct printer {
    ss_strbuf *sb;
    uint32_t rel;
    ss_expr_col_name name;
    const void *arg;
    bool pretty;
} printer;

static bool print(printer *p, const ss_expr *e);

static const char *op_text(ss_expr_op op)
{
    switch (op) {
    case OP_EQ: return "=";
    case OP_NE: return "<>";
    case OP_LT: return "<";
    case OP_LE: return "<=";
    case OP_GT: return ">";
    case OP_GE: return ">=";
    case OP_ADD: return "+";
    case OP_SUB: return "-";
    case OP_MUL: return "*";
    case OP_DIV: return "/";
    case OP_MOD: return "%";
    case OP_CONCAT: return "||";
    default: return NULL;
    }
}

/* The operator a call is written as, or NULL for a function call: the functions behind
   PostgreSQL's operators are named by their symbols (->>, @>, ?), and LIKE / ILIKE / ~ / ~*
   by their functions (printed as ~~, ~~*, ~, ~* as ruleutils does). */
static const char *func_operator(const ss_expr *e)
{
    const ss_func_def *d = e->u.func.def;
    if (!d || !d->name || e->u.func.variadic || e->u.func.nargs < 1 || e->u.func.nargs > 2)
        return NULL;
    static const struct { const char *fn, *op; } named[] = {
        {"like", "~~"}, {"ilike", "~~*"}, {"textregexeq", "~"}, {"texticregexeq", "~*"}};
    if (e->u.func.nargs == 2)
        for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
            if (strcmp(d->name, named[i].fn) == 0)
                return named[i].op;
    return strchr("+-*/<>=~!@#%^&|`?", d->name[0]) ? d->name : NULL;
}

static bool low_prio(ss_expr_op op)
{
    return op == OP_ADD || op == OP_SUB;
}

static bool high_prio(ss_expr_op op)
{
    return op == OP_MUL || op == OP_DIV || op == OP_MOD;
}

static bool is_bool_list(const ss_expr *e)
{
    return e && (e->kind == EXPR_AND || e->kind == EXPR_OR || e->kind == EXPR_NOT);
}

/* PostgreSQL's isSimpleNode: whether node needs no parentheses of its own under parent. */
static bool simple(const ss_expr *node, const ss_expr *parent)
{
    bool under_func = parent && parent->kind == EXPR_FUNC && !func_operator(parent);
    bool under_op = parent && (parent->kind == EXPR_OP || (parent->kind == EXPR_FUNC && func_operator(parent)));
    switch (node->kind) {
    case EXPR_FUNC:
        if (func_operator(node))
            return !under_op && (under_func || is_bool_list(parent));
        return true;
    case EXPR_COLUMN: case EXPR_CONST: case EXPR_PARAM: case EXPR_CASE: case EXPR_CAST:
        return true;
    case EXPR_OP:
        if (parent && parent->kind == EXPR_OP) {
            ss_expr_op op = node->u.op.op, pop = parent->u.op.op;
            if (!(low_prio(op) || high_prio(op)) || !(low_prio(pop) || high_prio(pop)))
                return false;
            if (high_prio(op) && low_prio(pop))
                return true;
            if (low_prio(op) && high_prio(pop))
                return false;
            return parent->u.op.left == node; /* (a - b) - c, not a - (b - c) */
        }
        return !under_op && (under_func || is_bool_list(parent));
    case EXPR_IS_NULL: case EXPR_IS_NOT_NULL: case EXPR_IN:
        return under_func || is_bool_list(parent);
    case EXPR_AND: case EXPR_NOT:
        return under_func || (parent && (parent->kind == EXPR_AND || parent->kind == EXPR_OR));
    case EXPR_OR:
        return under_func || (parent && parent->kind == EXPR_OR);
    default:
        return false;
    }
}

/* A child of parent: in the pretty form in parentheses unless simple. */
static bool child(printer *p, const ss_expr *e, const ss_expr *parent)
{
    bool paren = p->pretty && !simple(e, parent);
    if (paren)
        ss_strbuf_putc(p->sb, '(');
    if (!print(p, e))
        return false;
    if (paren)
        ss_strbuf_putc(p->sb, ')');
    return true;
}

static void open_paren(printer *p)
{
    if (!p->pretty)
        ss_strbuf_putc(p->sb, '(');
}

static void close_paren(printer *p)
{
    if (!p->pretty)
        ss_strbuf_putc(p->sb, ')');
}

static void print_const(printer *p, const ss_expr *e)
{
    ss_strbuf *sb = p->sb;
    char buf[64];
    if (e->u.cnst.is_null) {
        ss_strbuf_printf(sb, "NULL::%s", ss_type_display_name(e->type, buf, sizeof buf));
        return;
    }
    if (e->type.id == SS_TYPE_INT4 || e->type.id == SS_TYPE_NUMERIC) {
        /* get_const_expr: bare when it reads back as the same type (an int4 without a sign, a
           numeric with a point), quoted and labelled otherwise */
        ss_strbuf num;
        ss_strbuf_init(&num);
        ss_value_format(e->type, &e->u.cnst, &num);
        const char *v = num.data ? num.data : "";
        bool bare = e->type.id == SS_TYPE_INT4 ? v[0] != '-'
                                               : v[0] >= '0' && v[0] <= '9' && strspn(v, "0123456789+-eE.") == strlen(v);
        /* a numeric without a point or exponent (or with a typmod) is labelled: 1::numeric */
        bool label = e->type.id == SS_TYPE_NUMERIC && bare && (strcspn(v, "eE.") == strlen(v) || e->type.typmod >= 0);
        if (bare && label)
            ss_strbuf_printf(sb, "%s::%s", v, ss_type_display_name(e->type, buf, sizeof buf));
        else if (bare)
            ss_strbuf_puts(sb, v);
        else
            ss_strbuf_printf(sb, "'%s'::%s", v, ss_type_display_name(e->type, buf, sizeof buf));
        ss_strbuf_free(&num);
        return;
    }
    if (e->type.id == SS_TYPE_BOOL) {
        ss_strbuf_puts(sb, e->u.cnst.v.b ? "true" : "false");
        return;
    }
    ss_strbuf sv;
    ss_strbuf_init(&sv);
    ss_value_format(e->type, &e->u.cnst, &sv);
    ss_strbuf_putc(sb, '\'');
    for (size_t i = 0; sv.data && i < sv.len; i++) {
        if (sv.data[i] == '\'')
            ss_strbuf_putc(sb, '\'');
        ss_strbuf_putc(sb, sv.data[i]);
    }
    ss_strbuf_free(&sv);
    ss_strbuf_printf(sb, "'::%s", ss_type_display_name(e->type, buf, sizeof buf));
}

static bool print_in(printer *p, const ss_expr *e)
{
    ss_strbuf *sb = p->sb;
    char buf[64];
    open_paren(p);
    if (!child(p, e->u.in.arg, e))
        return false;
    /* PostgreSQL shows a list of constants as one array constant */
    ss_strbuf_printf(sb, " %s ('{", e->u.in.negated ? "<> ALL" : "= ANY");
    for (uint32_t i = 0; i < e->u.in.nitems; i++) {
        const ss_expr *it = e->u.in.items[i];
        if (it->kind != EXPR_CONST)
            return false;
        if (i)
            ss_strbuf_putc(sb, ',');
        if (it->u.cnst.is_null) {
            ss_strbuf_puts(sb, "NULL");
            continue;
        }
        ss_strbuf sv;
        ss_strbuf_init(&sv);
        ss_value_format(it->type, &it->u.cnst, &sv);
        bool quote = !sv.len || !strcasecmp(sv.data, "null") || strpbrk(sv.data, ",{}\" \\\t\n") != NULL;
        if (quote)
            ss_strbuf_putc(sb, '"');
        for (size_t k = 0; sv.data && k < sv.len; k++) {
            if (sv.data[k] == '"' || sv.data[k] == '\\')
                ss_strbuf_putc(sb, '\\');
            if (sv.data[k] == '\'')
                ss_strbuf_putc(sb, '\'');
            ss_strbuf_putc(sb, sv.data[k]);
        }
        if (quote)
            ss_strbuf_putc(sb, '"');
        ss_strbuf_free(&sv);
    }
    ss_strbuf_printf(sb, "}'::%s[])", ss_type_display_name(e->u.in.arg->type, buf, sizeof buf));
    close_paren(p);
    return true;
}

static bool print(printer *p, const ss_expr *e)
{
    ss_strbuf *sb = p->sb;
    char buf[64];
    switch (e->kind) {
    case EXPR_COLUMN: {
        const char *n = e->u.column.rel == p->rel ? p->name(p->arg, e->u.column.index) : NULL;
        if (!n)
            return false;
        ss_strbuf_puts(sb, n);
        return true;
    }
    case EXPR_CONST:
        print_const(p, e);
        return true;
    case EXPR_PARAM:
        if (e->u.param.index >= SS_EXEC_PARAM_BASE)
            return false;
        ss_strbuf_printf(sb, "$%u", e->u.param.index + 1);
        return true;
    case EXPR_CAST: {
        const ss_expr *a = e->u.cast.arg;
        if (a->kind == EXPR_CONST && a->type.id == SS_TYPE_UNKNOWN)
            return false;
        bool paren = !p->pretty || !(a->kind == EXPR_COLUMN || a->kind == EXPR_CONST || a->kind == EXPR_FUNC ||
                                     a->kind == EXPR_PARAM);
        if (paren)
            ss_strbuf_putc(sb, '(');
        if (!print(p, a))
            return false;
        if (paren)
            ss_strbuf_putc(sb, ')');
        ss_strbuf_printf(sb, "::%s", ss_type_display_name(e->type, buf, sizeof buf));
        return true;
    }
    case EXPR_OP: {
        if (e->u.op.op == OP_NEG && !e->u.op.right) {
            open_paren(p);
            ss_strbuf_puts(sb, "- ");
            if (!child(p, e->u.op.left, e))
                return false;
            close_paren(p);
            return true;
        }
        const char *op = op_text(e->u.op.op);
        if (!e->u.op.right || !op)
            return false;
        open_paren(p);
        if (!child(p, e->u.op.left, e))
            return false;
        ss_strbuf_printf(sb, " %s ", op);
        if (!child(p, e->u.op.right, e))
            return false;
        close_paren(p);
        return true;
    }
    case EXPR_AND:
    case EXPR_OR:
        open_paren(p);
        for (uint32_t i = 0; i < e->u.list.nargs; i++) {
            if (i)
                ss_strbuf_puts(sb, e->kind == EXPR_AND ? " AND " : " OR ");
            if (!child(p, e->u.list.args[i], e))
                return false;
        }
        close_paren(p);
        return true;
    case EXPR_NOT: {
        /* NOT LIKE and friends are the operators !~~, !~~*, !~, !~* */
        const ss_expr *m = e->u.arg;
        const char *mop = m->kind == EXPR_FUNC ? func_operator(m) : NULL;
        if (mop && mop[0] == '~' && m->u.func.nargs == 2) {
            open_paren(p);
            if (!child(p, m->u.func.args[0], m))
                return false;
            ss_strbuf_printf(sb, " !%s ", mop);
            if (!child(p, m->u.func.args[1], m))
                return false;
            close_paren(p);
            return true;
        }
    }
        open_paren(p);
        ss_strbuf_puts(sb, "NOT ");
        if (!child(p, e->u.arg, e))
            return false;
        close_paren(p);
        return true;
    case EXPR_IS_NULL:
    case EXPR_IS_NOT_NULL:
        open_paren(p);
        if (!child(p, e->u.arg, e))
            return false;
        ss_strbuf_puts(sb, e->kind == EXPR_IS_NULL ? " IS NULL" : " IS NOT NULL");
        close_paren(p);
        return true;
    case EXPR_IN:
        return print_in(p, e);
    case EXPR_FUNC: {
        const ss_func_def *d = e->u.func.def;
        if (!d || !d->name || e->u.func.variadic)
            return false;
        const char *op = func_operator(e);
        if (op) {
            open_paren(p);
            if (e->u.func.nargs == 2) {
                if (!child(p, e->u.func.args[0], e))
                    return false;
                ss_strbuf_printf(sb, " %s ", op);
            } else {
                ss_strbuf_printf(sb, "%s ", op);
            }
            if (!child(p, e->u.func.args[e->u.func.nargs - 1], e))
                return false;
            close_paren(p);
            return true;
        }
        for (const char *c = d->name; *c; c++)
            if (!(*c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9')))
                return false; /* an internal definition ("array assignment"): no SQL name */
        ss_strbuf_printf(sb, "%s(", d->name);
        for (uint32_t i = 0; i < e->u.func.nargs; i++) {
            if (i)
                ss_strbuf_puts(sb, ", ");
            if (!child(p, e->u.func.args[i], e))
                return false;
        }
        ss_strbuf_putc(sb, ')');
        return true;
    }
    default:
        return false;
    }
}

bool ss_expr_sql_is_call(const ss_expr *e)
{
    return e && e->kind == EXPR_FUNC && !func_operator(e);
}

bool ss_expr_sql(ss_strbuf *sb, const ss_expr *e, uint32_t rel, ss_expr_col_name name, const void *arg, bool pretty)
{
    printer p = {sb, rel, name, arg, pretty};
    return print(&p, e) && !sb->oom;
}
