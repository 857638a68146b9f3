/* expr_eval_compare.c — vectorised comparisons (= <> < <= > >=) on bool, integers, float8
 * (NaN equals NaN and sorts above everything, as in PostgreSQL) and text (bytewise, then by
 * length: the C collation), producing bool, or — used as a filter — the list of rows where
 * the comparison is true.  A constant operand is compared in place, never broadcast; a
 * constant on the left is moved to the right by mirroring the operator.  Catalog types use
 * their physical type's kernels (float4 -> float8), or, variable-length with a compare
 * callback and no physical type, generic kernels calling that callback. */
#include "exec/expr_eval_impl.h"

#include <math.h>
#include <string.h>

#include "types/numeric/numeric.h"
#include "types/typeio.h"
#include "util/tls.h"

/* f[k] = the comparison at the k-th row of rows + base (rows NULL: at position base + k). */
typedef void (*flag_fn)(const void *a, const void *b, const uint32_t *rows, uint32_t base,
                        uint32_t n, uint8_t *f);

/* The kernels of one (type, operator): vector-vector and vector-constant (b points at the
   constant).  Over a dense range the flags are the bool results themselves. */
typedef struct cmp_kernels {
    flag_fn fvv, fvc;
} cmp_kernels;

/* Rows per round when flags are gathered by row-list position: they live on the stack. */
#define SEL_CHUNK 256

/* One (type, operator); PRED(x, y) yields the comparison. */
#define DEF_CMP(NAME, T, PRED, CL)                                                         \
    CL static void NAME##_fvv(const void *pa, const void *pb, const uint32_t *rows,        \
                              uint32_t base, uint32_t n, uint8_t *f)                       \
    {                                                                                      \
        const T *a = pa, *b = pb;                                                          \
        if (rows) {                                                                        \
            rows += base;                                                                  \
            for (uint32_t k = 0; k < n; k++)                                               \
                f[k] = (uint8_t)(PRED(a[rows[k]], b[rows[k]]));                            \
        } else {                                                                           \
            a += base;                                                                     \
            b += base;                                                                     \
            for (uint32_t k = 0; k < n; k++)                                               \
                f[k] = (uint8_t)(PRED(a[k], b[k]));                                        \
        }                                                                                  \
    }                                                                                      \
    CL static void NAME##_fvc(const void *pa, const void *pc, const uint32_t *rows,        \
                              uint32_t base, uint32_t n, uint8_t *f)                       \
    {                                                                                      \
        const T *a = pa;                                                                   \
        const T c = *(const T *)pc;                                                        \
        if (rows) {                                                                        \
            rows += base;                                                                  \
            for (uint32_t k = 0; k < n; k++)                                               \
                f[k] = (uint8_t)(PRED(a[rows[k]], c));                                     \
        } else {                                                                           \
            a += base;                                                                     \
            for (uint32_t k = 0; k < n; k++)                                               \
                f[k] = (uint8_t)(PRED(a[k], c));                                           \
        }                                                                                  \
    }

#define KSET(NAME) {NAME##_fvv, NAME##_fvc}

/* The six operators for one type, indexed by op - OP_EQ.  CL: EV_SIMD_CLONES for the
   types whose flag loops vectorise, NO_CLONES for the others. */
