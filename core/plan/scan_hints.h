/* scan_hints.h — the planner's scan hints (scan_hints.c): which conjuncts of a filter right
 * above a table scan a storage backend may use to skip stored data (storage.h version 8,
 * scan_hint; ss_scan_node.hints). */
#ifndef SS_PLAN_SCAN_HINTS_H
#define SS_PLAN_SCAN_HINTS_H

#include "plan/plan_build.h"

/* Sets scan's hints (a scan node just built) from pred, the physical predicate of the
 * filter over it (over the scan's output positions): each conjunct `column op value`
 * (=, <, <=, >, >=; BETWEEN is two of them), `column IS [NOT] NULL`, whose value is a
 * non-NULL constant or a parameter of the column's type class, for the types whose SQL
 * order storage.h lists.  Conjuncts of another form are left to the filter alone. */
int ss_scan_hints_attach(ss_plan_builder *pb, ss_plan *scan, const ss_expr *pred);

#endif
