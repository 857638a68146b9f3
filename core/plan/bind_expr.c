/* bind_expr.c — binds AST expressions to typed ss_expr trees: name resolution, literal and
 * parameter typing, PostgreSQL's operator/function resolution and implicit casts. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "exec/expr_walk.h"
#include "plan/binder_internal.h"
#include "types/cast.h"
#include "types/functions.h"
#include "types/pg_builtins.h"
#include "types/typeio.h"

int bind_error(binder *b, int location, const char *sqlstate, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ss_ctx_verror(b->ctx, sqlstate, fmt, ap);
    va_end(ap);
    if (location >= 0)
        ss_ctx_error_position(b->ctx, location + 1);
    return SS_ERROR;
}

int note_grouping_error(binder *b, int location, const char *column)
{
    int k = b->in_having ? 1 : 0;
    if (b->grouping_msg[k])
        return SS_OK;
    b->grouping_loc[k] = location;
    b->grouping_msg[k] = ss_arena_printf(b->arena, "column \"%s.%s\" must appear in the GROUP BY clause or be "
                                         "used in an aggregate function", b->table_ref, column);
    if (!b->grouping_msg[k])
        return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return SS_OK;
}

int raise_grouping_error(binder *b)
{
    for (int k = 0; k < 2; k++)
        if (b->grouping_msg[k])
            return bind_error(b, b->grouping_loc[k], SS_SQLSTATE_GROUPING_ERROR, "%s", b->grouping_msg[k]);
    return SS_OK;
}

void *bind_alloc(binder *b, size_t n)
{
    void *p = ss_arena_alloc(b->arena, n);
    if (!p)
        ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return p;
}

ss_type type_of(int32_t id)
{
    ss_type t = {id, -1};
    return t;
}

static ss_expr *numeric_unsupported(binder *b, int location);

/* rc = CALL, a constant fold at bind time whose error is not raised here: the caller keeps
 * the expression unfolded and defers the error (see raise_deferred_folds). */
#define FOLD_GUARDED(b, rc, CALL)                                                          \
    do {                                                                                   \
        ss_error *saved_ = (b)->ctx->err, scratch_;                                        \
        memset(&scratch_, 0, sizeof scratch_);                                             \
        ss_error_clear(&scratch_);                                                         \
        (b)->ctx->err = &scratch_;                                                         \
        (rc) = (CALL);                                                                     \
        (b)->ctx->err = saved_;                                                            \
        ss_error_clear(&scratch_);                                                         \
    } while (0)

static int defer_fold(binder *b, const ss_expr *e);
static const ss_expr *find_deferred(const binder *b, const ss_expr *e);
static ss_expr *fold_constants(binder *b, ss_expr *e);
static char *numeric_literal_text(ss_arena *arena, const char *lit);

static const char *tname(ss_type t, char *buf, size_t n)
{
    return ss_type_display_name(t, buf, n);
}

static ss_expr *new_expr(binder *b, ss_expr_kind kind, ss_type type)
{
    ss_expr *e = bind_alloc(b, sizeof *e);
    if (e) {
        e->kind = kind;
        e->type = type;
    }
    return e;
}

ss_expr *make_column(binder *b, uint32_t index, ss_type type)
{
    ss_expr *e = new_expr(b, EXPR_COLUMN, type);
    if (e)
        e->u.column.index = index;
    return e;
}

ss_expr *make_null(binder *b, ss_type type)
{
    ss_expr *e = new_expr(b, EXPR_CONST, type);
    if (e)
        e->u.cnst.is_null = true;
    return e;
}

static bool is_unknown_const(const ss_expr *e)
{
    return e->kind == EXPR_CONST && e->type.id == SS_TYPE_UNKNOWN;
}

static bool is_unknown_param(binder *b, const ss_expr *e)
{
    return e->kind == EXPR_PARAM && b->param_types[e->u.param.index].id == SS_TYPE_UNKNOWN;
}

bool is_aggregate_name(const ast_expr *e)
{
    if (e->kind != AE_FUNC || e->nnames != 1)
        return false;
    const char *n = e->names[0];
    return !strcmp(n, "count") || !strcmp(n, "sum") || !strcmp(n, "min") || !strcmp(n, "max") ||
           !strcmp(n, "avg");
}

/* Whether pred holds for e or any node below it (every AST child: operands, arguments,
 * CASE arms). */
static bool ast_any(const ast_expr *e, bool (*pred)(const ast_expr *))
{
    if (!e)
        return false;
    if (pred(e))
        return true;
    if (ast_any(e->left, pred) || ast_any(e->right, pred) || ast_any(e->arg, pred) || ast_any(e->els, pred))
        return true;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (ast_any(e->args[i], pred))
            return true;
    for (uint32_t i = 0; i < e->nwhens; i++)
        if (ast_any(e->whens[i], pred) || ast_any(e->thens[i], pred))
            return true;
    return false;
}

bool ast_has_aggregate(const ast_expr *e)
{
    return ast_any(e, is_aggregate_name);
}

bool expr_equal(const ss_expr *a, const ss_expr *b)
{
    if (a == b)
        return true;
    if (!a || !b || a->kind != b->kind || a->type.id != b->type.id || a->type.typmod != b->type.typmod)
        return false;
    /* what a node holds besides its children */
    switch (a->kind) {
    case EXPR_CONST:
        if (a->u.cnst.is_null || b->u.cnst.is_null)
            return a->u.cnst.is_null == b->u.cnst.is_null;
        if (ss_type_is_text(a->type.id))
            return a->u.cnst.v.s.len == b->u.cnst.v.s.len &&
                   memcmp(a->u.cnst.v.s.ptr, b->u.cnst.v.s.ptr, a->u.cnst.v.s.len) == 0;
        if (a->type.id == SS_TYPE_FLOAT8)
            return memcmp(&a->u.cnst.v.f, &b->u.cnst.v.f, sizeof(double)) == 0;
        if (a->type.id == SS_TYPE_BOOL)
            return a->u.cnst.v.b == b->u.cnst.v.b;
        return a->u.cnst.v.i == b->u.cnst.v.i;
    case EXPR_COLUMN:
        return a->u.column.index == b->u.column.index;
    case EXPR_PARAM:
        return a->u.param.index == b->u.param.index;
    case EXPR_OP:
        if (a->u.op.op != b->u.op.op)
            return false;
        break;
    case EXPR_AND:
    case EXPR_OR:
    case EXPR_NOT:
    case EXPR_IS_NULL:
    case EXPR_IS_NOT_NULL:
    case EXPR_CASE:
        break;
    case EXPR_CAST:
        if (a->u.cast.mode != b->u.cast.mode)
            return false;
        break;
    case EXPR_FUNC:
        if (a->u.func.def != b->u.func.def)
            return false;
        break;
    case EXPR_IN:
        if (a->u.in.negated != b->u.in.negated)
            return false;
        break;
    }
    uint32_t n = ss_expr_nchildren(a);
    if (n != ss_expr_nchildren(b))
        return false;
    for (uint32_t i = 0; i < n; i++) {
        /* COALESCE's WHEN x IS NOT NULL THEN x shares x: equal WHENs mean equal THENs, and
           comparing x again would make nested COALESCEs exponential (the WHEN, child i - 1,
           has been compared) */
        if (a->kind == EXPR_CASE && i % 2 == 1 && i < 2 * a->u.kase.nwhen) {
            const ss_expr *wa = a->u.kase.whens[i / 2], *wb = b->u.kase.whens[i / 2];
            if (wa->kind == EXPR_IS_NOT_NULL && wa->u.arg == a->u.kase.thens[i / 2] &&
                wb->u.arg == b->u.kase.thens[i / 2])
                continue;
        }
        if (!expr_equal(ss_expr_child_const(a, i), ss_expr_child_const(b, i)))
            return false;
    }
    return true;
}

/* ---- coercion ---------------------------------------------------------------------- */

static void set_param_type(binder *b, uint32_t index, ss_type t)
{
    b->param_types[index] = t;
    for (uint32_t k = index < b->cap_param_last ? b->param_last[index] : 0; k; k = b->param_prev[k - 1])
        b->param_nodes[k - 1]->type = t;
}

/* A decimal literal converted the way PostgreSQL converts numeric: to integers rounding
 * half away from zero, to text as written.  NULL with *handled false: not such a case. */
static ss_expr *coerce_decimal(binder *b, ss_expr *e, const char *text, ss_type target, ss_cast_mode mode,
                               int location, bool *handled)
{
    *handled = true;
    if (ss_type_is_integer(target.id)) {
        ss_expr rounded = *e;
        rounded.u.cnst.v.f = round(e->u.cnst.v.f);
        ss_expr *c = new_expr(b, EXPR_CONST, target);
        if (!c || ss_cast_value(b->ctx, &rounded.u.cnst, e->type, target, mode, &c->u.cnst, b->arena))
            return NULL;
        return c;
    }
    if (ss_type_is_text(target.id) && mode != CAST_IMPLICIT) {
        /* numeric's text output, not float8's */
        text = numeric_literal_text(b->arena, text);
        if (!text)
            return numeric_unsupported(b, location);
        ss_expr lit = {0};
        lit.kind = EXPR_CONST;
        lit.type = type_of(SS_TYPE_UNKNOWN);
        lit.u.cnst.v.s.ptr = text;
        lit.u.cnst.v.s.len = (uint32_t)strlen(text);
        ss_expr *copy = new_expr(b, EXPR_CONST, lit.type);
        if (!copy)
            return NULL;
        *copy = lit;
        return coerce_expr(b, copy, target, mode, location);
    }
    if (target.id == SS_TYPE_FLOAT8) {
        /* numeric -> float8: from here on it is a genuine float8 (printed as float8) */
        ss_expr *c = new_expr(b, EXPR_CONST, target);
        if (c)
            c->u.cnst = e->u.cnst;
        return c;
    }
    *handled = false;
    return NULL;
}