#define NO_CLONES
#define DEF_CMP_TYPE(SUF, T, CL, EQ, NE, LT, LE, GT, GE)                                   \
    DEF_CMP(eq_##SUF, T, EQ, CL)                                                           \
    DEF_CMP(ne_##SUF, T, NE, CL)                                                           \
    DEF_CMP(lt_##SUF, T, LT, CL)                                                           \
    DEF_CMP(le_##SUF, T, LE, CL)                                                           \
    DEF_CMP(gt_##SUF, T, GT, CL)                                                           \
    DEF_CMP(ge_##SUF, T, GE, CL)                                                           \
    static const cmp_kernels cmp_##SUF[6] = {KSET(eq_##SUF), KSET(ne_##SUF), KSET(lt_##SUF), \
                                             KSET(le_##SUF), KSET(gt_##SUF), KSET(ge_##SUF)};

#define P_EQ(x, y) ((x) == (y))
#define P_NE(x, y) ((x) != (y))
#define P_LT(x, y) ((x) < (y))
#define P_LE(x, y) ((x) <= (y))
#define P_GT(x, y) ((x) > (y))
#define P_GE(x, y) ((x) >= (y))

DEF_CMP_TYPE(b, uint8_t, NO_CLONES, P_EQ, P_NE, P_LT, P_LE, P_GT, P_GE)
DEF_CMP_TYPE(i2, int16_t, NO_CLONES, P_EQ, P_NE, P_LT, P_LE, P_GT, P_GE)
DEF_CMP_TYPE(i4, int32_t, EV_SIMD_CLONES, P_EQ, P_NE, P_LT, P_LE, P_GT, P_GE)
DEF_CMP_TYPE(i8, int64_t, EV_SIMD_CLONES, P_EQ, P_NE, P_LT, P_LE, P_GT, P_GE)

/* float8 with PostgreSQL's total order: NaN = NaN, NaN > any non-NaN. */
static inline bool f8_eq(double x, double y)
{
    return x == y || (isnan(x) && isnan(y));
}

static inline bool f8_lt(double x, double y)
{
    return !isnan(x) && (isnan(y) || x < y);
}

static inline bool f8_le(double x, double y)
{
    return isnan(y) || (!isnan(x) && x <= y);
}

#define F8_EQ(x, y) f8_eq(x, y)
#define F8_NE(x, y) (!f8_eq(x, y))
#define F8_LT(x, y) f8_lt(x, y)
#define F8_LE(x, y) f8_le(x, y)
#define F8_GT(x, y) f8_lt(y, x)
#define F8_GE(x, y) f8_le(y, x)
DEF_CMP_TYPE(f8, double, NO_CLONES, F8_EQ, F8_NE, F8_LT, F8_LE, F8_GT, F8_GE)

/* The same order when y is known not to be NaN (a constant): one IEEE comparison each,
   since a NaN x compares false to everything, and is greater than y. */
#define F8N_GT(x, y) (!((x) <= (y)))
#define F8N_GE(x, y) (!((x) < (y)))
DEF_CMP_TYPE(f8n, double, EV_SIMD_CLONES, P_EQ, P_NE, P_LT, P_LE, F8N_GT, F8N_GE)

static inline int text_cmp(ss_text x, ss_text y)
{
    uint32_t m = x.len < y.len ? x.len : y.len;
    int c = m ? memcmp(x.ptr, y.ptr, m) : 0;
    if (c != 0)
        return c;
    return (x.len > y.len) - (x.len < y.len);
}

static inline bool text_eq(ss_text x, ss_text y)
{
    return x.len == y.len && (x.len == 0 || memcmp(x.ptr, y.ptr, x.len) == 0);
}

#define TX_EQ(x, y) text_eq(x, y)
#define TX_NE(x, y) (!text_eq(x, y))
#define TX_LT(x, y) (text_cmp(x, y) < 0)
#define TX_LE(x, y) (text_cmp(x, y) <= 0)
#define TX_GT(x, y) (text_cmp(x, y) > 0)
#define TX_GE(x, y) (text_cmp(x, y) >= 0)
DEF_CMP_TYPE(tx, ss_text, NO_CLONES, TX_EQ, TX_NE, TX_LT, TX_LE, TX_GT, TX_GE)

/* numeric: by value (1.0 = 1.00), NaN above everything, as numeric_cmp. */
#define NM_EQ(x, y) (num_compare(&(x), &(y)) == 0)
#define NM_NE(x, y) (num_compare(&(x), &(y)) != 0)
#define NM_LT(x, y) (num_compare(&(x), &(y)) < 0)
#define NM_LE(x, y) (num_compare(&(x), &(y)) <= 0)
#define NM_GT(x, y) (num_compare(&(x), &(y)) > 0)
#define NM_GE(x, y) (num_compare(&(x), &(y)) >= 0)
DEF_CMP_TYPE(nm, ss_text, NO_CLONES, NM_EQ, NM_NE, NM_LT, NM_LE, NM_GT, NM_GE)

/* A variable-length catalog type ordered by its callbacks (ss_type_info.compare, physical 0:
   interval, jsonb, arrays): the generic kernels call the compare of the comparison being run,
   which cmp_prepare sets on the calling thread just before its kernels are used. */
static SS_TLS int (*generic_compare)(const void *a, const void *b);
#define GN_EQ(x, y) (generic_compare(&(x), &(y)) == 0)
#define GN_NE(x, y) (generic_compare(&(x), &(y)) != 0)
#define GN_LT(x, y) (generic_compare(&(x), &(y)) < 0)
#define GN_LE(x, y) (generic_compare(&(x), &(y)) <= 0)
#define GN_GT(x, y) (generic_compare(&(x), &(y)) > 0)
#define GN_GE(x, y) (generic_compare(&(x), &(y)) >= 0)
DEF_CMP_TYPE(gn, ss_text, NO_CLONES, GN_EQ, GN_NE, GN_LT, GN_LE, GN_GT, GN_GE)

/* The compare callback of a variable-length type without a physical type, or NULL. */
static int (*callback_compare(int32_t type))(const void *, const void *)
{
    const ss_type_info *ti = ss_type_physical(type) == type && ss_type_is_varlen(type) ? ss_type_registry_get(type)
                                                                                       : NULL;
    return ti ? ti->compare : NULL;
}

/* The kernels for a type; NULL when the type has no comparison. */
static const cmp_kernels *kernels_for(int32_t type)
{
    if (type != SS_TYPE_NUMERIC && callback_compare(type))
        return cmp_gn;
    switch (ss_type_physical(type)) {
    case SS_TYPE_BOOL: return cmp_b;
    case SS_TYPE_INT2: return cmp_i2;
    case SS_TYPE_INT4: return cmp_i4;
    case SS_TYPE_INT8: return cmp_i8;
    case SS_TYPE_FLOAT8: return cmp_f8;
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR:
    case SS_TYPE_UNKNOWN: return cmp_tx;
    case SS_TYPE_NUMERIC: return cmp_nm;
    default: return NULL;
    }
}

/* A constant in its vector element layout. */
typedef union scalar_elem {
    uint8_t b;
    int16_t i2;
    int32_t i4;
    int64_t i8;
    double f8;
    ss_text tx;
} scalar_elem;

static const void *scalar_elem_of(int32_t type, const ss_value *v, scalar_elem *u)
{
    switch (ss_type_physical(type)) {
    case SS_TYPE_BOOL: u->b = v->v.b ? 1 : 0; break;
    case SS_TYPE_INT2: u->i2 = (int16_t)v->v.i; break;
    case SS_TYPE_INT4: u->i4 = (int32_t)v->v.i; break;
    case SS_TYPE_INT8: u->i8 = v->v.i; break;
    case SS_TYPE_FLOAT8: u->f8 = v->v.f; break;
    default: u->tx = v->v.s; break;
    }
    return u;
}

/* x op y == y mirror(op) x */
static ss_expr_op mirror(ss_expr_op op)
{
    switch (op) {
    case OP_LT: return OP_GT;
    case OP_LE: return OP_GE;
    case OP_GT: return OP_LT;
    case OP_GE: return OP_LE;
    default: return op;
    }
}

/* Operands of a comparison, evaluated, with the rows where neither is NULL. */
typedef struct cmp_args {
    ev_operand a, b;
    ev_rows rows;
    bool all_null;             /* a constant operand is NULL */
    const cmp_kernels *k;      /* the operator's kernels */
    const void *x, *y;         /* vector data, or y the constant (shape vc) */
    bool vc;
    scalar_elem c;
} cmp_args;

/* Evaluates the operands at (sel, n) and picks the kernel.  With split_nulls the rows where
   neither operand is NULL are listed in c->rows (NULL rows are marked in out unless out is
   NULL); without, c->rows is (sel, n) and the caller deals with NULLs. */
static int cmp_prepare(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
                       uint32_t n, ss_vector *out, bool split_nulls, cmp_args *c)
{
    const ss_expr *l = e->u.op.left, *rt = e->u.op.right;
    if (!l || !rt)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "comparison without two operands");
    if (!ev_same_layout(l->type.id, rt->type.id))
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                            "comparison operands have different types");
    bool scalars = !(ev_rowless(l) && ev_rowless(rt));
    int rc = ev_operand_eval_arg(ctx, l, in, sel, n, scalars, &c->a);
    if (rc == SS_OK)
        rc = ev_operand_eval_arg(ctx, rt, in, sel, n, scalars, &c->b);
    if (rc != SS_OK)
        return rc;
    const cmp_kernels *k = kernels_for(l->type.id);
    if (!k) {
        char name[64];
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "comparison of values of type %s is not supported",
                            ss_type_display_name(l->type, name, sizeof name));
    }
    if ((c->a.scalar && c->a.sv.is_null) || (c->b.scalar && c->b.sv.is_null)) {
        c->all_null = true;
        return SS_OK;
    }
    ss_vector *vs[2] = {c->a.scalar ? NULL : c->a.v, c->b.scalar ? NULL : c->b.v};
    if (split_nulls) {
        rc = ev_nonnull_rows(ctx, sel, n, vs, 2, out, &c->rows);
        if (rc != SS_OK)
            return rc;
    } else {
        c->rows = (ev_rows){sel, n, {0}};
    }
    int op = e->u.op.op;
    if (!c->a.scalar && !c->b.scalar) {
        c->x = c->a.v->data;
        c->y = c->b.v->data;
    } else {
        const ev_operand *v = c->a.scalar ? &c->b : &c->a, *s = c->a.scalar ? &c->a : &c->b;
        if (c->a.scalar)
            op = (int)mirror((ss_expr_op)op);
        c->x = v->v->data;
        c->y = scalar_elem_of(l->type.id, &s->sv, &c->c);
        c->vc = true;
        if (ss_type_physical(l->type.id) == SS_TYPE_FLOAT8 && !isnan(c->c.f8))
            k = cmp_f8n;
    }
    if (op < OP_EQ || op > OP_GE)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "not a comparison operator");
    c->k = &k[op - OP_EQ];
    if (k == cmp_gn)
        generic_compare = callback_compare(l->type.id);
    return SS_OK;
}

static void cmp_finish(cmp_args *c)
{
    ev_rows_free(&c->rows);
    ev_operand_release(&c->a);
    ev_operand_release(&c->b);
}

int ev_compare(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
               uint32_t n, ss_vector *out)
{
    if (out->type.id != SS_TYPE_BOOL)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "comparison result must be boolean");
    cmp_args c = {0};
    int rc = cmp_prepare(ctx, e, in, sel, n, out, true, &c);
    if (rc == SS_OK && c.all_null) {
        rc = ev_set_all_null(ctx, sel, n, out);
    } else if (rc == SS_OK && c.rows.n > 0) {
        flag_fn fk = c.vc ? c.k->fvc : c.k->fvv;
        uint8_t *r = out->data;
        if (!c.rows.sel) {
            fk(c.x, c.y, NULL, 0, c.rows.n, r);
        } else {
            /* flags by row-list position, then stored at the rows */
            uint8_t f[SEL_CHUNK];
            for (uint32_t base = 0; base < c.rows.n; base += SEL_CHUNK) {
                uint32_t len = c.rows.n - base < SEL_CHUNK ? c.rows.n - base : SEL_CHUNK;
                fk(c.x, c.y, c.rows.sel, base, len, f);
                for (uint32_t k = 0; k < len; k++)
                    r[c.rows.sel[base + k]] = f[k];
            }
        }
    }
    cmp_finish(&c);
    return rc;
}

/* Appends the rows whose flag is set (f[0..n) for the rows rows[0..n), or positions
 * base + k for compress_dense) to out and returns their number.  Eight flags are read as
 * one word: an all-false group costs one test, a mostly-true one is stored row by row
 * without branches (advancing past the true rows only), and otherwise the set flags are
 * gathered into a byte mask whose bits are visited.  out may be rows (or lie before it in
 * the same list): each position is read before any write can reach it. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define COMPRESS_WORDS(IDX)                                                                \
    for (; k + 8 <= n; k += 8) {                                                           \
        uint64_t w;                                                                        \
        memcpy(&w, f + k, sizeof w);                                                       \
        if (w == 0)                                                                        \
            continue;                                                                      \
        if ((w * UINT64_C(0x0101010101010101)) >> 56 > 3) { /* the byte sum: the count */  \
            for (uint32_t j = k; j < k + 8; j++) {                                         \
                out[m] = IDX(j);                                                           \
                m += f[j];                                                                 \
            }                                                                              \
            continue;                                                                      \
        }                                                                                  \
        /* byte j (0 or 1) lands on bit 56 + j; no partial product reaches the others */   \
        uint32_t bits = (uint32_t)((w * UINT64_C(0x0102040810204080)) >> 56);              \
        do {                                                                               \
            out[m++] = IDX(k + (uint32_t)__builtin_ctz(bits));                             \
            bits &= bits - 1;                                                              \
        } while (bits);                                                                    \
    }
