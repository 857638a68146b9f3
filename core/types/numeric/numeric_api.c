/* numeric_api.c — ss_api's numeric arithmetic for modules (sunstone/plugin.h): the folder's
 * operations run in scratch memory and their result is copied into a row of the caller's
 * numeric vector, so a module's loop over many values leaves nothing behind. */
#include "types/numeric/numeric_api.h"

#include "exec/vector.h"
#include "types/numeric/numeric.h"

_Static_assert((int)SS_NUMERIC_ADD == (int)NUM_OP_ADD && (int)SS_NUMERIC_SUB == (int)NUM_OP_SUB &&
                   (int)SS_NUMERIC_MUL == (int)NUM_OP_MUL && (int)SS_NUMERIC_DIV == (int)NUM_OP_DIV,
               "ss_api's numeric operations are the folder's");

/* Stores r at row of out when rc is SS_OK, and ends the scratch scope the caller began. */
static int store(ss_ctx *ctx, int rc, const ss_text *r, ss_vector *out, uint32_t row)
{
    if (rc == SS_OK)
        rc = ss_vector_set_text(ctx, out, row, r->ptr, r->len);
    num_scratch_end();
    return rc;
}

/* out must be a numeric vector with room for row. */
static int check_out(ss_ctx *ctx, const ss_vector *out, uint32_t row)
{
    if (!out || out->type.id != SS_TYPE_NUMERIC || row >= out->capacity)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "numeric result vector is not numeric or too small");
    return SS_OK;
}

int num_api_from_int64(ss_ctx *ctx, int64_t v, ss_vector *out, uint32_t row)
{
    if (check_out(ctx, out, row) != SS_OK)
        return SS_ERROR;
    ss_text r;
    num_scratch_begin();
    return store(ctx, num_from_int64(ctx, v, &r), &r, out, row);
}

int num_api_arith(ss_ctx *ctx, int op, const ss_text *a, const ss_text *b, ss_vector *out, uint32_t row)
{
    if (check_out(ctx, out, row) != SS_OK)
        return SS_ERROR;
    if (op < SS_NUMERIC_ADD || op > SS_NUMERIC_DIV)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "unknown numeric operation %d", op);
    ss_text r;
    num_scratch_begin();
    return store(ctx, num_binop(ctx, op, a, b, &r), &r, out, row);
}

int num_api_sqrt(ss_ctx *ctx, const ss_text *a, int32_t rscale, ss_vector *out, uint32_t row)
{
    if (check_out(ctx, out, row) != SS_OK)
        return SS_ERROR;
    if (rscale < 0 || rscale > NUM_MAX_DISPLAY_SCALE)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "numeric square root scale %d out of range", rscale);
    ss_text r;
    num_scratch_begin();
    return store(ctx, num_sqrt_scaled(ctx, a, rscale, &r), &r, out, row);
}

int32_t num_api_scale(const ss_text *a)
{
    uint8_t buf[20];
    ss_num n;
    num_decode(a, &n, buf);
    return n.kind == NUM_NAN || n.kind == NUM_PINF || n.kind == NUM_NINF ? -1 : n.dscale;
}
