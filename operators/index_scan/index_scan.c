/* index_scan.c — the "index_scan" operator module: the rows of a table found through one of
 * its indexes (ss_index_scan_node).  It turns the node's condition into one or more key
 * ranges (an IN list: one point range per distinct value, in scan order), reads each range's
 * row ids from the index module in batches, fetches the versions the statement's snapshot
 * sees through the backend's fetch_versions straight into its typed batch (dead and
 * invisible versions an index still names drop out there) and narrows the batch with the
 * residual filter.  Bounds are evaluated at open and at every rescan, so the node can be the
 * parameterised inner side of a nested loop. */
#include <stddef.h>
#include <string.h>

#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/plan_node.h"
#include "common/type_layout.h"
#include "common/value_order.h"

static const ss_api *g_api;

/* One key range: lower and upper bound values (nlo / nhi of them, 0 = open). */
typedef struct key_range {
    ss_value *lo, *hi;
    uint32_t nlo, nhi;
    bool lo_incl, hi_incl;
} key_range;

/* Key columns of a range without an IN list kept in the state, not the execution arena. */
#define ISCAN_INLINE_KEYS 4

typedef struct iscan_state {
    const ss_index_scan_node *node;
    const ss_storage_vtable *storage;
    void *table;
    ss_scan_spec spec;
    ss_batch *batch;              /* what fetch_versions fills: the table columns asked for */
    uint32_t rowid_pos;           /* output position of the row id column (UINT32_MAX: none) */
    uint32_t *spec_cols;          /* with a row id column: the table columns without it */
    ss_vector *rowid_vec;         /* int8: the row id of each fetched row */
    ss_batch with_rowid;          /* the output around batch's vectors and rowid_vec */
    uint32_t *sel;
    ss_rowid rowids[SS_BATCH_CAPACITY];
    bool found[SS_BATCH_CAPACITY];
    key_range *ranges;            /* execution arena, or one_range */
    key_range one_range;          /* the range of a condition without an IN list */
    ss_value key_buf[ISCAN_INLINE_KEYS]; /* its key prefix when it has few columns */
    uint32_t nranges, at;         /* ranges, and the one being read */
    ss_index_scan *scan;          /* the open module scan of ranges[at], NULL when none */
    bool point_overflow;          /* ranges[at] is a point with more entries than a batch */
    bool started, done;
} iscan_state;

/* The smallest and largest value of an integer key type (false: not an integer type). */
static bool int_limits(ss_type t, int64_t *min, int64_t *max)
{
    switch (t.id) {
    case SS_TYPE_INT2: *min = INT16_MIN; *max = INT16_MAX; return true;
    case SS_TYPE_INT4: *min = INT32_MIN; *max = INT32_MAX; return true;
    case SS_TYPE_INT8: *min = INT64_MIN; *max = INT64_MAX; return true;
    default: return false;
    }
}

/* How a value of type from fits key type to: 0 it does (unchanged), -1 below the key's
 * range, 1 above it. */
static int fit(ss_type from, ss_type to, const ss_value *v)
{
    int64_t lo, hi, flo, fhi;
    if (v->is_null || from.id == to.id || !int_limits(to, &lo, &hi) || !int_limits(from, &flo, &fhi))
        return 0;
    return v->v.i < lo ? -1 : v->v.i > hi ? 1 : 0;
}

/* Order of two non-NULL values of key column k in the index (DESC reverses). */
static int key_cmp(const ss_index_scan_node *n, uint32_t k, const ss_value *a, const ss_value *b)
{
    ss_type t = n->key_types[k];
    const ss_type_info *ti = SS_API_HAS(g_api, type_info) ? g_api->type_info(t.id) : NULL;
    int c;
    if (ti && ti->compare && ti->layout == SS_LAYOUT_VARLEN)
        c = ti->compare(&a->v.s, &b->v.s);
    else
        switch (ss_type_storage(t.id)) {
        case SS_TYPE_FLOAT8: c = ops_cmp_float8(a->v.f, b->v.f); break;
        case SS_TYPE_TEXT: c = ops_cmp_text(&a->v.s, &b->v.s); break;
        case SS_TYPE_BOOL: c = (int)a->v.b - (int)b->v.b; break;
        default: c = ops_cmp_int64(a->v.i, b->v.i); break;
        }
    return (n->key_flags[k] & SS_INDEX_DESC) ? -c : c;
}

