/* dml_versions.h — the one place where the kernel writes new row versions into a table of a
 * storage backend with vtable version 3 (MVCC, storage.h): INSERT's rows now, UPDATE's new
 * versions later.  Index maintenance hooks in here, beside the backend call, so that every
 * new version reaches every index of its table. */
#ifndef SS_EXEC_DML_VERSIONS_H
#define SS_EXEC_DML_VERSIONS_H

#include "catalog/catalog.h"

/* Whether t's backend stores row versions (insert_versions and the snapshot scan). */
bool ss_table_has_versions(const ss_table *t);

/* Writes the live rows of rows (typed like t's columns, checked, at most SS_BATCH_CAPACITY)
 * as new versions of the current command of the session's transaction; rowids (room for
 * ss_batch_rows(rows)) receives their row ids.  All-or-nothing per call. */
int ss_dml_write_versions(ss_ctx *ctx, ss_table *t, const ss_batch *rows, ss_rowid *rowids);

#endif
