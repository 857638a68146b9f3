/* function_scan.c — the "function_scan" operator module: the rows of generate_series(start,
 * stop [, step]) over int4, int8 or numeric, and of the set-returning functions the kernel
 * expands (the node's expand: jsonb_each, jsonb_array_elements, ...; every row of a call is
 * collected in batches first), a batch of up to SS_BATCH_CAPACITY values at a
 * time (PostgreSQL's generate_series_step_int4 / _int8: the series stops before passing stop
 * or overflowing; _numeric: values made by the kernel's numeric addition, ss_type_arith, so
 * each has the larger display scale of start and step; _timestamp / _timestamptz: an
 * interval step added by the kernel's timestamp arithmetic, the timestamp types' ss_type_arith,
 * so months and days follow the calendar and the session's time zone), with WITH ORDINALITY's
 * row numbers.  unnest(array [, ...]) is unnest.c's.  The arguments are evaluated when the
 * first batch is asked for and again after a rescan. */
#include <stddef.h>
#include <string.h>

#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/owned_batch.h"
#include "common/plan_node.h"
#include "common/type_layout.h"

#include "unnest.h"

static const ss_api *g_api;

typedef struct function_scan_state {
    const ss_function_scan_node *node;
    bool int8;            /* the element type is bigint, else integer */
    bool numeric;         /* the element type is numeric (then int8 is false) */
    const ss_type_info *info; /* numeric's description: compare and arith */
    bool started;         /* arguments evaluated for this execution */
    bool done;            /* no more rows */
    int64_t next, stop, step;
    int64_t ordinal;      /* rows emitted */
    /* numeric: rows start, stop, step, and in carry the next value (copies owned by the scan) */
    ss_vector *num, *carry;
    bool num_up;          /* numeric step is positive */
    /* timestamp / timestamptz: int64 values, the interval step in num's row 0, the next
       value computed into carry; info is the timestamp type's, ivl_info interval's */
    bool timestamp;
    const ss_type_info *ivl_info;
    ops_owned_batch out;
    /* a kernel-expanded function (node->expand): its rows in batches of SS_BATCH_CAPACITY,
       handed out in order from chunk `emit` */
    ss_srf_expand_fn expand;
    ss_batch **chunks;
    uint32_t nchunks, chunk_cap, emit;
    ss_ctx *emit_ctx;     /* while expand runs */
    unnest_state *unnest; /* unnest(...) instead of generate_series */
} function_scan_state;

static void release_chunks(function_scan_state *st)
{
    for (uint32_t i = 0; i < st->nchunks; i++)
        g_api->batch_destroy(st->chunks[i]);
    st->nchunks = 0;
    st->emit = 0;
}

static void function_scan_close(ss_ctx *ctx, ss_op *self, void *state)
{
    function_scan_state *st = state;
    if (!st)
        return;
    ops_owned_batch_release(g_api, &st->out);
    release_chunks(st);
    g_api->free(st->chunks);
    unnest_close(st->unnest);
    if (st->num)
        g_api->vector_destroy(st->num);
    if (st->carry)
        g_api->vector_destroy(st->carry);
    g_api->free(st);
}