ss_expr *coerce_expr(binder *b, ss_expr *e, ss_type target, ss_cast_mode mode, int location)
{
    if (!e)
        return NULL;
    const char *dec = decimal_text(b, e);
    if (dec && (target.id != SS_TYPE_FLOAT8 || mode == CAST_EXPLICIT)) {
        bool handled;
        ss_expr *c = coerce_decimal(b, e, dec, target, mode, location, &handled);
        if (handled)
            return c;
    }
    if (e->type.id == target.id && (e->type.typmod == target.typmod || target.typmod < 0))
        return e;
    if (is_unknown_param(b, e)) {
        set_param_type(b, e->u.param.index, target);
        return e;
    }
    if (is_unknown_const(e)) {
        /* untyped literal (or untyped NULL): run the input function now, as PostgreSQL does */
        ss_expr *c = new_expr(b, EXPR_CONST, target);
        if (!c)
            return NULL;
        if (e->u.cnst.is_null) {
            c->u.cnst.is_null = true;
            return c;
        }
        if (ss_value_parse(b->ctx, target, e->u.cnst.v.s.ptr, e->u.cnst.v.s.len, &c->u.cnst)) {
            ss_ctx_error_position(b->ctx, location + 1);
            return NULL;
        }
        if (ss_type_is_text(target.id)) {
            /* varchar(n) limits still apply to literals */
            ss_value out;
            /* like PostgreSQL, a length violation is reported without a position */
            if (ss_cast_value(b->ctx, &c->u.cnst, type_of(SS_TYPE_TEXT), target, mode, &out, b->arena))
                return NULL;
            c->u.cnst = out;
            c->u.cnst.v.s.ptr = ss_arena_strndup(b->arena, out.v.s.ptr, out.v.s.len);
            if (!c->u.cnst.v.s.ptr) {
                ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                return NULL;
            }
        }
        return c;
    }
    if (!ss_cast_exists(e->type, target, mode)) {
        char b1[96], b2[96];
        if (mode == CAST_EXPLICIT)
            bind_error(b, location, "42846", "cannot cast type %s to %s", tname(e->type, b1, sizeof b1),
                       tname(target, b2, sizeof b2));
        else
            bind_error(b, location, SS_SQLSTATE_DATATYPE_MISMATCH,
                       "expression is of type %s, expected %s", tname(e->type, b1, sizeof b1),
                       tname(target, b2, sizeof b2));
        return NULL;
    }
    if (e->kind == EXPR_CONST) {
        /* fold casts of constants (PostgreSQL does this while planning: errors carry no
           position) */
        ss_expr *c = new_expr(b, EXPR_CONST, target);
        if (!c)
            return NULL;
        int rc;
        FOLD_GUARDED(b, rc, ss_cast_value(b->ctx, &e->u.cnst, e->type, target, mode, &c->u.cnst, b->arena));
        if (rc == SS_OK)
            return c;
        c->kind = EXPR_CAST; /* unfolded; its error is raised after binding, if still used */
        c->u.cast.arg = e;
        c->u.cast.mode = mode;
        return b->dead_code || defer_fold(b, c) == SS_OK ? c : NULL;
    }
    ss_expr *c = new_expr(b, EXPR_CAST, target);
    if (c) {
        c->u.cast.arg = e;
        c->u.cast.mode = mode;
    }
    return c;
}

ss_expr *resolve_unknown(binder *b, ss_expr *e, int location)
{
    if (e && (is_unknown_const(e) || is_unknown_param(b, e)))
        return coerce_expr(b, e, type_of(SS_TYPE_TEXT), CAST_IMPLICIT, location);
    return e;
}

/* ---- literals, columns, parameters ----------------------------------------------- */

static int record_decimal(binder *b, const ss_expr *e, const char *text)
{
    if (!b->decimals.arena)
        ss_ptrmap_init(&b->decimals, b->arena);
    if (ss_ptrmap_put(&b->decimals, e, (void *)text) != 0)
        return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return SS_OK;
}

const char *decimal_text(const binder *b, const ss_expr *e)
{
    void *text;
    return e && ss_ptrmap_get(&b->decimals, e, &text) ? text : NULL;
}

/* PostgreSQL's numeric output for a decimal literal ("1e3" -> "1000", "1.5e-3" -> "0.0015",
 * "1.50" -> "1.50"): the digits shifted by the exponent, scale = fraction digits - exponent. */
static bool ast_is_decimal(const ast_expr *a);

static int mark_numeric(binder *b, const ss_expr *e)
{
    if (!b->numeric_valued.arena)
        ss_ptrmap_init(&b->numeric_valued, b->arena);
    if (ss_ptrmap_put(&b->numeric_valued, e, (void *)e) != 0)
        return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return SS_OK;
}

/* Whether PostgreSQL computes this value in numeric: a decimal literal (a: its AST, may be
 * NULL) or a CASE/COALESCE of them (e: bound, may be NULL). */
static bool is_numeric_valued(const binder *b, const ast_expr *a, const ss_expr *e)
{
    if (a && ast_is_decimal(a))
        return true;
    if (!e)
        return false;
    void *seen;
    return decimal_text(b, e) || ss_ptrmap_get(&b->numeric_valued, e, &seen);
}

static char *numeric_literal_text(ss_arena *arena, const char *lit)
{
    bool neg = *lit == '-';
    if (*lit == '-' || *lit == '+')
        lit++;
    char digits[512];
    size_t nd = 0, nint = 0;
    bool in_frac = false;
    long exp = 0;
    for (const char *p = lit; *p; p++) {
        if (*p == '.') {
            in_frac = true;
        } else if (*p == 'e' || *p == 'E') {
            exp = strtol(p + 1, NULL, 10);
            break;
        } else if (nd < sizeof digits - 1) {
            digits[nd++] = *p;
            if (!in_frac)
                nint++;
        }
    }
    if (exp > 1000 || exp < -1000)
        return NULL;
    long point = (long)nint + exp; /* digits before the decimal point */
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    if (point <= 0) {
        ss_strbuf_putc(&sb, '0');
        if (nd) {
            ss_strbuf_putc(&sb, '.');
            for (long i = 0; i < -point; i++)
                ss_strbuf_putc(&sb, '0');
            ss_strbuf_append(&sb, digits, nd);
        }
    } else {
        size_t lead = 0;
        while ((long)lead < point - 1 && lead < nd && digits[lead] == '0')
            lead++;
        for (long i = (long)lead; i < point; i++)
            ss_strbuf_putc(&sb, (size_t)i < nd ? digits[i] : '0');
        if ((long)nd > point) {
            ss_strbuf_putc(&sb, '.');
            ss_strbuf_append(&sb, digits + point, nd - (size_t)point);
        }
    }
    bool zero = true;
    for (size_t i = 0; i < nd; i++)
        zero &= digits[i] == '0';
    char *out = sb.data ? ss_arena_printf(arena, "%s%s", neg && !zero ? "-" : "", sb.data) : NULL;
    ss_strbuf_free(&sb);
    return out;
}

int check_decimal_output(binder *b, const ss_expr *e, int location)
{
    const char *text = decimal_text(b, e);
    if (!text)
        return SS_OK;
    const char *numeric = numeric_literal_text(b->arena, text);
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ss_value_format(e->type, &e->u.cnst, &sb);
    bool same = numeric && sb.data && strcmp(sb.data, numeric) == 0;
    ss_strbuf_free(&sb);
    if (same)
        return SS_OK;
    numeric_unsupported(b, location);
    return SS_ERROR;
}

/* A numeric literal PostgreSQL types as numeric (not an integer that fits int8). */
static bool ast_is_decimal(const ast_expr *a)
{
    if (!a || a->kind != AE_NUMERIC)
        return false;
    char *end;
    errno = 0;
    (void)strtoll(a->str, &end, 10);
    return errno != 0 || *end != '\0';
}

static ss_expr *bind_const(binder *b, const ast_expr *a)
{
    ss_expr *e;
    switch (a->kind) {
    case AE_INT:
        if (a->ival >= INT32_MIN && a->ival <= INT32_MAX)
            e = new_expr(b, EXPR_CONST, type_of(SS_TYPE_INT4));
        else
            e = new_expr(b, EXPR_CONST, type_of(SS_TYPE_INT8));
        if (e)
            e->u.cnst.v.i = a->ival;
        return e;
    case AE_NUMERIC: {
        /* an integer literal too wide for int4 is int8 when it fits, as in PostgreSQL */
        char *end;
        errno = 0;
        long long ll = strtoll(a->str, &end, 10);
        if (errno == 0 && *end == '\0' && end != a->str) {
            /* -2147483648 arrives here (the lexer saw 2147483648) and is int4 in PostgreSQL */
            e = new_expr(b, EXPR_CONST, type_of(ll >= INT32_MIN && ll <= INT32_MAX ? SS_TYPE_INT4 : SS_TYPE_INT8));
            if (e)
                e->u.cnst.v.i = ll;
            return e;
        }
        /* PostgreSQL types these as numeric, which Sunstone does not have yet: they bind
           as float8 where float8 gives the same answer (see bind_op) */
        e = new_expr(b, EXPR_CONST, type_of(SS_TYPE_FLOAT8));
        if (e && ss_value_parse(b->ctx, e->type, a->str, strlen(a->str), &e->u.cnst)) {
            ss_ctx_error_position(b->ctx, a->location + 1);
            return NULL;
        }
        if (e && e->u.cnst.v.f == 0)
            e->u.cnst.v.f = 0.0; /* numeric has no negative zero: -0.0 is 0 */
        if (e && record_decimal(b, e, a->str))
            return NULL;
        return e;
    }
    case AE_STRING:
        e = new_expr(b, EXPR_CONST, type_of(SS_TYPE_UNKNOWN));
        if (e) {
            e->u.cnst.v.s.ptr = a->str;
            e->u.cnst.v.s.len = (uint32_t)strlen(a->str);
        }
        return e;
    case AE_NULL:
        return make_null(b, type_of(SS_TYPE_UNKNOWN));
    case AE_BOOL:
        e = new_expr(b, EXPR_CONST, type_of(SS_TYPE_BOOL));
        if (e)
            e->u.cnst.v.b = a->bval;
        return e;
    default:
        return NULL;
    }
}

static ss_expr *bind_column(binder *b, const ast_expr *a)
{
    const char *col = a->names[a->nnames - 1];
    if (a->nnames > 2) {
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                   "feature not supported: qualified names with a schema or database");
        return NULL;
    }
    if (a->nnames == 2 && (!b->table || strcmp(a->names[0], b->table_ref) != 0)) {
        bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_TABLE,
                   "missing FROM-clause entry for table \"%s\"", a->names[0]);
        return NULL;
    }
    if (b->table) {
        for (uint32_t i = 0; i < b->table->ncols; i++)
            if (strcmp(b->table->cols[i].name, col) == 0) {
                /* an ungrouped column: binding goes on (the plan is never built) */
                if (b->agg_mode && note_grouping_error(b, a->location, col))
                    return NULL;
                return make_column(b, i, b->table->types[i]);
            }
    }
    if (a->nnames == 2)
        bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_COLUMN, "column %s.%s does not exist",
                   a->names[0], col);
    else
        bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" does not exist", col);
    return NULL;
}