static int eval(ss_ctx *ctx, const ss_expr *e, ss_value *out)
{
    return g_api->expr_eval_scalar(ctx, e, out);
}

/* The ranges of the node's condition for this execution (none: no row can match). */
static int build_ranges(ss_ctx *ctx, iscan_state *st)
{
    const ss_index_scan_node *n = st->node;
    st->nranges = 0;
    st->at = 0;
    uint32_t neq = n->neq, width = neq + 1;
    /* a prepared point lookup allocates nothing per execution (the ranges are rebuilt at
       the rescan that follows the end of any module scan over them) */
    bool inline_keys = !n->nin && width <= ISCAN_INLINE_KEYS;
    ss_value *prefix = inline_keys ? st->key_buf : g_api->exec_arena_alloc(ctx, sizeof(ss_value) * width);
    if (!prefix)
        return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < neq; i++) {
        if (!n->eq[i]) { /* IS NULL */
            memset(&prefix[i], 0, sizeof prefix[i]);
            prefix[i].is_null = true;
            continue;
        }
        if (eval(ctx, n->eq[i], &prefix[i]) != SS_OK)
            return SS_ERROR;
        if (prefix[i].is_null || fit(n->eq_types[i], n->key_types[i], &prefix[i]) != 0)
            return SS_OK; /* = NULL, or a value no key holds */
    }
    uint32_t cap = n->nin ? n->nin : 1;
    st->ranges = inline_keys ? &st->one_range : g_api->exec_arena_alloc(ctx, sizeof(key_range) * cap);
    if (!st->ranges)
        return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    bool has_col = neq < n->nkeys;
    uint32_t k = neq; /* the key column of the IN list or the range */
    if (n->nin) {
        ss_value *vals = g_api->exec_arena_alloc(ctx, sizeof(ss_value) * n->nin);
        if (!vals)
            return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        uint32_t m = 0;
        for (uint32_t i = 0; i < n->nin; i++) {
            if (eval(ctx, n->in[i], &vals[m]) != SS_OK)
                return SS_ERROR;
            if (!vals[m].is_null && fit(n->bound_type, n->key_types[k], &vals[m]) == 0)
                m++;
        }
        /* index order (insertion sort: IN lists are short), each value once */
        for (uint32_t i = 1; i < m; i++)
            for (uint32_t j = i; j > 0 && key_cmp(n, k, &vals[j - 1], &vals[j]) > 0; j--) {
                ss_value t = vals[j];
                vals[j] = vals[j - 1];
                vals[j - 1] = t;
            }
        for (uint32_t i = 0; i < m; i++) {
            if (i && key_cmp(n, k, &vals[i - 1], &vals[i]) == 0)
                continue;
            ss_value *key = g_api->exec_arena_alloc(ctx, sizeof(ss_value) * width);
            if (!key)
                return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            memcpy(key, prefix, sizeof(ss_value) * neq);
            key[neq] = vals[i];
            st->ranges[st->nranges++] = (key_range){key, key, width, width, true, true};
        }
        if (n->backward) /* the scan reads the ranges from the last down */
            for (uint32_t i = 0, j = st->nranges; i + 1 < j; i++, j--) {
                key_range t = st->ranges[i];
                st->ranges[i] = st->ranges[j - 1];
                st->ranges[j - 1] = t;
            }
        return SS_OK;
    }
    key_range r = {prefix, prefix, neq, neq, true, true};
    if (has_col && (n->lower || n->upper)) {
        /* SQL's lower / upper on column k, then in index order (DESC swaps them) */
        ss_value lo = {0}, hi = {0};
        bool lo_set = false, hi_set = false, lo_incl = n->lower_inclusive, hi_incl = n->upper_inclusive;
        if (n->lower) {
            if (eval(ctx, n->lower, &lo) != SS_OK)
                return SS_ERROR;
            if (lo.is_null)
                return SS_OK;
            int f = fit(n->bound_type, n->key_types[k], &lo);
            if (f > 0)
                return SS_OK;
            lo_set = f == 0;
        }
        if (n->upper) {
            if (eval(ctx, n->upper, &hi) != SS_OK)
                return SS_ERROR;
            if (hi.is_null)
                return SS_OK;
            int f = fit(n->bound_type, n->key_types[k], &hi);
            if (f < 0)
                return SS_OK;
            hi_set = f == 0;
        }
        bool desc = n->key_flags[k] & SS_INDEX_DESC;
        ss_value *a = g_api->exec_arena_alloc(ctx, sizeof(ss_value) * width);
        ss_value *b = g_api->exec_arena_alloc(ctx, sizeof(ss_value) * width);
        if (!a || !b)
            return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        memcpy(a, prefix, sizeof(ss_value) * neq);
        memcpy(b, prefix, sizeof(ss_value) * neq);
        bool a_set = desc ? hi_set : lo_set, b_set = desc ? lo_set : hi_set;
        a[neq] = desc ? hi : lo;
        b[neq] = desc ? lo : hi;
        r = (key_range){a, b, a_set ? width : neq, b_set ? width : neq, a_set ? (desc ? hi_incl : lo_incl) : true,
                        b_set ? (desc ? lo_incl : hi_incl) : true};
        /* NULL keys never satisfy a range: an open end on the NULLs' side stops before them
           (NULLs sort after the values, or before them with NULLS FIRST) */
        bool nulls_first = n->key_flags[k] & SS_INDEX_NULLS_FIRST;
        ss_value null = {.is_null = true};
        if (nulls_first && !a_set) {
            a[neq] = null;
            r.nlo = width;
            r.lo_incl = false;
        } else if (!nulls_first && !b_set) {
            b[neq] = null;
            r.nhi = width;
            r.hi_incl = false;
        }
    }
    st->ranges[st->nranges++] = r;
    return SS_OK;
}

