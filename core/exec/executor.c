/* executor.c — builds the operator tree of a plan from the registry (by node kind and setting),
 * opens it children-first, pulls batches, closes it parents-first, and renders EXPLAIN. */
#include "exec/executor.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "catalog/settings.h"
#include "exec/expr_eval_subplan.h"
#include "exec/instrument.h"
#include "exec/interrupt.h"
#include "exec/plan_sublinks.h"
#include "exec/node_kinds.h"
#include "exec/row_lock_filter.h"
#include "loader/registry.h"
#include "types/deferred_error.h"
#include "index/index.h"

/* The operator implementation chosen for a node kind: SET sunstone.operator_<kind>, else the
 * kind's default operator (node_kinds.c). */
static const ss_operator_vtable *choose_operator(ss_ctx *ctx, int32_t kind)
{
    const ss_node_kind_desc *d = ss_node_kind_find(kind);
    if (!d) {
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "plan node of unknown kind %d", (int)kind);
        return NULL;
    }
    const char *name = ss_settings_get(ctx->settings, d->setting);
    if (!name)
        name = d->default_operator;
    const ss_registration *reg = ss_registry_find(ctx->registry, SS_KIND_OPERATOR, name);
    if (!reg) {
        ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "operator \"%s\" is not loaded (needed for %s)", name,
                     d->name);
        ss_ctx_error_hint(ctx, "Put the module that provides it in the plugin directory or LOAD it, or SET %s "
                               "to another registered %s operator (see sunstone_plugins).",
                          d->setting, d->name);
        return NULL;
    }
    const ss_operator_vtable *vt = reg->vtable;
    if (vt->node_kind != kind) {
        ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "operator \"%s\" implements %s, not %s", name,
                     ss_node_kind_name(vt->node_kind), d->name);
        return NULL;
    }
    return vt;
}

/* The index an index scan node reads (its active_scans count keeps DROP INDEX away), or NULL. */
static ss_index *scanned_index(const ss_plan_node *node)
{
    const ss_index_scan_node *iscan = SS_PLAN_NODE_AS(node, SS_NODE_INDEX_SCAN, ss_index_scan_node);
    const ss_table *t = iscan ? iscan->table : NULL;
    for (uint32_t i = 0; t && t->indexes && i < t->indexes->n; i++)
        if (t->indexes->list[i]->handle == iscan->index_handle)
            return t->indexes->list[i];
    return NULL;
}

/* The table a scan node reads (its active_scans count keeps DROP TABLE away), or NULL. */
static ss_table *scanned_table(const ss_plan_node *node)
{
    const ss_scan_node *scan = SS_PLAN_NODE_AS(node, SS_NODE_SCAN, ss_scan_node);
    const ss_index_scan_node *iscan = SS_PLAN_NODE_AS(node, SS_NODE_INDEX_SCAN, ss_index_scan_node);
    return scan ? (ss_table *)scan->table : iscan ? (ss_table *)iscan->table : NULL;
}

/* The slots of one operator tree (ss_api.shared_slot): a short list, searched linearly. */
typedef struct shared_entry {
    int32_t kind;
    uint32_t id;
    void *value;
    struct shared_entry *next;
} shared_entry;

struct ss_exec_shared {
    shared_entry *head;
};

void **ss_exec_shared_slot(ss_ctx *ctx, ss_op *op, int32_t kind, uint32_t id)
{
    struct ss_exec_shared *sh = op->shared;
    if (!sh) {
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "operator instance outside an operator tree");
        return NULL;
    }
    for (shared_entry *e = sh->head; e; e = e->next)
        if (e->kind == kind && e->id == id)
            return &e->value;
    shared_entry *e = calloc(1, sizeof *e);
    if (!e) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    *e = (shared_entry){kind, id, NULL, sh->head};
    for (ss_stmt_worktable *w = ctx->stmt_worktables; kind == SS_NODE_RECURSIVE_UNION && w; w = w->next)
        if (w->id == id)
            e->value = &w->wt;
    sh->head = e;
    return &e->value;
}

static bool is_lock_rows(const ss_op *op);