static ss_expr *bind_param(binder *b, const ast_expr *a)
{
    if (a->ival < 1 || a->ival > 65535) {
        bind_error(b, a->location, "42P02", "there is no parameter $%lld", (long long)a->ival);
        return NULL;
    }
    uint32_t idx = (uint32_t)a->ival - 1;
    if (idx >= b->nparams) {
        if (b->nfixed || b->no_params) {
            bind_error(b, a->location, "42P02", "there is no parameter $%lld", (long long)a->ival);
            return NULL;
        }
        if (idx >= b->cap_params) {
            uint32_t cap = idx + 8 > b->cap_params * 2 ? idx + 8 : b->cap_params * 2; /* amortised */
            ss_type *p = bind_alloc(b, cap * sizeof *p);
            if (!p)
                return NULL;
            if (b->nparams)
                memcpy(p, b->param_types, b->nparams * sizeof *p);
            b->param_types = p;
            b->cap_params = cap;
        }
        for (uint32_t i = b->nparams; i <= idx; i++)
            b->param_types[i] = type_of(SS_TYPE_UNKNOWN);
        b->nparams = idx + 1;
    }
    ss_expr *e = new_expr(b, EXPR_PARAM, b->param_types[idx]);
    if (!e)
        return NULL;
    e->u.param.index = idx;
    if (b->nparam_nodes == b->cap_param_nodes) {
        uint32_t cap = b->cap_param_nodes ? b->cap_param_nodes * 2 : 8;
        ss_expr **p = bind_alloc(b, cap * sizeof *p);
        uint32_t *prev = bind_alloc(b, cap * sizeof *prev);
        if (!p || !prev)
            return NULL;
        if (b->nparam_nodes) {
            memcpy(p, b->param_nodes, b->nparam_nodes * sizeof *p);
            memcpy(prev, b->param_prev, b->nparam_nodes * sizeof *prev);
        }
        b->param_nodes = p;
        b->param_prev = prev;
        b->cap_param_nodes = cap;
    }
    if (idx >= b->cap_param_last) {
        uint32_t cap = b->cap_params > idx ? b->cap_params : idx + 8;
        uint32_t *last = bind_alloc(b, cap * sizeof *last);
        if (!last)
            return NULL;
        if (b->cap_param_last)
            memcpy(last, b->param_last, b->cap_param_last * sizeof *last);
        b->param_last = last;
        b->cap_param_last = cap;
    }
    b->param_prev[b->nparam_nodes] = b->param_last[idx];
    b->param_nodes[b->nparam_nodes++] = e;
    b->param_last[idx] = b->nparam_nodes;
    return e;
}

/* ---- operators --------------------------------------------------------------------- */

static int numeric_rank(int32_t id)
{
    switch (id) {
    case SS_TYPE_INT2: return 1;
    case SS_TYPE_INT4: return 2;
    case SS_TYPE_INT8: return 3;
    case SS_TYPE_FLOAT8: return 4;
    default: return 0;
    }
}

static int32_t rank_type(int r)
{
    static const int32_t t[] = {0, SS_TYPE_INT2, SS_TYPE_INT4, SS_TYPE_INT8, SS_TYPE_FLOAT8};
    return t[r];
}

static ss_expr_op op_code(const char *name)
{
    static const struct { const char *n; ss_expr_op op; } ops[] = {
        {"+", OP_ADD}, {"-", OP_SUB}, {"*", OP_MUL}, {"/", OP_DIV}, {"%", OP_MOD},
        {"=", OP_EQ}, {"<>", OP_NE}, {"!=", OP_NE}, {"<", OP_LT}, {"<=", OP_LE},
        {">", OP_GT}, {">=", OP_GE}, {"||", OP_CONCAT}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(ops[i].n, name) == 0)
            return ops[i].op;
    return 0;
}

static bool is_comparison(ss_expr_op op)
{
    return op >= OP_EQ && op <= OP_GE;
}

static ss_expr *no_operator(binder *b, const ast_expr *a, const ss_expr *l, const ss_expr *r)
{
    char b1[96], b2[96];
    ss_type lt = l ? (is_unknown_param(b, l) ? type_of(SS_TYPE_UNKNOWN) : l->type) : type_of(SS_TYPE_INVALID);
    ss_type rt = is_unknown_param(b, r) ? type_of(SS_TYPE_UNKNOWN) : r->type;
    int pg = ss_pg_operator_lookup(a->str, l ? &lt : NULL, rt);
    if (pg == SS_PG_AMBIGUOUS) {
        if (l)
            bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "operator is not unique: %s %s %s",
                       tname(type_of(l->type.id), b1, sizeof b1), a->str, tname(type_of(r->type.id), b2, sizeof b2));
        else
            bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "operator is not unique: %s %s", a->str,
                       tname(type_of(r->type.id), b2, sizeof b2));
        ss_ctx_error_hint(b->ctx, "Could not choose a best candidate operator. You might need to add explicit "
                                  "type casts.");
        return NULL;
    }
    if (pg == SS_PG_EXISTS) { /* PostgreSQL has it, Sunstone not yet */
        if (l)
            bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: operator %s %s %s",
                       tname(type_of(l->type.id), b1, sizeof b1), a->str, tname(type_of(r->type.id), b2, sizeof b2));
        else
            bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: operator %s %s",
                       a->str, tname(type_of(r->type.id), b2, sizeof b2));
        return NULL;
    }
    if (l)
        bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_FUNCTION, "operator does not exist: %s %s %s",
                   tname(type_of(l->type.id), b1, sizeof b1), a->str, tname(type_of(r->type.id), b2, sizeof b2));
    else
        bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_FUNCTION, "operator does not exist: %s %s",
                   a->str, tname(type_of(r->type.id), b2, sizeof b2));
    ss_ctx_error_hint(b->ctx, l ? "No operator matches the given name and argument types. You might need to add "
                                  "explicit type casts."
                                : "No operator matches the given name and argument type. You might need to add an "
                                  "explicit type cast.");
    return NULL;
}

static ss_expr *numeric_unsupported(binder *b, int location)
{
    bind_error(b, location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
               "feature not supported: type numeric (write the literal as a float8, e.g. 1.5::float8)");
    return NULL;
}

static bool is_null_const(const ss_expr *e)
{
    return e && e->kind == EXPR_CONST && e->u.cnst.is_null;
}

/* A strict operator or function over args folds to NULL when one is a NULL constant, as in
 * PostgreSQL's planner, which first folds the other arguments: one whose folding failed
 * keeps the call, so that error is still raised. */
static bool strict_folds_to_null(const binder *b, ss_expr *const *args, uint32_t n)
{
    bool has_null = false;
    for (uint32_t i = 0; i < n; i++)
        has_null |= is_null_const(args[i]);
    if (!has_null)
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (find_deferred(b, args[i]))
            return false;
    return true;
}

static ss_expr *make_op(binder *b, ss_expr_op op, ss_type type, ss_expr *l, ss_expr *r)
{
    /* operators are strict: PostgreSQL folds one with a NULL constant operand to NULL */
    ss_expr *operands[2] = {l, r};
    if (strict_folds_to_null(b, operands, 2))
        return make_null(b, type);
    ss_expr *e = new_expr(b, EXPR_OP, type);
    if (e) {
        e->u.op.op = op;
        e->u.op.left = l;
        e->u.op.right = r;
    }
    return e;
}

static ss_expr *bind_unary(binder *b, const ast_expr *a, ss_expr *r)
{
    if (strcmp(a->str, "+") == 0 && numeric_rank(r->type.id))
        return r;
    if (strcmp(a->str, "-") == 0) {
        if (is_unknown_const(r)) {
            bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "operator is not unique: - unknown");
            ss_ctx_error_hint(b->ctx, "Could not choose a best candidate operator. You might need to add "
                                      "explicit type casts.");
            return NULL;
        }
        if (is_unknown_param(b, r))
            r = coerce_expr(b, r, type_of(SS_TYPE_INT4), CAST_IMPLICIT, a->location);
        if (r && numeric_rank(r->type.id)) {
            const char *dec = decimal_text(b, r);
            if (dec) {
                r->u.cnst.v.f = r->u.cnst.v.f == 0 ? 0.0 : -r->u.cnst.v.f; /* numeric has no -0 */
                char *neg = dec[0] == '-' ? ss_arena_strdup(b->arena, dec + 1)
                                          : ss_arena_printf(b->arena, "-%s", dec);
                if (!neg || record_decimal(b, r, neg))
                    return NULL;
                return r;
            }
            return make_op(b, OP_NEG, r->type, r, NULL);
        }
    }
    return r ? no_operator(b, a, NULL, r) : NULL;
}

/* The common type of two operands for arithmetic or comparison, following PostgreSQL. */
static bool common_type(binder *b, ss_expr **l, ss_expr **r, const ast_expr *a, ss_type *out)
{
    bool lu = is_unknown_const(*l) || is_unknown_param(b, *l);
    bool ru = is_unknown_const(*r) || is_unknown_param(b, *r);
    if (lu && ru) {
        *out = type_of(SS_TYPE_TEXT);
    } else if (lu) {
        *out = (*r)->type;
    } else if (ru) {
        *out = (*l)->type;
    } else {
        int lr = numeric_rank((*l)->type.id), rr = numeric_rank((*r)->type.id);
        if (lr && rr) {
            *out = type_of(rank_type(lr > rr ? lr : rr));
        } else if (ss_type_is_text((*l)->type.id) && ss_type_is_text((*r)->type.id)) {
            *out = type_of(SS_TYPE_TEXT);
            if ((*l)->type.id == SS_TYPE_VARCHAR && (*r)->type.id == SS_TYPE_VARCHAR)
                *out = type_of(SS_TYPE_TEXT);
        } else if ((*l)->type.id == (*r)->type.id) {
            *out = (*l)->type;
        } else {
            return false;
        }
    }
    if (out->id == SS_TYPE_VARCHAR)
        *out = type_of(SS_TYPE_TEXT);
    *l = coerce_expr(b, *l, *out, CAST_IMPLICIT, a->left->location);
    *r = coerce_expr(b, *r, *out, CAST_IMPLICIT, a->right->location);
    return *l && *r;
}

