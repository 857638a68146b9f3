/* bind_view_modify.h — UPDATE and DELETE through an automatically updatable view
 * (bind_view_modify.c), used by bind_modify (bind_update.c).  Private to core/bind/. */
#ifndef SS_BIND_VIEW_MODIFY_H
#define SS_BIND_VIEW_MODIFY_H

#include "bind/binder_internal.h"

typedef struct view_modify {
    const ss_view *view;
    ss_table *base;             /* the table at the bottom of the views */
    int32_t *map;               /* the base column of each view column (-1: none) */
    view_default_src *defaults; /* per base column (INSERT's; UPDATE uses the view's own) */
    bool *assigned;             /* per base column: SET assigns it */
    uint32_t *target_col;       /* the base column of SET target i */
    uint32_t *view_col;         /* the view column of SET target i */
    /* after bind_view_modify_bridge: base column c is column off + c of relation rel (the
       view's projection in the finding query), its row id column off + base->ncols */
    uint32_t rel, off;
    uint32_t nlevels;           /* the projections from the view's (0) down to the table */
    ss_lop **levels;
    uint32_t *level_n;          /* each one's own items (before the columns passed up) */
} view_modify;

/* UPDATE / DELETE st (or INSERT st's ON CONFLICT DO UPDATE) whose target is view v: the SET targets (42703, 42601 as PostgreSQL
 * names them), the base table and updatability (bind_view_modify_target), the base columns
 * assigned (428C9 for generated and GENERATED ALWAYS columns). */
int bind_view_modify_targets(binder *b, const ast_stmt *st, const ss_view *v, view_modify *vm);
/* SET target i = DEFAULT: the view column's default, else NULL (PostgreSQL's UPDATE). */
ss_expr *bind_view_set_default(binder *b, const view_modify *vm, uint32_t i);
/* In the finding query top (bound with binder.modify_view_item naming the view's FROM
 * item): the base table's read, given its row id column, whose columns each projection of
 * the view passes up (vm->rel, vm->off set); NULL with 0A000 for a plan of another shape. */
ss_lop *bind_view_modify_bridge(binder *b, const ast_stmt *st, view_modify *vm, ss_lop *top);
/* The base table's read below the view's projection making relation rel in top, and the
 * projections on the way (vm->levels; a sort of the view's ORDER BY is taken out); NULL for
 * a plan of another shape (no error set). */
ss_lop *bind_view_levels(binder *b, view_modify *vm, ss_lop *top, uint32_t rel);
/* INSERT ... ON CONFLICT (cols) into a view: the base table's column names for cols (42703,
 * 42P10 for a view column that is not a base column; 0A000 for inference expressions, an
 * inference WHERE, or such a column when the table has expression indexes). */
int bind_view_conflict_columns(binder *b, const ast_stmt *st, const view_modify *vm, const char ***names);
/* *e (over the finding query's columns) with the view's columns replaced by their
 * expressions over the base table's read. */
int bind_view_returning_to_base(binder *b, const view_modify *vm, ss_expr **e);

#endif
