/* window_agg.c — aggregates over window frames: the kernel's count / sum / min / max / avg,
 * bool_and / bool_or / every, string_agg, array_agg and the json aggregates, and registered aggregates (sunstone/aggregate.h), with FILTER, strictness and EXCLUDE, by
 * one of three frame algorithms (sunstone.window_frame_algorithm): naive (each row's frame
 * aggregated again), incremental (the running state moved with the frame: rows entering are
 * added, rows leaving removed, for count, integer sums and aggregates with an inverse) and
 * segment tree (a tree of partial results over the partition: the best row for min / max,
 * states joined by combine for registered aggregates that have one; each frame's result
 * from O(log n) nodes; not for a registered aggregate with a floating-point result, whose
 * rounding would depend on the grouping).  auto picks incremental where it applies, else
 * the tree, else naive.  All three give the same results. */
#include <string.h>

#include "common/api_memory.h"
#include "window_internal.h"

#define g_api g_win_api

typedef enum agg_kind {
    AK_COUNT,
    AK_SUM_INT,    /* sum(int2 / int4): bigint */
    AK_SUM_FLOAT,  /* sum(float4 / float8) */
    AK_AVG_FLOAT,
    AK_TYPE_SUM,   /* the result type's running sums (numeric, interval): sum or avg */
    AK_MIN,
    AK_MAX,
    AK_BOOL_AND,   /* bool_and / every */
    AK_BOOL_OR,
    AK_STRING,     /* string_agg(text / bytea, delimiter) */
    AK_ARRAY,      /* array_agg (NULLs kept) */
    AK_JSON_ARRAY, /* json_agg / jsonb_agg: the kernel's JSON text of each value */
    AK_JSON_OBJECT, /* json_object_agg / jsonb_object_agg: key and value JSON text */
    AK_PLUGIN
} agg_kind;

typedef struct agg_run {
    win_state *st;
    uint32_t k;
    const ss_window_call *call;
    agg_kind kind;
    bool avg;
    const ops_column *arg;        /* the first argument's values (NULL for count(*)) */
    ss_vector argv;               /* its vector view */
    const ss_type_sum *sum;
    ss_vector views[16];
    const ss_vector *vptr[16];
    ss_aggregate_call_info info;
    ss_type types[16];
    uint32_t *pos;                /* scratch row positions (absolute), st->n of them */
} agg_run;

/* Whether row r (absolute) reaches the aggregate: FILTER true, and for strict aggregates no
 * NULL argument (the kernel's aggregates are strict; count(*) counts every row). */
static bool counts(const agg_run *a, uint32_t r)
{
    const win_state *st = a->st;
    if (a->call->filter) {
        const ops_column *f = &st->filters[a->k];
        if (ops_column_is_null(f, r) || !((const uint8_t *)f->data)[r])
            return false;
    }
    bool strict = a->kind == AK_PLUGIN ? a->call->aggregate->strict
                                       : !a->call->star && a->kind != AK_ARRAY && a->kind != AK_JSON_ARRAY &&
                                             a->kind != AK_JSON_OBJECT;
    uint32_t checked = a->kind == AK_STRING ? 1 : a->call->nargs;
    for (uint32_t i = 0; strict && i < checked; i++)
        if (ops_column_is_null(&st->args[a->k][i], r))
            return false;
    return true;
}

static int64_t int_at(const ops_column *c, uint32_t r)
{
    switch (c->layout) {
    case OPS_LAYOUT_INT2: return ((const int16_t *)c->data)[r];
    case OPS_LAYOUT_INT4: return ((const int32_t *)c->data)[r];
    default: return ((const int64_t *)c->data)[r];
    }
}

static int overflow(ss_ctx *ctx)
{
    return g_api->error(ctx, "22003", "bigint out of range");
}

/* Whether m > 0 rows reached the aggregate; else row i of out becomes NULL. */
static bool has_rows(ss_vector *out, uint32_t i, uint32_t m)
{
    if (!m)
        ss_vector_set_null(out, i);
    return m != 0;
}