static void end_scan(iscan_state *st)
{
    if (st->scan) {
        st->node->index->scan_end(st->scan);
        st->scan = NULL;
    }
}

static void iscan_close(ss_ctx *ctx, ss_op *self, void *state)
{
    iscan_state *st = state;
    if (!st)
        return;
    end_scan(st);
    if (st->batch)
        g_api->batch_destroy(st->batch);
    if (st->rowid_vec)
        g_api->vector_destroy(st->rowid_vec);
    g_api->free(st->spec_cols);
    g_api->free(st->with_rowid.cols);
    g_api->free(st->sel);
    g_api->free(st);
}

static int iscan_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_index_scan_node *n = OPS_NODE_OF(ctx, g_api, node, SS_NODE_INDEX_SCAN, ss_index_scan_node, "index_scan");
    if (!n)
        return SS_ERROR;
    iscan_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    st->node = n;
    st->storage = g_api->table_storage(n->table, &st->table);
    if (!st->storage || !SS_STORAGE_HAS(st->storage, fetch_versions) || !st->storage->fetch_versions) {
        g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "index_scan: table \"%s\" has no row versions",
                     g_api->table_name(n->table));
        goto fail;
    }
    st->spec = (ss_scan_spec){n->ncols, 0, n->columns};
    st->rowid_pos = UINT32_MAX;
    for (uint32_t i = 0; i < n->ncols; i++)
        if (n->columns[i] == SS_SCAN_COLUMN_ROWID)
            st->rowid_pos = i;
    if (st->rowid_pos == UINT32_MAX) {
        st->batch = g_api->batch_create(node->ncols, node->col_types, SS_BATCH_CAPACITY);
    } else { /* UPDATE / DELETE: the row ids found go out beside the fetched columns */
        ss_type *types = g_api->alloc(sizeof(ss_type) * n->ncols);
        st->spec_cols = g_api->alloc(sizeof(uint32_t) * n->ncols);
        st->with_rowid.cols = g_api->alloc(sizeof(ss_vector *) * n->ncols);
        st->rowid_vec = g_api->vector_create(node->col_types[st->rowid_pos], SS_BATCH_CAPACITY);
        if (types && st->spec_cols && st->with_rowid.cols && st->rowid_vec) {
            uint32_t k = 0;
            for (uint32_t i = 0; i < n->ncols; i++)
                if (i != st->rowid_pos) {
                    types[k] = node->col_types[i];
                    st->spec_cols[k++] = n->columns[i];
                }
            st->spec = (ss_scan_spec){k, 0, st->spec_cols};
            st->batch = g_api->batch_create(k, types, SS_BATCH_CAPACITY);
            st->with_rowid.ncols = n->ncols;
        }
        if (types)
            g_api->free(types);
    }
    st->sel = ops_zalloc_array(ctx, g_api, SS_BATCH_CAPACITY, sizeof(uint32_t));
    if (!st->batch || !st->sel) {
        g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        goto fail;
    }
    *state = st;
    return SS_OK;
