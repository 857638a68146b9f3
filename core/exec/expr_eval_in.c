/* expr_eval_in.c — x [NOT] IN (constants): the list's distinct values are put once, when the
 * statement is bound, in an open-addressing hash set (or, for a handful of values, a short
 * array scanned in place) that every selected row probes.  A list holding parameters gets its
 * set built for each batch it evaluates, from the values bound.  Equality is the comparison
 * operators': integers and bool by value, float8 as PostgreSQL's float8eq (NaN = NaN,
 * -0 = 0), text byte for byte (the C collation, deterministic: equal only on identical
 * bytes).  Three-valued: a NULL x is NULL; a value not found is NULL when the list holds a
 * NULL, else false (x = ANY); NOT IN negates the non-NULL answers (x <> ALL). */
#include "exec/expr_eval_impl.h"

#include <string.h>

/* Up to this many distinct values the list is scanned, not hashed: two integer comparisons
   beat a hash probe; a few byte comparisons beat hashing the probed string (measured with
   `count(*) ... WHERE b IN (...)` over 1M rows: the probe was as fast as scanning from three
   integers on). */
#define IN_LINEAR_MAX_FIXED 2
#define IN_LINEAR_MAX_TEXT 4

struct ss_in_set {
    int32_t type;       /* physical: SS_TYPE_BOOL, INT2, INT4, INT8, FLOAT8 or TEXT */
    bool has_null;      /* the list holds a NULL */
    uint32_t nkeys;     /* distinct non-NULL values */
    /* fixed-width types: values as int64 (float8: canonical bit pattern) */
    int64_t *keys;
    /* the hash table (NULL for a scanned list): 2^bits slots, free ones hold `empty`;
       whether the value `empty` itself is in the set is empty_in_set */
    int64_t *slots;
    int64_t empty;
    bool empty_in_set;
    uint32_t shift;     /* 64 - bits */
    uint32_t mask;      /* 2^bits - 1 */
    /* text: values, and a table of 1 + index into tkeys (0 = free) */
    ss_text *tkeys;
    uint32_t *tslots;
};

#define GOLDEN 0x9E3779B97F4A7C15ull

/* float8 equality as one integer equality: -0 is 0, every NaN is the same NaN */
static inline int64_t f8_key(double d)
{
    if (d != d)
        return 0x7ff8000000000000ll;
    if (d == 0)
        d = 0.0;
    int64_t k;
    memcpy(&k, &d, sizeof k);
    return k;
}

static inline uint32_t hash_i(const ss_in_set *s, int64_t k)
{
    return (uint32_t)(((uint64_t)k * GOLDEN) >> s->shift);
}