/* string_agg: the values, each after the first preceded by its row's delimiter (a NULL
 * delimiter adds nothing), PostgreSQL's string_agg_transfn. */
static int finish_string(ss_ctx *ctx, agg_run *a, const uint32_t *pos, uint32_t m, ss_vector *out, uint32_t i)
{
    if (!has_rows(out, i, m))
        return SS_OK;
    const ops_column *d = &a->st->args[a->k][1];
    size_t len = 0;
    for (uint32_t j = 0; j < m; j++) {
        len += ((const ss_text *)a->arg->data)[pos[j]].len;
        if (j && !ops_column_is_null(d, pos[j]))
            len += ((const ss_text *)d->data)[pos[j]].len;
    }
    char *buf = g_api->alloc(len ? len : 1);
    if (!buf)
        return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    size_t off = 0;
    for (uint32_t j = 0; j < m; j++) {
        if (j && !ops_column_is_null(d, pos[j])) {
            const ss_text *t = &((const ss_text *)d->data)[pos[j]];
            memcpy(buf + off, t->ptr, t->len);
            off += t->len;
        }
        const ss_text *t = &((const ss_text *)a->arg->data)[pos[j]];
        if (t->len)
            memcpy(buf + off, t->ptr, t->len);
        off += t->len;
    }
    ss_value v = {.is_null = false};
    v.v.s = (ss_text){.ptr = buf, .len = (uint32_t)off};
    int rc = g_api->vector_set_value(ctx, out, i, &v);
    g_api->free(buf);
    return rc;
}

/* json_agg / json_object_agg over the kernel's JSON text (json_agg_transfn /
 * json_object_agg_transfn): "[v, v]" or "{ k : v, k : v }"; a NULL key is 22023. */
static int finish_json(ss_ctx *ctx, agg_run *a, const uint32_t *pos, uint32_t m, ss_vector *out, uint32_t i)
{
    if (!has_rows(out, i, m))
        return SS_OK;
    bool object = a->kind == AK_JSON_OBJECT;
    const ops_column *key = a->arg, *val = object ? &a->st->args[a->k][1] : NULL;
    size_t len = 2;
    for (uint32_t j = 0; j < m; j++) {
        if (object && ops_column_is_null(key, pos[j]))
            return g_api->error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "field name must not be null");
        len += 2 + ((const ss_text *)key->data)[pos[j]].len;
        if (object)
            len += 3 + (ops_column_is_null(val, pos[j]) ? 4 : ((const ss_text *)val->data)[pos[j]].len);
    }
    char *buf = g_api->alloc(len + 2);
    if (!buf)
        return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    size_t off = 0;
    for (uint32_t j = 0; j < m; j++) {
        const char *sep = j ? ", " : object ? "{ " : "[";
        memcpy(buf + off, sep, strlen(sep));
        off += strlen(sep);
        const ss_text *t = &((const ss_text *)key->data)[pos[j]];
        if (t->len)
            memcpy(buf + off, t->ptr, t->len);
        off += t->len;
        if (object) {
            memcpy(buf + off, " : ", 3);
            off += 3;
            bool null = ops_column_is_null(val, pos[j]);
            const ss_text *v = null ? NULL : &((const ss_text *)val->data)[pos[j]];
            if (null || v->len)
                memcpy(buf + off, null ? "null" : v->ptr, null ? 4 : v->len);
            off += null ? 4 : v->len;
        }
    }
    memcpy(buf + off, object ? " }" : "]", object ? 2 : 1);
    off += object ? 2 : 1;
    ss_value v = {.is_null = false};
    v.v.s = (ss_text){.ptr = buf, .len = (uint32_t)off};
    int rc = g_api->vector_set_value(ctx, out, i, &v);
    g_api->free(buf);
    return rc;
}

/* array_agg: the one-dimensional array of the values (NULLs kept), or of arrays one
 * dimension up. */
