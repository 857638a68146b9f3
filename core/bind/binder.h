/* binder.h — semantic analysis: turns an AST statement into a bound statement (typed
 * expressions, the logical plan of a query (plan/logical.h), DDL definitions). */
#ifndef SS_PLAN_BINDER_H
#define SS_PLAN_BINDER_H

#include "exec/executor.h"
#include "exec/expr.h"
#include "plan/logical.h"
#include "sql/ast.h"

struct ss_catalog;
struct ss_settings;

typedef struct ss_bound_stmt {
    ast_stmt_kind kind;
    /* SELECT / EXPLAIN / INSERT source: the logical plan the binder makes, and the physical
       plan the planner makes of it (plan/planner.h) */
    ss_lop *query;
    ss_plan *plan;
    uint32_t ncols;                 /* result columns (SELECT, SHOW, EXPLAIN) */
    const char **col_names;
    ss_type *col_types;
    /* INSERT */
    ss_table *table;
    /* CREATE TABLE */
    ss_table_def create_def;
    const char *access_method;
    bool if_not_exists;
    /* DROP TABLE */
    const char **drop_names;
    uint32_t ndrop;
    bool missing_ok;
    /* SET / RESET / SHOW / LOAD */
    const char *name;
    const char *value;
    /* parameters $1..$n with their inferred types */
    uint32_t nparams;
    ss_type *param_types;
    /* DROP TABLE / DROP VIEW ... CASCADE */
    bool cascade;
    /* CREATE TABLE AS ... WITH NO DATA (create_def, access_method, if_not_exists and query
       also serve CREATE TABLE AS and SELECT INTO) */
    bool with_no_data;
    /* CREATE VIEW: the view as the catalog will keep it */
    struct ss_view_def *view_def;
    /* INSERT: the table's CHECK constraints (catalog/constraints.h), NULL: none */
    struct ss_bound_checks *checks;
    /* CREATE TABLE: what the catalog keeps of defaults, identity and CHECK, the sequences
       to create with it (SERIAL, identity); CREATE SEQUENCE: seqs[0] */
    struct ss_table_cons *create_cons;
    struct ss_seq_new_def *seqs;
    uint32_t nseqs;
    /* COPY (bind_copy.c): direction, file, columns, options; query is COPY TO's rows */
    struct ss_copy_bound *copy;
    /* PREPARE / EXECUTE / DEALLOCATE (bind/prepared.h, bind_prepare.c); name is
       DEALLOCATE's (NULL: ALL) */
    struct ss_prepare_bound *prepare;
    struct ss_execute_bound *execute;
    /* INSERT into a view: the WITH CHECK OPTION conditions of the views on the way down to
       the table, innermost first, over the table's row; names are the views'
       (bind_view_check.c), NULL: none */
    struct ss_bound_checks *view_checks;
    /* UPDATE / DELETE: the tables its foreign keys' actions may change, with their checks
       and defaults (fkey/fkey.h), NULL: none */
    struct ss_fkey_actions *fk_actions;
    /* (M) DECLARE: its AST_CURSOR_* options, NO SCROLL added when neither SCROLL nor NO
       SCROLL was written and PostgreSQL's plan could not run backward (bind_cursor.c) */
    int cursor_options;
    /* (R) INSERT / UPDATE / DELETE ... RETURNING (bind/bind_returning.h), NULL: none; the
       result columns are then ncols / col_names / col_types */
    struct ss_bound_returning *returning;
    /* (R) INSERT ... ON CONFLICT (bind/bind_on_conflict.h), NULL: none */
    struct ss_bound_on_conflict *on_conflict;
    /* (LK) UPDATE: whether it sets a key column (DELETE: true); its row locks' strength */
    bool update_keys;
    /* (EPQ) UPDATE ... FROM / DELETE ... USING: the row ids of the other tables joined, in
       query columns epq_fixed_col.. (bind_epq_fixed.h); a READ COMMITTED re-check keeps them */
    uint32_t epq_nfixed, epq_fixed_col;
    /* (LK) SELECT ... FOR UPDATE / SHARE ... (bind/bind_locking.h), NULL: none */
    struct ss_bound_locking *locking;
    /* CREATE TABLE ... (LIKE ...): the statement written again with the sources' columns
       (what runs in place of the AST: its keys and foreign keys), and the statements of
       INCLUDING INDEXES run after it, CREATE INDEX or ALTER TABLE ... ADD PRIMARY KEY /
       UNIQUE (bind_create_like.c); NULL / 0: none */
    const struct ast_stmt *create_ast;
    const struct ast_stmt **like_indexes;
    uint32_t nlike_indexes;
    /* data-modifying WITH queries of the statement (bind_modifying_cte.c), in the order
       they were bound; api/run_modifying_cte.c runs each once */
    struct ss_bound_modifying_cte **modifying_ctes;
    uint32_t nmodifying_ctes;
} ss_bound_stmt;

/* One data-modifying WITH query: its INSERT / UPDATE / DELETE bound (planned with the
 * statement), the worktable id its RETURNING rows are read by, and whether the main
 * statement (or a SELECT WITH query) reads it (PostgreSQL runs those as they are read, the
 * others after the main statement, the last written first). */
typedef struct ss_bound_modifying_cte {
    const struct ast_stmt *ast; /* the statement; for a SELECT (bind_stmt_select_cte), one
                                   made for it, the record found by location */
    const char *name;
    ss_bound_stmt *stmt;
    uint32_t worktable_id;
    bool read;
    /* the other data-modifying WITH queries it reads (each runs before it) */
    struct ss_bound_modifying_cte **deps;
    uint32_t ndeps;
    /* a SELECT WITH query of an INSERT read by several of its queries and calling a volatile
       function, computed once for the statement as PostgreSQL's CTE is (stmt->kind
       AST_SELECT; run only when read); its location in the text, -1 for the others */
    int select_location;
} ss_bound_modifying_cte;

/* The SQL name of a statement kind ("CREATE TABLE"), NULL for one this kernel does not know. */
const char *ss_stmt_kind_name(ast_stmt_kind kind);

/* Binds stmt in arena, resolving table names in catalog and SHOW's parameter names in
 * settings.  Errors go to ctx with PostgreSQL's messages, SQLSTATEs and 1-based positions.
 * fixed_params: types given by the caller for $1..$n (may be NULL); non-NULL with nfixed 0:
 * the statement can have no parameters at all (sunstone_exec, PostgreSQL's simple query:
 * 42P02). */
int ss_bind(ss_ctx *ctx, struct ss_catalog *catalog, const struct ss_settings *settings, const ast_stmt *stmt,
            ss_arena *arena, const ss_type *fixed_params, uint32_t nfixed, ss_bound_stmt **out);
/* The same, where $n beyond the nfixed given are inferred as without them (PREPARE name
 * (types) AS ..., PostgreSQL's variable parameters). */
int ss_bind_extending(ss_ctx *ctx, struct ss_catalog *catalog, const struct ss_settings *settings,
                      const ast_stmt *stmt, ss_arena *arena, const ss_type *fixed_params, uint32_t nfixed,
                      ss_bound_stmt **out);

#endif
