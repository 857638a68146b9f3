/* executor.c — builds the operator tree of a plan from the registry (by role and setting),
 * opens it children-first, pulls batches, closes it parents-first, and renders EXPLAIN. */
#include "exec/executor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "catalog/settings.h"
#include "exec/interrupt.h"
#include "loader/registry.h"

static const char *const role_names[SS_ROLE__COUNT] = {
    NULL, "scan", "filter", "project", "limit", "sort", "aggregate", "values"};

/* The setting that picks each role's implementation. */
static const char *const role_settings[SS_ROLE__COUNT] = {
    NULL, "sunstone.operator_scan", "sunstone.operator_filter", "sunstone.operator_project",
    "sunstone.operator_limit", "sunstone.operator_sort", "sunstone.operator_aggregate",
    "sunstone.operator_values"};

const char *ss_role_name(int role)
{
    return role > 0 && role < SS_ROLE__COUNT ? role_names[role] : "unknown";
}

/* The operator implementation chosen for a role: SET sunstone.operator_<role>, else the
 * operator registered under the role's own name. */
static const ss_operator_vtable *choose_operator(ss_ctx *ctx, int role)
{
    const char *setting = role_settings[role];
    const char *name = ss_settings_get(ctx->settings, setting);
    if (!name)
        name = ss_role_name(role);
    const ss_registration *reg = ss_registry_find(ctx->registry, SS_KIND_OPERATOR, name);
    if (!reg) {
        ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_OBJECT, "operator \"%s\" is not loaded (needed for %s)", name,
                     ss_role_name(role));
        ss_ctx_error_hint(ctx, "Put the module that provides it in the plugin directory or LOAD it, or SET %s "
                               "to another registered %s operator (see sunstone_plugins).",
                          setting, ss_role_name(role));
        return NULL;
    }
    const ss_operator_vtable *vt = reg->vtable;
    if (vt->role != role) {
        ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "operator \"%s\" implements %s, not %s", name,
                     ss_role_name(vt->role), ss_role_name(role));
        return NULL;
    }
    return vt;
}

static ss_op *build(ss_ctx *ctx, const ss_plan *plan)
{
    const ss_operator_vtable *vt = choose_operator(ctx, plan->node.role);
    if (!vt)
        return NULL;
    ss_op *op = calloc(1, sizeof *op);
    if (!op) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    op->vt = vt;
    op->node = &plan->node;
    if (plan->node.role == SS_ROLE_SCAN)
        ((ss_table *)plan->node.scan.table)->active_scans++;
    op->nchildren = plan->node.nchildren;
    if (op->nchildren) {
        op->children = calloc(op->nchildren, sizeof *op->children);
        if (!op->children) {
            free(op);
            ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            return NULL;
        }
    }
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (!(op->children[i] = build(ctx, plan->children[i]))) {
            ss_exec_finish(ctx, op);
            return NULL;
        }
    return op;
}

static int open_tree(ss_ctx *ctx, ss_op *op)
{
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (open_tree(ctx, op->children[i]))
            return SS_ERROR;
    if (op->vt->open(ctx, op, op->node, &op->state) != SS_OK) {
        if (!ss_ctx_error_pending(ctx))
            ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "operator \"%s\" failed to open", op->vt->name);
        op->opened = true; /* close must still run: open may have left partial state */
        return SS_ERROR;
    }
    op->opened = true;
    return SS_OK;
}

int ss_exec_start(ss_ctx *ctx, const ss_plan *plan, ss_op **root)
{
    *root = build(ctx, plan);
    if (!*root)
        return SS_ERROR;
    if (open_tree(ctx, *root)) {
        ss_exec_finish(ctx, *root);
        *root = NULL;
        return SS_ERROR;
    }
    return SS_OK;
}

void ss_exec_finish(ss_ctx *ctx, ss_op *op)
{
    if (!op)
        return;
    if (op->opened)
        op->vt->close(ctx, op, op->state);
    if (op->node->role == SS_ROLE_SCAN)
        ((ss_table *)op->node->scan.table)->active_scans--;
    for (uint32_t i = 0; i < op->nchildren; i++)
        ss_exec_finish(ctx, op->children[i]);
    free(op->children);
    free(op);
}

int ss_exec_next(ss_ctx *ctx, ss_op *op, ss_batch **out)
{
    *out = NULL;
    /* the cancel / statement_timeout check point between batches, at every operator */
    if (ss_check_interrupt(ctx))
        return SS_ERROR;
    int rc = op->vt->next_batch(ctx, op, op->state, out);
    if (rc != SS_OK && !ss_ctx_error_pending(ctx))
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "operator \"%s\" failed without a message", op->vt->name);
    return rc;
}

int ss_exec_rescan(ss_ctx *ctx, ss_op *op)
{
    return op->vt->rescan(ctx, op, op->state);
}

ss_op *ss_exec_child(ss_op *op, uint32_t i)
{
    return i < op->nchildren ? op->children[i] : NULL;
}

static int explain_node(ss_ctx *ctx, ss_op *op, int depth, char ***lines, uint32_t *n)
{
    char detail[512] = "";
    if (op->vt->explain && op->vt->explain(ctx, op, op->state, detail, sizeof detail) != SS_OK)
        return SS_ERROR;
    char *line = ss_arena_printf(ctx->arena, "%*s%s%s (%s)%s%s", depth ? depth * 6 - 4 : 0, "",
                                 depth ? "->  " : "", ss_role_name(op->node->role), op->vt->name,
                                 detail[0] ? "  " : "", detail);
    char **grown = ss_arena_alloc(ctx->arena, sizeof(char *) * (*n + 1));
    if (!line || !grown)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (*n)
        memcpy(grown, *lines, sizeof(char *) * *n);
    grown[(*n)++] = line;
    *lines = grown;
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (explain_node(ctx, op->children[i], depth + 1, lines, n))
            return SS_ERROR;
    return SS_OK;
}

int ss_exec_explain(ss_ctx *ctx, ss_op *root, char ***lines, uint32_t *nlines)
{
    *lines = NULL;
    *nlines = 0;
    return explain_node(ctx, root, 0, lines, nlines);
}
