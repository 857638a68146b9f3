/* empty_plan.h — which physical subtrees provably yield no rows (PostgreSQL's dummy
 * relations), so that a join over one does not run its other side. */
#ifndef SS_PLAN_EMPTY_PLAN_H
#define SS_PLAN_EMPTY_PLAN_H

#include <stdbool.h>

#include "exec/executor.h"

/* Whether node yields no rows whatever the data: an empty VALUES, a filter whose predicate
 * folded to FALSE or NULL, and what is built only over such inputs (an inner join with one,
 * a grouped aggregate over one, ...). */
bool ss_plan_yields_nothing(const ss_plan *node);

/* Whether a join of this type over sides that yield nothing as given yields nothing. */
bool ss_join_yields_nothing(int32_t join_type, bool left_empty, bool right_empty);

#endif
