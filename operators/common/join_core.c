/* join_core.c — the shared join loop of hash_join and nested_loop (join_core.h). */
#include "common/join_core.h"

#include "common/api_memory.h"
#include "common/value_hash.h"

int ops_join_open(ss_ctx *ctx, ops_join *j, const ss_api *api, ss_op *self, const ss_plan_node *node,
                  const ops_join_spec *spec)
{
    j->api = api;
    j->spec = *spec;
    j->node = node;
    if (node->nchildren != 2)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "%s: plan node needs two children", spec->who);
    j->left = api->op_child(self, 0);
    j->right = api->op_child(self, 1);
    j->nl = node->children[0]->ncols;
    j->nr = node->children[1]->ncols;
    j->semi_anti = spec->join_type == SS_JOIN_SEMI || spec->join_type == SS_JOIN_ANTI;
    if ((j->semi_anti ? j->nl : j->nl + j->nr) != node->ncols)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "%s: output is not the children's columns", spec->who);
    const ss_type *rtypes = node->children[1]->col_types;
    if (!(j->rcols = ops_zalloc_array(ctx, api, j->nr ? j->nr : 1, sizeof *j->rcols)) ||
        !(j->kcols = ops_zalloc_array(ctx, api, spec->nkeys ? spec->nkeys : 1, sizeof *j->kcols)) ||
        !(j->key_vec = ops_zalloc_array(ctx, api, spec->nkeys ? spec->nkeys : 1, sizeof *j->key_vec)) ||
        !(j->key_vec_left = ops_zalloc_array(ctx, api, spec->nkeys ? spec->nkeys : 1, sizeof *j->key_vec_left)))
        return SS_ERROR;
    for (uint32_t c = 0; c < j->nr; c++)
        if (ops_column_init(ctx, &j->rcols[c], api, rtypes[c], spec->who))
            return SS_ERROR;
    for (uint32_t k = 0; k < spec->nkeys; k++) {
        ss_type lt = api->expr_type(spec->left_keys[k]), rt = api->expr_type(spec->right_keys[k]);
        if (ops_layout_of(lt.id) != ops_layout_of(rt.id))
            return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "%s: key %u has types of different layouts", spec->who,
                              k + 1);
        if (ops_column_init(ctx, &j->kcols[k], api, rt, spec->who))
            return SS_ERROR;
        if (!(j->key_vec[k] = api->vector_create(rt, SS_BATCH_CAPACITY)) ||
            !(j->key_vec_left[k] = api->vector_create(lt, SS_BATCH_CAPACITY)))
            return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    if (!(j->out = api->batch_create(node->ncols, node->col_types, SS_BATCH_CAPACITY)))
        return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (j->semi_anti && spec->cond) {
        ss_type *types = ops_zalloc_array(ctx, api, j->nl + j->nr + 1, sizeof *types);
        if (!types)
            return SS_ERROR;
        for (uint32_t c = 0; c < j->nl; c++)
            types[c] = node->children[0]->col_types[c];
        for (uint32_t c = 0; c < j->nr; c++)
            types[j->nl + c] = rtypes[c];
        j->pairs = api->batch_create(j->nl + j->nr, types, SS_BATCH_CAPACITY);
        ops_free(api, types);
        if (!j->pairs)
            return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    return SS_OK;
}

