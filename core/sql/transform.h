/* transform.h — shared state of the PostgreSQL-parse-tree → Sunstone-AST transform.
 * Private to core/sql/: includes PostgreSQL server headers. */
#ifndef SS_SQL_TRANSFORM_H
#define SS_SQL_TRANSFORM_H

#include <pg_query.h>
#include <pg_query/pg_query_internal.h>

#include "nodes/parsenodes.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pg_list.h"

#undef Assert
#undef printf
#undef sprintf
#undef snprintf
#undef vsnprintf
#undef fprintf
#undef vfprintf
#undef strerror
#undef gettext
#undef _

#include "sql/ast.h"

typedef struct transform_state {
    const char *sql;     /* the text being parsed (locations count from it) */
    ss_arena *arena;
    ast_parse_error *err;
    bool failed;
    int with_ties_value; /* libpg_query's LimitOption value for WITH TIES */
    int stmt_location;   /* start of the statement being transformed */
    int stmt_len;        /* its length in bytes, 0 = to the end of the text */
    /* time travel (parse_as_of.c): the AS OF clauses rewritten into the text (NULL: none),
       and what the statement being transformed met of them */
    const struct ss_as_of_sites *as_of_sites;
    int as_of_kind;
    const char *as_of_time;
    uint64_t as_of_xid;
    int as_of_location;
    int plain_relation;  /* location of a relation named without AS OF, -1: none */
    /* data-modifying WITH queries (parse_modifying_cte.c): the top-level WITH clause that may
       hold them (NULL: none may), the refusal of a statement that may not (NULL: none), and
       each one transformed once (the WITH of INSERT / UPDATE / DELETE is transformed for
       every query built from the statement) */
    const WithClause *modifying_with_top;
    const char *modifying_with_refusal;
    struct tr_modifying_memo *modifying_ctes;
    /* the WITH clause of the INSERT being transformed when the statement builds more than
       one query from it (RETURNING, ON CONFLICT DO UPDATE): its queries are marked
       ast_select.stmt_with (NULL: none) */
    const WithClause *insert_shared_with;
} transform_state;

/* parse_update.c: the store chain putting val into base at the target's indirection
 * (SS_FIELD_STORE_FUNC / SS_SUBSCRIPT_STORE_FUNC / SS_SLICE_STORE_FUNC calls), NULL after
 * 0A000 for an indirection they do not take; a call of name with the string argument arg, if
 * any (a placeholder the binder fills, e.g. SS_INSERT_BASE_FUNC). */
Node *tr_store_chain(transform_state *ts, const ResTarget *rt, Node *base, Node *val);
Node *tr_placeholder_call(const char *name, const char *arg);

/* parse_as_of.c: a FROM item that is a rewritten AS OF clause (as_of_rewrite.h), recorded for
 * the statement; the relation it names in *rel.  False with *rel NULL for any other item, false
 * with an error (ts->failed) for a bad clause. */
bool tr_as_of_item(transform_state *ts, Node *item, RangeVar **rel);
/* A relation named in FROM without AS OF. */
void tr_as_of_plain(transform_state *ts, int location);
/* Before / after transforming one top-level statement: resets the record; then checks it
 * against the statement (AS OF only in a SELECT or EXPLAIN of one, on every relation, one
 * target) and copies it to out. */
void tr_as_of_begin(transform_state *ts);
bool tr_as_of_finish(transform_state *ts, ast_stmt *out);

