/* constraints.h — what a table keeps of its columns' defaults and identity and of its CHECK
 * constraints (the CREATE TABLE text they are bound again from at each statement, their
 * names, how \d shows them), and the one check of NOT NULL and CHECK over new rows that
 * INSERT (and UPDATE's merge) calls. */
#ifndef SS_CATALOG_CONSTRAINTS_H
#define SS_CATALOG_CONSTRAINTS_H

#include "catalog/catalog.h"
#include "exec/expr.h"

/* Where the catalog reads a DEFAULT or CHECK expression again: the statement that wrote it
 * (CREATE TABLE, or ALTER TABLE ... ADD COLUMN / SET DEFAULT / ADD CHECK), parsed again by
 * each statement that binds it.  Renames and dropped columns never change the text: names
 * maps the table's columns as they are now to the names the text knows them by. */
typedef struct ss_cons_src {
    char *sql;             /* the statement's text */
    uint32_t index;        /* the expression: coldefs[index].default_expr, or checks[index] */
    char *table;           /* the table's name in the text (a CHECK may qualify columns) */
    char **names;          /* CHECK: per column of the table now, its name in the text (NULL:
                              the text does not know the column); NULL for a DEFAULT */
} ss_cons_src;

typedef struct ss_col_cons {
    bool has_default;      /* a DEFAULT: read from src */
    char identity;         /* 'a' GENERATED ALWAYS, 'd' BY DEFAULT AS IDENTITY, 0: none */
    bool generated;        /* GENERATED ALWAYS AS (expr) STORED: has_default too, src the
                              expression (with names, as a CHECK's) */
    char *seq;             /* SERIAL or identity: the sequence its default takes nextval of */
    char *default_text;    /* the Default column of \d (NULL: none) */
    ss_cons_src src;       /* the catalog's copy with has_default: where the DEFAULT is read */
} ss_col_cons;

typedef struct ss_table_cons {
    char *create_sql;      /* the CREATE TABLE statement (the binder's: the sources below
                              are made from it when the table gets its copy) */
    ss_col_cons *cols;     /* one per column of the table */
    uint32_t nchecks;      /* CHECK constraints, in the statement's order */
    char **check_names;
    char **check_texts;    /* "CHECK (...)" as \d shows it (NULL: not known) */
    uint32_t ncols;        /* the catalog's copy: cols' strings are its own */
    bool owns_cols;
    ss_cons_src *check_srcs; /* the catalog's copy: nchecks, where each CHECK is read from */
} ss_table_cons;

void ss_table_cons_free(ss_table_cons *c);
/* The lines of \d's "Check constraints:" footer for t ("name" CHECK (...), by name, each
 * ending in a newline), malloc'd; NULL when it has none (or none printable). */
char *ss_table_check_lines(const ss_table *t);
/* Gives t a malloc'd copy of src (a binder's, in arena memory, whose expressions are read
 * from its create_sql); NULL src: nothing. */
int ss_table_attach_cons(ss_ctx *ctx, ss_table *t, const ss_table_cons *src);
/* A malloc'd deep copy of the catalog's c for a table of ncols columns (NULL c: an empty
 * one); NULL when out of memory. */
ss_table_cons *ss_table_cons_copy(const ss_table_cons *c, uint32_t ncols);
/* Sets *dst to a malloc'd copy of src (names: ncols entries when src has them); false when
 * out of memory (*dst then holds what was copied, for ss_cons_src_free). */
bool ss_cons_src_copy(ss_cons_src *dst, const ss_cons_src *src, uint32_t ncols);
void ss_cons_src_free(ss_cons_src *s, uint32_t ncols);

/* A table's CHECK constraints bound for one statement: boolean expressions over the table's
 * row (column i at batch position i), in PostgreSQL's order of evaluation (by name). */
typedef struct ss_bound_checks {
    uint32_t n;
    ss_expr **exprs;
    const char **names;
    /* generated columns: column gen_cols[i] of each new row is gen_exprs[i] over the row
       (computed before the checks, in column order; a generated column reads no other) */
    uint32_t ngen;
    uint32_t *gen_cols;
    ss_expr **gen_exprs;
} ss_bound_checks;

/* Computes the generated columns of checks (if any) into the live rows of rows, then checks
 * the live rows of rows (one vector per column of t, in table order), row by row as
 * PostgreSQL's ExecConstraints: NOT NULL of each column (23502), then each CHECK (23514; NULL
 * passes), with DETAIL "Failing row contains (...)".  checks may be NULL. */
int ss_constraints_check_rows(ss_ctx *ctx, const ss_table *t, const ss_bound_checks *checks, const ss_batch *rows);
/* DETAIL "Failing row contains (...)." of row of b (t's columns, NULL as "null"). */
void ss_constraints_failing_row(ss_ctx *ctx, const ss_table *t, const ss_batch *b, uint32_t row);
/* WITH CHECK OPTION of the views an INSERT went through (view_checks.c): each condition of
 * checks (names: the views), in order, over the live rows of rows (t's row), row by row;
 * false or NULL is PostgreSQL's 44000 "new row violates check option for view" with the
 * failing row.  checks may be NULL.  UPDATE through a view calls it with its new rows. */
int ss_view_checks_rows(ss_ctx *ctx, const ss_table *t, const ss_bound_checks *checks, const ss_batch *rows);

#endif