void ops_join_release(ops_join *j)
{
    const ss_api *api = j->api;
    if (!api)
        return;
    for (uint32_t c = 0; j->rcols && c < j->nr; c++)
        ops_column_release(&j->rcols[c]);
    for (uint32_t k = 0; k < j->spec.nkeys; k++) {
        if (j->kcols)
            ops_column_release(&j->kcols[k]);
        if (j->key_vec && j->key_vec[k])
            api->vector_destroy(j->key_vec[k]);
        if (j->key_vec_left && j->key_vec_left[k])
            api->vector_destroy(j->key_vec_left[k]);
    }
    ops_free(api, j->rcols);
    ops_free(api, j->kcols);
    ops_free(api, j->key_vec);
    ops_free(api, j->key_vec_left);
    ops_free(api, j->hashes);
    ops_free(api, j->next);
    ops_free(api, j->heads);
    ops_free(api, j->bloom);
    ops_free(api, j->matched_right);
    if (j->out)
        api->batch_destroy(j->out);
    if (j->pairs)
        api->batch_destroy(j->pairs);
    j->pairs = NULL;
    j->rcols = j->kcols = NULL;
    j->key_vec = j->key_vec_left = NULL;
    j->hashes = NULL;
    j->next = j->heads = NULL;
    j->bloom = NULL;
    j->matched_right = NULL;
    j->out = NULL;
}

/* Drops the build side's rows (keeps the columns' types). */
static void clear_build(ops_join *j)
{
    for (uint32_t c = 0; c < j->nr; c++) {
        ss_type t = j->rcols[c].type;
        ops_column_release(&j->rcols[c]);
        ops_column_init(NULL, &j->rcols[c], j->api, t, j->spec.who);
    }
    for (uint32_t k = 0; k < j->spec.nkeys; k++) {
        ss_type t = j->kcols[k].type;
        ops_column_release(&j->kcols[k]);
        ops_column_init(NULL, &j->kcols[k], j->api, t, j->spec.who);
    }
    ops_free(j->api, j->heads);
    ops_free(j->api, j->bloom);
    ops_free(j->api, j->matched_right);
    j->heads = NULL;
    j->bloom = NULL;
    j->matched_right = NULL;
    j->nbuild = 0;
    j->built = false;
}

/* The next batch of side 1 (build) or 0 (probe). */
static inline int pull_side(ss_ctx *ctx, ops_join *j, int side, ss_batch **out)
{
    if (j->pull)
        return j->pull(ctx, j->pull_arg, side, out);
    return j->api->op_next(ctx, side ? j->right : j->left, out);
}

static int grow_build(ss_ctx *ctx, ops_join *j, uint32_t extra)
{
    /* at most 2^30 rows: the bucket array (a power of two, twice the rows) fits in uint32_t */
    if ((uint64_t)j->nbuild + extra > (UINT32_C(1) << 30))
        return j->api->error(ctx, OPS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED, "%s: too many rows on the build side",
                             j->spec.who);
    if (j->nbuild + extra <= j->cap_build)
        return SS_OK;
    uint32_t cap = j->cap_build ? j->cap_build : 1024;
    while (cap < j->nbuild + extra)
        cap *= 2;
    uint64_t *h = ops_realloc(j->api, j->hashes, sizeof *h * cap);
    if (!h)
        return j->api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    j->hashes = h;
    uint32_t *n = ops_realloc(j->api, j->next, sizeof *n * cap);
    if (!n)
        return j->api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    j->next = n;
    j->cap_build = cap;
    return SS_OK;
}

/* Reads the whole right input into the build side and, in hash mode, chains its rows by key
 * hash (rows with a NULL key are kept for their columns but never chained). */