static inline uint64_t hash_text(ss_text t)
{
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
    const unsigned char *p = (const unsigned char *)t.ptr;
    for (uint32_t i = 0; i < t.len; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h ^ (h >> 29);
}

static inline bool text_eq(ss_text x, ss_text y)
{
    return x.len == y.len && (x.len == 0 || memcmp(x.ptr, y.ptr, x.len) == 0);
}

static inline bool probe_i(const ss_in_set *s, int64_t k)
{
    if (k == s->empty)
        return s->empty_in_set;
    for (uint32_t h = hash_i(s, k);; h = (h + 1) & s->mask) {
        int64_t v = s->slots[h];
        if (v == k)
            return true;
        if (v == s->empty)
            return false;
    }
}

static inline bool scan_i(const ss_in_set *s, int64_t k)
{
    bool found = false;
    for (uint32_t j = 0; j < s->nkeys; j++)
        found |= s->keys[j] == k;
    return found;
}

static inline bool probe_t(const ss_in_set *s, ss_text k)
{
    if (!s->tslots) {
        for (uint32_t j = 0; j < s->nkeys; j++)
            if (text_eq(s->tkeys[j], k))
                return true;
        return false;
    }
    for (uint32_t h = (uint32_t)hash_text(k) & s->mask;; h = (h + 1) & s->mask) {
        uint32_t v = s->tslots[h];
        if (v == 0)
            return false;
        if (text_eq(s->tkeys[v - 1], k))
            return true;
    }
}

/* ---- building --------------------------------------------------------------------- */

static uint32_t table_bits(uint32_t nkeys)
{
    uint32_t bits = 4;
    while (bits < 31 && (1u << bits) < 2 * (uint64_t)nkeys)
        bits++;
    return bits;
}

static int64_t value_key(int32_t type, const ss_value *v)
{
    switch (type) {
    case SS_TYPE_BOOL:
        return v->v.b ? 1 : 0;
    case SS_TYPE_FLOAT8:
        return f8_key(v->v.f);
    default:
        return v->v.i;
    }
}

/* Adds k to the fixed-width set unless present. */
static void add_i(ss_in_set *s, int64_t k)
{
    if (!s->slots) {
        if (!scan_i(s, k))
            s->keys[s->nkeys++] = k;
        return;
    }
    if (k == s->empty) {
        if (!s->empty_in_set)
            s->keys[s->nkeys++] = k;
        s->empty_in_set = true;
        return;
    }
    uint32_t h = hash_i(s, k);
    while (s->slots[h] != s->empty) {
        if (s->slots[h] == k)
            return;
        h = (h + 1) & s->mask;
    }
    s->slots[h] = k;
    s->keys[s->nkeys++] = k;
}

static void add_t(ss_in_set *s, ss_text k)
{
    if (!s->tslots) {
        if (!probe_t(s, k))
            s->tkeys[s->nkeys++] = k;
        return;
    }
    uint32_t h = (uint32_t)hash_text(k) & s->mask;
    while (s->tslots[h]) {
        if (text_eq(s->tkeys[s->tslots[h] - 1], k))
            return;
        h = (h + 1) & s->mask;
    }
    s->tkeys[s->nkeys++] = k;
    s->tslots[h] = s->nkeys;
}

/* The set of the n values vals[k] of type t, in arena. */
static const ss_in_set *set_build(ss_ctx *ctx, ss_arena *arena, ss_type t, const ss_value *const *vals,
                                  uint32_t n)
{
    ss_in_set *s = ss_arena_alloc(arena, sizeof *s);
    if (!s)
        goto oom;
    int32_t phys = ss_type_physical(t.id); /* float4 probes as float8, date as int4 */
    s->type = ss_type_is_text(phys) ? SS_TYPE_TEXT : phys;
    uint32_t nonnull = 0;
    for (uint32_t k = 0; k < n; k++)
        nonnull += !vals[k]->is_null;
    s->has_null = nonnull < n;
    bool hashed = nonnull > (s->type == SS_TYPE_TEXT ? IN_LINEAR_MAX_TEXT : IN_LINEAR_MAX_FIXED);
    uint32_t bits = hashed ? table_bits(nonnull) : 0;
    s->shift = 64 - bits;
    s->mask = hashed ? (1u << bits) - 1 : 0;
    size_t cap = nonnull ? nonnull : 1;
    if (s->type == SS_TYPE_TEXT) {
        s->tkeys = ss_arena_alloc(arena, sizeof *s->tkeys * cap);
        if (!s->tkeys || (hashed && !(s->tslots = ss_arena_alloc(arena, sizeof *s->tslots << bits))))
            goto oom;
    } else {
        s->keys = ss_arena_alloc(arena, sizeof *s->keys * cap);
        if (!s->keys || (hashed && !(s->slots = ss_arena_alloc(arena, sizeof *s->slots << bits))))
            goto oom;
        s->empty = INT64_MIN;
        for (uint32_t h = 0; hashed && h <= s->mask; h++)
            s->slots[h] = s->empty;
    }
    for (uint32_t k = 0; k < n; k++) {
        const ss_value *v = vals[k];
        if (v->is_null)
            continue;
        if (s->type == SS_TYPE_TEXT)
            add_t(s, v->v.s);
        else
            add_i(s, value_key(s->type, v));
    }
    return s;
oom:
    ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return NULL;
}

const ss_in_set *ss_in_set_build(ss_ctx *ctx, ss_arena *arena, ss_type t, ss_expr *const *items,
                                 uint32_t n)
{
    const ss_value **vals = ss_arena_alloc(arena, sizeof *vals * (n ? n : 1));
    if (!vals) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    for (uint32_t k = 0; k < n; k++)
        vals[k] = &items[k]->u.cnst;
    return set_build(ctx, arena, t, vals, n);
}

/* The set of a list holding parameters (their values are known only now), in a fresh
   *arena the caller destroys. */
static const ss_in_set *set_of_params(ss_ctx *ctx, const ss_expr *e, ss_arena **arena)
{
    uint32_t n = e->u.in.nitems;
    *arena = ss_arena_create();
    const ss_value **vals = *arena ? ss_arena_alloc(*arena, sizeof *vals * (n ? n : 1)) : NULL;
    if (!vals) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    for (uint32_t k = 0; k < n; k++) {
        const ss_expr *item = e->u.in.items[k];
        if (item->kind == EXPR_CONST)
            vals[k] = &item->u.cnst;
        else if (item->kind != EXPR_PARAM || !ev_same_layout(item->type.id, e->u.in.arg->type.id))
            return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "malformed IN list expression"), NULL;
        else if (!(vals[k] = ev_param_value(ctx, item)))
            return NULL;
    }
    return set_build(ctx, *arena, e->u.in.arg->type, vals, n);
}