/* A binary operator implemented by a built-in function (LIKE -> like, ^ -> power):
 * resolves the function for the operand types and casts the operands to its parameters. */
static ss_expr *bind_operator_func(binder *b, const ast_expr *a, const char *fn, ss_expr *l, ss_expr *r)
{
    ss_type types[2] = {is_unknown_param(b, l) ? type_of(SS_TYPE_UNKNOWN) : l->type,
                        is_unknown_param(b, r) ? type_of(SS_TYPE_UNKNOWN) : r->type};
    const ss_func_def *def;
    ss_type want[2], result;
    if (ss_func_resolve(fn, 2, types, &def, want, &result) != SS_OK)
        return no_operator(b, a, l, r);
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * 2);
    if (!args || !(args[0] = coerce_expr(b, l, want[0], CAST_IMPLICIT, a->left->location)) ||
        !(args[1] = coerce_expr(b, r, want[1], CAST_IMPLICIT, a->right->location)))
        return NULL;
    if (def->strict && strict_folds_to_null(b, args, 2))
        return make_null(b, result);
    ss_expr *e = new_expr(b, EXPR_FUNC, result);
    if (e) {
        e->u.func.def = def;
        e->u.func.nargs = 2;
        e->u.func.args = args;
    }
    return e;
}

/* x ^ y: PostgreSQL's float8 power (integers convert implicitly; numeric literals only
 * where float8 is PostgreSQL's answer too, i.e. never against another numeric). */
static ss_expr *bind_power(binder *b, const ast_expr *a, ss_expr *l, ss_expr *r)
{
    bool lnum = is_numeric_valued(b, a->left, l), rnum = is_numeric_valued(b, a->right, r);
    if (lnum && rnum)
        return numeric_unsupported(b, a->left->location);
    if ((lnum && r->type.id != SS_TYPE_FLOAT8) || (rnum && l->type.id != SS_TYPE_FLOAT8))
        return numeric_unsupported(b, (lnum ? a->left : a->right)->location);
    return bind_operator_func(b, a, "power", l, r);
}

/* x [NOT] LIKE / ILIKE p: the operators ~~, !~~, ~~*, !~~* over text. */
static ss_expr *bind_like(binder *b, const ast_expr *a, ss_expr *l, ss_expr *r)
{
    bool negate = a->str[0] == '!';
    const char *op = a->str + (negate ? 1 : 0);
    const char *fn = strcmp(op, "~~") == 0 ? "like" : strcmp(op, "~~*") == 0 ? "ilike" : NULL;
    if (!fn)
        return no_operator(b, a, l, r);
    ss_expr *e = bind_operator_func(b, a, fn, l, r);
    if (!e || !negate)
        return e;
    if (!(e = fold_constants(b, e))) /* so that NOT of a constant folds too */
        return NULL;
    ss_expr *not = new_expr(b, EXPR_NOT, type_of(SS_TYPE_BOOL));
    if (not)
        not->u.arg = e;
    return not;
}

static ss_expr *bind_op(binder *b, const ast_expr *a)
{
    ss_expr *l = a->left ? bind_expr(b, a->left) : NULL;
    if (a->left && !l)
        return NULL;
    ss_expr *r = bind_expr(b, a->right);
    if (!r)
        return NULL;
    if (!a->left)
        return bind_unary(b, a, r);
    if (a->str[0] == '~' || (a->str[0] == '!' && a->str[1] == '~'))
        return bind_like(b, a, l, r);
    if (strcmp(a->str, "^") == 0)
        return bind_power(b, a, l, r);
    ss_expr_op op = op_code(a->str);
    if (!op)
        return no_operator(b, a, l, r);
    bool lnum = is_numeric_valued(b, a->left, l), rnum = is_numeric_valued(b, a->right, r);
    if (op == OP_CONCAT) {
        bool lt = ss_type_is_text(l->type.id), rt = ss_type_is_text(r->type.id);
        if (!lt && !rt)
            return no_operator(b, a, l, r);
        /* text || anynonarray: the other side is converted to text */
        l = lt ? coerce_expr(b, l, type_of(SS_TYPE_TEXT), CAST_IMPLICIT, a->left->location)
               : coerce_expr(b, l, type_of(SS_TYPE_TEXT), CAST_EXPLICIT, a->left->location);
        r = rt ? coerce_expr(b, r, type_of(SS_TYPE_TEXT), CAST_IMPLICIT, a->right->location)
               : coerce_expr(b, r, type_of(SS_TYPE_TEXT), CAST_EXPLICIT, a->right->location);
        if (!l || !r)
            return NULL;
        return make_op(b, OP_CONCAT, type_of(SS_TYPE_TEXT), l, r);
    }
    if (!is_comparison(op) && is_unknown_const(l) && is_unknown_const(r)) {
        bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "operator is not unique: unknown %s unknown", a->str);
        ss_ctx_error_hint(b->ctx, "Could not choose a best candidate operator. You might need to add explicit "
                                  "type casts.");
        return NULL;
    }
    if ((lnum || rnum) && !is_comparison(op)) {
        /* numeric literal arithmetic equals float8 arithmetic only against float8 */
        ss_expr *other = lnum ? r : l;
        if ((lnum && rnum) || other->type.id != SS_TYPE_FLOAT8)
            return numeric_unsupported(b, (lnum ? a->left : a->right)->location);
    }
    ss_type t;
    if (!common_type(b, &l, &r, a, &t)) {
        if (ss_ctx_error_pending(b->ctx))
            return NULL;
        return no_operator(b, a, l, r);
    }
    if (op == OP_MOD && t.id == SS_TYPE_FLOAT8)
        return no_operator(b, a, l, r);
    if (!is_comparison(op) && !numeric_rank(t.id))
        return no_operator(b, a, l, r);
    return make_op(b, op, is_comparison(op) ? type_of(SS_TYPE_BOOL) : t, l, r);
}

/* ---- boolean, null tests, CASE, functions ----------------------------------------- */

static int leftmost(int a, int b)
{
    return a < 0 ? b : b < 0 ? a : a < b ? a : b;
}

/* Where PostgreSQL reports an error about a whole expression (exprLocation of the analysed
 * tree): an operator, cast, test or boolean combination starts at its leftmost operand. */
int expr_location(const ast_expr *a)
{
    switch (a->kind) {
    case AE_OP:
        return a->left ? leftmost(a->location, expr_location(a->left)) : a->location;
    case AE_AND:
    case AE_OR:
    case AE_NOT:
    case AE_IS_NULL:
    case AE_IS_NOT_NULL:
    case AE_CAST:
    case AE_BETWEEN:
    case AE_IN_LIST:
        return a->nargs ? leftmost(a->location, expr_location(a->args[0])) : a->location;
    default:
        return a->location;
    }
}

ss_expr *bind_bool_expr(binder *b, const ast_expr *a, const char *clause)
{
    ss_expr *e = bind_expr(b, a);
    if (!e)
        return NULL;
    if (e->type.id == SS_TYPE_BOOL)
        return e;
    if (is_unknown_const(e) || is_unknown_param(b, e))
        return coerce_expr(b, e, type_of(SS_TYPE_BOOL), CAST_IMPLICIT, a->location);
    char b1[96];
    bind_error(b, expr_location(a), SS_SQLSTATE_DATATYPE_MISMATCH, "argument of %s must be type boolean, not type %s",
               clause, tname(type_of(e->type.id), b1, sizeof b1)); /* no typmod, as PostgreSQL */
    return NULL;
}

static ss_expr *bind_bool_list(binder *b, const ast_expr *a, ss_expr_kind kind, const char *clause)
{
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * a->nargs);
    if (!args)
        return NULL;
    for (uint32_t i = 0; i < a->nargs; i++)
        if (!(args[i] = bind_bool_expr(b, a->args[i], clause)))
            return NULL;
    if (kind == EXPR_NOT) {
        ss_expr *e = new_expr(b, EXPR_NOT, type_of(SS_TYPE_BOOL));
        if (e)
            e->u.arg = args[0];
        return e;
    }
    /* PostgreSQL folds AND with a FALSE constant to FALSE and OR with TRUE to TRUE before
       running anything, so the other arguments never raise errors */
    for (uint32_t i = 0; i < a->nargs; i++)
        if (args[i]->kind == EXPR_CONST && !args[i]->u.cnst.is_null && args[i]->u.cnst.v.b == (kind == EXPR_OR)) {
            /* it folds the arguments before that constant first: a failed fold there is
               still raised (the whole expression is kept so that it is found) */
            bool earlier_error = false;
            for (uint32_t j = 0; j < i; j++)
                earlier_error |= find_deferred(b, args[j]) != NULL;
            if (!earlier_error)
                return args[i];
            break;
        }
    /* all constants (TRUE/NULL left): PostgreSQL folds to NULL or to the identity */
    bool all_const = true, any_null = false;
    for (uint32_t i = 0; i < a->nargs; i++) {
        all_const &= args[i]->kind == EXPR_CONST;
        any_null |= args[i]->kind == EXPR_CONST && args[i]->u.cnst.is_null;
    }
    if (all_const) {
        ss_expr *c = make_null(b, type_of(SS_TYPE_BOOL));
        if (c && !any_null) {
            c->u.cnst.is_null = false;
            c->u.cnst.v.b = kind == EXPR_AND;
        }
        return c;
    }
    ss_expr *e = new_expr(b, kind, type_of(SS_TYPE_BOOL));
    if (e) {
        e->u.list.nargs = a->nargs;
        e->u.list.args = args;
    }
    return e;
}