#else
#define COMPRESS_WORDS(IDX)
#endif

#define DENSE_IDX(j) (base + (j))
#define ROWS_IDX(j) (rows[j])

static uint32_t compress_dense(const uint8_t *f, uint32_t base, uint32_t n, uint32_t *out)
{
    uint32_t m = 0, k = 0;
    COMPRESS_WORDS(DENSE_IDX)
    for (; k < n; k++)
        if (f[k])
            out[m++] = base + k;
    return m;
}

static uint32_t compress_rows(const uint8_t *f, const uint32_t *rows, uint32_t n,
                              uint32_t *out)
{
    uint32_t m = 0, k = 0;
    COMPRESS_WORDS(ROWS_IDX)
    for (; k < n; k++)
        if (f[k])
            out[m++] = rows[k];
    return m;
}

/* The rows of (rows, n) where the flag kernel holds, written to out. */
static uint32_t select_rows(flag_fn fk, const void *a, const void *b, const uint32_t *rows,
                            uint32_t n, uint32_t *out)
{
    uint8_t f[SEL_CHUNK];
    uint32_t m = 0;
    for (uint32_t base = 0; base < n; base += SEL_CHUNK) {
        uint32_t len = n - base < SEL_CHUNK ? n - base : SEL_CHUNK;
        fk(a, b, rows, base, len, f);
        m += rows ? compress_rows(f, rows + base, len, out + m)
                  : compress_dense(f, base, len, out + m);
    }
    return m;
}

