/* filter_rows.h — the pull loop the test plugins' filter operators share: the child's next
 * batch that keeps live rows once narrowed to where the predicate is true. */
#ifndef SUNSTONE_TEST_FILTER_ROWS_H
#define SUNSTONE_TEST_FILTER_ROWS_H

#include "sunstone/plugin.h"

/* Pulls child until a batch has live rows where pred is true (its selection pointed at sel,
 * SS_BATCH_CAPACITY entries); *out NULL at the end of the stream. */
int filter_rows_next(const ss_api *api, ss_ctx *ctx, ss_op *child, const ss_expr *pred, uint32_t *sel,
                     ss_batch **out);

#endif