/* Resolves the common result type of CASE/COALESCE branches and coerces them all. */
static bool unify(binder *b, ss_expr **items, const int *locs, uint32_t n, const char *what, ss_type *out,
                  bool *numeric)
{
    ss_type t = type_of(SS_TYPE_UNKNOWN);
    for (uint32_t i = 0; i < n; i++) {
        ss_expr *e = items[i];
        if (is_unknown_const(e) || is_unknown_param(b, e) || (e->kind == EXPR_CONST && e->u.cnst.is_null &&
                                                             e->type.id == SS_TYPE_UNKNOWN))
            continue;
        if (t.id == SS_TYPE_UNKNOWN) {
            t = e->type;
            continue;
        }
        int tr = numeric_rank(t.id), er = numeric_rank(e->type.id);
        if (tr && er) {
            t = type_of(rank_type(tr > er ? tr : er));
        } else if (ss_type_is_text(t.id) && ss_type_is_text(e->type.id)) {
            /* text and varchar convert both ways: the first one stays (select_common_type) */
            if (t.id != e->type.id || t.typmod != e->type.typmod)
                t = type_of(t.id);
        } else if (t.id != e->type.id) {
            char b1[96], b2[96];
            bind_error(b, locs[i], SS_SQLSTATE_DATATYPE_MISMATCH, "%s types %s and %s cannot be matched",
                       what, tname(type_of(t.id), b1, sizeof b1), tname(type_of(e->type.id), b2, sizeof b2));
            return false;
        }
    }
    if (t.id == SS_TYPE_UNKNOWN)
        t = type_of(SS_TYPE_TEXT);
    for (uint32_t i = 0; i < n; i++)
        if (is_unknown_const(items[i]) || is_unknown_param(b, items[i]))
            t.typmod = -1; /* PostgreSQL keeps a length only when every input has it */
    /* numeric in PostgreSQL unless a genuine float8 branch makes the result float8 */
    bool genuine_float = false;
    for (uint32_t i = 0; i < n; i++)
        genuine_float |= items[i]->type.id == SS_TYPE_FLOAT8 && !decimal_text(b, items[i]);
    *numeric = false;
    for (uint32_t i = 0; i < n; i++) {
        if (!genuine_float && check_decimal_output(b, items[i], locs[i]))
            return false;
        *numeric |= !genuine_float && is_numeric_valued(b, NULL, items[i]);
    }
    for (uint32_t i = 0; i < n; i++)
        if (!(items[i] = coerce_expr(b, items[i], t, CAST_IMPLICIT, locs[i])))
            return false;
    *out = t;
    return true;
}

static ss_expr *build_case(binder *b, ss_expr **whens, ss_expr **thens, uint32_t n, ss_expr *els,
                           const int *locs, int els_loc, const char *what)
{
    ss_expr **items = bind_alloc(b, sizeof(ss_expr *) * (n + 1));
    int *ilocs = bind_alloc(b, sizeof(int) * (n + 1));
    if (!items || !ilocs)
        return NULL;
    /* PostgreSQL resolves the ELSE first, then the THENs (transformCaseExpr): that order
       decides which pair a type mismatch names */
    uint32_t first = els ? 1 : 0;
    if (els) {
        items[0] = els;
        ilocs[0] = els_loc;
    }
    for (uint32_t i = 0; i < n; i++) {
        items[first + i] = thens[i];
        ilocs[first + i] = locs[i];
    }
    ss_type t;
    bool numeric;
    if (!unify(b, items, ilocs, n + first, what, &t, &numeric))
        return NULL;
    if (els) { /* back to THENs, then ELSE */
        ss_expr *coerced_els = items[0];
        memmove(items, items + 1, n * sizeof *items);
        items[n] = coerced_els;
    }
    ss_expr *e = new_expr(b, EXPR_CASE, t);
    if (!e)
        return NULL;
    e->u.kase.nwhen = n;
    e->u.kase.whens = whens;
    e->u.kase.thens = items;
    e->u.kase.els = els ? items[n] : NULL;
    return numeric && mark_numeric(b, e) ? NULL : e;
}

/* PostgreSQL's planner drops WHENs that are constant FALSE/NULL and everything after a
 * constant TRUE one; a CASE left with no WHEN is its ELSE. */
static ss_expr *prune_case(binder *b, ss_expr *e)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < e->u.kase.nwhen; i++) {
        const ss_expr *w = e->u.kase.whens[i];
        if (w->kind == EXPR_CONST && (w->u.cnst.is_null || !w->u.cnst.v.b))
            continue;
        if (w->kind == EXPR_CONST) { /* constant TRUE: this THEN is the answer when reached */
            e->u.kase.els = e->u.kase.thens[i];
            break;
        }
        e->u.kase.whens[k] = e->u.kase.whens[i];
        e->u.kase.thens[k++] = e->u.kase.thens[i];
    }
    e->u.kase.nwhen = k;
    if (k > 0)
        return e;
    return e->u.kase.els ? e->u.kase.els : make_null(b, e->type);
}

/* An expression PostgreSQL types as unknown: a NULL or string literal, or a parameter
 * whose type nothing has fixed yet. */
static bool untyped_ast(binder *b, const ast_expr *a)
{
    if (a->kind == AE_NULL || a->kind == AE_STRING)
        return true;
    if (a->kind != AE_PARAM || a->ival < 1)
        return false;
    uint32_t idx = (uint32_t)a->ival - 1;
    return idx >= b->nparams || b->param_types[idx].id == SS_TYPE_UNKNOWN;
}

static ss_expr *bind_case(binder *b, const ast_expr *a)
{
    uint32_t n = a->nwhens;
    ss_expr **whens = bind_alloc(b, sizeof(ss_expr *) * n);
    ss_expr **thens = bind_alloc(b, sizeof(ss_expr *) * n);
    int *locs = bind_alloc(b, sizeof(int) * n);
    if (!whens || !thens || !locs)
        return NULL;
    /* an untyped operand (NULL, 'literal', a parameter of unknown type) is text, as in
       PostgreSQL's transformCaseExpr */
    ast_expr *argv[1] = {a->arg};
    ast_expr text_arg = {0};
    if (a->arg && untyped_ast(b, a->arg)) {
        text_arg.kind = AE_CAST;
        text_arg.location = a->arg->location;
        text_arg.args = argv;
        text_arg.nargs = 1;
        text_arg.type = (ast_type_name){.name = "text", .typmod = -1, .location = a->arg->location};
    }
    int dead_from = b->dead_code; /* restore point */
    bool taken = false;           /* an earlier WHEN is constant TRUE: the rest is dead */
    uint32_t naggs_kept = 0;      /* aggregates registered before the rest went dead */
    for (uint32_t i = 0; i < n; i++) {
        if (a->arg) {
            /* simple CASE x WHEN v: x = v, reported at the WHEN */
            ast_expr eq = {0};
            eq.kind = AE_OP;
            eq.location = a->when_locations ? a->when_locations[i] : a->whens[i]->location;
            eq.str = "=";
            eq.left = text_arg.kind ? &text_arg : a->arg;
            eq.right = a->whens[i];
            whens[i] = bind_bool_expr(b, &eq, "CASE/WHEN");
        } else {
            whens[i] = bind_bool_expr(b, a->whens[i], "CASE/WHEN");
        }
        if (!whens[i])
            return NULL;
        bool never = whens[i]->kind == EXPR_CONST && (whens[i]->u.cnst.is_null || !whens[i]->u.cnst.v.b);
        if (never && !taken)
            b->dead_code++;
        thens[i] = bind_expr(b, a->thens[i]);
        if (never && !taken)
            b->dead_code--;
        if (!thens[i])
            return NULL;
        if (!taken && whens[i]->kind == EXPR_CONST && !whens[i]->u.cnst.is_null && whens[i]->u.cnst.v.b) {
            taken = true;
            b->dead_code++;
            naggs_kept = b->agg ? b->agg->naggs : 0;
        }
        locs[i] = expr_location(a->thens[i]);
    }
    ss_expr *els = NULL;
    if (a->els && !(els = bind_expr(b, a->els))) {
        b->dead_code = dead_from;
        return NULL;
    }
    b->dead_code = dead_from;
    if (taken && b->agg)
        b->agg->naggs = naggs_kept; /* PostgreSQL's planner drops them with their branches */
    ss_expr *e = build_case(b, whens, thens, n, els, locs, a->els ? expr_location(a->els) : -1, "CASE");
    return e ? prune_case(b, e) : NULL;
}

static ss_expr *bind_coalesce(binder *b, const ast_expr *a)
{
    /* COALESCE(a, b, c) = CASE WHEN a IS NOT NULL THEN a WHEN b IS NOT NULL THEN b ELSE c */
    uint32_t n = a->nargs;
    ss_expr **vals = bind_alloc(b, sizeof(ss_expr *) * n);
    int *locs = bind_alloc(b, sizeof(int) * n);
    if (!vals || !locs)
        return NULL;
    /* PostgreSQL's planner drops every argument after a non-NULL constant: they are still
       type-checked but never evaluated, and aggregates inside them are not computed */
    uint32_t live = n;
    uint32_t naggs_kept = b->agg ? b->agg->naggs : 0;
    int dead_from = b->dead_code;
    for (uint32_t i = 0; i < n; i++) {
        vals[i] = bind_expr(b, a->args[i]);
        if (!vals[i]) {
            b->dead_code = dead_from;
            return NULL;
        }
        locs[i] = expr_location(a->args[i]);
        if (live == n && vals[i]->kind == EXPR_CONST && !vals[i]->u.cnst.is_null) {
            live = i + 1;
            b->dead_code++;
            naggs_kept = b->agg ? b->agg->naggs : 0;
        }
    }
    b->dead_code = dead_from;
    if (b->agg && live < n)
        b->agg->naggs = naggs_kept; /* aggregates only the dropped arguments used */
    ss_type t;
    bool numeric;
    if (!unify(b, vals, locs, n, "COALESCE", &t, &numeric))
        return NULL;
    n = live;
    /* NULL constants are dropped; a non-NULL constant that comes first is the result */
    uint32_t first = 0;
    while (first < n && is_null_const(vals[first]))
        first++;
    if (first == n)
        return make_null(b, t);
    if (vals[first]->kind == EXPR_CONST)
        return vals[first];
    ss_expr **whens = bind_alloc(b, sizeof(ss_expr *) * n);
    if (!whens)
        return NULL;
    for (uint32_t i = 0; i + 1 < n; i++) {
        if (!(whens[i] = new_expr(b, EXPR_IS_NOT_NULL, type_of(SS_TYPE_BOOL))))
            return NULL;
        whens[i]->u.arg = vals[i];
    }
    ss_expr *e = new_expr(b, EXPR_CASE, t);
    if (!e)
        return NULL;
    e->u.kase.nwhen = n - 1;
    e->u.kase.whens = whens;
    e->u.kase.thens = vals;
    e->u.kase.els = vals[n - 1];
    return numeric && mark_numeric(b, e) ? NULL : e;
}