/* ---- probing ---------------------------------------------------------------------- */

/* r[i] = whether x[i] is in the set, at the rows of (sel, n). */
#define PROBE_ROWS(T, KEY)                                                                 \
    do {                                                                                   \
        const T *x_ = a->data;                                                             \
        if (s->slots)                                                                      \
            SS_FOR_ROWS(sel, n, i, { r[i] = probe_i(s, KEY(x_[i])); });                    \
        else                                                                               \
            SS_FOR_ROWS(sel, n, i, { r[i] = scan_i(s, KEY(x_[i])); });                     \
    } while (0)

#define AS_INT(x) ((int64_t)(x))

static int probe_rows(ss_ctx *ctx, const ss_in_set *s, const ss_vector *a, const uint32_t *sel,
                      uint32_t n, uint8_t *r)
{
    switch (s->type) {
    case SS_TYPE_BOOL: PROBE_ROWS(uint8_t, AS_INT); break;
    case SS_TYPE_INT2: PROBE_ROWS(int16_t, AS_INT); break;
    case SS_TYPE_INT4: PROBE_ROWS(int32_t, AS_INT); break;
    case SS_TYPE_INT8: PROBE_ROWS(int64_t, AS_INT); break;
    case SS_TYPE_FLOAT8: PROBE_ROWS(double, f8_key); break;
    case SS_TYPE_TEXT: {
        const ss_text *x = a->data;
        SS_FOR_ROWS(sel, n, i, { r[i] = probe_t(s, x[i]); });
        break;
    }
    default:
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "IN list over an unsupported type");
    }
    return SS_OK;
}

int ev_in(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
          ss_vector *out)
{
    const ss_in_set *s = e->u.in.set;
    ss_arena *params_arena = NULL;
    if (!s && !(s = set_of_params(ctx, e, &params_arena))) {
        ss_arena_destroy(params_arena);
        return SS_ERROR;
    }
    if (out->type.id != SS_TYPE_BOOL || !ev_same_layout(e->u.in.arg->type.id, s->type)) {
        ss_arena_destroy(params_arena);
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "malformed IN list expression");
    }
    ev_operand a;
    int rc = ev_operand_eval(ctx, e->u.in.arg, in, sel, n, &a);
    ev_rows rows = {0};
    if (rc == SS_OK)
        rc = ev_nonnull_rows(ctx, sel, n, &a.v, 1, out, &rows); /* NULL x: NULL */
    uint8_t *r = out->data;
    if (rc == SS_OK)
        rc = probe_rows(ctx, s, a.v, rows.sel, rows.n, r);
    if (rc == SS_OK && s->has_null) {
        /* not found among the values, but one of them is NULL: unknown */
        SS_FOR_ROWS(rows.sel, rows.n, i, {
            if (!r[i]) {
                if (!out->validity && (rc = ss_vector_ensure_validity(ctx, out)) != SS_OK)
                    break;
                ss_vector_set_null(out, i);
            }
        });
    }
    if (rc == SS_OK && e->u.in.negated)
        SS_FOR_ROWS(rows.sel, rows.n, i, { r[i] = !r[i]; });
    ev_rows_free(&rows);
    ev_operand_release(&a);
    ss_arena_destroy(params_arena);
    return rc;
}