/* Records the first error (position is the 0-based location of the node or -1). */
void tr_error(transform_state *ts, const char *sqlstate, int location, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void *tr_alloc(transform_state *ts, size_t n);
const char *tr_strdup(transform_state *ts, const char *s);
/* Unsupported construct: records 0A000 "feature not supported: <what>" at location (-1:
 * none, as PostgreSQL gives statements no position). */
void tr_unsupported(transform_state *ts, int location, const char *what);
/* The words of the text at location (after whitespace and comments), upper-cased, into buf:
 * nwords of them, then more while more(the last word) says the name goes on. */
const char *tr_words(const transform_state *ts, int location, int nwords, bool (*more)(const char *word),
                     char *buf, size_t size);
/* The same, naming the construct by the keywords at location in the text (CURRENT_DATE,
 * GREATEST, XMLELEMENT ...): up to nwords words, upper-cased, and suffix after them. */
void tr_unsupported_words(transform_state *ts, int location, int nwords, const char *suffix);
/* 54001 "stack depth limit exceeded" with PostgreSQL's HINT and no position; true when the
 * transform is nested deeper than the stack budget (util/stack_depth.h). */
bool tr_check_stack(transform_state *ts);

/* CREATE VIEW's WITH (...) options and WITH ... CHECK OPTION clause (check_clause:
 * AST_VIEW_CHECK_*, 0: none) into out->view_opt_* and view_check (parse_view_options.c). */
bool tr_view_options(transform_state *ts, List *options, int check_clause, ast_stmt *out);

/* EXPLAIN's option list (parse_explain.c) into AST_EXPLAIN_* flags, with PostgreSQL's
 * errors for unknown options and values and 0A000 for those Sunstone cannot honour. */
bool tr_explain_options(transform_state *ts, List *options, uint32_t *flags);

/* A transaction-control statement (parse_txn.c) into AST_TRANSACTION; 0A000 for the two-
 * phase commit statements, AND CHAIN and DEFERRABLE. */
bool tr_transaction(transform_state *ts, TransactionStmt *t, ast_stmt *out);
/* SET TRANSACTION / SET SESSION CHARACTERISTICS AS TRANSACTION (a VAR_SET_MULTI). */
bool tr_set_transaction(transform_state *ts, VariableSetStmt *v, ast_stmt *out);

/* The leftmost location of a raw-parse node, as PostgreSQL's exprLocation reports it, but
 * without recursion (never call exprLocation: it overflows the stack on deep trees). */
int tr_location(const Node *n);
ast_expr *tr_expr(transform_state *ts, Node *n);
/* Every expression of l, in order, into *out (n of them). */
bool tr_list(transform_state *ts, List *l, ast_expr ***out, uint32_t *n);
/* A list of String nodes as names (*out NULL when it is empty). */
bool tr_name_array(transform_state *ts, List *names, const char ***out, uint32_t *n);
bool tr_type_name(transform_state *ts, TypeName *tn, ast_type_name *out);
/* parse_sequence.c: sequence options (for_identity: OWNED BY refused, SEQUENCE NAME taken)
 * and CREATE SEQUENCE. */
bool tr_seq_options(transform_state *ts, List *options, bool for_identity, ast_seq_options *o);
bool tr_create_sequence(transform_state *ts, CreateSeqStmt *s, ast_stmt *out);
bool tr_alter_sequence(transform_state *ts, AlterSeqStmt *s, ast_stmt *out);
bool tr_alter_object_schema(transform_state *ts, AlterObjectSchemaStmt *s, ast_stmt *out);
bool tr_alter_view(transform_state *ts, AlterTableStmt *s, ast_stmt *out);
/* Arrays (parse_array.c): ARRAY[...], subscripts and slices, op ANY / ALL (array). */
ast_expr *tr_array_expr(transform_state *ts, A_ArrayExpr *a);
ast_expr *tr_indirection(transform_state *ts, A_Indirection *ind);
ast_expr *tr_array_cmp(transform_state *ts, A_Expr *a);
/* An operator's name (OPERATOR(pg_catalog.op) is op), NULL after an error. */
const char *tr_op_name(transform_state *ts, List *name, int location);
/* COLLATE [schema.]name: the bare name of a pg_catalog collation, another schema's as
 * "schema.name" when qualified_ok (else 42704); NULL: an error (parse_expr.c). */
const char *tr_collation_name(transform_state *ts, List *collname, int location, bool qualified_ok);
/* A new AST expression node of kind at location (NULL after an error). */
ast_expr *tr_new_expr(transform_state *ts, ast_expr_kind kind, int location);
ast_select *tr_select(transform_state *ts, SelectStmt *s);
/* A select list (ResTargets) into out->targets / ntargets. */
bool tr_targets(transform_state *ts, List *targets, ast_select *out);
/* A list of SortBy (ORDER BY of a query or inside an aggregate call) into *n items. */
bool tr_sort_list(transform_state *ts, List *l, ast_sort_item **items, uint32_t *n);

/* Window specifications (parse_window.c): an OVER clause's WindowDef, and a SELECT's WINDOW
 * clause into out->windows. */
struct ast_window *tr_window_def(transform_state *ts, WindowDef *w);
bool tr_window_clause(transform_state *ts, List *l, ast_select *out);

/* Refuses (0A000 at location) the first of r[0..n) whose when is true; true when one was. */
typedef struct tr_refusal {
    bool when;
    const char *what;
} tr_refusal;
bool tr_refuse_first(transform_state *ts, int location, const tr_refusal *r, size_t n);

/* CREATE INDEX (parse_index.c). */
bool tr_index_stmt(transform_state *ts, IndexStmt *s, ast_stmt *out);
/* ALTER TABLE (parse_alter.c). */
bool tr_alter_table(transform_state *ts, AlterTableStmt *s, ast_stmt *out);
/* parse_alter.c: RenameStmt of a table, column, index or table constraint, as
 * AST_ALTER_TABLE (other objects: 0A000). */
bool tr_rename(transform_state *ts, RenameStmt *s, ast_stmt *out);
/* parse_stmt.c: one column definition into d (constraints appended to out's lists). */
bool tr_column_def(transform_state *ts, ColumnDef *cd, ast_column_def *d, ast_stmt *out);
/* Appends CHECK constraint con (of column, or of the table when column is NULL) to out. */
bool tr_add_check(transform_state *ts, Constraint *con, const char *column, ast_stmt *out);
/* PRIMARY KEY / UNIQUE of CREATE TABLE (parse_keys.c): con on column (NULL: a table
   constraint) appended to out's key constraints; then, once every column is known, the
   check that the columns exist and NOT NULL for the primary key's. */
bool tr_key_constraint(transform_state *ts, Constraint *con, const char *column, ast_stmt *out);
bool tr_key_constraints_finish(transform_state *ts, ast_stmt *out);
/* A column's DEFERRABLE / INITIALLY ... nodes applied to the constraint before each
 * (parse_constraint_attrs.c); false after PostgreSQL's 42601 for a misplaced one. */
bool tr_constraint_attrs(transform_state *ts, List *constraints);
/* A LIKE element of CREATE TABLE into out->likes (max: the statement's elements). */
bool tr_table_like(transform_state *ts, TableLikeClause *c, uint32_t max, ast_stmt *out);
/* A FOREIGN KEY / REFERENCES constraint of CREATE TABLE (of column, or of the table when
   column is NULL) appended to out's fkeys (parse_fkeys.c). */
bool tr_fkey_constraint(transform_state *ts, Constraint *con, const char *column, ast_stmt *out);
/* A table name (RangeVar) as the statements take it: "t" or "s.t" (parse_schema.c). */
const char *tr_relation_name(transform_state *ts, RangeVar *rv);
/* A list of them into out->drop_names / ndrop; only_refused (non-NULL): 0A000 naming it for
   ONLY (Sunstone's tables have no children, so elsewhere ONLY changes nothing). */
bool tr_relation_names(transform_state *ts, List *rels, const char *only_refused, ast_stmt *out);
/* (N) schemas (parse_schema.c): a RangeVar's reference (0A000 for a database name), the
   reference of schema (NULL: none) and rel, CREATE SCHEMA, a schema name (DROP SCHEMA's), ALTER
   SCHEMA ... RENAME TO. */
const char *tr_relation_ref(transform_state *ts, RangeVar *rv);
/* The name a CREATE [TEMP] of rv makes: rv's own, or "pg_temp.name" for a temporary
 * relation (42P16 when rv names another schema). */
const char *tr_created_relation_ref(transform_state *ts, RangeVar *rv);
const char *tr_qualified_ref(transform_state *ts, const char *schema, const char *rel, int location);
bool tr_create_schema(transform_state *ts, CreateSchemaStmt *s, ast_stmt *out);
const char *tr_schema_name(transform_state *ts, const char *name);
bool tr_rename_schema(transform_state *ts, RenameStmt *s, ast_stmt *out);
/* CREATE TYPE ... AS ENUM, ALTER TYPE ... ADD / RENAME VALUE, ALTER TYPE ... RENAME TO, DROP
   TYPE (parse_type.c). */
bool tr_create_enum(transform_state *ts, CreateEnumStmt *s, ast_stmt *out);
bool tr_alter_enum(transform_state *ts, AlterEnumStmt *s, ast_stmt *out);
bool tr_rename_type(transform_state *ts, RenameStmt *s, ast_stmt *out);
bool tr_drop_type(transform_state *ts, DropStmt *s, ast_stmt *out);
/* A column list (String nodes) into out->columns / ncolumns. */
bool tr_column_names(transform_state *ts, List *names, ast_stmt *out);
/* COPY (parse_copy.c): the relation or query, columns, direction, file and options. */
bool tr_copy(transform_state *ts, CopyStmt *s, ast_stmt *out);
/* (M) The text of the statement being transformed (parse_stmt.c); REFRESH MATERIALIZED VIEW
 * (parse_matview.c); DECLARE, FETCH / MOVE, CLOSE (parse_cursor.c). */
const char *tr_statement_text(transform_state *ts);
/* Statement n into out, as a top-level statement of the text [location, location + len). */
bool tr_statement_at(transform_state *ts, Node *n, int location, int len, ast_stmt *out);
bool tr_refresh_matview(transform_state *ts, RefreshMatViewStmt *s, ast_stmt *out);
bool tr_declare_cursor(transform_state *ts, DeclareCursorStmt *s, ast_stmt *out);
bool tr_fetch(transform_state *ts, FetchStmt *s, ast_stmt *out);
bool tr_close_cursor(transform_state *ts, ClosePortalStmt *s, ast_stmt *out);

/* UPDATE, DELETE, TRUNCATE and the RETURNING list (parse_update.c). */
bool tr_update(transform_state *ts, UpdateStmt *s, ast_stmt *out);
bool tr_delete(transform_state *ts, DeleteStmt *s, ast_stmt *out);
bool tr_truncate(transform_state *ts, TruncateStmt *s, ast_stmt *out);
/* LOCK [TABLE] [ONLY] names [IN mode MODE] [NOWAIT] (parse_lock.c). */
bool tr_lock(transform_state *ts, LockStmt *s, ast_stmt *out);
/* VACUUM / ANALYZE (parse_vacuum.c). */
bool tr_vacuum(transform_state *ts, VacuumStmt *s, ast_stmt *out);
/* defGetBoolean (parse_explain.c): no value is true; 0 / 1, true / false, on / off; else
 * 42601 "<option> requires a Boolean value". */
bool tr_option_bool(transform_state *ts, const DefElem *d, bool *out);
bool tr_returning(transform_state *ts, List *list, ast_stmt *out);
/* INSERT's RETURNING list and its query over the target (ast_stmt.returning_select). */
bool tr_insert_returning(transform_state *ts, InsertStmt *s, ast_stmt *out);
/* PostgreSQL's refusals of a locking clause (named `name`) on s: DISTINCT, GROUP BY, HAVING,
 * aggregate calls written as such (count(*), DISTINCT / ORDER BY / FILTER in the call),
 * window functions of the select list; true when one was recorded. */
bool tr_locking_refused(transform_state *ts, SelectStmt *s, const char *name);
/* INSERT's ON CONFLICT clause (ast_stmt.on_conflict and what goes with it). */
bool tr_on_conflict(transform_state *ts, InsertStmt *s, ast_stmt *out);
/* A WITH clause on INSERT / UPDATE / DELETE (parse_dml_with.c).  attach: gives with (NULL:
 * nothing) to the built query q, merged with q's own WITH; not_cte: marks the table FROM
 * item of the transformed q at location (the target's) as never naming a WITH query. */
bool tr_dml_with_attach(transform_state *ts, WithClause *with, SelectStmt *q);
/* parse_modifying_cte.c: before a top-level statement, which WITH clause may hold
 * data-modifying queries; then a WITH query that is INSERT / UPDATE / DELETE into c->dml
 * (false with an error where PostgreSQL refuses it). */
void tr_modifying_with_begin(transform_state *ts, Node *stmt);
bool tr_modifying_cte(transform_state *ts, CommonTableExpr *cte, ast_cte *c);
bool tr_insert(transform_state *ts, InsertStmt *s, ast_stmt *out);
void tr_dml_target_not_cte(ast_select *q, int location);

#endif