static ss_op *build(ss_ctx *ctx, const ss_plan_node *plan, uint32_t flags, struct ss_exec_shared *shared)
{
    const ss_operator_vtable *vt = choose_operator(ctx, plan->kind);
    if (!vt)
        return NULL;
    ss_op *op = calloc(1, sizeof *op);
    if (!op) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    op->vt = vt;
    op->node = plan;
    op->flags = flags;
    op->shared = shared;
    ss_table *t = scanned_table(plan);
    if (t)
        t->active_scans++;
    ss_index *ix = scanned_index(plan);
    if (ix)
        ix->active_scans++;
    op->nchildren = plan->nchildren;
    if (op->nchildren) {
        op->children = calloc(op->nchildren, sizeof *op->children);
        if (!op->children) {
            free(op);
            ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            return NULL;
        }
    }
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (!(op->children[i] = build(ctx, plan->children[i], flags, shared))) {
            ss_exec_finish(ctx, op);
            return NULL;
        }
    if (op->nchildren == 1 && is_lock_rows(op))
        op->children[0]->one_row = true;
    return op;
}

static int open_tree(ss_ctx *ctx, ss_op *op)
{
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (open_tree(ctx, op->children[i]))
            return SS_ERROR;
    if (op->vt->open(ctx, op, op->node, op->flags, &op->state) != SS_OK) {
        if (!ss_ctx_error_pending(ctx))
            ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "operator \"%s\" failed to open", op->vt->name);
        op->opened = true; /* close must still run: open may have left partial state */
        return SS_ERROR;
    }
    op->opened = true;
    return SS_OK;
}

static int start(ss_ctx *ctx, const ss_plan_node *plan, uint32_t flags, ss_op **root, struct ss_exec_shared *with)
{
    struct ss_exec_shared *shared = with ? with : calloc(1, sizeof *shared);
    if (!shared)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    *root = build(ctx, plan, flags, shared);
    if (!*root) {
        if (!with)
            free(shared);
        return SS_ERROR;
    }
    (*root)->owns_shared = !with;
    if (!ctx->subplan_owner)
        ctx->subplan_owner = *root; /* the statement's tree: its subqueries' trees close with it */
    if (open_tree(ctx, *root)) {
        ss_exec_finish(ctx, *root);
        *root = NULL;
        return SS_ERROR;
    }
    return SS_OK;
}

int ss_exec_start(ss_ctx *ctx, const ss_plan_node *plan, uint32_t flags, ss_op **root)
{
    return start(ctx, plan, flags, root, NULL);
}

int ss_exec_start_subplan(ss_ctx *ctx, const ss_plan_node *plan, uint32_t flags, ss_op **root)
{
    const ss_op *owner = ctx->subplan_owner;
    return start(ctx, plan, flags, root, owner ? owner->shared : NULL);
}

void ss_exec_finish(ss_ctx *ctx, ss_op *op)
{
    if (!op)
        return;
    if (op == ctx->subplan_owner) {
        ss_subplans_close(ctx);
        ctx->subplan_owner = NULL;
    }
    if (op->opened)
        op->vt->close(ctx, op, op->state);
    ss_table *t = scanned_table(op->node);
    if (t)
        t->active_scans--;
    ss_index *ix = scanned_index(op->node);
    if (ix)
        ix->active_scans--;
    for (uint32_t i = 0; i < op->nchildren; i++)
        ss_exec_finish(ctx, op->children[i]);
    if (op->owns_shared) {
        for (shared_entry *e = op->shared->head, *next; e; e = next) {
            next = e->next;
            free(e);
        }
        free(op->shared);
    }
    free(op->children);
    free(op->instr);
    free(op);
}

/* (tx9) op->one_row: the next row of the batch held, or of the next batch. */
static int next_one_row(ss_ctx *ctx, ss_op *op, ss_batch **out)
{
    while (!op->held || op->held_next >= ss_batch_rows(op->held)) {
        op->held = NULL;
        ss_batch *b = NULL;
        op->one_row = false;
        int rc = ss_exec_next(ctx, op, &b);
        op->one_row = true;
        if (rc != SS_OK || !b)
            return rc;
        op->held = b;
        op->held_next = 0;
    }
    ss_batch *h = op->held;
    op->slice_sel = ss_batch_row(h, op->held_next++);
    op->slice = (ss_batch){h->ncols, h->count, &op->slice_sel, 1, h->cols};
    *out = &op->slice;
    return SS_OK;
}