static int build(ss_ctx *ctx, ops_join *j)
{
    const ss_api *api = j->api;
    uint32_t nk = j->spec.nkeys;
    for (;;) {
        ss_batch *b = NULL;
        if (api->check_interrupt(ctx) || pull_side(ctx, j, 1, &b))
            return SS_ERROR;
        if (!b)
            break;
        uint32_t n = ss_batch_rows(b);
        if (n == 0)
            continue;
        if (grow_build(ctx, j, n))
            return SS_ERROR;
        for (uint32_t c = 0; c < j->nr; c++)
            if (ops_column_append(ctx, &j->rcols[c], b->cols[c], b->sel, n))
                return SS_ERROR;
        for (uint32_t k = 0; k < nk; k++) {
            if (api->expr_eval(ctx, j->spec.right_keys[k], b, j->key_vec[k]) ||
                ops_column_append(ctx, &j->kcols[k], j->key_vec[k], b->sel, n))
                return SS_ERROR;
            ops_hash_vector(j->key_vec[k], b->sel, n, j->tmp_hash, k > 0);
        }
        for (uint32_t i = 0; i < n; i++)
            j->hashes[j->nbuild + i] = nk ? j->tmp_hash[i] : 0;
        j->nbuild += n;
    }
    if (j->spec.use_hash) {
        uint32_t buckets = 16;
        while (buckets < j->nbuild * 2u)
            buckets *= 2;
        if (!(j->heads = ops_zalloc_array(ctx, api, buckets, sizeof *j->heads)))
            return SS_ERROR;
        j->mask = buckets - 1;
        /* 32 filter bits per row (about 3% false positives) up to 1M rows, 8 beyond */
        uint64_t want = (uint64_t)j->nbuild * (j->nbuild <= (UINT32_C(1) << 20) ? 32u : 8u);
        uint64_t bits = 512;
        while (bits < want)
            bits *= 2;
        if (!(j->bloom = ops_zalloc_array(ctx, api, (size_t)(bits / 64), sizeof *j->bloom)))
            return SS_ERROR;
        j->bloom_mask = (uint32_t)(bits - 1);
        /* last row first: each chain lists its rows in input order */
        for (uint32_t r = j->nbuild; r-- > 0;) {
            bool null_key = false;
            for (uint32_t k = 0; k < nk && !null_key; k++)
                null_key = ops_column_is_null(&j->kcols[k], r);
            if (null_key) {
                j->next[r] = 0;
                continue;
            }
            uint32_t *head = &j->heads[j->hashes[r] & j->mask];
            j->next[r] = *head;
            *head = r + 1;
            uint32_t bit = (uint32_t)(j->hashes[r] >> 32) & j->bloom_mask;
            j->bloom[bit >> 6] |= UINT64_C(1) << (bit & 63);
        }
    }
    if (j->spec.join_type == SS_JOIN_FULL &&
        !(j->matched_right = ops_zalloc_array(ctx, api, j->nbuild ? j->nbuild : 1, sizeof *j->matched_right)))
        return SS_ERROR;
    j->built = true;
    return SS_OK;
}

/* Takes the next left batch with live rows into j->lb and evaluates its keys; false at the
 * end of the left input. */
/* Fills probe with the live rows (0..n) worth walking, branch-free: most rows of a selective
 * join miss the Bloom filter and are dropped here by one cached bit test each (any_null: some
 * row has a NULL key, lnull says which). */
static void select_probe_rows(ops_join *j, uint32_t n, bool any_null)
{
    uint32_t m = 0, *probe = j->probe;
    const bool *lnull = j->lnull;
    if (j->nbuild > 0) {
        if (j->spec.use_hash && !any_null) {
            const uint64_t *lhash = j->lhash, *bloom = j->bloom;
            uint32_t bmask = j->bloom_mask;
            for (uint32_t k = 0; k < n; k++) {
                uint32_t bit = (uint32_t)(lhash[k] >> 32) & bmask;
                probe[m] = k;
                m += (uint32_t)(bloom[bit >> 6] >> (bit & 63)) & 1u;
            }
        } else if (j->spec.use_hash) {
            const uint64_t *lhash = j->lhash, *bloom = j->bloom;
            uint32_t bmask = j->bloom_mask;
            for (uint32_t k = 0; k < n; k++) {
                uint32_t bit = (uint32_t)(lhash[k] >> 32) & bmask;
                probe[m] = k;
                m += (uint32_t)((bloom[bit >> 6] >> (bit & 63)) & 1u) & !lnull[k];
            }
        } else {
            for (uint32_t k = 0; k < n; k++) {
                probe[m] = k;
                m += !lnull[k];
            }
        }
    }
    j->nprobe = m;
}