static int finish_array(ss_ctx *ctx, agg_run *a, const uint32_t *pos, uint32_t m, ss_vector *out, uint32_t i)
{
    if (!has_rows(out, i, m))
        return SS_OK;
    const ss_type_info *info = g_api->type_info(a->call->result_type.id);
    if (!info || info->struct_size < offsetof(ss_type_info, array) + sizeof info->array || !info->array)
        return g_api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: array_agg of %s with OVER",
                            g_api->type_name(a->arg->type));
    ss_value *items = ops_zalloc_array(ctx, g_api, m, sizeof *items);
    if (!items)
        return SS_ERROR;
    for (uint32_t j = 0; j < m; j++)
        ss_vector_get_value(&a->argv, pos[j], &items[j]);
    bool nested = a->arg->type.id == a->call->result_type.id;
    int rc = nested ? info->array->build_nested(ctx, items, m, out, i) : info->array->build(ctx, items, m, out, i);
    ops_free(g_api, items);
    return rc;
}

/* Writes the aggregate of rows pos[0..m) (absolute, all counting) to row i of out. */
static int finish_rows(ss_ctx *ctx, agg_run *a, const uint32_t *pos, uint32_t m, ss_vector *out, uint32_t i)
{
    switch (a->kind) {
    case AK_COUNT:
        ((int64_t *)out->data)[i] = m;
        return SS_OK;
    case AK_SUM_INT: {
        int64_t s = 0;
        for (uint32_t j = 0; j < m; j++)
            if (__builtin_add_overflow(s, int_at(a->arg, pos[j]), &s))
                return overflow(ctx);
        if (has_rows(out, i, m))
            ((int64_t *)out->data)[i] = s;
        return SS_OK;
    }
    case AK_SUM_FLOAT:
    case AK_AVG_FLOAT: {
        double s = 0;
        for (uint32_t j = 0; j < m; j++)
            s += ((const double *)a->arg->data)[pos[j]];
        if (has_rows(out, i, m))
            ((double *)out->data)[i] = a->kind == AK_AVG_FLOAT ? s / m : s;
        return SS_OK;
    }
    case AK_TYPE_SUM: {
        if (!has_rows(out, i, m))
            return SS_OK;
        void *state = ops_zalloc(ctx, g_api, a->sum->state_size);
        if (!state)
            return SS_ERROR;
        int rc = a->sum->add(ctx, state, &a->argv, pos, NULL, m);
        if (rc == SS_OK)
            rc = a->sum->result(ctx, state, a->avg ? m : 0, out, i);
        if (a->sum->release)
            a->sum->release(state);
        ops_free(g_api, state);
        return rc;
    }
    case AK_MIN:
    case AK_MAX: {
        if (!has_rows(out, i, m))
            return SS_OK;
        uint32_t best = pos[0];
        for (uint32_t j = 1; j < m; j++) {
            int c = ops_column_compare(a->arg, pos[j], best);
            if (a->kind == AK_MIN ? c < 0 : c > 0)
                best = pos[j];
        }
        ss_value v;
        ss_vector_get_value(&a->argv, best, &v);
        return g_api->vector_set_value(ctx, out, i, &v);
    }
    case AK_BOOL_AND:
    case AK_BOOL_OR: {
        bool r = a->kind == AK_BOOL_AND;
        for (uint32_t j = 0; j < m; j++)
            r = a->kind == AK_BOOL_AND ? r && ((const uint8_t *)a->arg->data)[pos[j]]
                                       : r || ((const uint8_t *)a->arg->data)[pos[j]];
        if (has_rows(out, i, m))
            ((uint8_t *)out->data)[i] = r;
        return SS_OK;
    }
    case AK_STRING:
        return finish_string(ctx, a, pos, m, out, i);
    case AK_ARRAY:
        return finish_array(ctx, a, pos, m, out, i);
    case AK_JSON_ARRAY:
    case AK_JSON_OBJECT:
        return finish_json(ctx, a, pos, m, out, i);
    case AK_PLUGIN: {
        const ss_aggregate_vtable *vt = a->call->aggregate;
        void *state = ops_zalloc(ctx, g_api, ss_aggregate_state_bytes(vt, &a->info));
        if (!state)
            return SS_ERROR;
        vt->init(&a->info, state);
        int rc = SS_OK;
        for (uint32_t j = 0; j < m && rc == SS_OK; j += SS_BATCH_CAPACITY) {
            uint32_t n = m - j < SS_BATCH_CAPACITY ? m - j : SS_BATCH_CAPACITY;
            void *states[SS_BATCH_CAPACITY];
            for (uint32_t q = 0; q < n; q++)
                states[q] = state;
            rc = vt->step(ctx, &a->info, states, a->vptr, pos + j, n);
        }
        if (rc == SS_OK)
            rc = vt->final(ctx, &a->info, state, out, i);
        if (vt->release)
            vt->release(&a->info, state);
        ops_free(g_api, state);
        return rc;
    }
    }
    return SS_OK;
}