int ev_compare_select(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
                      uint32_t n, uint32_t *out_sel, uint32_t *m)
{
    *m = 0;
    cmp_args c = {0};
    int rc = cmp_prepare(ctx, e, in, sel, n, NULL, true, &c);
    if (rc == SS_OK && !c.all_null && c.rows.n > 0)
        *m = select_rows(c.vc ? c.k->fvc : c.k->fvv, c.x, c.y, c.rows.sel, c.rows.n, out_sel);
    cmp_finish(&c);
    return rc;
}

/* ---- conjunctions of plain comparisons over a whole batch ------------------------------- */

/* Whether e compares columns and constants of a type with kernels: then it can be evaluated
   at every row of in without any possible error, whatever rows it would be asked about.
   Not a text column with NULLs: the data at a NULL row is unspecified (batch.h), and a text
   kernel would follow its pointer; numeric kernels only compute a flag that the validity
   bitmap then clears. */
static bool plain_comparison(const ss_expr *e, const ss_batch *in)
{
    if (e->kind != EXPR_OP || e->u.op.op < OP_EQ || e->u.op.op > OP_GE)
        return false;
    const ss_expr *ops[2] = {e->u.op.left, e->u.op.right};
    if (!ops[0] || !ops[1] || !ev_same_layout(ops[0]->type.id, ops[1]->type.id) ||
        !kernels_for(ops[0]->type.id))
        return false;
    int columns = 0;
    for (int k = 0; k < 2; k++) {
        const ss_expr *o = ops[k];
        if (o->kind == EXPR_COLUMN) {
            uint32_t idx = o->u.column.index;
            if (idx >= in->ncols || !in->cols[idx] ||
                !ev_same_layout(in->cols[idx]->type.id, o->type.id) ||
                (in->cols[idx]->validity && ss_type_is_varlen(o->type.id)))
                return false;
            columns++;
        } else if (o->kind != EXPR_CONST) {
            return false;
        }
    }
    return columns > 0;
}

