/* jsonpath_exec.c — the evaluation of a parsed SQL/JSON path (jsonpath.h) over a decoded jsonb
 * tree as PostgreSQL 15's executeJsonPath does: lax mode unwraps arrays for accessors,
 * filters, arithmetic and comparisons and hides structural errors, strict mode raises them;
 * predicates are three-valued (an error inside one is "unknown"); the errors are PostgreSQL's
 * (2203A, 22039, 22033, 22038, 2203B, 22036, 22012, 2203C, 22031), kept aside while a
 * predicate runs and raised (or, with silent, dropped, the items found before kept) at the
 * end.  Accessor chains run item by item, depth first, as PostgreSQL's executeNextItem; .**
 * hides the structural errors of what follows it; .keyvalue() numbers its objects as
 * PostgreSQL (jsonpath_id.c); .datetime() and datetime comparisons are jsonpath_datetime.c's. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "types/json/jsonpath.h"
#include "types/numeric/numeric.h"
#include "types/regex_like.h"

/* R_ERR: a jsonpath error (st->state / msg); R_STOP: a lax existence check found its first
   item, the evaluation ends there successfully (PostgreSQL's executeNextItem without a found
   list), so a later item's error is never raised */
enum { R_OK = 0, R_ERR = 1, R_FATAL = -1, R_STOP = 2 };
enum { B_FALSE, B_TRUE, B_UNKNOWN };

typedef struct jp_state {
    ss_ctx *ctx;
    ss_arena *a;
    bool strict;
    jv *root, *vars;
    int64_t last; /* the array size - 1 inside a subscript, -1 outside */
    bool in_subscript;
    bool use_tz; /* the _tz functions: datetime casts and comparisons may use the TimeZone */
    bool ignore;  /* structural errors ignored (the items after .**, as PostgreSQL's
                     ignoreStructuralErrors) */
    struct { const jv *root; int64_t id; } bases[64]; /* .keyvalue()'s base objects */
    uint32_t nbases;
    int64_t next_id; /* the id of the next object .keyvalue() makes */
    bool stop_first; /* a lax existence check: R_STOP at the first item the path yields */
    uint32_t nested; /* inside a predicate, an arithmetic operand or a subscript: no R_STOP */
    char state[6];
    char msg[256];
    char detail[256], hint[256]; /* of an error taken from a function PostgreSQL calls softly */
} jp_state;

static int jerr(jp_state *st, const char *sqlstate, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int jerr(jp_state *st, const char *sqlstate, const char *fmt, ...)
{
    memcpy(st->state, sqlstate, 6);
    st->detail[0] = st->hint[0] = '\0';
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->msg, sizeof st->msg, fmt, ap);
    va_end(ap);
    return R_ERR;
}

/* a structural error raised: strict mode, not after .** */
#define STRICT_ERR(st) ((st)->strict && !(st)->ignore)