/* (a) naive: every row's frame collected and aggregated. */
static int run_naive(ss_ctx *ctx, agg_run *a, ss_vector *out)
{
    win_state *st = a->st;
    for (uint32_t i = 0; i < st->n; i++) {
        uint32_t m = 0;
        for (uint32_t r = st->frame_start[i]; r < st->frame_end[i]; r++)
            if (!win_excluded(st, i, r) && counts(a, st->ps + r))
                a->pos[m++] = st->ps + r;
        if (finish_rows(ctx, a, a->pos, m, out, i))
            return SS_ERROR;
    }
    return SS_OK;
}

/* (b) incremental: frames move forward (start and end never decrease), so a running state
 * takes the rows entering at the end and gives back those leaving at the start. */
static int run_incremental(ss_ctx *ctx, agg_run *a, ss_vector *out)
{
    win_state *st = a->st;
    const ss_aggregate_vtable *vt = a->kind == AK_PLUGIN ? a->call->aggregate : NULL;
    size_t bytes = vt ? ss_aggregate_state_bytes(vt, &a->info) : 0;
    void *state = vt ? ops_zalloc(ctx, g_api, bytes) : NULL;
    if (vt && !state)
        return SS_ERROR;
    if (vt)
        vt->init(&a->info, state);
    int64_t cnt = 0, sum = 0;
    uint32_t cs = 0, ce = 0;
    int rc = SS_OK;
    for (uint32_t i = 0; i < st->n && rc == SS_OK; i++) {
        uint32_t fs = st->frame_start[i], fe = st->frame_end[i];
        if (fs >= ce || fs < cs) { /* no overlap: start again */
            if (vt) {
                if (vt->release)
                    vt->release(&a->info, state);
                memset(state, 0, bytes);
                vt->init(&a->info, state);
            }
            cnt = sum = 0;
            cs = ce = fs;
        }
        for (; ce < fe && rc == SS_OK; ce++) {
            uint32_t r = st->ps + ce;
            if (!counts(a, r))
                continue;
            cnt++;
            if (vt)
                rc = vt->step(ctx, &a->info, &state, a->vptr, &r, 1);
            else if (a->kind == AK_SUM_INT && __builtin_add_overflow(sum, int_at(a->arg, r), &sum))
                rc = overflow(ctx);
        }
        bool restart = false;
        for (; cs < fs && rc == SS_OK; cs++) {
            uint32_t r = st->ps + cs;
            if (!counts(a, r))
                continue;
            cnt--;
            if (vt)
                rc = vt->inverse(ctx, &a->info, &state, a->vptr, &r, 1);
            else if (a->kind == AK_SUM_INT)
                sum -= int_at(a->arg, r);
            if (rc == SS_AGGREGATE_INVERSE_RESTART) { /* the aggregate cannot remove it */
                restart = true;
                rc = SS_OK;
                cs = fs - 1;
            }
        }
        if (restart) { /* the frame's rows into a new state */
            if (vt->release)
                vt->release(&a->info, state);
            memset(state, 0, bytes);
            vt->init(&a->info, state);
            for (uint32_t j = fs; j < fe && rc == SS_OK; j++) {
                uint32_t r = st->ps + j;
                if (counts(a, r))
                    rc = vt->step(ctx, &a->info, &state, a->vptr, &r, 1);
            }
        }
        if (rc)
            break;
        if (vt)
            rc = vt->final(ctx, &a->info, state, out, i);
        else if (a->kind == AK_COUNT)
            ((int64_t *)out->data)[i] = cnt;
        else if (!cnt)
            ss_vector_set_null(out, i);
        else
            ((int64_t *)out->data)[i] = sum;
    }
    if (vt && vt->release)
        vt->release(&a->info, state);
    ops_free(g_api, state);
    return rc;
}