uint32_t ev_compare_plain_prefix(ss_expr *const *args, uint32_t nargs, const ss_batch *in)
{
    uint32_t k = 0;
    while (k < nargs && plain_comparison(args[k], in))
        k++;
    return k;
}

/* f[i] = whether e is true at row i, for every row of in (NULL counts as false). */
static int flags_all_rows(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, uint8_t *f)
{
    uint32_t n = in->count;
    cmp_args c = {0};
    int rc = cmp_prepare(ctx, e, in, NULL, n, NULL, false, &c);
    if (rc == SS_OK && c.all_null) {
        memset(f, 0, n);
    } else if (rc == SS_OK) {
        (c.vc ? c.k->fvc : c.k->fvv)(c.x, c.y, NULL, 0, n, f);
        const ev_operand *ops[2] = {&c.a, &c.b};
        for (int k = 0; k < 2; k++) {
            const uint64_t *valid = ops[k]->scalar ? NULL : ops[k]->v->validity;
            if (valid)
                for (uint32_t i = 0; i < n; i++)
                    f[i] &= (uint8_t)((valid[i >> 6] >> (i & 63)) & 1);
        }
    }
    cmp_finish(&c);
    return rc;
}

int ev_compare_select_all(ss_ctx *ctx, ss_expr *const *args, uint32_t nargs,
                          const ss_batch *in, uint32_t *out_sel, uint32_t *m)
{
    *m = 0;
    uint32_t n = in->count, words = (n + 3) / 4; /* a row buffer holds 4 flags per entry */
    ev_buf fb = {0}, gb = {0};
    int rc = ev_buf_get(ctx, words, &fb);
    if (rc == SS_OK && nargs > 1)
        rc = ev_buf_get(ctx, words, &gb);
    if (rc == SS_OK)
        rc = flags_all_rows(ctx, args[0], in, (uint8_t *)fb.p);
    for (uint32_t k = 1; rc == SS_OK && k < nargs; k++) {
        uint8_t *f = (uint8_t *)fb.p, *g = (uint8_t *)gb.p;
        rc = flags_all_rows(ctx, args[k], in, g);
        for (uint32_t i = 0; rc == SS_OK && i < n; i++)
            f[i] &= g[i];
    }
    if (rc == SS_OK)
        *m = compress_dense((const uint8_t *)fb.p, 0, n, out_sel);
    if (fb.p)
        ev_buf_release(&fb);
    if (gb.p)
        ev_buf_release(&gb);
    return rc;
}
