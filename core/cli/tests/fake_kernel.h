/* fake_kernel.h — a scripted stand-in for libsunstone used by the shell's tests: each
 * statement the shell prepares is looked up in a table of canned results (columns, rows,
 * command tag, or an error with position, detail, hint, and optional notice). */
#ifndef SUNSTONE_CLI_FAKE_KERNEL_H
#define SUNSTONE_CLI_FAKE_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sunstone.h"

#define FAKE_MAX_COLS 12
#define FAKE_MAX_ROWS 16

typedef struct fake_result {
    const char *sql;  /* statement text as prepared, without its ';' and surrounding blanks */
    int ncols;
    const char *names[FAKE_MAX_COLS];
    uint32_t types[FAKE_MAX_COLS];
    int nrows;
    const char *rows[FAKE_MAX_ROWS][FAKE_MAX_COLS]; /* NULL: SQL NULL */
    const char *tag;
    const char *error;  /* non-NULL: the statement fails with this message */
    const char *sqlstate; /* its SQLSTATE (NULL: XX000) */
    int errpos;         /* 1-based, relative to the text passed to sunstone_prepare */
    const char *detail;
    const char *hint;
    bool fail_at_step;  /* fail in sunstone_step rather than sunstone_prepare */
    const char *notice; /* sent to the notice handler during the first step */
} fake_result;

void fake_kernel_reset(void);
void fake_kernel_add(const fake_result *r);
/* Shorthands: a one-row, one-column SELECT (tag "SELECT 1"), and a statement that only
 * answers with its command tag. */
void fake_kernel_add_value(const char *sql, const char *column, uint32_t type, const char *v);
void fake_kernel_add_command(const char *sql, const char *tag);
/* Makes the next sunstone_open fail with this message (NULL: succeed). */
void fake_kernel_fail_open(const char *message);

/* What the shell did, for assertions. */
size_t fake_kernel_prepared_count(void);
const char *fake_kernel_prepared(size_t i); /* text of the i-th statement prepared */
const char *fake_kernel_open_path(void);     /* NULL for in-memory */
const char *fake_kernel_plugin_dir(void);    /* from sunstone_open_v2, else NULL */
int fake_kernel_open_handles(void);          /* opened minus closed */
int fake_kernel_live_statements(void);       /* prepared minus finalized */

#endif
