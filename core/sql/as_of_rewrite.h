/* as_of_rewrite.h — Sunstone's time-travel clause `relation AS OF TIMESTAMP '…'` /
 * `relation AS OF TRANSACTION n` (optionally followed by an alias), which PostgreSQL's
 * grammar does not have.  Text that failed to parse is scanned with libpg_query's scanner
 * (pg_query_scan: tokens, so nothing inside a string or a comment is ever touched) and each
 * such clause rewritten, in the same number of bytes so that every other location stays, into
 * `relation [alias] TABLESAMPLE t('…')` / `TABLESAMPLE x(n)`, which the grammar accepts.  The
 * transform (parse_stmt.c) recognises the rewritten clauses by their locations, never by the
 * method names, so a real TABLESAMPLE is never taken for one.  Valid PostgreSQL text is never
 * rewritten: the rewrite is tried only after the original text failed, and if the rewritten
 * text fails too the original error is reported. */
#ifndef SS_SQL_AS_OF_REWRITE_H
#define SS_SQL_AS_OF_REWRITE_H

#include <stdbool.h>
#include <stddef.h>

/* The rewritten clauses of a text: where each TABLESAMPLE method name was written (byte
 * offsets, ascending: the location the grammar gives the RangeTableSample) and whether it stands for AS OF TIMESTAMP (else AS OF TRANSACTION). */
typedef struct ss_as_of_sites {
    int *offsets;
    bool *timestamp;
    unsigned n;
} ss_as_of_sites;

/* The text (len bytes, not necessarily NUL-terminated) with its AS OF clauses rewritten, as a
 * NUL-terminated malloc'd copy, and the sites; NULL when the text has none (or memory ran
 * out: *oom).  Free sites with ss_as_of_sites_free. */
char *ss_as_of_rewrite(const char *text, size_t len, ss_as_of_sites *sites, bool *oom);
void ss_as_of_sites_free(ss_as_of_sites *sites);

#endif