static ss_expr *bind_between(binder *b, const ast_expr *a)
{
    /* x BETWEEN lo AND hi = x >= lo AND x <= hi */
    ast_expr ge = {0}, le = {0}, both = {0};
    ge.kind = le.kind = AE_OP;
    ge.location = le.location = both.location = a->location;
    ge.str = ">=";
    le.str = "<=";
    ge.left = le.left = a->args[0];
    ge.right = a->args[1];
    le.right = a->args[2];
    ast_expr *parts[2] = {&ge, &le};
    both.kind = AE_AND;
    both.args = parts;
    both.nargs = 2;
    if (a->negated) {
        /* PostgreSQL expands NOT BETWEEN as x < lo OR x > hi (its errors name those) */
        ge.str = "<";
        le.str = ">";
        both.kind = AE_OR;
    }
    return bind_expr(b, &both);
}

/* Whether an IN-list item refers to a column (PostgreSQL's contain_vars_of_level): such items
 * are compared one by one, the others are the array of x = ANY (...). */
static bool is_column_ref(const ast_expr *e)
{
    return e->kind == AE_COLUMN || e->kind == AE_STAR;
}

static bool ast_has_column(const ast_expr *e)
{
    return ast_any(e, is_column_ref);
}

/* PostgreSQL's select_common_type for an IN list, without raising: the type the left operand
 * and the array items all convert to, or false when their categories differ (the list is then
 * compared item by item, whose errors name the operator).  Comparisons of strings are over
 * text. */
static bool in_common_type(binder *b, ss_expr *const *exprs, uint32_t n, ss_type *out)
{
    ss_type t = type_of(SS_TYPE_UNKNOWN);
    for (uint32_t i = 0; i < n; i++) {
        const ss_expr *e = exprs[i];
        if (is_unknown_const(e) || is_unknown_param(b, e))
            continue;
        if (t.id == SS_TYPE_UNKNOWN) {
            t = e->type;
            continue;
        }
        int tr = numeric_rank(t.id), er = numeric_rank(e->type.id);
        if (tr && er) {
            if (er > tr)
                t = e->type; /* the one the other converts to implicitly */
        } else if (!(ss_type_is_text(t.id) && ss_type_is_text(e->type.id)) && t.id != e->type.id) {
            return false;
        }
    }
    if (t.id == SS_TYPE_UNKNOWN || t.id == SS_TYPE_VARCHAR)
        t = type_of(SS_TYPE_TEXT);
    t.typmod = -1;
    *out = t;
    return true;
}

static ss_expr *fold_constants(binder *b, ss_expr *e);

/* x = ANY (items) / x <> ALL (items) over the items without columns (nonvar[k] = 1 + their
 * index in a->args), as PostgreSQL builds it: the items are converted to the common type of x
 * and all of them, then x; a list of constants and parameters becomes one EXPR_IN probing a
 * hash set (of the constants: built now), other items (unfolded expressions) a chain of
 * comparisons.  *out stays NULL when there is no common type. */
static int bind_in_any(binder *b, const ast_expr *a, ss_expr *l, ss_expr **items, const uint32_t *nonvar,
                       uint32_t n, ss_expr **out)
{
    *out = NULL;
    ss_expr **all = bind_alloc(b, sizeof(ss_expr *) * (n + 1));
    if (!all)
        return SS_ERROR;
    all[0] = l;
    for (uint32_t k = 0; k < n; k++)
        all[k + 1] = items[nonvar[k] - 1];
    ss_type t;
    if (!in_common_type(b, all, n + 1, &t))
        return SS_OK;
    bool all_const = true, all_values = true;
    for (uint32_t k = 0; k < n; k++) {
        ss_expr *c = coerce_expr(b, all[k + 1], t, CAST_IMPLICIT, a->args[nonvar[k]]->location);
        if (!c)
            return SS_ERROR;
        all[k + 1] = c;
        all_const &= c->kind == EXPR_CONST;
        all_values &= c->kind == EXPR_CONST || c->kind == EXPR_PARAM;
    }
    if (!(l = coerce_expr(b, l, t, CAST_IMPLICIT, a->args[0]->location)))
        return SS_ERROR;
    ss_expr_op op = a->negated ? OP_NE : OP_EQ;
    if (!all_values) {
        ss_expr **cmps = bind_alloc(b, sizeof(ss_expr *) * n);
        ss_expr *chain = new_expr(b, a->negated ? EXPR_AND : EXPR_OR, type_of(SS_TYPE_BOOL));
        if (!cmps || !chain)
            return SS_ERROR;
        for (uint32_t k = 0; k < n; k++)
            if (!(cmps[k] = make_op(b, op, type_of(SS_TYPE_BOOL), l, all[k + 1])) ||
                !(cmps[k] = fold_constants(b, cmps[k])))
                return SS_ERROR;
        chain->u.list.nargs = n;
        chain->u.list.args = cmps;
        *out = chain;
        return SS_OK;
    }
    ss_expr *e = new_expr(b, EXPR_IN, type_of(SS_TYPE_BOOL));
    if (!e)
        return SS_ERROR;
    e->u.in.arg = l;
    e->u.in.nitems = n;
    e->u.in.items = all + 1;
    e->u.in.negated = a->negated;
    if (all_const && !(e->u.in.set = ss_in_set_build(b->ctx, b->arena, t, all + 1, n)))
        return SS_ERROR;
    *out = fold_constants(b, e);
    return *out ? SS_OK : SS_ERROR;
}

/* x IN (a, b, ...) as PostgreSQL's transformAExprIn: x and every item are bound first; the
 * items without columns, when there are several, form x = ANY (array) (bind_in_any); the
 * others are x = item, ORed after it.  NOT IN is x <> ALL (array) AND x <> item ... */
static ss_expr *bind_in_list(binder *b, const ast_expr *a)
{
    uint32_t n = a->nargs - 1;
    ss_expr **items = bind_alloc(b, sizeof(ss_expr *) * n);
    uint32_t *nonvar = bind_alloc(b, sizeof(uint32_t) * n);
    bool *pairwise = bind_alloc(b, sizeof(bool) * n);
    ss_expr **parts = bind_alloc(b, sizeof(ss_expr *) * (n + 1));
    if (!items || !nonvar || !pairwise || !parts)
        return NULL;
    ss_expr *l = bind_expr(b, a->args[0]);
    if (!l)
        return NULL;
    uint32_t nnonvar = 0, nparts = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!(items[i] = bind_expr(b, a->args[i + 1])))
            return NULL;
        pairwise[i] = ast_has_column(a->args[i + 1]);
        if (!pairwise[i])
            nonvar[nnonvar++] = i + 1;
    }
    ss_expr *any = NULL;
    if (nnonvar > 1 && bind_in_any(b, a, l, items, nonvar, nnonvar, &any))
        return NULL;
    if (any)
        parts[nparts++] = any;
    for (uint32_t i = 0; i < n; i++) {
        if (any && !pairwise[i])
            continue;
        /* compared on its own, as x = item (x <> item), bound again from the syntax */
        ast_expr cmp = {0};
        cmp.kind = AE_OP;
        cmp.location = a->location;
        cmp.str = a->negated ? "<>" : "=";
        cmp.left = a->args[0];
        cmp.right = a->args[i + 1];
        if (!(parts[nparts++] = bind_expr(b, &cmp)))
            return NULL;
    }
    if (nparts == 1)
        return parts[0];
    ss_expr_kind kind = a->negated ? EXPR_AND : EXPR_OR;
    /* as for AND / OR: a constant deciding the result is the result */
    for (uint32_t i = 0; i < nparts; i++)
        if (parts[i]->kind == EXPR_CONST && !parts[i]->u.cnst.is_null && parts[i]->u.cnst.v.b == (kind == EXPR_OR))
            return parts[i];
    ss_expr *e = new_expr(b, kind, type_of(SS_TYPE_BOOL));
    if (e) {
        e->u.list.nargs = nparts;
        e->u.list.args = parts;
    }
    return e;
}

static const char *unsupported_type_names[] = {
    "numeric", "float4", "real", "date", "timestamp", "timestamptz", "time", "timetz", "interval",
    "bytea", "json", "jsonb", "uuid", "bpchar", "char", "serial", "bigserial", "smallserial",
    "money", "inet", "cidr", "oid", "decimal", NULL};

int bind_type_name(binder *b, const ast_type_name *tn, ss_type *out)
{
    int32_t id;
    if (!ss_type_lookup_name(tn->name, &id)) {
        for (const char **u = unsupported_type_names; *u; u++)
            if (strcmp(*u, tn->name) == 0)
                return bind_error(b, tn->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                  "feature not supported: type %s", tn->name);
        return bind_error(b, tn->location, SS_SQLSTATE_UNDEFINED_OBJECT, "type \"%s\" does not exist", tn->name);
    }
    out->id = id;
    out->typmod = -1;
    if (tn->typmod >= 0) {
        if (id != SS_TYPE_VARCHAR)
            return bind_error(b, tn->location, "42601", "type modifier is not allowed for type \"%s\"",
                              ss_type_internal_name(id));
        if (tn->typmod < 1)
            return bind_error(b, tn->location, "22023", "length for type varchar must be at least 1");
        if (tn->typmod > 10485760)
            return bind_error(b, tn->location, "22023", "length for type varchar cannot exceed 10485760");
        out->typmod = tn->typmod + 4;
    }
    return SS_OK;
}

static ss_expr *bind_cast(binder *b, const ast_expr *a)
{
    ss_type target;
    if (bind_type_name(b, &a->type, &target))
        return NULL;
    ss_expr *arg = bind_expr(b, a->args[0]);
    if (!arg)
        return NULL;
    /* a missing cast is reported at the cast, input errors at the value, as PostgreSQL does */
    if (!is_unknown_const(arg) && !is_unknown_param(b, arg) && !ss_cast_exists(arg->type, target, CAST_EXPLICIT)) {
        char b1[96], b2[96];
        bind_error(b, a->location, "42846", "cannot cast type %s to %s", tname(arg->type, b1, sizeof b1),
                   tname(target, b2, sizeof b2));
        return NULL;
    }
    return coerce_expr(b, arg, target, CAST_EXPLICIT, a->args[0]->location >= 0 ? a->args[0]->location : a->location);
}

static ss_expr *bind_aggregate(binder *b, const ast_expr *a);

