/* expr_walk.c — the child slots of each bound expression kind, and the depth-first walk over
 * them (with an optional "each shared subtree once" set). */
#include "exec/expr_walk.h"

#include <assert.h>
#include <string.h>

uint32_t ss_expr_nchildren(const ss_expr *e)
{
    switch (e->kind) {
    case EXPR_CONST:
    case EXPR_COLUMN:
    case EXPR_PARAM:
        return 0;
    case EXPR_OP:
        return 2;
    case EXPR_AND:
    case EXPR_OR:
        return e->u.list.nargs;
    case EXPR_NOT:
    case EXPR_IS_NULL:
    case EXPR_IS_NOT_NULL:
    case EXPR_CAST:
        return 1;
    case EXPR_FUNC:
        return e->u.func.nargs;
    case EXPR_CASE:
        return 2 * e->u.kase.nwhen + 1;
    case EXPR_IN:
        return 1 + e->u.in.nitems;
    case EXPR_SUBLINK:
        return e->u.sub.nargs;
    case EXPR_SET_PARAM:
        return 1;
    }
    assert(!"ss_expr_nchildren: unknown expression kind");
    return 0;
}

ss_expr **ss_expr_child(ss_expr *e, uint32_t i)
{
    assert(i < ss_expr_nchildren(e));
    switch (e->kind) {
    case EXPR_CONST:
    case EXPR_COLUMN:
    case EXPR_PARAM:
        break;
    case EXPR_OP:
        return i == 0 ? &e->u.op.left : &e->u.op.right;
    case EXPR_AND:
    case EXPR_OR:
        return &e->u.list.args[i];
    case EXPR_NOT:
    case EXPR_IS_NULL:
    case EXPR_IS_NOT_NULL:
        return &e->u.arg;
    case EXPR_CAST:
        return &e->u.cast.arg;
    case EXPR_FUNC:
        return &e->u.func.args[i];
    case EXPR_CASE:
        if (i == 2 * e->u.kase.nwhen)
            return &e->u.kase.els;
        return i % 2 == 0 ? &e->u.kase.whens[i / 2] : &e->u.kase.thens[i / 2];
    case EXPR_IN:
        return i == 0 ? &e->u.in.arg : &e->u.in.items[i - 1];
    case EXPR_SUBLINK:
        return &e->u.sub.args[i];
    case EXPR_SET_PARAM:
        return &e->u.set_param.arg;
    }
    assert(!"ss_expr_child: no such child");
    return NULL;
}

const ss_expr *ss_expr_child_const(const ss_expr *e, uint32_t i)
{
    /* the slot is only read */
    return *ss_expr_child((ss_expr *)e, i);
}

static ss_expr **copy_slots(ss_arena *arena, ss_expr *const *slots, uint32_t n)
{
    ss_expr **out = ss_arena_alloc(arena, sizeof(ss_expr *) * (n ? n : 1));
    if (out && n)
        memcpy(out, slots, sizeof(ss_expr *) * n);
    return out;
}

ss_expr *ss_expr_copy_node(ss_arena *arena, const ss_expr *e)
{
    ss_expr *c = ss_arena_alloc(arena, sizeof *c);
    if (!c)
        return NULL;
    *c = *e;
    switch (e->kind) {
    case EXPR_CONST:
    case EXPR_COLUMN:
    case EXPR_PARAM:
    case EXPR_OP:
    case EXPR_NOT:
    case EXPR_IS_NULL:
    case EXPR_IS_NOT_NULL:
    case EXPR_CAST:
    case EXPR_SET_PARAM:
        return c; /* slots inside the node itself */
    case EXPR_AND:
    case EXPR_OR:
        return (c->u.list.args = copy_slots(arena, e->u.list.args, e->u.list.nargs)) ? c : NULL;
    case EXPR_FUNC:
        return (c->u.func.args = copy_slots(arena, e->u.func.args, e->u.func.nargs)) ? c : NULL;
    case EXPR_CASE:
        c->u.kase.whens = copy_slots(arena, e->u.kase.whens, e->u.kase.nwhen);
        c->u.kase.thens = copy_slots(arena, e->u.kase.thens, e->u.kase.nwhen);
        return c->u.kase.whens && c->u.kase.thens ? c : NULL;
    case EXPR_IN:
        return (c->u.in.items = copy_slots(arena, e->u.in.items, e->u.in.nitems)) ? c : NULL;
    case EXPR_SUBLINK:
        return (c->u.sub.args = copy_slots(arena, e->u.sub.args, e->u.sub.nargs)) ? c : NULL;
    }
    assert(!"ss_expr_copy_node: unknown expression kind");
    return NULL;
}

int ss_expr_walk(ss_expr **slot, const ss_expr_walker *w)
{
    if (!*slot)
        return SS_WALK_CONTINUE;
    /* a leaf is visited each time it is reached: it has no subtree whose second walk the set
       saves, and an IN list's thousands of constants would each cost an insertion */
    if (w->seen && ss_expr_nchildren(*slot) > 0) {
        if (ss_ptrmap_get(w->seen, *slot, NULL))
            return SS_WALK_CONTINUE;
        if (ss_ptrmap_put(w->seen, *slot, NULL) != 0)
            return SS_WALK_NOMEM;
    }
    if (w->pre) {
        int rc = w->pre(slot, w->arg);
        if (rc == SS_WALK_SKIP)
            return SS_WALK_CONTINUE;
        if (rc != SS_WALK_CONTINUE)
            return rc;
    }
    ss_expr *e = *slot;
    uint32_t n = ss_expr_nchildren(e);
    for (uint32_t i = 0; i < n; i++) {
        int rc = ss_expr_walk(ss_expr_child(e, i), w);
        if (rc != SS_WALK_CONTINUE)
            return rc;
    }
    return w->post ? w->post(slot, w->arg) : SS_WALK_CONTINUE;
}

typedef struct const_visit {
    ss_expr_visit_const_fn visit;
    void *arg;
} const_visit;

static int visit_const(ss_expr **slot, void *arg)
{
    const const_visit *cv = arg;
    return cv->visit(*slot, cv->arg);
}

int ss_expr_walk_const(const ss_expr *e, ss_expr_visit_const_fn visit, void *arg, ss_ptrmap *seen)
{
    const_visit cv = {visit, arg};
    ss_expr_walker w = {.pre = visit_const, .arg = &cv, .seen = seen};
    /* visit_const never writes the slot */
    ss_expr *root = (ss_expr *)e;
    return ss_expr_walk(&root, &w);
}
