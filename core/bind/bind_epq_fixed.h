/* bind_epq_fixed.h — (EPQ) the rows a READ COMMITTED re-check keeps fixed: the tables of a
 * statement's FROM that it neither changes nor locks (UPDATE ... FROM, DELETE ... USING, a
 * locking SELECT's other tables).  PostgreSQL's EvalPlanQual tests a changed row's new
 * version against the very rows the old one was joined with (their ctids, ROW_MARK_REFERENCE);
 * Sunstone makes each such table's scan yield its row ids too (read as first read:
 * get.rowid_fixed), and the run (exec/row_epq.h) keeps, in a re-check pass, only the joined
 * rows whose ids are those the changed row had. */
#ifndef SS_BIND_EPQ_FIXED_H
#define SS_BIND_EPQ_FIXED_H

#include "bind/binder_internal.h"

/* The tables reachable from `from` through joins (a semi or anti join's left side only) and
 * filters, but those whose relation binding is one of skip[0..nskip): their GETs now yield
 * row ids, read as first read; *cols (in the binder's arena) gets a column expression of each
 * (*n of them).  Tables without row versions are left out (their rows are not kept fixed). */
int bind_epq_fixed_rows(binder *b, ss_lop *from, const uint32_t *skip, uint32_t nskip, ss_expr ***cols,
                        uint32_t *n);

#endif