static ss_expr *bind_func(binder *b, const ast_expr *a)
{
    if (is_aggregate_name(a))
        return bind_aggregate(b, a);
    if (a->star || a->distinct) {
        bind_error(b, a->location, "42809", "%s specified, but %s is not an aggregate function",
                   a->star ? "*" : "DISTINCT", a->names[a->nnames - 1]);
        return NULL;
    }
    if (a->nnames > 2 || (a->nnames == 2 && strcmp(a->names[0], "pg_catalog") != 0)) {
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                   "feature not supported: functions in schemas other than pg_catalog");
        return NULL;
    }
    const char *name = a->names[a->nnames - 1];
    uint32_t n = a->nargs;
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (n ? n : 1));
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (n ? n : 1));
    ss_type *want = bind_alloc(b, sizeof(ss_type) * (n ? n : 1));
    if (!args || !types || !want)
        return NULL;
    for (uint32_t i = 0; i < n; i++) {
        if (!(args[i] = bind_expr(b, a->args[i])))
            return NULL;
        types[i] = is_unknown_param(b, args[i]) ? type_of(SS_TYPE_UNKNOWN) : args[i]->type;
    }
    /* A decimal literal is numeric in PostgreSQL, which would pick a numeric overload unless
       every other numeric argument is float8: only then is the float8 answer PostgreSQL's. */
    for (uint32_t i = 0; i < n; i++) {
        if (!is_numeric_valued(b, a->args[i], args[i]))
            continue;
        bool other_float = false, other_exact = false;
        for (uint32_t k = 0; k < n; k++) {
            if (k == i || is_numeric_valued(b, a->args[k], args[k]))
                continue;
            if (types[k].id == SS_TYPE_FLOAT8)
                other_float = true;
            else if (numeric_rank(types[k].id) || types[k].id == SS_TYPE_UNKNOWN)
                other_exact = true;
        }
        if (!other_float || other_exact)
            return numeric_unsupported(b, a->args[i]->location);
    }
    const ss_func_def *def;
    ss_type result;
    int resolved = ss_func_resolve(name, n, types, &def, want, &result);
    int32_t as_type;
    if (resolved != SS_OK && n == 1 && ss_type_lookup_name(name, &as_type) &&
        strcmp(ss_type_internal_name(as_type), name) == 0 &&
        (is_unknown_const(args[0]) || is_unknown_param(b, args[0]) ||
         ss_cast_exists(args[0]->type, type_of(as_type), CAST_EXPLICIT)))
        /* a type name applied to one value is a cast (PostgreSQL's function-style cast) */
        return coerce_expr(b, args[0], type_of(as_type), CAST_EXPLICIT, a->args[0]->location);
    if (resolved != SS_OK) {
        char sig[512] = "";
        size_t off = 0;
        for (uint32_t i = 0; i < n; i++) {
            char b1[96];
            off += (size_t)snprintf(sig + off, sizeof sig - off, "%s%s", i ? ", " : "",
                                    tname(type_of(types[i].id), b1, sizeof b1)); /* no typmod, as PostgreSQL */
            if (off >= sizeof sig)
                break;
        }
        if (n == 1 && ss_pg_type_cast_exists(name, types[0])) { /* PostgreSQL's function-style cast */
            bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: type %s", name);
            return NULL;
        }
        int pg = resolved == SS_FUNC_AMBIGUOUS ? SS_PG_AMBIGUOUS : ss_pg_function_lookup(name, n, types);
        if (pg == SS_PG_AMBIGUOUS) {
            bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "function %s(%s) is not unique", name, sig);
            ss_ctx_error_hint(b->ctx, "Could not choose a best candidate function. You might need to add "
                                      "explicit type casts.");
            return NULL;
        }
        if (pg == SS_PG_EXISTS) { /* PostgreSQL has it, Sunstone not yet */
            bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: function %s(%s)",
                       name, sig);
            return NULL;
        }
        bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_FUNCTION, "function %s(%s) does not exist", name, sig);
        ss_ctx_error_hint(b->ctx, "No function matches the given name and argument types. You might need "
                                  "to add explicit type casts.");
        return NULL;
    }
    for (uint32_t i = 0; i < n; i++)
        if (!(args[i] = coerce_expr(b, args[i], want[i], CAST_IMPLICIT, a->args[i]->location)))
            return NULL;
    if (def->strict && strict_folds_to_null(b, args, n))
        return make_null(b, result); /* strict function of a NULL constant */
    ss_expr *e = new_expr(b, EXPR_FUNC, result);
    if (e) {
        e->u.func.def = def;
        e->u.func.nargs = n;
        e->u.func.args = args;
    }
    return e;
}

/* Aggregate call: bind the argument over the input, pick the result type (PostgreSQL's
 * rules), and return a reference to the aggregate's output column. */
static ss_expr *bind_aggregate(binder *b, const ast_expr *a)
{
    const char *name = a->names[0];
    if (!b->agg) {
        bind_error(b, a->location, SS_SQLSTATE_GROUPING_ERROR, "aggregate functions are not allowed in %s",
                   b->no_agg_context ? b->no_agg_context : "this context");
        return NULL;
    }
    if (!b->agg_mode) {
        bind_error(b, a->location, SS_SQLSTATE_GROUPING_ERROR, "aggregate function calls cannot be nested");
        return NULL;
    }
    ss_agg_call call;
    memset(&call, 0, sizeof call);
    call.name = name;
    call.distinct = a->distinct;
    if (a->star) {
        if (strcmp(name, "count") != 0 || a->nargs) {
            /* PostgreSQL reads f(*) as f() */
            bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_FUNCTION, "function %s() does not exist", name);
            ss_ctx_error_hint(b->ctx, "No function matches the given name and argument types. You might need "
                                      "to add explicit type casts.");
            return NULL;
        }
        call.result_type = type_of(SS_TYPE_INT8);
    } else {
        if (a->nargs == 0 && strcmp(name, "count") == 0) {
            bind_error(b, a->location, "42809",
                       "count(*) must be used to call a parameterless aggregate function");
            return NULL;
        }
        if (a->nargs != 1) {
            char sig[512] = "";
            size_t off = 0;
            b->agg_mode = false;
            for (uint32_t i = 0; i < a->nargs && off < sizeof sig; i++) {
                ss_expr *arg = bind_expr(b, a->args[i]);
                if (!arg)
                    return NULL;
                char b1[96];
                off += (size_t)snprintf(sig + off, sizeof sig - off, "%s%s", i ? ", " : "",
                                        tname(type_of(arg->type.id), b1, sizeof b1));
            }
            b->agg_mode = true;
            bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_FUNCTION, "function %s(%s) does not exist", name, sig);
            ss_ctx_error_hint(b->ctx, "No function matches the given name and argument types. You might need "
                                      "to add explicit type casts.");
            return NULL;
        }
        b->agg_mode = false;
        ss_expr *arg = bind_expr(b, a->args[0]);
        b->agg_mode = true;
        if (!arg)
            return NULL;
        if (strcmp(name, "count") != 0 && is_numeric_valued(b, NULL, arg))
            return numeric_unsupported(b, a->args[0]->location);
        /* sum/avg have only numeric candidates, so PostgreSQL cannot pick one for an untyped
           literal; min/max settle on text */
        if ((!strcmp(name, "sum") || !strcmp(name, "avg")) && is_unknown_const(arg)) {
            bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "function %s(unknown) is not unique", name);
            ss_ctx_error_hint(b->ctx, "Could not choose a best candidate function. You might need to add explicit "
                                      "type casts.");
            return NULL;
        }
        arg = resolve_unknown(b, arg, a->args[0]->location);
        if (!arg)
            return NULL;
        int32_t t = arg->type.id;
        char b1[96];
        if (!strcmp(name, "count")) {
            call.result_type = type_of(SS_TYPE_INT8);
        } else if (!strcmp(name, "sum")) {
            if (t == SS_TYPE_INT2 || t == SS_TYPE_INT4)
                call.result_type = type_of(SS_TYPE_INT8);
            else if (t == SS_TYPE_FLOAT8)
                call.result_type = type_of(SS_TYPE_FLOAT8);
            else if (t == SS_TYPE_INT8) {
                bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                           "feature not supported: sum(bigint) returns numeric, which Sunstone does not have yet");
                return NULL;
            } else {
                bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_FUNCTION, "function sum(%s) does not exist",
                           tname(arg->type, b1, sizeof b1));
                ss_ctx_error_hint(b->ctx, "No function matches the given name and argument types. You "
                                          "might need to add explicit type casts.");
                return NULL;
            }
        } else if (!strcmp(name, "avg")) {
            if (t == SS_TYPE_FLOAT8)
                call.result_type = type_of(SS_TYPE_FLOAT8);
            else if (ss_type_is_integer(t)) {
                bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                           "feature not supported: avg(%s) returns numeric, which Sunstone does not have yet",
                           tname(arg->type, b1, sizeof b1));
                ss_ctx_error_hint(b->ctx, "Use avg(x::float8).");
                return NULL;
            } else {
                bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_FUNCTION, "function avg(%s) does not exist",
                           tname(arg->type, b1, sizeof b1));
                ss_ctx_error_hint(b->ctx, "No function matches the given name and argument types. You "
                                          "might need to add explicit type casts.");
                return NULL;
            }
        } else {
            /* min / max: every type Sunstone has is ordered; varchar results are text */
            call.result_type = t == SS_TYPE_VARCHAR ? type_of(SS_TYPE_TEXT) : arg->type;
            if (t == SS_TYPE_BOOL) {
                bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_FUNCTION, "function %s(boolean) does not exist", name);
                ss_ctx_error_hint(b->ctx, "No function matches the given name and argument types. You "
                                          "might need to add explicit type casts.");
                return NULL;
            }
        }
        call.arg = arg;
    }
    agg_state *st = b->agg;
    for (uint32_t i = 0; i < st->naggs; i++) {
        ss_agg_call *c = &st->aggs[i];
        if (!strcmp(c->name, call.name) && c->distinct == call.distinct &&
            ((!c->arg && !call.arg) || (c->arg && call.arg && expr_equal(c->arg, call.arg))))
            return make_column(b, st->ngroups + i, c->result_type);
    }
    if (st->naggs == st->cap_aggs) {
        uint32_t cap = st->cap_aggs ? st->cap_aggs * 2 : 8;
        ss_agg_call *p = bind_alloc(b, cap * sizeof *p);
        if (!p)
            return NULL;
        if (st->naggs)
            memcpy(p, st->aggs, st->naggs * sizeof *p);
        st->aggs = p;
        st->cap_aggs = cap;
    }
    st->aggs[st->naggs] = call;
    return make_column(b, st->ngroups + st->naggs++, call.result_type);
}