static int oom(jp_state *st)
{
    ss_ctx_error(st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return R_FATAL;
}

static int push(jp_state *st, jp_seq *s, jv *v)
{
    if (s->n == s->cap) {
        uint32_t cap = s->cap ? s->cap * 2 : 8;
        jv **bigger = ss_arena_alloc(st->a, sizeof(jv *) * cap);
        if (!bigger)
            return oom(st);
        if (s->n)
            memcpy(bigger, s->v, sizeof(jv *) * s->n);
        s->v = bigger, s->cap = cap;
    }
    s->v[s->n++] = v;
    return R_OK;
}

static jv *new_item(jp_state *st, int kind)
{
    jv *v = ss_arena_alloc(st->a, sizeof *v);
    if (v) {
        memset(v, 0, sizeof *v);
        v->kind = (uint8_t)kind;
    }
    return v;
}

static int push_number(jp_state *st, jp_seq *out, const ss_text *t)
{
    jv *v = new_item(st, JB_NUMBER);
    if (!v)
        return oom(st);
    v->s = t->ptr, v->len = t->len;
    return push(st, out, v);
}

static ss_text num_of(const jv *v)
{
    return (ss_text){v->s, v->len, 0};
}

static int eval(jp_state *st, const jp_node *n, jv *cur, jp_seq *out);
static int pred(jp_state *st, const jp_node *n, jv *cur, int *res);

/* The items of s, arrays replaced by their elements (lax mode's unwrapping), into out. */
static int unwrap(jp_state *st, const jp_seq *s, jp_seq *out)
{
    for (uint32_t k = 0; k < s->n; k++) {
        jv *v = s->v[k];
        if (v->kind == JB_ARRAY && !st->strict) {
            for (uint32_t e = 0; e < v->n; e++)
                if (push(st, out, &v->items[e]))
                    return R_FATAL;
        } else if (push(st, out, v)) {
            return R_FATAL;
        }
    }
    return R_OK;
}

static int key(jp_state *st, const jp_node *n, jv *v, jp_seq *out)
{
    if (v->kind == JB_ARRAY && !st->strict) {
        for (uint32_t e = 0; e < v->n; e++) {
            int rc = key(st, n, &v->items[e], out);
            if (rc)
                return rc;
        }
        return R_OK;
    }
    if (v->kind != JB_OBJECT)
        return STRICT_ERR(st) ? jerr(st, "2203A", "jsonpath member accessor can only be applied to an object") : R_OK;
    for (uint32_t k = 0; k < v->n; k++) {
        jv *kv = &v->items[2 * k];
        if (kv->len == n->len && memcmp(kv->s, n->s, n->len) == 0)
            return push(st, out, &v->items[2 * k + 1]);
    }
    return STRICT_ERR(st) ? jerr(st, "2203A", "JSON object does not contain key \"%.*s\"", (int)n->len, n->s) : R_OK;
}

static int anykey(jp_state *st, jv *v, jp_seq *out, bool unwrapping)
{
    if (v->kind == JB_ARRAY && !st->strict && unwrapping) {
        for (uint32_t e = 0; e < v->n; e++) {
            int rc = anykey(st, &v->items[e], out, false);
            if (rc)
                return rc;
        }
        return R_OK;
    }
    if (v->kind != JB_OBJECT)
        return STRICT_ERR(st) ? jerr(st, "2203C", "jsonpath wildcard member accessor can only be applied to an object")
                          : R_OK;
    for (uint32_t k = 0; k < v->n; k++)
        if (push(st, out, &v->items[2 * k + 1]))
            return R_FATAL;
    return R_OK;
}

/* A subscript's value: one number, truncated toward zero to an int4. */
static int subscript(jp_state *st, const jp_node *e, jv *cur, int64_t *out)
{
    jp_seq s = {0};
    int rc = eval(st, e, cur, &s);
    if (rc)
        return rc;
    if (s.n != 1 || s.v[0]->kind != JB_NUMBER)
        return jerr(st, "22033", "jsonpath array subscript is not a single numeric value");
    ss_text t = num_of(s.v[0]);
    double d = num_to_double(&t);
    if (!(d > -2147483649.0 && d < 2147483648.0))
        return jerr(st, "22033", "jsonpath array subscript is out of integer range");
    *out = (int64_t)trunc(d);
    return R_OK;
}

static int index_items(jp_state *st, const jp_node *n, jv *v, jv *cur, jp_seq *out)
{
    jv wrapped;
    if (v->kind != JB_ARRAY) {
        if (STRICT_ERR(st))
            return jerr(st, "22039", "jsonpath array accessor can only be applied to an array");
        wrapped = (jv){.kind = JB_ARRAY, .n = 1, .items = v};
        v = &wrapped;
    }
    int64_t saved = st->last;
    bool saved_in = st->in_subscript;
    st->last = (int64_t)v->n - 1, st->in_subscript = true;
    int rc = R_OK;
    for (uint32_t k = 0; k < n->nsubs && rc == R_OK; k++) {
        int64_t from, to;
        if ((rc = subscript(st, n->subs[2 * k], cur, &from)))
            break;
        to = from;
        if (n->subs[2 * k + 1] && (rc = subscript(st, n->subs[2 * k + 1], cur, &to)))
            break;
        if (from < 0 || to >= (int64_t)v->n || from > to) {
            if (STRICT_ERR(st)) {
                rc = jerr(st, "22033", "jsonpath array subscript is out of bounds");
                break;
            }
            if (from < 0)
                from = 0;
            if (to >= (int64_t)v->n)
                to = (int64_t)v->n - 1;
        }
        for (int64_t i = from; i <= to && rc == R_OK; i++)
            rc = push(st, out, &v->items[i]);
    }
    st->last = saved, st->in_subscript = saved_in;
    return rc;
}

static int descend(jp_state *st, const jp_node *const *acc, uint32_t k, uint32_t n, jv *v, jv *cur, jp_seq *out);

/* .keyvalue() of object v: one object {"id", "key", "value"} per pair, in key order, into out
 * (acc NULL) or each through the accessors acc[k + 1..n) before the next is made, so that
 * the ids of the objects made follow PostgreSQL's order. */
static int keyvalue(jp_state *st, jv *v, jp_seq *out, const jp_node *const *acc, uint32_t k, uint32_t n, jv *cur)
{
    if (v->kind != JB_OBJECT)
        return jerr(st, "2203C", "jsonpath item method .keyvalue() can only be applied to an object");
    int64_t id = -1;
    for (uint32_t b = st->nbases; b-- > 0 && id < 0;)
        id = jp_object_id(st->bases[b].root, st->bases[b].id, v);
    ss_text idnum;
    if (num_from_int64(st->ctx, id < 0 ? 0 : id, &idnum))
        return R_FATAL;
    static const char *const names[] = {"id", "key", "value"};
    for (uint32_t p = 0; p < v->n; p++) {
        jv *obj = new_item(st, JB_OBJECT), *items = ss_arena_alloc(st->a, sizeof(jv) * 6);
        if (!obj || !items)
            return oom(st);
        memset(items, 0, sizeof(jv) * 6);
        for (int f = 0; f < 3; f++) {
            items[2 * f].kind = JB_STRING;
            items[2 * f].s = names[f], items[2 * f].len = (uint32_t)strlen(names[f]);
        }
        items[1].kind = JB_NUMBER, items[1].s = idnum.ptr, items[1].len = idnum.len;
        items[3] = v->items[2 * p];
        items[5] = v->items[2 * p + 1];
        obj->n = 3, obj->items = items;
        if (st->nbases < sizeof st->bases / sizeof st->bases[0]) {
            st->bases[st->nbases].root = obj, st->bases[st->nbases].id = st->next_id;
            st->nbases++;
        }
        st->next_id++;
        int rc = acc ? descend(st, acc, k + 1, n, obj, cur, out) : push(st, out, obj);
        if (rc)
            return rc;
    }
    return R_OK;
}

/* .**{first to last}'s items below container v at level (PostgreSQL's executeAnyItem). */
static int any_items(jp_state *st, const jp_node *n, jv *v, uint32_t level, jp_seq *out)
{
    if (level > n->last)
        return R_OK;
    for (uint32_t k = 0; k < v->n; k++) {
        jv *c = v->kind == JB_OBJECT ? &v->items[2 * k + 1] : &v->items[k];
        bool container = c->kind == JB_ARRAY || c->kind == JB_OBJECT;
        if ((level >= n->first || (n->first == JP_ANY_LAST && n->last == JP_ANY_LAST && !container)) &&
            push(st, out, c))
            return R_FATAL;
        if (level < n->last && container) {
            int rc = any_items(st, n, c, level + 1, out);
            if (rc)
                return rc;
        }
    }
    return R_OK;
}

/* Whether the chain of accessors ending at n passes through .** */
static bool after_any(const jp_node *n)
{
    for (; n; n = n->arg) {
        if (n->kind == JP_ANY)
            return true;
        if (n->kind != JP_KEY && n->kind != JP_ANYKEY && n->kind != JP_ANYELEM && n->kind != JP_INDEX &&
            n->kind != JP_FILTER && n->kind != JP_METHOD)
            return false;
    }
    return false;
}

static int method(jp_state *st, const jp_node *n, jv *v, jp_seq *out)
{
    static const char *const names[] = {"size", "type", "double", "abs", "floor", "ceiling"};
    if (n->op == JPM_TYPE) {
        jv *t = new_item(st, JB_STRING);
        if (!t)
            return oom(st);
        t->s = v->kind == JP_DATETIME ? jp_datetime_type_name(v) : jb_type_name(v->kind), t->len = (uint32_t)strlen(t->s);
        return push(st, out, t);
    }
    if (n->op == JPM_SIZE) {
        if (v->kind != JB_ARRAY && STRICT_ERR(st))
            return jerr(st, "22039", "jsonpath item method .size() can only be applied to an array");
        ss_text t;
        if (num_from_int64(st->ctx, v->kind == JB_ARRAY ? v->n : 1, &t))
            return R_FATAL;
        return push_number(st, out, &t);
    }
    if (v->kind == JB_ARRAY && !st->strict) {
        for (uint32_t e = 0; e < v->n; e++) {
            int rc = method(st, n, &v->items[e], out);
            if (rc)
                return rc;
        }
        return R_OK;
    }
    if (n->op == JPM_KEYVALUE)
        return keyvalue(st, v, out, NULL, 0, 0, NULL);
    if (n->op == JPM_DATETIME) {
        if (v->kind != JB_STRING)
            return jerr(st, "22031", "jsonpath item method .datetime() can only be applied to a string");
        /* its errors are jsonpath errors (silent, unknown in a predicate): taken off ctx */
        ss_error e = {.sqlstate = "00000"}, *saved = st->ctx->err;
        jv *d = NULL;
        st->ctx->err = &e;
        int rc = jp_datetime_make(st->ctx, v, n->s, n->len, n->has_template, st->a, &d);
        st->ctx->err = saved;
        if (rc) {
            bool oom = strcmp(e.sqlstate, SS_SQLSTATE_OUT_OF_MEMORY) == 0;
            rc = jerr(st, e.sqlstate, "%s", e.message ? e.message : "");
            snprintf(st->detail, sizeof st->detail, "%s", e.detail ? e.detail : "");
            snprintf(st->hint, sizeof st->hint, "%s", e.hint ? e.hint : "");
            ss_error_clear(&e);
            if (oom)
                return ss_ctx_error(st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory"), R_FATAL;
            return rc;
        }
        return push(st, out, d);
    }
    ss_text t;
    if (n->op == JPM_DOUBLE) {
        double d;
        if (v->kind == JB_NUMBER) {
            ss_text x = num_of(v);
            d = num_to_double(&x);
            if (!isfinite(d))
                return jerr(st, "22036",
                            "numeric argument of jsonpath item method .double() is out of range for type double "
                            "precision");
        } else if (v->kind == JB_STRING) {
            char buf[128];
            char *end = NULL;
            size_t l = v->len < sizeof buf - 1 ? v->len : sizeof buf - 1;
            memcpy(buf, v->s, l);
            buf[l] = '\0';
            d = strtod(buf, &end);
            while (end && (*end == ' ' || *end == '\t' || *end == '\n'))
                end++;
            if (v->len >= sizeof buf - 1 || l == 0 || !end || *end || !isfinite(d))
                return jerr(st, "22036",
                            "string argument of jsonpath item method .double() is not a valid representation of a "
                            "double precision number");
        } else {
            return jerr(st, "22036", "jsonpath item method .double() can only be applied to a string or numeric value");
        }
        if (num_from_double(st->ctx, d, 15, &t))
            return R_FATAL;
        return push_number(st, out, &t);
    }
    if (v->kind != JB_NUMBER)
        return jerr(st, "22036", "jsonpath item method .%s() can only be applied to a numeric value", names[n->op]);
    ss_text x = num_of(v), zero, one;
    if (num_from_int64(st->ctx, 0, &zero) || num_from_int64(st->ctx, 1, &one))
        return R_FATAL;
    bool neg = num_compare(&x, &zero) < 0;
    if (n->op == JPM_ABS) {
        if (!neg)
            return push(st, out, v);
        if (num_negate(st->ctx, &x, &t))
            return R_FATAL;
        return push_number(st, out, &t);
    }
    /* floor / ceiling: the integer part (x - x % 1), one further down or up when a fraction is cut */
    ss_text frac, whole;
    if (num_binop(st->ctx, NUM_OP_MOD, &x, &one, &frac) || num_binop(st->ctx, NUM_OP_SUB, &x, &frac, &whole))
        return R_FATAL;
    bool cut = num_compare(&frac, &zero) != 0;
    if (cut && n->op == JPM_FLOOR && neg && num_binop(st->ctx, NUM_OP_SUB, &whole, &one, &whole))
        return R_FATAL;
    if (cut && n->op == JPM_CEILING && !neg && num_binop(st->ctx, NUM_OP_ADD, &whole, &one, &whole))
        return R_FATAL;
    ss_num w;
    uint8_t *buf = ss_arena_alloc(st->a, whole.len * 2 + 64);
    if (!buf)
        return oom(st);
    num_decode(&whole, &w, buf);
    if (num_round_scale(st->ctx, &w, 0, true, &t)) /* no scale left: floor(-1.5) is -2, not -2.0 */
        return R_FATAL;
    return push_number(st, out, &t);
}

static int arith(jp_state *st, const jp_node *n, jv *cur, jp_seq *out)
{
    static const char *const ops = "+-*/%";
    jp_seq l = {0}, r = {0}, lu = {0}, ru = {0};
    int rc;
    if ((rc = eval(st, n->left, cur, &l)) || (rc = unwrap(st, &l, &lu)))
        return rc;
    if (lu.n != 1 || lu.v[0]->kind != JB_NUMBER)
        return jerr(st, "22038", "left operand of jsonpath operator %c is not a single numeric value", ops[n->op]);
    if ((rc = eval(st, n->right, cur, &r)) || (rc = unwrap(st, &r, &ru)))
        return rc;
    if (ru.n != 1 || ru.v[0]->kind != JB_NUMBER)
        return jerr(st, "22038", "right operand of jsonpath operator %c is not a single numeric value", ops[n->op]);
    ss_text a = num_of(lu.v[0]), b = num_of(ru.v[0]), zero, res;
    if (num_from_int64(st->ctx, 0, &zero))
        return R_FATAL;
    if ((n->op == JPO_DIV || n->op == JPO_MOD) && num_compare(&b, &zero) == 0)
        return jerr(st, "22012", "division by zero");
    static const int numop[] = {NUM_OP_ADD, NUM_OP_SUB, NUM_OP_MUL, NUM_OP_DIV, NUM_OP_MOD};
    if (num_binop(st->ctx, numop[n->op], &a, &b, &res))
        return R_FATAL;
    return push_number(st, out, &res);
}

/* exists_only: the path's last step in an existence test, where PostgreSQL skips the items
 * that are not numbers and stops at the first number. */
static int unary(jp_state *st, const jp_node *n, jv *cur, jp_seq *out, bool exists_only)
{
    jp_seq s = {0}, u = {0};
    int rc;
    if ((rc = eval(st, n->left, cur, &s)) || (rc = unwrap(st, &s, &u)))
        return rc;
    for (uint32_t k = 0; k < u.n; k++) {
        if (exists_only) {
            if (u.v[k]->kind == JB_NUMBER)
                return push(st, out, u.v[k]);
            continue;
        }
        if (u.v[k]->kind != JB_NUMBER)
            return jerr(st, "2203B", "operand of unary jsonpath operator %c is not a numeric value", n->op);
        if (n->op == '+') {
            if (push(st, out, u.v[k]))
                return R_FATAL;
            continue;
        }
        ss_text x = num_of(u.v[k]), t;
        if (num_negate(st->ctx, &x, &t) || push_number(st, out, &t))
            return R_FATAL;
    }
    return R_OK;
}

/* One accessor n applied to item v (cur: the filter's current item), its results into out. */
static int apply(jp_state *st, const jp_node *n, jv *v, jv *cur, jp_seq *out)
{
    int rc = R_OK;
    switch (n->kind) {
    case JP_ANY:
        if (n->first == 0 && push(st, out, v))
            return R_FATAL;
        if (v->kind == JB_ARRAY || v->kind == JB_OBJECT)
            rc = any_items(st, n, v, 1, out);
        return rc;
    case JP_KEY: return key(st, n, v, out);
    case JP_ANYKEY: return anykey(st, v, out, true);
    case JP_ANYELEM:
        if (v->kind == JB_ARRAY) {
            for (uint32_t e = 0; e < v->n && !rc; e++)
                rc = push(st, out, &v->items[e]);
            return rc;
        }
        return !st->strict      ? push(st, out, v)
               : STRICT_ERR(st) ? jerr(st, "22039", "jsonpath wildcard array accessor can only be applied to an array")
                                : R_OK;
    case JP_INDEX:
        st->nested++;
        rc = index_items(st, n, v, cur, out);
        st->nested--;
        return rc;
    case JP_METHOD: return method(st, n, v, out);
    default: { /* JP_FILTER: the items (an array's elements in lax mode) the predicate holds for */
        uint32_t ne = v->kind == JB_ARRAY && !st->strict ? v->n : 1;
        for (uint32_t e = 0; e < ne && !rc; e++) {
            jv *item = v->kind == JB_ARRAY && !st->strict ? &v->items[e] : v;
            int b;
            st->nested++;
            rc = pred(st, n->right, item, &b);
            st->nested--;
            if (rc == R_OK && b == B_TRUE)
                rc = push(st, out, item);
        }
        return rc;
    }
    }
}

static bool is_accessor(const jp_node *n)
{
    return n->kind == JP_ANY || n->kind == JP_KEY || n->kind == JP_ANYKEY || n->kind == JP_ANYELEM ||
           n->kind == JP_INDEX || n->kind == JP_FILTER || n->kind == JP_METHOD;
}

/* Item v through the accessors acc[k..n) depth first, as PostgreSQL's executeNextItem, so that
 * .keyvalue()'s object ids and the items found before an error follow its order. */
static int descend(jp_state *st, const jp_node *const *acc, uint32_t k, uint32_t n, jv *v, jv *cur, jp_seq *out)
{
    if (k == n) {
        int rc = push(st, out, v);
        return rc == R_OK && st->stop_first && !st->nested ? R_STOP : rc;
    }
    if (st->stop_first && !st->nested && !st->strict && v->kind == JB_ARRAY && acc[k]->kind == JP_METHOD &&
        acc[k]->op != JPM_TYPE && acc[k]->op != JPM_SIZE && acc[k]->op != JPM_KEYVALUE) {
        /* lax: the method over each element, each result going on before the next element */
        for (uint32_t e = 0; e < v->n; e++) {
            jp_seq tmp = {0};
            int rc = apply(st, acc[k], &v->items[e], cur, &tmp);
            if (rc == R_FATAL)
                return rc;
            for (uint32_t i = 0; i < tmp.n; i++) {
                int r = descend(st, acc, k + 1, n, tmp.v[i], cur, out);
                if (r)
                    return r;
            }
            if (rc)
                return rc;
        }
        return R_OK;
    }
    if (acc[k]->kind == JP_METHOD && acc[k]->op == JPM_KEYVALUE) { /* each object it makes goes on at once */
        if (v->kind != JB_ARRAY || st->strict)
            return keyvalue(st, v, out, acc, k, n, cur);
        for (uint32_t e = 0; e < v->n; e++) {
            int rc = keyvalue(st, &v->items[e], out, acc, k, n, cur);
            if (rc)
                return rc;
        }
        return R_OK;
    }
    bool saved = st->ignore;
    if (after_any(acc[k]->arg))
        st->ignore = true;
    jp_seq tmp = {0};
    int rc = apply(st, acc[k], v, cur, &tmp);
    st->ignore = saved;
    if (rc == R_FATAL)
        return rc;
    for (uint32_t i = 0; i < tmp.n; i++) { /* what it found before an error goes on first */
        int r = descend(st, acc, k + 1, n, tmp.v[i], cur, out);
        if (r)
            return r;
    }
    return rc;
}

/* An accessor chain ending at n: its first item's values, each through the accessors. */
static int chain(jp_state *st, const jp_node *n, jv *cur, jp_seq *out)
{
    uint32_t len = 0;
    const jp_node *h = n;
    for (; h && is_accessor(h); h = h->arg)
        len++;
    const jp_node **acc = ss_arena_alloc(st->a, sizeof *acc * len);
    if (!acc)
        return oom(st);
    h = n;
    for (uint32_t k = len; k-- > 0; h = h->arg)
        acc[k] = h;
    jp_seq in = {0};
    int rc = h ? eval(st, h, cur, &in) : push(st, &in, cur);
    if (rc)
        return rc;
    for (uint32_t i = 0; i < in.n; i++)
        if ((rc = descend(st, acc, 0, len, in.v[i], cur, out)))
            return rc;
    return R_OK;
}

static int eval(jp_state *st, const jp_node *n, jv *cur, jp_seq *out)
{
    int rc;
    switch (n->kind) {
    case JP_ROOT: return push(st, out, st->root);
    case JP_CURRENT: return push(st, out, cur);
    case JP_LITERAL: return push(st, out, (jv *)&n->lit);
    case JP_LAST: {
        ss_text t;
        if (num_from_int64(st->ctx, st->last, &t))
            return R_FATAL;
        return push_number(st, out, &t);
    }
    case JP_VAR:
        if (st->vars && st->vars->kind == JB_OBJECT)
            for (uint32_t k = 0; k < st->vars->n; k++) {
                jv *kv = &st->vars->items[2 * k];
                if (kv->len == n->len && memcmp(kv->s, n->s, n->len) == 0)
                    return push(st, out, &st->vars->items[2 * k + 1]);
            }
        ss_ctx_error(st->ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "could not find jsonpath variable \"%.*s\"", (int)n->len,
                     n->s);
        return R_FATAL;
    case JP_ANY:
    case JP_KEY:
    case JP_ANYKEY:
    case JP_ANYELEM:
    case JP_INDEX:
    case JP_FILTER:
    case JP_METHOD: return chain(st, n, cur, out);
    case JP_BINARY:
        if (n->op <= JPO_MOD) {
            st->nested++;
            rc = arith(st, n, cur, out);
            st->nested--;
            return rc;
        }
        break;
    case JP_UNARY:
        st->nested++;
        rc = unary(st, n, cur, out, false);
        st->nested--;
        return rc;
    default: break;
    }
    /* a predicate as a value: true, false or null for unknown */
    int b;
    st->nested++;
    rc = pred(st, n, cur, &b);
    st->nested--;
    if (rc)
        return rc;
    jv *v = new_item(st, b == B_TRUE ? JB_TRUE : b == B_FALSE ? JB_FALSE : JB_NULL);
    return v ? push(st, out, v) : oom(st);
}

/* compareItems: B_TRUE / B_FALSE / B_UNKNOWN (values of different kinds but null, containers,
 * incomparable datetimes); -1 (R_FATAL) after a datetime cast refused without the TimeZone. */
static int compare_items(jp_state *st, int op, const jv *a, const jv *b)
{
    int ka = a->kind == JB_TRUE ? JB_FALSE : a->kind, kb = b->kind == JB_TRUE ? JB_FALSE : b->kind;
    if (ka != kb) {
        if (ka == JB_NULL || kb == JB_NULL)
            return op == JPO_NE ? B_TRUE : B_FALSE;
        return B_UNKNOWN;
    }
    int c;
    switch (ka) {
    case JB_NULL: c = 0; break;
    case JB_FALSE: c = (a->kind == JB_TRUE) - (b->kind == JB_TRUE); break;
    case JB_NUMBER: {
        ss_text x = num_of(a), y = num_of(b);
        c = num_compare(&x, &y);
        break;
    }
    case JP_DATETIME: {
        bool incomparable;
        if (jp_datetime_cmp(st->ctx, a, b, st->use_tz, &c, &incomparable))
            return R_FATAL;
        if (incomparable)
            return B_UNKNOWN;
        break;
    }
    case JB_STRING: {
        uint32_t l = a->len < b->len ? a->len : b->len;
        c = memcmp(a->s, b->s, l);
        if (c == 0)
            c = (a->len > b->len) - (a->len < b->len);
        break;
    }
    default: return B_UNKNOWN;
    }
    bool r;
    switch (op) {
    case JPO_EQ: r = c == 0; break;
    case JPO_NE: r = c != 0; break;
    case JPO_LT: r = c < 0; break;
    case JPO_LE: r = c <= 0; break;
    case JPO_GT: r = c > 0; break;
    default: r = c >= 0; break;
    }
    return r ? B_TRUE : B_FALSE;
}

/* The items of expression e for a predicate (lax: unwrapped); *error when it fails. */
static int operand(jp_state *st, const jp_node *e, jv *cur, jp_seq *out, bool *error)
{
    jp_seq s = {0};
    int rc = eval(st, e, cur, &s);
    if (rc == R_ERR) {
        *error = true;
        return R_OK;
    }
    if (rc)
        return rc;
    return unwrap(st, &s, out);
}

/* like_regex's flags as PostgreSQL's regex flags (jspConvertRegexFlags). */
static void regex_flags(const jp_node *n, char *buf)
{
    bool s = n->flags && memchr(n->flags, 's', n->flen), m = n->flags && memchr(n->flags, 'm', n->flen);
    size_t k = 0;
    buf[k++] = s ? (m ? 'w' : 's') : (m ? 'n' : 'p');
    if (n->flags && memchr(n->flags, 'i', n->flen))
        buf[k++] = 'i';
    if (n->flags && memchr(n->flags, 'q', n->flen))
        buf[k++] = 'q';
    buf[k] = '\0';
}

static int pred(jp_state *st, const jp_node *n, jv *cur, int *res)
{
    int rc, l, r;
    switch (n->kind) {
    case JP_BINARY:
        if (n->op == JPO_AND || n->op == JPO_OR) {
            if ((rc = pred(st, n->left, cur, &l)))
                return rc;
            if ((n->op == JPO_AND && l == B_FALSE) || (n->op == JPO_OR && l == B_TRUE)) {
                *res = l;
                return R_OK;
            }
            if ((rc = pred(st, n->right, cur, &r)))
                return rc;
            if (n->op == JPO_AND)
                *res = r == B_TRUE ? l : r == B_FALSE ? B_FALSE : B_UNKNOWN;
            else
                *res = r == B_FALSE ? l : r == B_TRUE ? B_TRUE : B_UNKNOWN;
            return R_OK;
        }
        break;
    case JP_NOT:
        if ((rc = pred(st, n->left, cur, &l)))
            return rc;
        *res = l == B_UNKNOWN ? B_UNKNOWN : l == B_TRUE ? B_FALSE : B_TRUE;
        return R_OK;
    case JP_UNKNOWN:
        if ((rc = pred(st, n->left, cur, &l)))
            return rc;
        *res = l == B_UNKNOWN ? B_TRUE : B_FALSE;
        return R_OK;
    case JP_EXISTS: {
        jp_seq s = {0};
        rc = eval(st, n->left, cur, &s);
        if (rc == R_FATAL)
            return rc;
        *res = rc == R_ERR ? B_UNKNOWN : s.n ? B_TRUE : B_FALSE;
        return R_OK;
    }
    default: break;
    }
    /* comparisons, like_regex, starts with: over every (pair of) item(s), as executePredicate */
    jp_seq ls = {0}, rs = {0};
    bool error = false, found = false;
    if ((rc = operand(st, n->left, cur, &ls, &error)))
        return rc;
    if (n->kind != JP_LIKE && !error && (rc = operand(st, n->right, cur, &rs, &error)))
        return rc;
    if (error) {
        *res = B_UNKNOWN;
        return R_OK;
    }
    char flags[8];
    if (n->kind == JP_LIKE)
        regex_flags(n, flags);
    for (uint32_t i = 0; i < ls.n; i++) {
        uint32_t nr = n->kind == JP_LIKE ? 1 : rs.n;
        for (uint32_t j = 0; j < nr; j++) {
            const jv *a = ls.v[i];
            int b;
            if (n->kind == JP_LIKE) {
                bool m = false;
                if (a->kind != JB_STRING)
                    b = B_UNKNOWN;
                else if (ss_regex_like(st->ctx, a->s, a->len, n->s, n->len, flags, &m))
                    return R_FATAL;
                else
                    b = m ? B_TRUE : B_FALSE;
            } else if (n->kind == JP_STARTS) {
                const jv *p = rs.v[j];
                if (a->kind != JB_STRING || p->kind != JB_STRING)
                    b = B_UNKNOWN;
                else
                    b = a->len >= p->len && memcmp(a->s, p->s, p->len) == 0 ? B_TRUE : B_FALSE;
            } else {
                if ((b = compare_items(st, n->op, a, rs.v[j])) == R_FATAL)
                    return R_FATAL;
            }
            if (b == B_UNKNOWN) {
                if (st->strict) {
                    *res = B_UNKNOWN;
                    return R_OK;
                }
                error = true;
            } else if (b == B_TRUE) {
                if (!st->strict) {
                    *res = B_TRUE;
                    return R_OK;
                }
                found = true;
            }
        }
    }
    *res = found ? B_TRUE : error ? B_UNKNOWN : B_FALSE;
    return R_OK;
}

int jp_eval(ss_ctx *ctx, const jp_path *path, jv *doc, jv *vars, bool silent, bool use_tz, ss_arena *a,
            jp_seq *out, bool *suppressed)
{
    jp_state st = {.ctx = ctx, .a = a, .strict = path->strict, .root = doc, .vars = vars, .last = -1,
                   .use_tz = use_tz, .next_id = vars ? 2 : 1, .stop_first = path->exists && !path->strict};
    st.bases[0].root = doc, st.bases[0].id = 0, st.nbases = 1;
    if (vars)
        st.bases[1].root = vars, st.bases[1].id = 1, st.nbases = 2;
    memset(out, 0, sizeof *out);
    *suppressed = false;
    /* PostgreSQL evaluates a strict path fully even then (jspStrictAbsenseOfErrors) */
    bool skip = path->exists && !path->strict && path->expr->kind == JP_UNARY;
    st.stop_first &= !skip; /* the operand of that unary operator is read whole */
    int rc = skip ? unary(&st, path->expr, doc, out, true) : eval(&st, path->expr, doc, out);
    if (rc == R_OK || rc == R_STOP)
        return SS_OK;
    if (rc == R_ERR) {
        if (silent) { /* the items found before the error stay, as PostgreSQL's found list */
            *suppressed = true;
            return SS_OK;
        }
        ss_ctx_error(ctx, st.state, "%s", st.msg);
        if (st.detail[0])
            ss_ctx_error_detail(ctx, "%s", st.detail);
        if (st.hint[0])
            ss_ctx_error_hint(ctx, "%s", st.hint);
        return SS_ERROR;
    }
    return SS_ERROR;
}