static int function_scan_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_function_scan_node *fs =
        OPS_NODE_OF(ctx, g_api, node, SS_NODE_FUNCTION_SCAN, ss_function_scan_node, "function_scan");
    if (!fs)
        return SS_ERROR;
    bool has_expand = node->struct_size >= offsetof(ss_function_scan_node, expand) + sizeof fs->expand &&
                      fs->expand;
    bool unnest = fs->function && strcmp(fs->function, "unnest") == 0;
    if (unnest || (fs->function && has_expand && strcmp(fs->function, "generate_series") != 0)) {
        function_scan_state *st = ops_zalloc(ctx, g_api, sizeof *st);
        if (!st)
            return SS_ERROR;
        st->node = fs;
        *state = st;
        if (!unnest) {
            st->expand = fs->expand;
            return SS_OK;
        }
        if (unnest_open(ctx, g_api, fs, &st->unnest) != SS_OK)
            return SS_ERROR;
        return ops_owned_batch_init(ctx, g_api, &st->out, node->ncols, node->col_types, SS_BATCH_CAPACITY);
    }
    if (!fs->function || strcmp(fs->function, "generate_series") != 0)
        return g_api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: function %s in FROM",
                            fs->function ? fs->function : "?");
    int32_t t = node->ncols ? node->col_types[0].id : 0;
    bool ts = t == SS_TYPE_TIMESTAMP || t == SS_TYPE_TIMESTAMPTZ;
    if ((fs->nargs != 2 && fs->nargs != 3) ||
        (t != SS_TYPE_INT4 && t != SS_TYPE_INT8 && t != SS_TYPE_NUMERIC && !ts) || (ts && fs->nargs != 3) ||
        node->ncols != (fs->with_ordinality ? 2u : 1u) ||
        (fs->with_ordinality && node->col_types[1].id != SS_TYPE_INT8))
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "function_scan: unexpected generate_series node");
    function_scan_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    st->node = fs;
    st->int8 = t == SS_TYPE_INT8;
    st->numeric = t == SS_TYPE_NUMERIC;
    *state = st;
    if (ts) {
        st->timestamp = true;
        st->info = g_api->type_info(t);
        st->ivl_info = g_api->type_info(SS_TYPE_INTERVAL);
        if (!st->info || !st->ivl_info || st->info->struct_size < offsetof(ss_type_info, arith) + sizeof st->info->arith ||
            st->ivl_info->struct_size < offsetof(ss_type_info, arith) + sizeof st->ivl_info->arith ||
            !st->info->arith || !st->ivl_info->arith)
            return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                "function_scan: the kernel has no timestamp arithmetic for generate_series");
        ss_type ivl = {SS_TYPE_INTERVAL, -1};
        if (!(st->num = g_api->vector_create(ivl, 1)) || !(st->carry = g_api->vector_create(node->col_types[0], 1)))
            return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    } else if (st->numeric) {
        st->info = g_api->type_info(SS_TYPE_NUMERIC);
        if (!st->info || st->info->struct_size < offsetof(ss_type_info, arith) + sizeof st->info->arith ||
            !st->info->arith || !st->info->compare || fs->nargs != 3)
            return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                "function_scan: the kernel has no numeric arithmetic for generate_series");
        if (!(st->num = g_api->vector_create(node->col_types[0], 3)) ||
            !(st->carry = g_api->vector_create(node->col_types[0], 1)))
            return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    return ops_owned_batch_init(ctx, g_api, &st->out, node->ncols, node->col_types, SS_BATCH_CAPACITY);
}

/* PostgreSQL's generate_series_step_numeric checks, in its order. */
static int numeric_check(ss_ctx *ctx, const function_scan_state *st)
{
    static const char *const what[3] = {"start value", "stop value", "step size"};
    const ss_text *v = st->num->data;
    for (int i = 0; i < 3; i++) {
        int c = st->info->arith->classify(&v[i]);
        if (c == SS_VALUE_NAN)
            return g_api->error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "%s cannot be NaN", what[i]);
        if (c == SS_VALUE_PINF || c == SS_VALUE_NINF)
            return g_api->error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "%s cannot be infinity", what[i]);
    }
    if (st->info->arith->classify(&v[2]) == SS_VALUE_ZERO)
        return g_api->error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "step size cannot equal zero");
    return SS_OK;
}

/* Evaluates numeric start, stop and step for this execution into st->num. */
static int numeric_start(ss_ctx *ctx, function_scan_state *st)
{
    st->started = true;
    st->done = false;
    st->ordinal = 0;
    g_api->vector_reset(st->num);
    for (uint32_t i = 0; i < 3; i++) {
        ss_value x;
        if (g_api->expr_eval_scalar(ctx, st->node->args[i], &x) != SS_OK)
            return SS_ERROR;
        if (x.is_null) {
            st->done = true; /* generate_series is strict */
            return SS_OK;
        }
        if (g_api->vector_set_value(ctx, st->num, i, &x) != SS_OK)
            return SS_ERROR;
    }
    if (numeric_check(ctx, st) != SS_OK)
        return SS_ERROR;
    const ss_text *v = st->num->data;
    st->num_up = st->info->arith->classify(&v[2]) == SS_VALUE_POSITIVE;
    ss_value start = {.is_null = false, .v.s = v[0]};
    g_api->vector_reset(st->carry);
    return g_api->vector_set_value(ctx, st->carry, 0, &start);
}

/* Writes the next numeric values into the output rows 0..*n: st->carry (start, or where
 * the last batch stopped), adding step until a value passes stop; the value after a full
 * batch goes back to st->carry. */
static int numeric_fill(ss_ctx *ctx, function_scan_state *st, uint32_t *n)
{
    ss_vector *out = st->out.vectors[0];
    const ss_text *num = st->num->data;
    const ss_text *o = out->data;
    ss_value first = {.is_null = false, .v.s = ((const ss_text *)st->carry->data)[0]};
    *n = 0;
    if (g_api->vector_set_value(ctx, out, 0, &first) != SS_OK)
        return SS_ERROR;
    for (uint32_t k = 0;; k++) {
        int c = st->info->compare(&o[k], &num[1]);
        if (st->num_up ? c > 0 : c < 0) {
            st->done = true;
            return SS_OK;
        }
        *n = k + 1;
        if (k + 1 == SS_BATCH_CAPACITY) {
            g_api->vector_reset(st->carry); /* its value is out's row 0 now */
            return st->info->arith->add(ctx, &o[k], &num[2], st->carry, 0);
        }
        if (st->info->arith->add(ctx, &o[k], &num[2], out, k + 1) != SS_OK)
            return SS_ERROR;
    }
}