/* In an aggregate query's output, an expression equal to a GROUP BY expression becomes a
 * reference to that group column. */
static ss_expr *match_group(binder *b, const ast_expr *a)
{
    if (!b->agg_mode || ast_has_aggregate(a) || a->kind == AE_STAR)
        return NULL;
    b->agg_mode = false;
    ss_error *saved = b->ctx->err;
    ss_error scratch;
    memset(&scratch, 0, sizeof scratch);
    ss_error_clear(&scratch);
    b->ctx->err = &scratch; /* a failed try is not an error: binding continues below */
    ss_expr *e = bind_expr(b, a);
    b->ctx->err = saved;
    ss_error_clear(&scratch);
    b->agg_mode = true;
    if (!e)
        return NULL;
    /* PostgreSQL matches before folding: an expression folded to a constant (b AND false)
       is the group only when written the same way */
    for (uint32_t i = 0; i < b->agg->ngroups; i++)
        if (e->kind == EXPR_CONST ? ast_equal(a, b->agg->group_asts[i]) : expr_equal(e, b->agg->groups[i]))
            return make_column(b, i, b->agg->groups[i]->type);
    return NULL;
}

static ss_expr *bind_expr_node(binder *b, const ast_expr *a);

static bool is_const(const ss_expr *e)
{
    return e && e->kind == EXPR_CONST && e->type.id != SS_TYPE_UNKNOWN;
}

/* PostgreSQL's planner evaluates every operator and function whose inputs are all constants
 * before running the query (eval_const_expressions): do the same, so such errors surface
 * (without a position) even when no row is read, and in the same order. */
static ss_expr *fold_constants(binder *b, ss_expr *e)
{
    bool all_const = true;
    switch (e->kind) {
    case EXPR_OP:
    case EXPR_FUNC:
    case EXPR_NOT:
        /* every operand (unary minus has no right one) */
        for (uint32_t i = 0, n = ss_expr_nchildren(e); i < n; i++) {
            const ss_expr *c = ss_expr_child_const(e, i);
            all_const &= !c || is_const(c);
        }
        break;
    case EXPR_IS_NULL:
    case EXPR_IS_NOT_NULL:
        if (e->u.arg->kind == EXPR_CONST && e->u.arg->type.id == SS_TYPE_UNKNOWN) {
            /* 'text' IS NULL: no type needed */
            ss_expr *c = make_null(b, type_of(SS_TYPE_BOOL));
            if (c) {
                c->u.cnst.is_null = false;
                c->u.cnst.v.b = e->u.arg->u.cnst.is_null == (e->kind == EXPR_IS_NULL);
            }
            return c;
        }
        all_const = is_const(e->u.arg);
        break;
    case EXPR_IN: /* set: its items are constants */
        all_const = e->u.in.set && is_const(e->u.in.arg);
        break;
    case EXPR_CONST:
    case EXPR_COLUMN:
    case EXPR_PARAM:
    case EXPR_AND:
    case EXPR_OR:
    case EXPR_CAST:
    case EXPR_CASE:
        return e;
    }
    if (!all_const || decimal_text(b, e))
        return e;
    ss_expr *c = new_expr(b, EXPR_CONST, e->type);
    if (!c)
        return NULL;
    int rc;
    FOLD_GUARDED(b, rc, ss_expr_eval_scalar(b->ctx, e, &c->u.cnst));
    if (rc == SS_OK)
        return c;
    return b->dead_code || defer_fold(b, e) == SS_OK ? e : NULL;
}

static int defer_fold(binder *b, const ss_expr *e)
{
    if (b->ndeferred == b->capdeferred) {
        uint32_t cap = b->capdeferred ? b->capdeferred * 2 : 8;
        const ss_expr **p = bind_alloc(b, cap * sizeof *p);
        if (!p)
            return SS_ERROR;
        if (b->ndeferred)
            memcpy(p, b->deferred, b->ndeferred * sizeof *p);
        b->deferred = p;
        b->capdeferred = cap;
    }
    if (!b->deferred_set.arena)
        ss_ptrmap_init(&b->deferred_set, b->arena);
    if (ss_ptrmap_put(&b->deferred_set, e, NULL) != 0)
        return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    b->deferred[b->ndeferred++] = e;
    return SS_OK;
}

/* Finds a deferred node inside e (depth first, left to right), looking into each shared
 * subtree once. */
typedef struct deferred_search {
    const binder *b;
    const ss_expr *found;
} deferred_search;

static int is_deferred(const ss_expr *e, void *arg)
{
    deferred_search *ds = arg;
    if (!ss_ptrmap_get(&ds->b->deferred_set, e, NULL))
        return SS_WALK_CONTINUE;
    ds->found = e;
    return SS_WALK_STOP;
}

static const ss_expr *find_deferred(const binder *b, const ss_expr *e)
{
    ss_ptrmap seen;
    ss_ptrmap_init(&seen, b->arena);
    deferred_search ds = {b, NULL};
    if (ss_expr_walk_const(e, is_deferred, &ds, &seen) == SS_WALK_NOMEM)
        ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return ds.found;
}

static int raise_if_deferred(binder *b, const ss_expr *e)
{
    const ss_expr *d = find_deferred(b, e);
    if (!d)
        return ss_ctx_error_pending(b->ctx) ? SS_ERROR : SS_OK;
    ss_value v;
    if (ss_expr_eval_scalar(b->ctx, d, &v) != SS_OK)
        return SS_ERROR; /* the error PostgreSQL's planner raises */
    return SS_OK;
}

bool has_deferred(const binder *b, const ss_expr *e)
{
    return find_deferred(b, e) != NULL;
}

int raise_deferred_in(binder *b, const ss_expr *e)
{
    return raise_if_deferred(b, e);
}

int raise_deferred_folds(binder *b, const ss_plan *p)
{
    if (!p || b->ndeferred == 0)
        return SS_OK;
    const ss_plan_node *n = &p->node;
    switch (n->role) {
    case SS_ROLE_PROJECT:
        for (uint32_t i = 0; i < n->project.nexprs; i++)
            if (raise_if_deferred(b, n->project.exprs[i]))
                return SS_ERROR;
        break;
    case SS_ROLE_FILTER:
        if (raise_if_deferred(b, n->filter.predicate))
            return SS_ERROR;
        break;
    case SS_ROLE_AGGREGATE:
        for (uint32_t i = 0; i < n->aggregate.ngroups; i++)
            if (raise_if_deferred(b, n->aggregate.groups[i]))
                return SS_ERROR;
        for (uint32_t i = 0; i < n->aggregate.naggs; i++)
            if (raise_if_deferred(b, n->aggregate.aggs[i].arg))
                return SS_ERROR;
        break;
    case SS_ROLE_VALUES:
        for (uint32_t i = 0; i < n->values.nrows * n->ncols; i++)
            if (raise_if_deferred(b, n->values.exprs[i]))
                return SS_ERROR;
        break;
    default:
        break;
    }
    for (uint32_t i = 0; i < n->nchildren; i++)
        if (raise_deferred_folds(b, p->children[i]))
            return SS_ERROR;
    return SS_OK;
}

ss_expr *bind_expr(binder *b, const ast_expr *a)
{
    if (ss_ctx_check_stack(b->ctx))
        return NULL;
    ss_expr *e = bind_expr_node(b, a);
    return e ? fold_constants(b, e) : NULL;
}

static ss_expr *bind_expr_node(binder *b, const ast_expr *a)
{
    if (b->agg_mode) {
        ss_expr *g = match_group(b, a);
        if (g)
            return g;
    }
    switch (a->kind) {
    case AE_COLUMN:
        return bind_column(b, a);
    case AE_STAR:
        bind_error(b, a->location, "42601", "syntax error at or near \"*\"");
        return NULL;
    case AE_INT:
    case AE_NUMERIC:
    case AE_STRING:
    case AE_NULL:
    case AE_BOOL:
        return bind_const(b, a);
    case AE_PARAM:
        return bind_param(b, a);
    case AE_OP:
        return bind_op(b, a);
    case AE_AND:
        return bind_bool_list(b, a, EXPR_AND, "AND");
    case AE_OR:
        return bind_bool_list(b, a, EXPR_OR, "OR");
    case AE_NOT:
        return bind_bool_list(b, a, EXPR_NOT, "NOT");
    case AE_IS_NULL:
    case AE_IS_NOT_NULL: {
        ss_expr *arg = bind_expr(b, a->args[0]);
        if (!arg)
            return NULL;
        ss_expr *e = new_expr(b, a->kind == AE_IS_NULL ? EXPR_IS_NULL : EXPR_IS_NOT_NULL, type_of(SS_TYPE_BOOL));
        if (e)
            e->u.arg = arg;
        return e;
    }
    case AE_FUNC:
        return bind_func(b, a);
    case AE_CAST:
        return bind_cast(b, a);
    case AE_CASE:
        return bind_case(b, a);
    case AE_COALESCE:
        return bind_coalesce(b, a);
    case AE_BETWEEN:
        return bind_between(b, a);
    case AE_IN_LIST:
        return bind_in_list(b, a);
    }
    bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: expression kind %d",
               (int)a->kind); /* every kind the parser produces is handled above */
    return NULL;
}

/* PostgreSQL's FigureColnameInternal: a name and its strength (2: a column or function
 * name, 1: a type or "case", 0: nothing).  Casts and CASE keep a strong inner name. */
static int colname(const ast_expr *e, const char **name)
{
    switch (e->kind) {
    case AE_COLUMN:
    case AE_FUNC:
        *name = e->names[e->nnames - 1];
        return 2;
    case AE_COALESCE:
        *name = "coalesce";
        return 2;
    case AE_CAST: {
        int strength = colname(e->args[0], name);
        if (strength <= 1) {
            *name = e->type.name; /* the grammar's name: int4, float8, varchar ... */
            return 1;
        }
        return strength;
    }
    case AE_CASE: {
        int strength = e->els ? colname(e->els, name) : 0;
        if (strength <= 1) {
            *name = "case";
            return 1;
        }
        return strength;
    }
    default:
        return 0;
    }
}

const char *figure_colname(const ast_expr *e)
{
    const char *name = "?column?";
    return colname(e, &name) ? name : "?column?";
}
