/* bind_epq_fixed.c — (EPQ) the row ids of the tables a READ COMMITTED re-check keeps fixed
 * (bind_epq_fixed.h). */
#include "bind/bind_epq_fixed.h"

#include "bind/bind_update.h"
#include "exec/dml_versions.h"

typedef struct fixed_rows {
    const uint32_t *skip;
    uint32_t nskip;
    ss_expr **cols;
    uint32_t n, cap;
} fixed_rows;

static bool skipped(const fixed_rows *f, uint32_t rel)
{
    for (uint32_t i = 0; i < f->nskip; i++)
        if (f->skip[i] == rel)
            return true;
    return false;
}

static int add_get(binder *b, fixed_rows *f, ss_lop *get)
{
    const ss_table *t = get->u.get.table;
    const ss_storage_vtable *vt = t->storage;
    if (skipped(f, get->rel) || get->u.get.rowid || t->system || !ss_table_has_versions(t) ||
        !SS_STORAGE_HAS(vt, scan_rowids) || !vt->scan_rowids)
        return SS_OK;
    if (f->n == f->cap) {
        uint32_t cap = f->cap ? 2 * f->cap : 4;
        ss_expr **grown = bind_alloc(b, sizeof *grown * cap);
        if (!grown)
            return SS_ERROR;
        for (uint32_t i = 0; i < f->n; i++)
            grown[i] = f->cols[i];
        f->cols = grown;
        f->cap = cap;
    }
    if (bind_add_rowid_column(b, get, t))
        return SS_ERROR;
    get->u.get.rowid_fixed = true;
    return (f->cols[f->n++] = make_column(b, get->rel, t->ncols, type_of(SS_TYPE_INT8))) ? SS_OK : SS_ERROR;
}

static int collect(binder *b, fixed_rows *f, ss_lop *op)
{
    switch (op->kind) {
    case LOP_GET:
        return add_get(b, f, op);
    case LOP_FILTER:
        return collect(b, f, op->children[0]);
    case LOP_JOIN: {
        bool left_only = op->u.join.type == SS_JOIN_SEMI || op->u.join.type == SS_JOIN_ANTI;
        for (uint32_t i = 0; i < op->nchildren && (i == 0 || !left_only); i++)
            if (collect(b, f, op->children[i]))
                return SS_ERROR;
        return SS_OK;
    }
    default:
        return SS_OK; /* a subquery, function, VALUES ...: not kept fixed */
    }
}

int bind_epq_fixed_rows(binder *b, ss_lop *from, const uint32_t *skip, uint32_t nskip, ss_expr ***cols,
                        uint32_t *n)
{
    fixed_rows f = {skip, nskip, NULL, 0, 0};
    if (from && collect(b, &f, from))
        return SS_ERROR;
    *cols = f.cols;
    *n = f.n;
    return SS_OK;
}