fail:
    iscan_close(ctx, self, st);
    return SS_ERROR;
}

/* The snapshot fetches read with: the statement's, or one that sees every committed version
 * in a context without a transaction. */
static const ss_snapshot *snapshot_of(ss_ctx *ctx, const iscan_state *st)
{
    static const ss_snapshot all = {.struct_size = sizeof(ss_snapshot), .command_id = UINT32_MAX,
                                    .xmin = UINT64_MAX, .xmax = UINT64_MAX};
    bool rowids = st->rowid_pos != UINT32_MAX;
    /* (EPQ) row ids of rows a re-check keeps fixed: read as a scan without them */
    const ss_index_scan_node *n = st->node;
    bool fixed = n->hdr.struct_size >= offsetof(ss_index_scan_node, rowids_fixed) + sizeof n->rowids_fixed &&
                 n->rowids_fixed;
    const ss_snapshot *s = SS_API_HAS(g_api, txn_scan_snapshot) ? g_api->txn_scan_snapshot(ctx, rowids && !fixed)
                           : SS_API_HAS(g_api, txn_snapshot)    ? g_api->txn_snapshot(ctx)
                                                                : NULL;
    return s ? s : &all;
}

/* Whether r is one key (prefix): both bounds the same values, inclusive. */
static bool point_range(const key_range *r)
{
    return r->nlo > 0 && r->lo == r->hi && r->nlo == r->nhi && r->lo_incl && r->hi_incl;
}

/* The next up to SS_BATCH_CAPACITY row ids of the ranges (*n 0: none left).  A point range
 * (an equality on the key, each IN value) is one lookup, without a scan, when its entries
 * fit one batch; it is read with a scan otherwise. */
static int next_rowids(ss_ctx *ctx, iscan_state *st, uint32_t *n)
{
    const ss_index_scan_node *node = st->node;
    *n = 0;
    while (st->at < st->nranges) {
        const key_range *r = &st->ranges[st->at];
        if (!st->scan && !st->point_overflow && point_range(r)) {
            uint32_t total = 0;
            if (node->index->lookup(ctx, node->index_handle, r->lo, r->nlo, st->rowids, SS_BATCH_CAPACITY, &total) !=
                SS_OK)
                return SS_ERROR;
            if (total <= SS_BATCH_CAPACITY) {
                if (node->backward) /* the same entries from the last down */
                    for (uint32_t i = 0, j = total; i + 1 < j; i++, j--) {
                        ss_rowid t = st->rowids[i];
                        st->rowids[i] = st->rowids[j - 1];
                        st->rowids[j - 1] = t;
                    }
                st->at++;
                if (total == 0)
                    continue;
                *n = total;
                return SS_OK;
            }
            st->point_overflow = true;
        }
        if (!st->scan) {
            ss_index_bound lo = {r->lo, r->nlo, r->lo_incl, {0}}, hi = {r->hi, r->nhi, r->hi_incl, {0}};
            if (node->index->scan_begin(ctx, node->index_handle, &lo, &hi, node->backward, &st->scan) != SS_OK)
                return SS_ERROR;
        }
        if (node->index->scan_next(ctx, st->scan, st->rowids, SS_BATCH_CAPACITY, n) != SS_OK)
            return SS_ERROR;
        if (*n)
            return SS_OK;
        end_scan(st);
        st->point_overflow = false;
        st->at++;
    }
    return SS_OK;
}