/* (c) segment tree for min / max: node v holds the best row of its range (UINT32_MAX: no
 * counting row); each frame's best from O(log n) nodes. */
static uint32_t better(const agg_run *a, uint32_t x, uint32_t y)
{
    if (x == UINT32_MAX)
        return y;
    if (y == UINT32_MAX)
        return x;
    int c = ops_column_compare(a->arg, y, x);
    return (a->kind == AK_MIN ? c < 0 : c > 0) ? y : x;
}

static int run_segment_tree(ss_ctx *ctx, agg_run *a, ss_vector *out)
{
    win_state *st = a->st;
    uint32_t n = st->n, size = 1;
    while (size < n)
        size <<= 1;
    uint32_t *t = ops_zalloc_array(ctx, g_api, 2 * (size_t)size, sizeof *t);
    if (!t)
        return SS_ERROR;
    for (uint32_t i = 0; i < size; i++)
        t[size + i] = i < n && counts(a, st->ps + i) ? st->ps + i : UINT32_MAX;
    for (uint32_t v = size - 1; v >= 1; v--)
        t[v] = better(a, t[2 * v], t[2 * v + 1]);
    int rc = SS_OK;
    for (uint32_t i = 0; i < n && rc == SS_OK; i++) {
        uint32_t best = UINT32_MAX;
        for (uint32_t lo = st->frame_start[i] + size, hi = st->frame_end[i] + size; lo < hi; lo >>= 1, hi >>= 1) {
            if (lo & 1)
                best = better(a, best, t[lo++]);
            if (hi & 1)
                best = better(a, best, t[--hi]);
        }
        if (best == UINT32_MAX) {
            ss_vector_set_null(out, i);
            continue;
        }
        ss_value v;
        ss_vector_get_value(&a->argv, best, &v);
        rc = g_api->vector_set_value(ctx, out, i, &v);
    }
    ops_free(g_api, t);
    return rc;
}

/* (c) segment tree for a registered aggregate with combine: node v holds the state of its
 * range (a leaf: init, then its row when it counts; above: init, then combine of its two
 * children in order); each frame's state is combined from O(log n) nodes, left to right. */
static int tree_release(agg_run *a, char *t, size_t nstates, size_t ss)
{
    const ss_aggregate_vtable *vt = a->call->aggregate;
    for (size_t v = 0; t && vt->release && v < nstates; v++)
        vt->release(&a->info, t + v * ss);
    ops_free(g_api, t);
    return SS_OK;
}