static int next_left(ss_ctx *ctx, ops_join *j, bool *more)
{
    const ss_api *api = j->api;
    *more = false;
    for (;;) {
        ss_batch *b = NULL;
        if (api->check_interrupt(ctx) || pull_side(ctx, j, 0, &b))
            return SS_ERROR;
        if (!b)
            return SS_OK;
        uint32_t n = ss_batch_rows(b);
        if (n == 0)
            continue;
        if (b->count > SS_BATCH_CAPACITY)
            return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "%s: child batch has %u rows, more than %u",
                              j->spec.who, b->count, SS_BATCH_CAPACITY);
        memset(j->matched, 0, sizeof *j->matched * b->count);
        bool any_null = false;
        for (uint32_t k = 0; k < j->spec.nkeys; k++) {
            ss_vector *v = j->key_vec_left[k];
            if (api->expr_eval(ctx, j->spec.left_keys[k], b, v))
                return SS_ERROR;
            ops_hash_vector(v, b->sel, n, j->lhash, k > 0);
            if (v->validity) {
                if (!any_null)
                    memset(j->lnull, 0, sizeof *j->lnull * n);
                any_null = true;
                for (uint32_t i = 0; i < n; i++)
                    j->lnull[i] |= ss_vector_is_null(v, ss_batch_row(b, i));
            }
        }
        if (!any_null)
            memset(j->lnull, 0, sizeof *j->lnull * n);
        select_probe_rows(j, n, any_null);
        j->lb = b;
        j->lk = 0;
        j->uk = 0;
        j->started = false;
        j->unmatched_phase = false;
        *more = true;
        return SS_OK;
    }
}

/* Whether build row r's keys equal the left keys at physical row `row`. */
static inline bool keys_equal(const ops_join *j, uint32_t r, uint32_t row)
{
    for (uint32_t k = 0; k < j->spec.nkeys; k++)
        if (ops_column_is_null(&j->kcols[k], r) || !ops_column_equals_vector(&j->kcols[k], r, j->key_vec_left[k], row))
            return false;
    return true;
}

/* Fills pair_l / pair_r with up to SS_BATCH_CAPACITY candidate pairs of lb, resuming where
 * the last call stopped. */
static uint32_t collect_pairs(ops_join *j)
{
    const ss_batch *b = j->lb;
    uint32_t np = 0;
    bool hash = j->spec.use_hash;
    while (j->lk < j->nprobe && np < SS_BATCH_CAPACITY) {
        uint32_t k = j->probe[j->lk];
        uint32_t row = ss_batch_row(b, k);
        if (!j->started) {
            j->started = true;
            j->cand = hash ? j->heads[j->lhash[k] & j->mask] : 1;
        }
        uint64_t h = j->lhash[k];
        while (j->cand && np < SS_BATCH_CAPACITY) {
            uint32_t r = j->cand - 1;
            if (hash) {
                j->cand = j->next[r];
                if (j->hashes[r] != h || !keys_equal(j, r, row))
                    continue;
            } else {
                j->cand = r + 1 < j->nbuild ? r + 2 : 0;
                if (j->spec.nkeys && !keys_equal(j, r, row))
                    continue;
            }
            j->pair_l[np] = row;
            j->pair_r[np] = r;
            np++;
            if (j->semi_anti && !j->spec.cond)
                j->cand = 0; /* one candidate settles the row */
        }
        if (!j->cand) {
            j->lk++;
            j->started = false;
        }
    }
    return np;
}

/* The output batch with the pairs' joined rows, narrowed by the condition; marks the left
 * rows that matched. */
