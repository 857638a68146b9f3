/* system_relation_views.h — the rows of the system views that describe relations other than
 * tables and views (system_relation_views.c): sunstone_index_columns (one row per key column
 * of each index) and sunstone_sequences (each sequence's parameters and owner), which the
 * shell's \d of an index or a sequence reads. */
#ifndef SS_CATALOG_SYSTEM_RELATION_VIEWS_H
#define SS_CATALOG_SYSTEM_RELATION_VIEWS_H

#include "catalog/system_session_views.h"

/* sunstone_index_columns: index_name, table_name, position (1-based), column_name,
 * type_name, is_unique, is_primary, method — the indexes the session sees (ctx->catalog). */
int ss_system_index_columns_fill(ss_ctx *ctx, ss_view_row_fn add, void *arg);
/* sunstone_sequences: name, data_type, start_value, min_value, max_value, increment_by,
 * cycle, cache_size, owner_table, owner_column, owner_kind ('serial', 'identity', 'owned by';
 * NULL without an owner). */
int ss_system_sequences_fill(ss_ctx *ctx, ss_view_row_fn add, void *arg);

#endif