int ss_exec_next(ss_ctx *ctx, ss_op *op, ss_batch **out)
{
    *out = NULL;
    if (op->one_row)
        return next_one_row(ctx, op, out);
    /* the cancel / statement_timeout check point between batches, at every operator */
    if (ss_check_interrupt(ctx))
        return SS_ERROR;
    int rc;
    if (op->instr) {
        double t0;
        ss_instr_before(op->instr, &t0);
        rc = op->vt->next_batch(ctx, op, op->state, out);
        ss_instr_after(op->instr, t0, rc == SS_OK && *out ? (int64_t)ss_batch_rows(*out) : -1);
    } else {
        rc = op->vt->next_batch(ctx, op, op->state, out);
    }
    /* an error a type's compare / hash callback met in the operator (record_cmp's) */
    if (ss_deferred_error_raise(ctx))
        rc = SS_ERROR;
    if (rc != SS_OK && !ss_ctx_error_pending(ctx))
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "operator \"%s\" failed without a message", op->vt->name);
    return rc;
}

int ss_exec_rescan(ss_ctx *ctx, ss_op *op, const ss_param_set *changed)
{
    if (op == ctx->subplan_owner)
        ss_subplans_new_execution(ctx);
    if (!(op->vt->caps & SS_OPCAP_PARAM_RESCAN))
        changed = NULL;
    if (op->instr)
        ss_instr_end_loop(op->instr);
    op->held = NULL;
    int rc = op->vt->rescan(ctx, op, op->state, changed);
    if (rc != SS_OK && !ss_ctx_error_pending(ctx))
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "operator \"%s\" failed to rescan", op->vt->name);
    return rc;
}

int ss_exec_set_bound(ss_ctx *ctx, ss_op *op, int64_t bound)
{
    if (!op || !(op->vt->caps & SS_OPCAP_BOUND) || !op->vt->set_bound)
        return SS_OK;
    return op->vt->set_bound(ctx, op, op->state, bound);
}

bool ss_exec_parkable(const ss_op *op)
{
    if (!(op->vt->caps & SS_OPCAP_PARKABLE))
        return false;
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (!ss_exec_parkable(op->children[i]))
            return false;
    return true;
}

ss_op *ss_exec_child(ss_op *op, uint32_t i)
{
    return i < op->nchildren ? op->children[i] : NULL;
}

int ss_exec_instrument(ss_ctx *ctx, ss_op *op, bool timing)
{
    if (!op->instr && !(op->instr = calloc(1, sizeof *op->instr)))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    op->instr->timing = timing;
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (ss_exec_instrument(ctx, op->children[i], timing))
            return SS_ERROR;
    return SS_OK;
}

static int explain_line(ss_ctx *ctx, char *line, char ***lines, uint32_t *n)
{
    char **grown = ss_arena_alloc(ctx->arena, sizeof(char *) * (*n + 1));
    if (!line || !grown)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (*n)
        memcpy(grown, *lines, sizeof(char *) * *n);
    grown[(*n)++] = line;
    *lines = grown;
    return SS_OK;
}

static int explain_node(ss_ctx *ctx, ss_op *op, int base, int depth, bool estimates, char ***lines, uint32_t *n);

/* The subqueries of op's expressions, as PostgreSQL lists them under the node: an
 * uncorrelated value or EXISTS as an InitPlan (before the children), the others as a SubPlan
 * (after them), "hashed" when it is probed in a hash set.  name_col: where op's name starts.
 * Under EXPLAIN ANALYZE a subquery that ran shows its own tree's counters; one that never
 * opened is built again for the listing (with counters that say "never executed"). */