/* Evaluates timestamp start, stop and the interval step (PostgreSQL's
 * generate_series_timestamp: a zero step is an error). */
static int timestamp_start(ss_ctx *ctx, function_scan_state *st)
{
    st->started = true;
    st->done = false;
    st->ordinal = 0;
    g_api->vector_reset(st->num);
    ss_value x[3];
    for (uint32_t i = 0; i < 3; i++) {
        if (g_api->expr_eval_scalar(ctx, st->node->args[i], &x[i]) != SS_OK)
            return SS_ERROR;
        if (x[i].is_null) {
            st->done = true;
            return SS_OK;
        }
    }
    if (g_api->vector_set_value(ctx, st->num, 0, &x[2]) != SS_OK)
        return SS_ERROR;
    int c = st->ivl_info->arith->classify(st->num->data);
    if (c == SS_VALUE_ZERO)
        return g_api->error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "step size cannot equal zero");
    st->num_up = c == SS_VALUE_POSITIVE;
    st->next = x[0].v.i;
    st->stop = x[1].v.i;
    return SS_OK;
}

/* Writes the next timestamps into the output: each value not past stop, then value + step
 * (an overflow there is the error PostgreSQL raises). */
static int timestamp_fill(ss_ctx *ctx, function_scan_state *st, uint32_t *n)
{
    int64_t *out = st->out.vectors[0]->data;
    *n = 0;
    while (*n < SS_BATCH_CAPACITY) {
        int64_t v = st->next;
        if (st->num_up ? v > st->stop : v < st->stop) {
            st->done = true;
            break;
        }
        out[(*n)++] = v;
        g_api->vector_reset(st->carry);
        if (st->info->arith->add(ctx, &v, st->num->data, st->carry, 0) != SS_OK)
            return SS_ERROR;
        st->next = ((const int64_t *)st->carry->data)[0];
    }
    return SS_OK;
}

/* Writes the next integer values into the output: how many. */
static uint32_t int_fill(function_scan_state *st)
{
    int64_t lo = st->int8 ? INT64_MIN : INT32_MIN, hi = st->int8 ? INT64_MAX : INT32_MAX;
    int32_t *out4 = st->out.vectors[0]->data;
    int64_t *out8 = st->out.vectors[0]->data;
    uint32_t n = 0;
    while (n < SS_BATCH_CAPACITY) {
        int64_t v = st->next;
        if (st->step > 0 ? v > st->stop : v < st->stop) {
            st->done = true;
            break;
        }
        if (st->int8)
            out8[n++] = v;
        else
            out4[n++] = (int32_t)v;
        int64_t nv;
        if (__builtin_add_overflow(v, st->step, &nv) || nv < lo || nv > hi) {
            st->done = true; /* the next value does not exist: the series ends here */
            break;
        }
        st->next = nv;
    }
    return n;
}

/* Evaluates start, stop and step for this execution. */
static int series_start(ss_ctx *ctx, function_scan_state *st)
{
    if (st->unnest) {
        st->started = true;
        st->done = false;
        st->ordinal = 0;
        return unnest_start(ctx, st->unnest);
    }
    if (st->numeric)
        return numeric_start(ctx, st);
    if (st->timestamp)
        return timestamp_start(ctx, st);
    int64_t v[3] = {0, 0, 1};
    st->started = true;
    st->done = false;
    st->ordinal = 0;
    for (uint32_t i = 0; i < st->node->nargs; i++) {
        ss_value x;
        if (g_api->expr_eval_scalar(ctx, st->node->args[i], &x) != SS_OK)
            return SS_ERROR;
        if (x.is_null)
            st->done = true; /* generate_series is strict */
        else
            v[i] = x.v.i;
    }
    if (!st->done && v[2] == 0)
        return g_api->error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "step size cannot equal zero");
    st->next = v[0];
    st->stop = v[1];
    st->step = v[2];
    return SS_OK;
}

