/* plan_builders.h — what the planner's Check tests (test_planner, test_join_order,
 * test_prune) share: an arena, error and context per test, builders of the bound expressions
 * their hand-made logical plans hold; check_suite.h for their main. */
#ifndef SS_TESTS_PLAN_BUILDERS_H
#define SS_TESTS_PLAN_BUILDERS_H

#include <check.h>
#include <string.h>

#include "check_suite.h"

#include "catalog/catalog.h"
#include "plan/planner.h"
#include "util/arena.h"

static ss_arena *arena;
static ss_error err;
static ss_ctx ctx;

static inline void builders_setup(void)
{
    arena = ss_arena_create();
    memset(&err, 0, sizeof err);
    ss_error_clear(&err);
    memset(&ctx, 0, sizeof ctx);
    ctx.arena = arena;
    ctx.err = &err;
}

static inline void builders_teardown(void)
{
    ss_error_clear(&err);
    ss_arena_destroy(arena);
}

/* t(a, b, c, d): int4 columns, except column text_col (-1: none) of type text. */
static inline void table_abcd(ss_table *t, ss_column_def *cols, ss_type *types, int text_col)
{
    static const char *const names[4] = {"a", "b", "c", "d"};
    for (int i = 0; i < 4; i++) {
        types[i] = (ss_type){i == text_col ? SS_TYPE_TEXT : SS_TYPE_INT4, -1};
        cols[i].name = (char *)names[i];
        cols[i].type = types[i];
    }
    *t = (ss_table){.name = "t", .ncols = 4, .cols = cols, .types = types};
}

static inline ss_expr *node(ss_expr_kind kind, int32_t type)
{
    ss_expr *e = ss_arena_alloc(arena, sizeof *e);
    ck_assert_ptr_nonnull(e);
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->type = (ss_type){type, -1};
    return e;
}

static inline ss_expr *column_of(uint32_t rel, uint32_t index, int32_t type)
{
    ss_expr *e = node(EXPR_COLUMN, type);
    e->u.column.rel = rel;
    e->u.column.index = index;
    return e;
}

static inline ss_expr *op(ss_expr_op o, ss_expr *l, ss_expr *r, int32_t type)
{
    ss_expr *e = node(EXPR_OP, type);
    e->u.op.op = o;
    e->u.op.left = l;
    e->u.op.right = r;
    return e;
}

static inline ss_expr *int4(int64_t v)
{
    ss_expr *e = node(EXPR_CONST, SS_TYPE_INT4);
    e->u.cnst.v.i = v;
    return e;
}

/* A copy of items[0..n) in the arena. */
static inline ss_expr **exprs(uint32_t n, ss_expr *const *items)
{
    ss_expr **a = ss_arena_alloc(arena, sizeof *a * (n ? n : 1));
    ck_assert_ptr_nonnull(a);
    memcpy(a, items, sizeof *a * n);
    return a;
}

/* AND / OR of items[0..n). */
static inline ss_expr *list(ss_expr_kind kind, uint32_t n, ss_expr *const *items)
{
    ss_expr *e = node(kind, SS_TYPE_BOOL);
    e->u.list.nargs = n;
    e->u.list.args = exprs(n, items);
    return e;
}

/* The only child of p. */
static inline const ss_plan_node *child(const ss_plan_node *p)
{
    ck_assert_uint_eq(p->nchildren, 1);
    return p->children[0];
}

#endif