static int run_combine_tree(ss_ctx *ctx, agg_run *a, ss_vector *out)
{
    win_state *st = a->st;
    const ss_aggregate_vtable *vt = a->call->aggregate;
    uint32_t n = st->n, size = 1;
    while (size < n)
        size <<= 1;
    size_t ss = ss_aggregate_state_bytes(vt, &a->info), nstates = 2 * (size_t)size + 1;
    char *t = ops_zalloc_array(ctx, g_api, nstates, ss);
    if (!t)
        return SS_ERROR;
    for (size_t v = 1; v < nstates; v++)
        vt->init(&a->info, t + v * ss);
    int rc = SS_OK;
    /* the leaves, a batch of counting rows at a time */
    void *states[SS_BATCH_CAPACITY];
    uint32_t rows[SS_BATCH_CAPACITY], m = 0;
    for (uint32_t i = 0; i < n && rc == SS_OK; i++) {
        if (counts(a, st->ps + i)) {
            states[m] = t + (size + (size_t)i) * ss;
            rows[m++] = st->ps + i;
        }
        if (m == SS_BATCH_CAPACITY || (i + 1 == n && m)) {
            rc = vt->step(ctx, &a->info, states, a->vptr, rows, m);
            m = 0;
        }
    }
    for (uint32_t v = size - 1; v >= 1 && rc == SS_OK; v--)
        if ((rc = vt->combine(ctx, &a->info, t + (size_t)v * ss, t + 2 * (size_t)v * ss)) == SS_OK)
            rc = vt->combine(ctx, &a->info, t + (size_t)v * ss, t + (2 * (size_t)v + 1) * ss);
    /* the frame's state lives in slot 0; right-side nodes are applied in reverse order */
    char *acc = t;
    uint32_t right[64];
    for (uint32_t i = 0; i < n && rc == SS_OK; i++) {
        if (vt->release)
            vt->release(&a->info, acc);
        memset(acc, 0, ss);
        vt->init(&a->info, acc);
        uint32_t nr = 0;
        for (uint32_t lo = st->frame_start[i] + size, hi = st->frame_end[i] + size; lo < hi && rc == SS_OK;
             lo >>= 1, hi >>= 1) {
            if (lo & 1)
                rc = vt->combine(ctx, &a->info, acc, t + (size_t)lo++ * ss);
            if (hi & 1)
                right[nr++] = --hi;
        }
        while (nr && rc == SS_OK)
            rc = vt->combine(ctx, &a->info, acc, t + (size_t)right[--nr] * ss);
        if (rc == SS_OK)
            rc = vt->final(ctx, &a->info, acc, out, i);
    }
    tree_release(a, t, nstates, ss);
    return rc;
}

/* The aggregates the aggregate module registers for the kernel (agg_builtin.c). */
static bool is_kernel_named(const char *name)
{
    return !strcmp(name, "count") || !strcmp(name, "sum") || !strcmp(name, "avg") || !strcmp(name, "min") ||
           !strcmp(name, "max"); /* bool_and / bool_or / every: the registered ones (exact inverse) */
}

/* Whether the result is a floating-point one: its value then depends on the order its rows
 * are folded in, so it keeps PostgreSQL's sequential order (naive, or the inverse). */
static bool float_result(const ss_window_call *c)
{
    return c->result_type.id == SS_TYPE_FLOAT8 || c->result_type.id == SS_TYPE_FLOAT4;
}