static int emit_pairs(ss_ctx *ctx, ops_join *j, uint32_t np)
{
    const ss_api *api = j->api;
    if (j->semi_anti && !j->spec.cond) {
        for (uint32_t i = 0; i < np; i++)
            j->matched[j->pair_l[i]] = true;
        return SS_OK;
    }
    ss_batch *o = j->semi_anti ? j->pairs : j->out;
    api->batch_reset(o);
    for (uint32_t c = 0; c < j->nl; c++)
        if (api->vector_gather(ctx, j->lb->cols[c], j->pair_l, np, o->cols[c]))
            return SS_ERROR;
    for (uint32_t c = 0; c < j->nr; c++)
        if (ops_column_gather(ctx, &j->rcols[c], j->pair_r, 0, np, o->cols[j->nl + c]))
            return SS_ERROR;
    o->count = np;
    if (j->spec.cond && api->expr_select(ctx, j->spec.cond, o, j->sel))
        return SS_ERROR;
    uint32_t live = ss_batch_rows(o);
    for (uint32_t i = 0; i < live; i++)
        j->matched[j->pair_l[ss_batch_row(o, i)]] = true;
    if (j->matched_right)
        for (uint32_t i = 0; i < live; i++)
            j->matched_right[j->pair_r[ss_batch_row(o, i)]] = true;
    return SS_OK;
}

/* Makes columns [first, first + n) of the output NULL in rows 0..rows-1. */
static int null_columns(ss_ctx *ctx, ops_join *j, uint32_t first, uint32_t n, uint32_t rows)
{
    for (uint32_t c = first; c < first + n; c++) {
        ss_vector *v = j->out->cols[c];
        if (j->api->vector_ensure_validity(ctx, v))
            return SS_ERROR;
        for (uint32_t w = 0; w < (rows + 63) / 64; w++)
            v->validity[w] = 0;
    }
    return SS_OK;
}

/* FULL: the output batch with up to SS_BATCH_CAPACITY build rows no pair matched, with NULL
 * left columns; 0 rows when none are left. */
static int emit_unmatched_right(ss_ctx *ctx, ops_join *j, uint32_t *n)
{
    uint32_t k = 0;
    while (j->ur < j->nbuild && k < SS_BATCH_CAPACITY) {
        uint32_t r = j->ur++;
        if (!j->matched_right[r])
            j->pair_r[k++] = r;
    }
    *n = k;
    if (k == 0)
        return SS_OK;
    j->api->batch_reset(j->out);
    if (null_columns(ctx, j, 0, j->nl, k))
        return SS_ERROR;
    for (uint32_t c = 0; c < j->nr; c++)
        if (ops_column_gather(ctx, &j->rcols[c], j->pair_r, 0, k, j->out->cols[j->nl + c]))
            return SS_ERROR;
    j->out->count = k;
    return SS_OK;
}

/* The output batch with up to SS_BATCH_CAPACITY of lb's unmatched rows, NULL-extended (a
 * SEMI join: its matched rows; ANTI: its unmatched ones, both without right columns); 0 rows
 * when none are left. */
static int emit_unmatched(ss_ctx *ctx, ops_join *j, uint32_t *n)
{
    const ss_api *api = j->api;
    const ss_batch *b = j->lb;
    uint32_t live = ss_batch_rows(b), k = 0;
    bool want = j->spec.join_type == SS_JOIN_SEMI;
    while (j->uk < live && k < SS_BATCH_CAPACITY) {
        uint32_t row = ss_batch_row(b, j->uk++);
        if (j->matched[row] == want)
            j->pair_l[k++] = row;
    }
    *n = k;
    if (k == 0)
        return SS_OK;
    ss_batch *o = j->out;
    api->batch_reset(o);
    for (uint32_t c = 0; c < j->nl; c++)
        if (api->vector_gather(ctx, b->cols[c], j->pair_l, k, o->cols[c]))
            return SS_ERROR;
    if (!j->semi_anti && null_columns(ctx, j, j->nl, j->nr, k))
        return SS_ERROR;
    o->count = k;
    return SS_OK;
}