/* The output batch of the n row ids just fetched: batch itself, or with a row id column,
   batch's vectors around the ids of the versions found (fetch_versions keeps their order). */
static ss_batch *with_rowids(iscan_state *st, uint32_t n)
{
    if (st->rowid_pos == UINT32_MAX)
        return st->batch;
    int64_t *dst = st->rowid_vec->data;
    uint32_t row = 0;
    for (uint32_t k = 0; k < n; k++)
        if (st->found[k])
            dst[row++] = (int64_t)st->rowids[k];
    ss_batch *o = &st->with_rowid;
    for (uint32_t i = 0, k = 0; i < o->ncols; i++)
        o->cols[i] = i == st->rowid_pos ? st->rowid_vec : st->batch->cols[k++];
    o->count = st->batch->count;
    o->sel = NULL;
    o->sel_count = 0;
    return o;
}

static int iscan_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    iscan_state *st = state;
    *out = NULL;
    if (!st->started) {
        st->started = true;
        st->done = false;
        if (build_ranges(ctx, st) != SS_OK)
            return SS_ERROR;
    }
    const ss_snapshot *snap = snapshot_of(ctx, st);
    while (!st->done) {
        uint32_t n;
        if (next_rowids(ctx, st, &n) != SS_OK)
            return SS_ERROR;
        if (n == 0) {
            st->done = true;
            break;
        }
        g_api->batch_reset(st->batch);
        if (st->storage->fetch_versions(ctx, st->table, &st->spec, snap, st->rowids, n, st->batch, st->found) !=
            SS_OK)
            return SS_ERROR;
        if (st->batch->count == 0)
            continue;
        ss_batch *b = with_rowids(st, n);
        if (st->node->filter) {
            if (g_api->expr_select(ctx, st->node->filter, b, st->sel) != SS_OK)
                return SS_ERROR;
            if (b->sel && b->sel_count == 0)
                continue;
        }
        *out = b;
        return SS_OK;
    }
    return SS_OK;
}

static int iscan_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    iscan_state *st = state;
    (void)changed;
    end_scan(st);
    st->point_overflow = false;
    st->started = false; /* the bounds are evaluated again */
    st->done = false;
    return SS_OK;
}

static int iscan_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const iscan_state *st = state;
    if (!st)
        return SS_OK;
    const ss_index_scan_node *n = st->node;
    if (ops_explain_appendf(buf, buflen, "%susing %s on %s", n->backward ? "Backward " : "", n->index_name,
                            g_api->table_name(n->table)) != SS_OK)
        return SS_ERROR;
    bool cond = n->neq || n->nin || n->lower || n->upper;
    if (cond && ops_explain_appendf(buf, buflen, "  Index Cond: %s", n->index_cond ? n->index_cond : "(...)") != SS_OK)
        return SS_ERROR;
    if (n->filter && ops_explain_appendf(buf, buflen, "  Filter: %s", n->filter_text ? n->filter_text : "(...)") != SS_OK)
        return SS_ERROR;
    return SS_OK;
}

static const ss_operator_vtable index_scan_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "index_scan",
    .node_kind = SS_NODE_INDEX_SCAN,
    .caps = SS_OPCAP_PARKABLE | SS_OPCAP_PARAM_RESCAN,
    .description = "index range scan (row ids in batches, visible versions fetched into typed batches)",
    .open = iscan_open,
    .next_batch = iscan_next_batch,
    .close = iscan_close,
    .rescan = iscan_rescan,
    .explain = iscan_explain,
};

SS_PLUGIN_MAGIC("index_scan", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &index_scan_vtable, false);
}