int win_aggregate(ss_ctx *ctx, win_state *st, uint32_t k, ss_vector *out)
{
    const ss_window_call *c = st->node->calls[k];
    agg_run a;
    memset(&a, 0, sizeof a);
    a.st = st;
    a.k = k;
    a.call = c;
    if (c->nargs > 16)
        return g_api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: %s with more than 16 arguments",
                            c->name);
    for (uint32_t i = 0; i < c->nargs; i++) {
        a.views[i] = ops_column_view(&st->args[k][i]);
        a.vptr[i] = &a.views[i];
        a.types[i] = st->args[k][i].type;
    }
    a.arg = c->nargs ? &st->args[k][0] : NULL;
    if (a.arg)
        a.argv = a.views[0];
    int32_t at = a.arg ? ss_type_storage(a.arg->type.id) : 0;
    const ss_type_info *rinfo = g_api->type_info(c->result_type.id);
    /* count / sum / avg / min / max are the aggregate module's registered aggregates: this
       operator keeps its own frame loops for them (exact inverse for counts and integer
       sums, the row segment tree for min / max) except numeric sums, which go through the
       registered aggregate's inverse (moving mode) */
    bool kernel_named = c->aggregate && is_kernel_named(c->name);
    bool numeric_sum = kernel_named && c->name[0] != 'c' && c->name[0] != 'm' &&
                       c->result_type.id == SS_TYPE_NUMERIC && c->aggregate->inverse;
    if (c->aggregate && (!kernel_named || numeric_sum)) {
        a.kind = AK_PLUGIN;
        a.info = (ss_aggregate_call_info){.struct_size = sizeof a.info, .nargs = c->nargs, .arg_types = a.types,
                                          .result_type = c->result_type, .moving = 1};
    } else if (!strcmp(c->name, "count")) {
        a.kind = AK_COUNT;
    } else if (!strcmp(c->name, "bool_and") || !strcmp(c->name, "every") || !strcmp(c->name, "bool_or")) {
        a.kind = !strcmp(c->name, "bool_or") ? AK_BOOL_OR : AK_BOOL_AND;
    } else if (!strcmp(c->name, "string_agg")) {
        a.kind = AK_STRING;
    } else if (!strcmp(c->name, "array_agg")) {
        a.kind = AK_ARRAY;
    } else if (!strcmp(c->name, "json_agg") || !strcmp(c->name, "jsonb_agg")) {
        a.kind = AK_JSON_ARRAY;
    } else if (!strcmp(c->name, "json_object_agg") || !strcmp(c->name, "jsonb_object_agg")) {
        a.kind = AK_JSON_OBJECT;
    } else if (!strcmp(c->name, "min") || !strcmp(c->name, "max")) {
        a.kind = c->name[1] == 'i' ? AK_MIN : AK_MAX;
    } else if (rinfo && rinfo->sum) {
        a.kind = AK_TYPE_SUM;
        a.sum = rinfo->sum;
        a.avg = !strcmp(c->name, "avg");
    } else if (at == SS_TYPE_FLOAT8) {
        a.kind = !strcmp(c->name, "avg") ? AK_AVG_FLOAT : AK_SUM_FLOAT;
    } else if (at == SS_TYPE_INT2 || at == SS_TYPE_INT4 || at == SS_TYPE_INT8) {
        a.kind = AK_SUM_INT;
    } else {
        return g_api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: %s(%s) with OVER", c->name,
                            a.arg ? g_api->type_name(a.arg->type) : "");
    }
    bool excl = st->node->frame &
                (SS_WINDOW_FRAME_EXCLUDE_CURRENT_ROW | SS_WINDOW_FRAME_EXCLUDE_GROUP | SS_WINDOW_FRAME_EXCLUDE_TIES);
    bool can_inc = !excl && (a.kind == AK_COUNT || a.kind == AK_SUM_INT ||
                             (a.kind == AK_PLUGIN && c->aggregate->inverse));
    bool can_tree = !excl && (a.kind == AK_MIN || a.kind == AK_MAX);
    bool can_combine = !excl && a.kind == AK_PLUGIN && c->aggregate->combine && !float_result(c);
    win_algo algo = st->algo;
    if (!(a.pos = ops_zalloc_array(ctx, g_api, st->n ? st->n : 1, sizeof *a.pos)))
        return SS_ERROR;
    int rc;
    if ((algo == WIN_ALGO_INCREMENTAL || algo == WIN_ALGO_AUTO) && can_inc)
        rc = run_incremental(ctx, &a, out);
    else if ((algo == WIN_ALGO_SEGMENT_TREE || algo == WIN_ALGO_AUTO) && can_tree)
        rc = run_segment_tree(ctx, &a, out);
    else if (can_combine && (algo == WIN_ALGO_SEGMENT_TREE || algo == WIN_ALGO_AUTO))
        rc = run_combine_tree(ctx, &a, out);
    else
        rc = run_naive(ctx, &a, out);
    ops_free(g_api, a.pos);
    return rc;
}