/* ss_srf_emit_fn: appends one row of the expanded function (and its ordinality). */
static int srf_emit(void *arg, const ss_value *cols)
{
    function_scan_state *st = arg;
    ss_ctx *ctx = st->emit_ctx;
    const ss_plan_node *node = &st->node->hdr;
    ss_batch *b = st->nchunks ? st->chunks[st->nchunks - 1] : NULL;
    if (!b || b->count == SS_BATCH_CAPACITY) {
        if (st->nchunks == st->chunk_cap) {
            uint32_t cap = st->chunk_cap ? st->chunk_cap * 2 : 4;
            ss_batch **nc = g_api->realloc(st->chunks, cap * sizeof *nc);
            if (!nc)
                return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            st->chunks = nc;
            st->chunk_cap = cap;
        }
        if (!(b = g_api->batch_create(node->ncols, node->col_types, SS_BATCH_CAPACITY)))
            return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        st->chunks[st->nchunks++] = b;
    }
    uint32_t row = b->count, nfn = node->ncols - (st->node->with_ordinality ? 1u : 0u);
    for (uint32_t c = 0; c < nfn; c++)
        if (g_api->vector_set_value(ctx, b->cols[c], row, &cols[c]) != SS_OK)
            return SS_ERROR;
    if (st->node->with_ordinality)
        ((int64_t *)b->cols[nfn]->data)[row] = ++st->ordinal;
    b->count++;
    return g_api->check_interrupt(ctx);
}

/* Evaluates the arguments and collects every row of the call. */
static int srf_start(ss_ctx *ctx, function_scan_state *st)
{
    release_chunks(st);
    st->started = true;
    st->ordinal = 0;
    uint32_t n = st->node->nargs;
    ss_value *args = n ? g_api->exec_arena_alloc(ctx, n * sizeof *args) : NULL;
    if (n && !args)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++)
        if (g_api->expr_eval_scalar(ctx, st->node->args[i], &args[i]) != SS_OK)
            return SS_ERROR;
    st->emit_ctx = ctx;
    return st->expand(ctx, st->node->function, args, n, srf_emit, st);
}

static int function_scan_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    function_scan_state *st = state;
    *out = NULL;
    if (st->expand) {
        if (!st->started && srf_start(ctx, st) != SS_OK)
            return SS_ERROR;
        if (st->emit < st->nchunks)
            *out = st->chunks[st->emit++];
        return SS_OK;
    }
    if (!st->started && series_start(ctx, st) != SS_OK)
        return SS_ERROR;
    if (st->done)
        return SS_OK;
    ops_owned_batch_reset(g_api, &st->out);
    uint32_t n = 0;
    if (st->unnest) {
        if (unnest_fill(ctx, st->unnest, &st->out, &n) != SS_OK)
            return SS_ERROR;
        st->done = n == 0;
    } else if (st->timestamp) {
        if (timestamp_fill(ctx, st, &n) != SS_OK)
            return SS_ERROR;
    } else if (!st->numeric) {
        n = int_fill(st);
    } else if (numeric_fill(ctx, st, &n) != SS_OK) {
        return SS_ERROR;
    }
    if (st->node->with_ordinality) {
        int64_t *ord = st->out.vectors[st->node->hdr.ncols - 1]->data; /* the last column */
        for (uint32_t k = 0; k < n; k++)
            ord[k] = ++st->ordinal;
    }
    if (n == 0)
        return SS_OK;
    uint32_t emitted = 0;
    ops_owned_batch_emit(&st->out, n, &emitted, out);
    return g_api->check_interrupt(ctx);
}

static int function_scan_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    function_scan_state *st = state;
    st->started = false; /* the arguments may read parameters: evaluated again */
    return SS_OK;
}

static int function_scan_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const function_scan_state *st = state;
    if (!st)
        return SS_OK;
    if (st->expand)
        return ops_explain_appendf(buf, buflen, "%s%s", st->node->function,
                                   st->node->with_ordinality ? " with ordinality" : "");
    if (st->unnest)
        return ops_explain_appendf(buf, buflen, "unnest(%u array%s)%s", st->node->nargs,
                                   st->node->nargs == 1 ? "" : "s",
                                   st->node->with_ordinality ? " with ordinality" : "");
    return ops_explain_appendf(buf, buflen, "%s(%s)%s", st->node->function,
                               st->timestamp ? st->info->name : st->numeric ? "numeric" : st->int8 ? "bigint" : "integer",
                               st->node->with_ordinality ? " with ordinality" : "");
}

static const ss_operator_vtable function_scan_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "function_scan",
    .node_kind = SS_NODE_FUNCTION_SCAN,
    .caps = SS_OPCAP_PARKABLE | SS_OPCAP_PARAM_RESCAN,
    .description = "rows of a set-returning function in FROM: generate_series over integer, bigint, numeric and "
                   "timestamps, unnest over arrays, and the functions the kernel expands (jsonb_each, "
                   "jsonb_array_elements, ...)",
    .open = function_scan_open,
    .next_batch = function_scan_next_batch,
    .close = function_scan_close,
    .rescan = function_scan_rescan,
    .explain = function_scan_explain,
};

SS_PLUGIN_MAGIC("function_scan", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &function_scan_vtable, false);
}
