/* expr_eval_cast.c — vectorised CAST following the rules of types/cast.h: typed loops for
 * numeric and bool conversions, in-place varchar(n) length rules for string-to-string casts,
 * the output function for casts to text and the input function for casts from text. */
#include "exec/expr_eval_impl.h"
#include "types/cast.h"
#include "types/type_def.h"
#include "types/typeio.h"

/* Applies the varchar(n) rule of `to` to the non-NULL rows of a text vector, in place. */
static int fit_rows(ss_ctx *ctx, ss_vector *v, const uint32_t *sel, uint32_t n, ss_type to,
                    int mode)
{
    if (to.id != SS_TYPE_VARCHAR || to.typmod < 4)
        return SS_OK;
    ss_text *r = v->data;
    uint32_t maxlen = (uint32_t)(to.typmod - 4);
    SS_FOR_ROWS(sel, n, i, {
        if (!ss_vector_is_null(v, i) && r[i].len > maxlen &&
            ss_cast_fit_varchar(ctx, r[i].ptr, &r[i].len, to, mode) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

/* bool / integer / float8 -> text or varchar: the cast's text form, then the length rule. */
static int to_text(ss_ctx *ctx, const ss_vector *a, const uint32_t *rows, uint32_t n,
                   ss_vector *out, ss_type to, int mode)
{
    int32_t f = a->type.id;
    SS_FOR_ROWS(rows, n, i, {
        char buf[SS_NUMBER_BUFLEN];
        const char *s = buf;
        size_t len;
        if (f == SS_TYPE_BOOL) {
            bool b = ((const uint8_t *)a->data)[i] != 0;
            s = b ? "true" : "false";
            len = b ? 4 : 5;
        } else if (f == SS_TYPE_FLOAT8) {
            len = ss_float8_to_text(((const double *)a->data)[i], buf);
        } else {
            len = ss_int64_to_text(ev_int_at(a, i), buf);
        }
        uint32_t l = (uint32_t)len;
        if (ss_cast_fit_varchar(ctx, s, &l, to, mode) != SS_OK ||
            ss_vector_set_text(ctx, out, i, s, l) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

/* text / varchar / unknown -> bool, integers, float8: the target's input function. */
static int from_text(ss_ctx *ctx, const ss_vector *a, const uint32_t *rows, uint32_t n,
                     ss_vector *out, ss_type to)
{
    const ss_text *x = a->data;
    SS_FOR_ROWS(rows, n, i, {
        ss_value v;
        if (ss_value_parse(ctx, to, x[i].ptr, x[i].len, &v) != SS_OK ||
            ss_vector_set_value(ctx, out, i, &v) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

/* One typed conversion loop from source element type S to destination element type D. */
#define CONV_LOOP(S, D, ...)                                                               \
    do {                                                                                   \
        const S *x = a->data;                                                              \
        D *r = out->data;                                                                  \
        SS_FOR_ROWS(rows, n, i, __VA_ARGS__);                                              \
    } while (0)

/* Integer source of element type S to any numeric target. */
#define FROM_INT(S)                                                                        \
    switch (t) {                                                                           \
    case SS_TYPE_INT2:                                                                     \
        CONV_LOOP(S, int16_t, {                                                            \
            if (!ss_cast_int_fits(x[i], SS_TYPE_INT2))                                     \
                return ss_cast_int_overflow(ctx, SS_TYPE_INT2);                            \
            r[i] = (int16_t)x[i];                                                          \
        });                                                                                \
        return SS_OK;                                                                      \
    case SS_TYPE_INT4:                                                                     \
        CONV_LOOP(S, int32_t, {                                                            \
            if (!ss_cast_int_fits(x[i], SS_TYPE_INT4))                                     \
                return ss_cast_int_overflow(ctx, SS_TYPE_INT4);                            \
            r[i] = (int32_t)x[i];                                                          \
        });                                                                                \
        return SS_OK;                                                                      \
    case SS_TYPE_INT8:                                                                     \
        CONV_LOOP(S, int64_t, { r[i] = x[i]; });                                           \
        return SS_OK;                                                                      \
    case SS_TYPE_FLOAT8:                                                                   \
        CONV_LOOP(S, double, { r[i] = (double)x[i]; });                                    \
        return SS_OK;                                                                      \
    case SS_TYPE_BOOL:                                                                     \
        CONV_LOOP(S, uint8_t, { r[i] = x[i] != 0; });                                      \
        return SS_OK;                                                                      \
    default:                                                                               \
        break;                                                                             \
    }

/* float8 to an integer target of element type D. */
#define FROM_FLOAT(D)                                                                      \
    CONV_LOOP(double, D, {                                                                 \
        int64_t v;                                                                         \
        if (ss_cast_float_to_int(ctx, x[i], t, &v) != SS_OK)                               \
            return SS_ERROR;                                                               \
        r[i] = (D)v;                                                                       \
    })

/* Conversions among bool, integers and float8 (the existence check was done). */
static int numeric(ss_ctx *ctx, const ss_vector *a, const uint32_t *rows, uint32_t n,
                   ss_vector *out)
{
    int32_t f = a->type.id, t = out->type.id;
    switch (f) {
    case SS_TYPE_INT2: FROM_INT(int16_t) break;
    case SS_TYPE_INT4: FROM_INT(int32_t) break;
    case SS_TYPE_INT8: FROM_INT(int64_t) break;
    case SS_TYPE_FLOAT8:
        switch (t) {
        case SS_TYPE_INT2: FROM_FLOAT(int16_t); return SS_OK;
        case SS_TYPE_INT4: FROM_FLOAT(int32_t); return SS_OK;
        case SS_TYPE_INT8: FROM_FLOAT(int64_t); return SS_OK;
        default: break;
        }
        break;
    case SS_TYPE_BOOL:
        if (t == SS_TYPE_INT4) {
            CONV_LOOP(uint8_t, int32_t, { r[i] = x[i] ? 1 : 0; });
            return SS_OK;
        }
        break;
    default:
        break;
    }
    return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "no conversion from type %d to %d",
                        (int)f, (int)t);
}

/* A cast from or to a catalog type (type_def.h): ss_cast_value per row, whose
 * variable-length results are copied into out. */
static int catalog_rows(ss_ctx *ctx, const ss_vector *a, const uint32_t *rows, uint32_t n,
                        ss_vector *out, ss_type from, ss_type to, int mode)
{
    ss_arena *arena = ss_arena_create();
    if (!arena)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_value v, r;
        ss_vector_get_value(a, i, &v);
        if (rc == SS_OK && (rc = ss_cast_value(ctx, &v, from, to, mode, &r, arena)) == SS_OK)
            rc = ss_vector_set_value(ctx, out, i, &r);
        if (rc == SS_OK && (i & 1023) == 1023)
            ss_arena_reset(arena);
    });
    ss_arena_destroy(arena);
    return rc;
}

int ev_cast(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
            ss_vector *out)
{
    const ss_expr *arg = e->u.cast.arg;
    if (!arg)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "CAST without argument");
    ss_type from = arg->type, to = e->type;
    int mode = (int)e->u.cast.mode;
    if (!ss_cast_exists(from, to, CAST_EXPLICIT)) {
        char a[64], b[64];
        return ss_ctx_error(ctx, "42846", "cannot cast type %s to %s",
                            ss_type_display_name(from, a, sizeof a),
                            ss_type_display_name(to, b, sizeof b));
    }
    bool ft = ss_type_is_text(from.id), tt = ss_type_is_text(to.id);
    bool nm = from.id == SS_TYPE_NUMERIC || to.id == SS_TYPE_NUMERIC;
    const ss_type_def *td = ss_type_def_get(to.id);
    /* arrays go through the scalar cast like catalog types (element-wise, array_cast.c); an
       element typmod (varchar(2)[]) is a coercion of the same array type */
    bool arrays = ss_type_is_array(from.id) || ss_type_is_array(to.id);
    bool catalog = ss_type_def_get(from.id) || td || arrays;
    bool coerces = to.typmod >= 0 && (arrays || (td && td->coerce_typmod));
    if (catalog && from.id == to.id && !coerces)
        return ev_node(ctx, arg, in, sel, n, out); /* no typmod coercion: the same values */
    if (!catalog && ((from.id == to.id && !(nm && to.typmod >= 4)) || (ft && tt))) {
        /* same representation: evaluate straight into out, then apply varchar(n) */
        if (ev_node(ctx, arg, in, sel, n, out) != SS_OK)
            return SS_ERROR;
        return fit_rows(ctx, out, sel, n, to, mode);
    }
    ev_operand a;
    ev_rows rows = {0};
    int rc = ev_operand_eval(ctx, arg, in, sel, n, &a);
    if (rc == SS_OK)
        rc = ev_nonnull_rows(ctx, sel, n, &a.v, 1, out, &rows);
    if (rc == SS_OK && rows.n > 0) {
        if (catalog)
            rc = catalog_rows(ctx, a.v, rows.sel, rows.n, out, from, to, mode);
        else if (nm)
            rc = ev_numeric_cast(ctx, a.v, rows.sel, rows.n, from, to, mode, out);
        else if (tt)
            rc = to_text(ctx, a.v, rows.sel, rows.n, out, to, mode);
        else if (ft)
            rc = from_text(ctx, a.v, rows.sel, rows.n, out, to);
        else
            rc = numeric(ctx, a.v, rows.sel, rows.n, out);
    }
    ev_rows_free(&rows);
    ev_operand_release(&a);
    return rc;
}
