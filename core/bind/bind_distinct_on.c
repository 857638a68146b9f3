/* bind_distinct_on.c — SELECT DISTINCT ON (PostgreSQL's transformDistinctOnClause): the
 * DISTINCT ON items must be the leading ORDER BY items (in any order among themselves; an
 * ORDER BY item repeating an earlier one's output column does not count), else 42P10; the query becomes a sort by those items (ORDER BY's direction where it names them,
 * ascending for the others) and then the rest of ORDER BY, under a unique on the items, which
 * keeps the first row of each set of equal keys. */
#include "bind/binder_internal.h"

static bool has_pos(const uint32_t *v, uint32_t n, uint32_t pos)
{
    for (uint32_t i = 0; i < n; i++)
        if (v[i] == pos)
            return true;
    return false;
}

static int mismatch(binder *b, const ast_expr *item)
{
    return bind_error(b, expr_location(item), "42P10",
                      "SELECT DISTINCT ON expressions must match initial ORDER BY expressions");
}

int stack_distinct_on(binder *b, const ast_select *s, const ss_lop *proj, const uint32_t *order_pos,
                      const uint32_t *don_pos, ss_lop **top)
{
    uint32_t nd = s->ndistinct_on, no = s->norder;
    ss_lsort_key *keys = bind_alloc(b, sizeof(ss_lsort_key) * (nd + no));
    uint32_t *kpos = bind_alloc(b, sizeof(uint32_t) * (nd + no));
    if (!keys || !kpos)
        return SS_ERROR;
    uint32_t nk = 0;
    bool skipped = false;
    /* the ORDER BY items that are DISTINCT ON items, with their directions */
    for (uint32_t i = 0; i < no; i++) {
        /* an ORDER BY item naming an output column again is not in PostgreSQL's sort list
           (addTargetToSortList skips it) */
        if (has_pos(order_pos, i, order_pos[i]))
            continue;
        if (!has_pos(don_pos, nd, order_pos[i])) {
            skipped = true;
            continue;
        }
        if (skipped) {
            uint32_t j = 0;
            while (don_pos[j] != order_pos[i])
                j++;
            return mismatch(b, s->distinct_on[j]);
        }
        const ast_sort_item *it = &s->order_by[i];
        keys[nk] = (ss_lsort_key){.descending = it->descending,
                                  .nulls_first = it->nulls ? it->nulls == 1 : it->descending};
        kpos[nk++] = order_pos[i];
    }
    /* then the DISTINCT ON items ORDER BY does not name, ascending */
    for (uint32_t j = 0; j < nd; j++) {
        if (has_pos(kpos, nk, don_pos[j]))
            continue;
        if (skipped)
            return mismatch(b, s->distinct_on[j]);
        keys[nk] = (ss_lsort_key){.descending = false, .nulls_first = false};
        kpos[nk++] = don_pos[j];
    }
    uint32_t nunique = nk;
    /* the unique's keys, then the sort's: the same items followed by the rest of ORDER BY */
    ss_lsort_key *ukeys = bind_alloc(b, sizeof(ss_lsort_key) * nunique);
    if (!ukeys)
        return SS_ERROR;
    for (uint32_t i = 0; i < no; i++) {
        if (has_pos(kpos, nunique, order_pos[i]) || has_pos(order_pos, i, order_pos[i]))
            continue;
        const ast_sort_item *it = &s->order_by[i];
        keys[nk] = (ss_lsort_key){.descending = it->descending,
                                  .nulls_first = it->nulls ? it->nulls == 1 : it->descending};
        kpos[nk++] = order_pos[i];
    }
    for (uint32_t i = 0; i < nk; i++)
        if (!(keys[i].expr = make_column(b, proj->rel, kpos[i], proj->types[kpos[i]])))
            return SS_ERROR;
    for (uint32_t i = 0; i < nunique; i++)
        ukeys[i] = keys[i];
    if (!(*top = lop_sort(b->ctx, b->arena, *top, nk, keys)))
        return SS_ERROR;
    return (*top = lop_unique(b->ctx, b->arena, *top, nunique, ukeys)) ? SS_OK : SS_ERROR;
}