int ops_join_next(ss_ctx *ctx, ops_join *j, ss_batch **out)
{
    *out = NULL;
    if (!j->built && build(ctx, j))
        return SS_ERROR;
    for (;;) {
        if (j->left_done) {
            uint32_t n = 0;
            if (j->matched_right && emit_unmatched_right(ctx, j, &n))
                return SS_ERROR;
            if (n)
                *out = j->out;
            j->rows_out += n;
            return SS_OK;
        }
        if (!j->lb) {
            bool more;
            if (next_left(ctx, j, &more))
                return SS_ERROR;
            if (!more) {
                j->left_done = true;
                continue;
            }
        }
        if (!j->unmatched_phase) {
            if (j->api->check_interrupt(ctx))
                return SS_ERROR;
            uint32_t np = collect_pairs(j);
            if (np) {
                if (emit_pairs(ctx, j, np))
                    return SS_ERROR;
                if (j->semi_anti || ss_batch_rows(j->out) == 0)
                    continue;
                j->rows_out += ss_batch_rows(j->out);
                *out = j->out;
                return SS_OK;
            }
            if (j->spec.join_type == SS_JOIN_INNER) {
                j->lb = NULL;
                continue;
            }
            j->unmatched_phase = true;
        }
        uint32_t n;
        if (emit_unmatched(ctx, j, &n))
            return SS_ERROR;
        if (n == 0) {
            j->lb = NULL;
            continue;
        }
        j->rows_out += n;
        *out = j->out;
        return SS_OK;
    }
}

int ops_join_build(ss_ctx *ctx, ops_join *j)
{
    return j->built ? SS_OK : build(ctx, j);
}

size_t ops_join_memory(const ops_join *j)
{
    /* per row: hash and chain link, and two bucket heads once chained */
    size_t n = (size_t)j->cap_build * (sizeof *j->hashes + sizeof *j->next) + (size_t)j->nbuild * 2 * sizeof *j->heads;
    for (uint32_t c = 0; c < j->nr; c++)
        n += ops_column_bytes(&j->rcols[c]);
    for (uint32_t k = 0; k < j->spec.nkeys; k++)
        n += ops_column_bytes(&j->kcols[k]);
    return n;
}

void ops_join_restart(ops_join *j)
{
    clear_build(j);
    j->lb = NULL;
    j->left_done = false;
    j->ur = 0;
}

int ops_join_rescan(ss_ctx *ctx, ops_join *j, const ss_param_set *changed)
{
    j->lb = NULL;
    j->rows_out = 0;
    j->left_done = false;
    j->ur = 0;
    if (j->matched_right)
        memset(j->matched_right, 0, sizeof *j->matched_right * (j->nbuild ? j->nbuild : 1));
    if (j->built && ss_params_overlap(changed, j->node->children[1])) {
        clear_build(j);
        if (j->api->op_rescan(ctx, j->right, changed))
            return SS_ERROR;
    }
    return j->api->op_rescan(ctx, j->left, changed);
}

int ops_join_open_state(ss_ctx *ctx, const ss_api *api, ss_op *self, const ss_plan_node *node,
                        const ops_join_spec *spec, void **state)
{
    *state = NULL;
    if (spec->join_type != SS_JOIN_INNER && spec->join_type != SS_JOIN_LEFT && spec->join_type != SS_JOIN_FULL &&
        spec->join_type != SS_JOIN_SEMI && spec->join_type != SS_JOIN_ANTI)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "%s: unknown join type %d", spec->who, (int)spec->join_type);
    ops_join *j = ops_zalloc(ctx, api, sizeof *j);
    if (!j)
        return SS_ERROR;
    *state = j;
    return ops_join_open(ctx, j, api, self, node, spec);
}

int ops_join_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    (void)self;
    return ops_join_next(ctx, state, out);
}

int ops_join_rescan_state(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    (void)self;
    return ops_join_rescan(ctx, state, changed);
}

void ops_join_close(ss_ctx *ctx, ss_op *self, void *state)
{
    (void)ctx;
    (void)self;
    ops_join *j = state;
    if (!j)
        return;
    const ss_api *api = j->api;
    ops_join_release(j);
    if (api)
        api->free(j);
}