static int explain_sublinks(ss_ctx *ctx, ss_op *op, int name_col, bool init, bool estimates, char ***lines,
                            uint32_t *n)
{
    const ss_expr *subs[32];
    uint32_t ns = ss_plan_node_sublinks(op->node, subs, 32);
    for (uint32_t i = 0; i < ns; i++) {
        const ss_expr *e = subs[i];
        bool is_init = e->u.sub.nargs == 0 && !e->u.sub.hashed;
        if (is_init != init || !e->u.sub.plan)
            continue;
        if (explain_line(ctx, ss_arena_printf(ctx->arena, "%*s%s%s %u", name_col + 2, "", e->u.sub.hashed ? "hashed " : "",
                                              init ? "InitPlan" : "SubPlan", e->u.sub.id + 1),
                         lines, n))
            return SS_ERROR;
        ss_op *ran = ss_subplan_root(ctx, e->u.sub.id);
        if (ran) {
            if (explain_node(ctx, ran, name_col + 2, 1, estimates, lines, n))
                return SS_ERROR;
            continue;
        }
        ss_op *sub = NULL;
        if (ss_exec_start(ctx, e->u.sub.plan, SS_OPEN_EXPLAIN_ONLY, &sub))
            return SS_ERROR;
        int rc = ctx->instrument_subplans ? ss_exec_instrument(ctx, sub, false) : SS_OK;
        if (rc == SS_OK)
            rc = explain_node(ctx, sub, name_col + 2, 1, estimates, lines, n);
        ss_exec_finish(ctx, sub);
        if (rc)
            return SS_ERROR;
    }
    return SS_OK;
}

/* (EPQ) Whether op is a nested locking clause's row-lock filter (row_lock_filter.h), which
 * EXPLAIN names LockRows where PostgreSQL's plan has it. */
static bool is_lock_rows(const ss_op *op)
{
    if (op->node->kind != SS_NODE_FILTER)
        return false;
    const ss_expr *p = ((const ss_filter_node *)op->node)->predicate;
    return p && p->kind == EXPR_FUNC && p->u.func.def == ss_row_lock_filter_def();
}

/* op's line at depth (its "->  " at base + 6 * depth - 4), then its children's. */
static int explain_node(ss_ctx *ctx, ss_op *op, int base, int depth, bool estimates, char ***lines, uint32_t *n)
{
    char detail[512] = "", rows[64] = "", actual[160] = "";
    bool lock_rows = is_lock_rows(op);
    if (!lock_rows && op->vt->explain && op->vt->explain(ctx, op, op->state, detail, sizeof detail) != SS_OK)
        return SS_ERROR;
    if (estimates && op->node->estimated_rows >= 0)
        snprintf(rows, sizeof rows, "  (rows=%.0f)", op->node->estimated_rows);
    else if (estimates)
        snprintf(rows, sizeof rows, "  (rows unknown)");
    if (op->instr) {
        ss_instr_end_loop(op->instr);
        ss_instr_format(op->instr, actual, sizeof actual);
    }
    char *line = lock_rows ? ss_arena_printf(ctx->arena, "%*s%sLockRows%s%s", base + (depth ? depth * 6 - 4 : 0), "",
                                             depth ? "->  " : "", rows, actual)
                           : ss_arena_printf(ctx->arena, "%*s%s%s (%s)%s%s%s%s", base + (depth ? depth * 6 - 4 : 0),
                                             "", depth ? "->  " : "", ss_node_kind_name(op->node->kind),
                                             op->vt->name, detail[0] ? "  " : "", detail, rows, actual);
    int name_col = base + depth * 6;
    if (explain_line(ctx, line, lines, n) || explain_sublinks(ctx, op, name_col, true, estimates, lines, n))
        return SS_ERROR;
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (explain_node(ctx, op->children[i], base, depth + 1, estimates, lines, n))
            return SS_ERROR;
    return explain_sublinks(ctx, op, name_col, false, estimates, lines, n);
}

int ss_exec_explain_with(ss_ctx *ctx, ss_op *root, bool estimates, char ***lines, uint32_t *nlines)
{
    *lines = NULL;
    *nlines = 0;
    return explain_node(ctx, root, 0, 0, estimates, lines, nlines);
}

int ss_exec_explain(ss_ctx *ctx, ss_op *root, char ***lines, uint32_t *nlines)
{
    return ss_exec_explain_with(ctx, root, false, lines, nlines);
}
