/* check.h — the integrity check of a database (the sunstone_check system view, `sunstone check
 * DBPATH`): read-only, it reports what it finds and changes nothing.  It verifies
 * - the stored catalog image: its framing and that every statement in it parses;
 * - each storage backend's own storage (storage.h version 10's check: pages and checksums,
 *   every stored row version decodes);
 * - every table: a scan of all its columns with the statement's snapshot decodes, and no
 *   visible row has a NULL in a NOT NULL column;
 * - every index agrees with its table: each visible row the index covers is found by a
 *   lookup of its key with its row id, the index names no row id twice, no entry names a
 *   version the table does not store (storage.h versions_stored), and its entries for
 *   visible rows are exactly those rows (so none is filed under another key);
 * - UNIQUE / PRIMARY KEY: no two visible rows share a key without NULLs. */
#ifndef SS_CHECK_CHECK_H
#define SS_CHECK_CHECK_H

#include "catalog/catalog.h"

/* One problem: kind is "catalog", "storage", "table", "index", "not null" or "unique";
 * object the relation it concerns ("" for the database as a whole); page the page number it
 * names (-1: none); problem a sentence (all lent for the call). */
typedef void (*ss_check_report_fn)(void *arg, const char *kind, const char *object, int64_t page,
                                   const char *problem);

/* What was checked. */
typedef struct ss_check_stats {
    uint64_t tables, indexes, rows, index_entries, problems;
} ss_check_stats;

/* Checks catalog c's database as the session (ctx, its snapshot) sees it.  SS_OK when the
 * check ran to its end (the problems went to report); SS_ERROR only when it could not go on
 * (out of memory, cancel, a backend that failed). */
int ss_check_database(ss_ctx *ctx, ss_catalog *c, ss_check_report_fn report, void *arg, ss_check_stats *stats);

/* The sunstone_check system view's rows (check_view.c): (kind, object, page, problem) per
 * problem, each to add(ctx, arg, row). */
int ss_check_view_fill(ss_ctx *ctx, ss_catalog *c, int (*add)(ss_ctx *ctx, void *arg, const ss_value *row),
                       void *arg);

/* check_table.c: the table, its constraints and indexes (part of ss_check_database). */
typedef struct ss_check_sink {
    ss_check_report_fn report;
    void *arg;
    ss_check_stats *stats;
} ss_check_sink;
void ss_check_problem(ss_check_sink *k, const char *kind, const char *object, int64_t page, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
int ss_check_table(ss_ctx *ctx, ss_table *t, ss_check_sink *k);

#endif
