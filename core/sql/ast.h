/* ast.h — Sunstone's own syntax tree.  The parser front end (parse_stmt.c, parse_expr.c)
 * turns PostgreSQL's raw parse tree into these nodes; nothing outside core/sql/ ever sees a
 * PostgreSQL header.  All nodes live in the arena handed to ss_parse(). */
#ifndef SS_SQL_AST_H
#define SS_SQL_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "util/arena.h"

typedef enum ast_expr_kind {
    AE_COLUMN = 1,   /* names[0..nnames): [table.]column */
    AE_STAR,         /* * or t.* (names hold the qualifier) */
    AE_INT,          /* integer literal that fits int64 (ival) */
    AE_NUMERIC,      /* other numeric literal, text in str ("1.5", "1e10", huge ints) */
    AE_STRING,       /* 'literal' (untyped, like PostgreSQL's unknown) */
    AE_NULL,
    AE_BOOL,         /* TRUE / FALSE (bval) */
    AE_PARAM,        /* $n (ival = n) */
    AE_OP,           /* binary or prefix operator: op, left (NULL for prefix), right */
    AE_AND, AE_OR, AE_NOT, /* args */
    AE_IS_NULL, AE_IS_NOT_NULL, /* args[0] */
    AE_FUNC,         /* name(args), star = count(*), distinct; an aggregate call's FILTER
                        (WHERE filter) and ORDER BY (agg_order) */
    AE_CAST,         /* args[0]::type_name(typmod) */
    AE_CASE,         /* arg (simple CASE) or NULL; whens/thens; els */
    AE_COALESCE,     /* args */
    AE_BETWEEN,      /* args[0] BETWEEN args[1] AND args[2]; negated; bval: SYMMETRIC */
    AE_IN_LIST,      /* args[0] IN (args[1..]); negated */
    AE_GROUPING_SET, /* a GROUP BY item: ival is an ast_grouping_set_kind, args its items */
    AE_GROUPING_FUNC, /* GROUPING(args) */
    AE_SUBLINK,      /* a subquery in an expression: subselect, sublink (ast_sublink_kind);
                        ANY / ALL: the left operands in args (several for a row), the
                        operator in str */
    AE_ARRAY,        /* ARRAY[args] (an inner [..] of a nested one is an AE_ARRAY too) */
    AE_SUBSCRIPT,    /* left[..][..]: args[2i], args[2i+1] the lower and upper bound of
                        subscript i (nargs / 2 of them), a plain subscript's value in the
                        upper with the lower NULL; bit i of ival: subscript i is a slice
                        (lo:hi), whose omitted bounds are NULL */
    AE_ARRAY_CMP,    /* left str ANY (right) / left str ALL (right) (bval) over an array */
    AE_DISTINCT,     /* args[0] IS DISTINCT FROM args[1]; negated: IS NOT DISTINCT FROM */
    AE_NULLIF,       /* NULLIF(args[0], args[1]) */
    AE_MINMAX,       /* GREATEST(args); negated: LEAST(args) */
    AE_DEFAULT,      /* DEFAULT as an item of INSERT's VALUES: the column's default */
    AE_ROW,          /* ROW(args) or (args...): a row constructor (bind_row.c) */
    AE_BOOLTEST,     /* args[0] IS [NOT] TRUE / FALSE / UNKNOWN: ival an ast_booltest */
    AE_COLLATE,      /* args[0] COLLATE str: str one of the collations that order as the
                        database's default does (bind_collate.c) */
    AE_FIELD         /* (left).str: field selection from a composite value (bind_row_type.c);
                        (x).a is an AE_COLUMN x.a with bval set, a field of column x when
                        there is one */
} ast_expr_kind;

/* The boolean tests, in PostgreSQL's BoolTestType order. */
typedef enum ast_booltest {
    AST_IS_TRUE = 0, AST_IS_NOT_TRUE, AST_IS_FALSE, AST_IS_NOT_FALSE, AST_IS_UNKNOWN, AST_IS_NOT_UNKNOWN
} ast_booltest;

typedef enum ast_grouping_set_kind {
    AST_GSET_LIST = 1,  /* (a, b) inside GROUP BY: the expressions args together */
    AST_GSET_EMPTY,     /* () */
    AST_GSET_ROLLUP,    /* ROLLUP (args) */
    AST_GSET_CUBE,      /* CUBE (args) */
    AST_GSET_SETS       /* GROUPING SETS (args) */
} ast_grouping_set_kind;

typedef enum ast_sublink_kind {
    AST_SUBLINK_EXISTS = 1, /* EXISTS (SELECT ...) */
    AST_SUBLINK_EXPR,       /* (SELECT ...) as a value */
    AST_SUBLINK_ANY,        /* x op ANY / SOME (SELECT ...), x IN (SELECT ...) */
    AST_SUBLINK_ALL,        /* x op ALL (SELECT ...) */
    AST_SUBLINK_ARRAY,      /* ARRAY (SELECT ...) */
    AST_SUBLINK_ROWCOMPARE  /* (a, b) op (SELECT ...): args the row, str the operator */
} ast_sublink_kind;

typedef struct ast_expr ast_expr;
struct ast_window;

typedef struct ast_type_name {
    const char *name;  /* last component, lower case ("int4", "varchar", "float8") */
    const char *schema;/* its schema when qualified by one other than pg_catalog, else NULL */
    int32_t typmod;    /* -1 or the modifier (varchar(10) -> 10) */
    int32_t typmod2;   /* a second modifier (numeric(12,2) -> 2), INT32_MIN when none */
    int location;
    bool is_array;     /* name[], name[3], name ARRAY: an array of it (bounds are ignored) */
} ast_type_name;

struct ast_expr {
    ast_expr_kind kind;
    int location;              /* 0-based byte offset in the statement, -1 unknown */
    const char **names;        /* AE_COLUMN / AE_STAR / AE_FUNC (qualified name) */
    uint32_t nnames;
    int64_t ival;
    bool bval;
    bool star, distinct, negated;
    const char *str;           /* AE_NUMERIC / AE_STRING text, AE_OP operator name */
    ast_expr *left, *right;    /* AE_OP */
    ast_expr **args;           /* see kinds */
    uint32_t nargs;
    ast_type_name type;        /* AE_CAST */
    ast_expr *arg;             /* AE_CASE simple-case operand */
    ast_expr **whens, **thens; /* AE_CASE */
    int *when_locations;       /* AE_CASE: each WHEN keyword */
    uint32_t nwhens;
    ast_expr *els;
    ast_expr *filter;          /* AE_FUNC: FILTER (WHERE filter), NULL = none */
    struct ast_sort_item *agg_order; /* AE_FUNC: ORDER BY inside the call, nagg_order items */
    uint32_t nagg_order;
    struct ast_select *subselect; /* AE_SUBLINK */
    ast_sublink_kind sublink;     /* AE_SUBLINK */
    /* AE_SUBLINK: the subquery's parse tree as text without its locations, so that two
       spellings of one subquery compare equal, as PostgreSQL's equal() finds them when it
       matches ORDER BY / GROUP BY / DISTINCT expressions to the select list */
    const char *sub_key;
    bool within_group;         /* AE_FUNC: agg_order is WITHIN GROUP (ORDER BY ...) of an
                                  ordered-set aggregate, args its direct arguments */
    bool variadic;             /* AE_FUNC: the last argument is written VARIADIC arr */
    /* AE_FUNC in named or mixed notation (f(1, name => v)): arg_names[i] is the name given
       to args[i] (NULL for a positional one) and arg_name_locations[i] where it is written;
       both NULL when every argument is positional */
    const char **arg_names;
    int *arg_name_locations;
    /* AE_FUNC: OVER (...) or OVER name, a window function call; NULL = none */
    const struct ast_window *over;
};

typedef struct ast_target {
    ast_expr *expr;
    const char *alias; /* AS name, or NULL */
    int location;
} ast_target;

typedef struct ast_sort_item {
    ast_expr *expr;
    bool descending;
    int nulls;         /* 0 default, 1 NULLS FIRST, 2 NULLS LAST */
} ast_sort_item;

typedef enum ast_setop { AST_SETOP_NONE = 0, AST_SETOP_UNION, AST_SETOP_INTERSECT, AST_SETOP_EXCEPT } ast_setop;

/* One item of FROM: a table (with its alias) or a join of two items.  A comma list is a
 * left-deep tree of AST_JOIN_COMMA joins. */
typedef enum ast_join_type {
    AST_JOIN_COMMA = 1, /* a, b: no condition, each side its own scope */
    AST_JOIN_CROSS,     /* a CROSS JOIN b */
    AST_JOIN_INNER,     /* a [INNER] JOIN b ON cond */
    AST_JOIN_LEFT,      /* a LEFT [OUTER] JOIN b ON cond */
    AST_JOIN_RIGHT,     /* a RIGHT [OUTER] JOIN b ON cond */
    AST_JOIN_FULL       /* a FULL [OUTER] JOIN b ON cond */
} ast_join_type;

typedef struct ast_from_item {
    bool is_join;
    /* a table, a subquery / VALUES list (subquery set, table NULL) or a function call
       (func set: an AE_FUNC; WITH ORDINALITY when ordinality) */
    const char *table;
    struct ast_select *subquery;
    struct ast_expr *func;
    bool ordinality;
    /* a function's column definition list: AS [alias] (name type, ...), ncoldefs of them
       (0: none), the list starting at coldef_location */
    const char **coldef_names;
    struct ast_type_name *coldef_types;
    uint32_t ncoldefs;
    int coldef_location;
    /* ROWS FROM (f1(...) [AS (coldefs)], f2(...), ...) of several functions: each a FROM item
       of one function (func is the first one's); nrows_from 0 for a single function */
    struct ast_from_item **rows_from;
    uint32_t nrows_from;
    bool rows_from_member; /* one of them (its definition list goes with ROWS FROM's ordinality) */
    const char *alias;     /* NULL = none (a subquery always has one) */
    const char **colnames; /* column aliases: alias(c1, c2, ...), ncolnames of them */
    uint32_t ncolnames;
    int location;
    /* a join */
    ast_join_type join_type;
    struct ast_from_item *left, *right;
    struct ast_expr *on;   /* INNER, LEFT, RIGHT and FULL (or using / natural) */
    const char **using_cols; /* JOIN ... USING (nusing columns) */
    uint32_t nusing;
    bool natural;          /* NATURAL JOIN: USING the columns both sides have */
    const char *using_alias; /* JOIN ... USING (...) AS using_alias: a name for the merged
                                columns; a join's own alias (and column aliases) are alias
                                and colnames above */
    bool lateral;          /* LATERAL (subquery): it sees the FROM items to its left */
    bool srf_split;        /* the subquery bind_srf_split.c made: its columns computing the
                              same expression are the same output (range_entry.same_col) */
    bool not_cte;          /* a name that is never a WITH query's: the target of INSERT,
                              UPDATE or DELETE in the queries the transform builds for them */
} ast_from_item;

/* One WITH query: name [(colnames)] AS [NOT] [MATERIALIZED] (query). */
typedef enum ast_cte_materialize {
    AST_CTE_DEFAULT = 0,
    AST_CTE_MATERIALIZED,
    AST_CTE_NOT_MATERIALIZED
} ast_cte_materialize;

typedef struct ast_cte {
    const char *name;
    const char **colnames;  /* column list, ncolnames of them (0: none) */
    uint32_t ncolnames;
    struct ast_select *query;
    /* a data-modifying WITH query (INSERT / UPDATE / DELETE, sql/parse_modifying_cte.c):
       the statement, query NULL; NULL for a SELECT.  The same statement in every copy of
       the WITH clause the transform makes */
    struct ast_stmt *dml;
    ast_cte_materialize materialize;
    int location;
    /* SEARCH {DEPTH | BREADTH} FIRST BY search_cols SET search_seq (nsearch_cols 0: none) */
    const char **search_cols;
    uint32_t nsearch_cols;
    bool search_breadth;
    const char *search_seq;
    int search_location;
    /* CYCLE cycle_cols SET cycle_mark [TO cycle_value DEFAULT cycle_default] USING
       cycle_path (ncycle_cols 0: none; the values NULL: TRUE and FALSE) */
    const char **cycle_cols;
    uint32_t ncycle_cols;
    const char *cycle_mark, *cycle_path;
    struct ast_expr *cycle_value, *cycle_default;
    int cycle_location;
} ast_cte;

typedef struct ast_select {
    bool distinct;
    ast_expr **distinct_on; /* DISTINCT ON (distinct_on[0..ndistinct_on)) (distinct false) */
    uint32_t ndistinct_on;
    ast_target *targets;
    uint32_t ntargets;
    const char *from_table; /* single table or NULL (no FROM) */
    const char *from_alias;
    int from_location;
    ast_from_item *from;    /* the whole FROM clause (NULL = none); from_table is set when it
                               is one table */
    ast_expr *where;
    ast_expr **group_by;    /* expressions and grouping sets (AE_GROUPING_SET) */
    uint32_t ngroup;
    bool group_distinct;    /* GROUP BY DISTINCT: duplicate grouping sets dropped */
    ast_expr *having;
    ast_sort_item *order_by;
    uint32_t norder;
    ast_expr *limit;        /* NULL = none */
    bool with_ties;         /* FETCH FIRST ... WITH TIES (the grammar requires ORDER BY) */
    ast_expr *offset;
    /* VALUES (...), (...) as a select: values[r][c] */
    ast_expr ***values;
    uint32_t nvalues_rows, nvalues_cols;
    /* a set operation (UNION / INTERSECT / EXCEPT [ALL]) of larg and rarg: then only
       order_by, limit and offset above apply, to its result */
    ast_setop setop;
    bool setop_all;
    struct ast_select *larg, *rarg;
    /* WITH [RECURSIVE] queries, visible to this query (all its branches included) */
    ast_cte *ctes;
    uint32_t nctes;
    bool recursive;
    /* INSERT's query with a WITH of its own under the INSERT's WITH: the INSERT's, whose
       queries are in scope around ctes (holds only ctes / nctes / recursive); NULL: none */
    struct ast_select *outer_with;
    /* ctes are the WITH of an INSERT that several of its queries read (its source query,
       RETURNING, ON CONFLICT DO UPDATE): one calling a volatile function is computed once
       for the statement (bind/bind_modifying_cte.c) */
    bool stmt_with;
    /* WINDOW name AS (...), ...: the named windows (ast_window.name set) */
    struct ast_window *windows;
    uint32_t nwindows;
    /* (LK) FOR UPDATE / NO KEY UPDATE / SHARE / KEY SHARE clauses, in order */
    struct ast_locking *locking;
    uint32_t nlocking;
} ast_select;

/* (LK) One locking clause: FOR <strength> [OF rels] [NOWAIT | SKIP LOCKED]. */
typedef struct ast_locking {
    uint8_t strength;     /* txn/txn_row_locks.h ss_row_lock_mode: 1 KEY SHARE .. 4 UPDATE */
    uint8_t wait;         /* exec/row_lock_take.h ss_row_lock_wait */
    const char **rels;    /* OF names (unqualified); none: every relation of FROM */
    int *rel_locations;
    uint32_t nrels;
} ast_locking;

/* A window specification: OVER (...), OVER name, or WINDOW name AS (...).  frame_options
 * holds PostgreSQL's FRAMEOPTION_* bits, the same as SS_WINDOW_FRAME_* (sunstone/operator.h). */
typedef struct ast_window {
    const char *name;         /* WINDOW name AS (...): its name; NULL in OVER */
    const char *refname;      /* OVER name / OVER (name ...): the window it starts from */
    ast_expr **partition;
    uint32_t npartition;
    struct ast_sort_item *order;
    uint32_t norder;
    int frame_options;
    ast_expr *start_offset, *end_offset;
    int location;
} ast_window;

/* Sequence options (CREATE SEQUENCE, an identity column's (...)): has_* tells which were
 * given; as_type is the AS type's name (NULL: none); owned_by the OWNED BY table.column
 * names (owned_none: OWNED BY NONE). */
typedef struct ast_seq_options {
    const char *as_type;
    int as_location;
    bool has_increment, has_min, has_max, has_start, has_cache, has_cycle;
    bool no_min, no_max, cycle, owned_none;
    int64_t increment, min, max, start, cache;
    const char **owned_by;
    uint32_t nowned_by;
    const char *seq_name;  /* SEQUENCE NAME of an identity column */
    /* ALTER: RESTART [WITH restart] (restart_default: without WITH, the start value) */
    bool has_restart, restart_default;
    int64_t restart;
    int restart_location;
} ast_seq_options;

/* A CHECK constraint: its name (NULL: generated), expression, where CHECK was written and,
 * for a column constraint, its column. */
typedef struct ast_check {
    const char *name;
    ast_expr *expr;
    int location;
    const char *column;
} ast_check;

typedef struct ast_column_def {
    const char *name;
    ast_type_name type;
    bool not_null;
    int location;
    ast_expr *default_expr;   /* DEFAULT expr, or NULL */
    char identity;            /* GENERATED 'a' ALWAYS / 'd' BY DEFAULT AS IDENTITY, 0: none */
    ast_seq_options ident_opts;
    bool generated;           /* GENERATED ALWAYS AS (default_expr) STORED */
    const char *collation;    /* COLLATE name (pg_catalog's: the bare name), or NULL */
    int collation_location;
} ast_column_def;

typedef enum ast_stmt_kind {
    AST_SELECT = 1,
    AST_INSERT,
    AST_CREATE_TABLE,
    AST_DROP_TABLE,
    AST_LOAD,
    AST_SET,
    AST_RESET,
    AST_SHOW,
    AST_EXPLAIN,
    AST_CREATE_VIEW,     /* CREATE [OR REPLACE] VIEW table [(columns)] AS select */
    AST_DROP_VIEW,       /* DROP VIEW: drop_names, missing_ok, cascade */
    AST_CREATE_TABLE_AS, /* CREATE TABLE table [(columns)] AS select [WITH [NO] DATA], SELECT INTO */
    AST_CREATE_INDEX,    /* CREATE [UNIQUE] INDEX [IF NOT EXISTS] [name] ON table [USING am] (keys) */
    AST_DROP_INDEX,      /* DROP INDEX: drop_names, missing_ok, cascade */
    AST_TRANSACTION,     /* BEGIN, COMMIT, ROLLBACK, SAVEPOINT, ...: txn_kind and its fields */
    AST_CREATE_SEQUENCE, /* CREATE SEQUENCE [IF NOT EXISTS] table seq_opts */
    AST_DROP_SEQUENCE,   /* DROP SEQUENCE: drop_names, missing_ok, cascade */
    AST_COPY,            /* COPY table [(columns)] FROM / TO, COPY (query) TO: table, columns, copy */
    AST_PREPARE,         /* PREPARE str [(param_type_names)] AS prepared */
    AST_EXECUTE,         /* EXECUTE str [(exec_args)] */
    AST_DEALLOCATE,      /* DEALLOCATE [PREPARE] str | ALL (str NULL) */
    AST_ALTER_TABLE,     /* ALTER TABLE [IF EXISTS] table alter_cmds (missing_ok); the text in
                            view_sql (defaults and CHECKs are read again from it), ADD
                            COLUMN's definitions in coldefs, CHECKs in checks */
    AST_UPDATE,          /* UPDATE table [AS alias] SET ... [FROM ...] [WHERE ...] (parse_update.c) */
    AST_DELETE,          /* DELETE FROM table [AS alias] [USING ...] [WHERE ...] */
    AST_TRUNCATE,        /* TRUNCATE [TABLE] names [RESTART IDENTITY]: drop_names, restart_identity */
    /* (M) materialized views and cursors */
    AST_REFRESH_MATVIEW, /* REFRESH MATERIALIZED VIEW [CONCURRENTLY] table [WITH [NO] DATA] */
    AST_DROP_MATVIEW,    /* DROP MATERIALIZED VIEW: drop_names, missing_ok, cascade */
    AST_DECLARE_CURSOR,  /* DECLARE str ... CURSOR [WITH HOLD] FOR select: cursor_options, view_sql */
    AST_FETCH,           /* FETCH / MOVE direction [count] [FROM | IN] str: fetch_* , is_move */
    AST_CLOSE_CURSOR,    /* CLOSE str | ALL (str NULL) */
    /* (N) schemas (catalog/schema_ddl.c) */
    AST_CREATE_SCHEMA,   /* CREATE SCHEMA [IF NOT EXISTS] str [schema_elts] */
    AST_DROP_SCHEMA,     /* DROP SCHEMA [IF EXISTS] drop_names [CASCADE] */
    AST_ALTER_SCHEMA,    /* ALTER SCHEMA str RENAME TO value */
    AST_DISCARD,         /* DISCARD ALL | PLANS | SEQUENCES | TEMP: discard */
    AST_LOCK_TABLE,      /* LOCK [TABLE] drop_names [IN lock_mode MODE] [NOWAIT] */
    AST_ALTER_SEQUENCE,  /* ALTER SEQUENCE [IF EXISTS] table seq_opts (missing_ok) */
    AST_VACUUM,          /* VACUUM [(options)] [drop_names]: vacuum_flags (api/run_vacuum.c) */
    AST_CHECKPOINT,      /* CHECKPOINT */
    /* CREATE TYPE table AS ENUM (enum_labels); DROP TYPE: drop_names, missing_ok, cascade;
       ALTER TYPE table alter_type ... (parse_type.c, catalog/type_ddl.c) */
    AST_CREATE_TYPE,
    AST_DROP_TYPE,
    AST_ALTER_TYPE,
    AST_SET_CONSTRAINTS  /* SET CONSTRAINTS ALL (ndrop 0) | drop_names DEFERRED | IMMEDIATE
                            (constraints_deferred) */
} ast_stmt_kind;

/* VACUUM's options that take effect (ast_stmt.vacuum_flags). */
enum { AST_VACUUM_VERBOSE = 1, AST_VACUUM_FULL = 2, AST_VACUUM_ANALYZE = 4, AST_VACUUM_ONLY_ANALYZE = 8 };

/* DISCARD's target (ast_stmt.discard). */
enum { AST_DISCARD_ALL, AST_DISCARD_PLANS, AST_DISCARD_SEQUENCES, AST_DISCARD_TEMP };

/* (M) DECLARE's options (ast_stmt.cursor_options). */
enum {
    AST_CURSOR_BINARY = 1,
    AST_CURSOR_SCROLL = 2,
    AST_CURSOR_NO_SCROLL = 4,
    AST_CURSOR_HOLD = 8
};

/* (M) FETCH / MOVE directions (ast_stmt.fetch_direction); fetch_count is the row count
 * (FORWARD / BACKWARD, a negative one reverses) or the position (ABSOLUTE / RELATIVE). */
typedef enum ast_fetch_direction {
    AST_FETCH_FORWARD,        /* NEXT, n, FORWARD [n] */
    AST_FETCH_BACKWARD,       /* PRIOR, BACKWARD [n] */
    AST_FETCH_ABSOLUTE,       /* FIRST, LAST, ABSOLUTE n */
    AST_FETCH_RELATIVE        /* RELATIVE n */
} ast_fetch_direction;
/* UPDATE ... SET x.a = v: the value of x is this function of (x, 'a', v), written by
 * parse_update.c, bound by bind_row_type.c as PostgreSQL's FieldStore */
#define SS_FIELD_STORE_FUNC "field store"
/* SET x[i][j] = v: SS_SUBSCRIPT_STORE_FUNC(x, v, i, j), PostgreSQL's subscripted assignment
 * (parse_update.c, bound by bind_array_store.c) */
#define SS_SUBSCRIPT_STORE_FUNC "subscript store"
/* SET x[a:b][c] = v: SS_SLICE_STORE_FUNC(x, v, shape, a, b, 1, c), PostgreSQL's slice
 * assignment; shape has bit SS_SLICE_NO_LOWER + k (SS_SLICE_NO_UPPER + k) when subscript k's
 * lower (upper) bound is omitted, its argument then a NULL placeholder (bind_array_store.c) */
#define SS_SLICE_STORE_FUNC "slice store"
#define SS_SLICE_NO_LOWER 8
#define SS_SLICE_NO_UPPER 16
/* INSERT INTO t (a[i], x.f): column_stores[i] is the store chain of SS_INSERT_VALUE_FUNC()
 * (the value given) into SS_INSERT_BASE_FUNC('column name') (NULL of the column's type, or what an earlier
 * target of the same column stored), both filled by the binder (bind_insert_store.c) */
#define SS_INSERT_BASE_FUNC "insert target base"
#define SS_INSERT_VALUE_FUNC "insert target value"
#define AST_FETCH_ALL INT64_MAX /* ALL, FORWARD ALL, BACKWARD ALL; LAST is ABSOLUTE -1 */

/* One subcommand of ALTER TABLE. */
typedef enum ast_alter_kind {
    AST_ALTER_SET_NOT_NULL,   /* ALTER [COLUMN] column SET NOT NULL */
    AST_ALTER_DROP_NOT_NULL,  /* ALTER [COLUMN] column DROP NOT NULL */
    AST_ALTER_ADD_COLUMN,     /* ADD [COLUMN] [IF NOT EXISTS] coldefs[coldef] (missing_ok),
                                 its CHECKs checks[check_lo, check_hi), its PRIMARY KEY /
                                 UNIQUE key_constraints[key_lo, key_hi) */
    AST_ALTER_DROP_COLUMN,    /* DROP [COLUMN] [IF EXISTS] column [RESTRICT | CASCADE] */
    AST_ALTER_SET_DEFAULT,    /* ALTER [COLUMN] column SET DEFAULT expr (coldefs[coldef]'s
                                 default_expr, so that the catalog can read it again) */
    AST_ALTER_DROP_DEFAULT,   /* ALTER [COLUMN] column DROP DEFAULT */
    AST_ALTER_RENAME_COLUMN,  /* RENAME [COLUMN] column TO new_name */
    AST_ALTER_RENAME_TABLE,   /* RENAME TO new_name */
    AST_ALTER_RENAME_INDEX,   /* ALTER INDEX [IF EXISTS] table RENAME TO new_name */
    AST_ALTER_RENAME_CONSTRAINT, /* RENAME CONSTRAINT column TO new_name */
    AST_ALTER_ADD_CHECK,      /* ADD [CONSTRAINT name] CHECK (...): checks[check_lo] */
    AST_ALTER_DROP_CONSTRAINT, /* DROP CONSTRAINT [IF EXISTS] column [RESTRICT | CASCADE] */
    AST_ALTER_COLUMN_TYPE,    /* ALTER [COLUMN] column [SET DATA] TYPE coldefs[coldef].type
                                 [USING coldefs[coldef].default_expr] */
    AST_ALTER_ADD_KEY,        /* ADD [CONSTRAINT name] PRIMARY KEY | UNIQUE (cols), or one in
                                 ADD COLUMN: key_constraints[check_lo, check_hi) */
    AST_ALTER_ADD_FKEY,       /* ADD [CONSTRAINT name] FOREIGN KEY (cols) REFERENCES ...
                                 [NOT VALID]: fkeys[check_lo] */
    AST_ALTER_VALIDATE_CONSTRAINT, /* VALIDATE CONSTRAINT column */
    AST_ALTER_ADD_IDENTITY,   /* ALTER [COLUMN] column ADD GENERATED ... AS IDENTITY [(...)]:
                                 coldefs[coldef]'s identity and ident_opts */
    AST_ALTER_SET_GENERATED,  /* ALTER [COLUMN] column SET GENERATED identity */
    AST_ALTER_DROP_IDENTITY,  /* ALTER [COLUMN] column DROP IDENTITY [IF EXISTS] (missing_ok) */
    AST_ALTER_SET_SCHEMA,     /* ALTER VIEW ... SET SCHEMA new_name */
    AST_ALTER_DROP_EXPRESSION, /* ALTER [COLUMN] column DROP EXPRESSION [IF EXISTS] (missing_ok) */
    AST_ALTER_OWNER,          /* OWNER TO new_name (a role's name; NULL: CURRENT_USER /
                                 SESSION_USER / CURRENT_ROLE; "public" for PUBLIC) */
    AST_ALTER_CONSTRAINT,     /* ALTER CONSTRAINT column [NOT] DEFERRABLE [INITIALLY ...]:
                                 deferrable, initdeferred */
    AST_ALTER_SET_OPTIONS     /* SET (name = value, ...) / RESET (name, ...) (reset_opts): a
                                 view's options (catalog/view_alter_options.c) */
} ast_alter_kind;

typedef struct ast_alter_cmd {
    ast_alter_kind kind;
    const char *column;       /* the column (or constraint) it acts on */
    const char *new_name;     /* RENAME's, SET SCHEMA's schema */
    int coldef;               /* index in the statement's coldefs, -1: none */
    uint32_t check_lo, check_hi; /* its CHECKs in the statement's checks */
    uint32_t key_lo, key_hi;  /* ADD COLUMN: its PRIMARY KEY / UNIQUE in key_constraints */
    uint32_t fkey_lo, fkey_hi; /* ADD COLUMN: its REFERENCES in the statement's fkeys */
    bool missing_ok;          /* IF [NOT] EXISTS */
    bool cascade;             /* DROP ... CASCADE */
    bool not_valid;           /* ADD CONSTRAINT ... NOT VALID */
    bool deferrable, initdeferred; /* ALTER CONSTRAINT's */
    char identity;            /* SET GENERATED: 'a' ALWAYS / 'd' BY DEFAULT (0: not given) */
    ast_seq_options seq_opts; /* SET GENERATED / RESTART / SET <sequence option>: the options */
    /* SET / RESET (options): the names and values (as CREATE VIEW's view_opt_*; RESET's values
       NULL, "" when RESET gave one, which it may not) */
    const char **opt_names, **opt_values;
    uint32_t nopts;
    bool reset_opts;
} ast_alter_cmd;

/* One LIKE source [INCLUDING | EXCLUDING ...] element of CREATE TABLE; bind_create_like.c
 * writes the statement again with the source's columns in its place. */
typedef struct ast_table_like {
    const char *relation;     /* the source table or view */
    int location;             /* of its name */
    uint32_t options;         /* AST_LIKE_* included (PostgreSQL's TableLikeOption bits) */
    uint32_t start, end;      /* the element's text in view_sql: [start, end) */
} ast_table_like;

enum {
    AST_LIKE_COMMENTS = 1u << 0, AST_LIKE_COMPRESSION = 1u << 1, AST_LIKE_CONSTRAINTS = 1u << 2,
    AST_LIKE_DEFAULTS = 1u << 3, AST_LIKE_GENERATED = 1u << 4, AST_LIKE_IDENTITY = 1u << 5,
    AST_LIKE_INDEXES = 1u << 6, AST_LIKE_STATISTICS = 1u << 7, AST_LIKE_STORAGE = 1u << 8
};

/* A PRIMARY KEY or UNIQUE constraint of CREATE TABLE (column or table constraint). */
typedef struct ast_key_constraint {
    const char *name;     /* CONSTRAINT name, or NULL */
    bool primary;
    const char **columns;
    uint32_t ncolumns;
    int location;
    bool deferrable, initdeferred; /* DEFERRABLE, INITIALLY DEFERRED */
} ast_key_constraint;

/* A FOREIGN KEY constraint of CREATE TABLE (REFERENCES as a column constraint, or FOREIGN
 * KEY (cols) REFERENCES as a table one).  The actions and match type are PostgreSQL's
 * letters: on_delete / on_update 'a' NO ACTION, 'r' RESTRICT, 'c' CASCADE, 'n' SET NULL,
 * 'd' SET DEFAULT; match 's' SIMPLE, 'f' FULL. */
typedef struct ast_foreign_key {
    const char *name;         /* CONSTRAINT name, or NULL */
    int location;
    const char **columns;     /* the referencing columns */
    uint32_t ncolumns;
    const char *ref_table;
    int ref_location;
    const char **ref_columns; /* NULL / 0: the referenced table's primary key */
    uint32_t nref_columns;
    char match, on_delete, on_update;
    const char **del_set_columns; /* ON DELETE SET NULL / SET DEFAULT (cols); NULL / 0: all */
    uint32_t ndel_set_columns;
    bool deferrable, initdeferred; /* DEFERRABLE, INITIALLY DEFERRED */
} ast_foreign_key;

/* One key of CREATE INDEX: a column with its order (ASC / DESC, NULLS FIRST / LAST). */
typedef struct ast_index_key {
    const char *column;   /* NULL: an expression key (expr) */
    const struct ast_expr *expr; /* an expression key: (expr) or a function call */
    const char *expr_name; /* PostgreSQL's FigureIndexColname of expr: the function's name,
                              a cast's argument or type name, else "expr" */
    int location;
    bool desc;
    bool nulls_first;     /* as resolved: DESC defaults to NULLS FIRST, ASC to NULLS LAST */
} ast_index_key;

/* AST_TRANSACTION's statements (PostgreSQL's TransactionStmtKind, the ones Sunstone runs). */
typedef enum ast_txn_kind {
    AST_TXN_BEGIN = 1,    /* BEGIN [WORK | TRANSACTION] [modes] */
    AST_TXN_START,        /* START TRANSACTION [modes] */
    AST_TXN_COMMIT,       /* COMMIT, END */
    AST_TXN_ROLLBACK,     /* ROLLBACK, ABORT */
    AST_TXN_SAVEPOINT,    /* SAVEPOINT name */
    AST_TXN_RELEASE,      /* RELEASE [SAVEPOINT] name */
    AST_TXN_ROLLBACK_TO   /* ROLLBACK [WORK | TRANSACTION] TO [SAVEPOINT] name */
} ast_txn_kind;

/* One option of COPY ... WITH (name value, ...) or of its old syntax (CSV, HEADER ...), as
 * written: the checks of PostgreSQL's ProcessCopyOptions run in the binder (copy/copy_options.c). */
typedef enum ast_copy_arg {
    AST_COPY_ARG_NONE = 0, /* no value (a boolean option alone means true) */
    AST_COPY_ARG_STRING,   /* str: a string, an identifier or a keyword */
    AST_COPY_ARG_NUMBER,   /* str: the number's text */
    AST_COPY_ARG_BOOL,     /* bval */
    AST_COPY_ARG_STAR,     /* * (FORCE_QUOTE *) */
    AST_COPY_ARG_LIST      /* (a, b): names[0..nnames) */
} ast_copy_arg;

typedef struct ast_copy_option {
    const char *name;      /* lower case: format, header, delimiter, null, force_quote ... */
    ast_copy_arg arg;
    const char *str;
    bool bval;
    const char **names;
    uint32_t nnames;
    int location;
} ast_copy_option;

typedef struct ast_copy {
    bool is_from;
    const char *filename;  /* NULL: STDIN (FROM) / STDOUT (TO) */
    ast_select *query;     /* COPY (query) TO: the query, table NULL */
    ast_copy_option *options;
    uint32_t noptions;
} ast_copy;

typedef struct ast_stmt {
    ast_stmt_kind kind;
    int location;         /* start of the statement in the submitted text */
    int length;           /* 0 = to the end */
    ast_select *select;   /* AST_SELECT, AST_INSERT source, AST_EXPLAIN target */
    struct ast_stmt *explain_target;
    /* AST_INSERT */
    const char *table;    /* also AST_CREATE_TABLE */
    int table_location;
    const char **columns;
    int *column_locations;
    uint32_t ncolumns;
    ast_expr **column_stores; /* NULL, or per column: its store chain (NULL: a plain column) */
    /* AST_CREATE_SCHEMA: its CREATE TABLE / VIEW / INDEX / SEQUENCE elements, in
       PostgreSQL's order (sequences, tables, views, indexes), each with its own text and its
       relation names qualified by the new schema */
    struct ast_stmt **schema_elts;
    uint32_t nschema_elts;
    /* AST_CREATE_TABLE */
    ast_column_def *coldefs;
    uint32_t ncoldefs;
    const char *access_method; /* USING name, or NULL */
    bool if_not_exists;
    /* AST_DROP_TABLE */
    const char **drop_names;
    uint32_t ndrop;
    bool missing_ok;
    /* AST_LOAD: path in str; AST_SET / AST_SHOW / AST_RESET: name in str, value in value */
    const char *str;
    const char *value;    /* NULL for SET ... TO DEFAULT */
    bool is_local;        /* SET LOCAL */
    bool constraints_deferred; /* AST_SET_CONSTRAINTS: DEFERRED (else IMMEDIATE) */
    /* AST_DROP_TABLE / AST_DROP_VIEW: CASCADE */
    bool cascade;
    /* AST_CREATE_VIEW: OR REPLACE; the statement's text (what the catalog keeps and binds
       again at each use); columns / ncolumns: the column list */
    bool replace;
    const char *view_sql;
    /* AST_CREATE_TABLE_AS: WITH NO DATA; is_select_into for SELECT ... INTO */
    bool with_no_data;
    bool is_select_into;
    /* AST_EXPLAIN: its options as they take effect (AST_EXPLAIN_*) */
    uint32_t explain_flags;
    /* AST_CREATE_INDEX: str is the index name (NULL: generated), table / table_location the
       table, access_method USING (NULL: btree), if_not_exists */
    ast_index_key *index_keys;
    uint32_t nindex_keys;
    bool index_unique;
    const struct ast_expr *index_where; /* a partial index's WHERE (NULL: none) */
    /* AST_CREATE_TABLE: PRIMARY KEY / UNIQUE constraints, in the order written */
    ast_key_constraint *key_constraints;
    uint32_t nkey_constraints;
    /* AST_TRANSACTION: which statement; the savepoint's name; BEGIN / START TRANSACTION's
       ISOLATION LEVEL (-1: not given; else 0 read committed, 1 repeatable read, 2
       serializable: READ UNCOMMITTED is read committed, as in PostgreSQL) and READ ONLY /
       READ WRITE (-1: not given, 1: read only, 0: read write) */
    ast_txn_kind txn_kind;
    const char *savepoint;
    int txn_isolation;
    int txn_read_only;
    /* AST_CREATE_TABLE: CHECK constraints, column ones and table ones in written order */
    ast_check *checks;
    uint32_t nchecks;
    /* AST_INSERT: DEFAULT VALUES (select NULL); OVERRIDING 's' SYSTEM / 'u' USER VALUE, 0 */
    bool default_values;
    char overriding;
    /* AST_CREATE_SEQUENCE */
    ast_seq_options seq_opts;
    /* AST_COPY: direction, file, query and options (table, columns in the fields above) */
    ast_copy *copy;
    /* AST_PREPARE: the statement prepared and the declared parameter types (its whole text
       in view_sql); AST_EXECUTE:
       the argument expressions */
    struct ast_stmt *prepared;
    ast_type_name *param_type_names;
    uint32_t nparam_type_names;
    ast_expr **exec_args;
    uint32_t nexec_args;
    /* AST_CREATE_TABLE: FOREIGN KEY constraints, column ones and table ones in written order */
    ast_foreign_key *fkeys;
    uint32_t nfkeys;
    /* AST_SET of SET TRANSACTION (AST_SET_TXN) / SET SESSION CHARACTERISTICS AS TRANSACTION
       (AST_SET_SESSION_TXN): the modes in txn_isolation / txn_read_only; 0 for other SETs */
    int set_txn;
    /* AST_ALTER_TABLE: the subcommands, in order */
    ast_alter_cmd *alter_cmds;
    uint32_t nalter_cmds;
    /* AST_UPDATE / AST_DELETE (parse_update.c): table / table_location name the target,
       table_alias its alias (NULL: none); select is the query that finds the rows:
       SELECT <the SET values> FROM target [AS alias] [, FROM / USING items] [WHERE ...];
       its target i assigns column set_columns[i] (written at set_locations[i]), a NULL
       placeholder when set_default[i] (SET col = DEFAULT).  DELETE's select has no
       targets.  returning: the RETURNING list (INSERT too), NULL / 0 when none. */
    const char *table_alias;
    const char **set_columns;
    int *set_locations;
    bool *set_default;
    uint32_t nset;
    ast_target *returning;
    uint32_t nreturning;
    bool restart_identity;    /* AST_TRUNCATE: RESTART IDENTITY */
    int lock_mode;            /* AST_LOCK_TABLE: PostgreSQL's lock mode number (1 ACCESS SHARE
                                 ... 8 ACCESS EXCLUSIVE) */
    bool nowait;              /* AST_LOCK_TABLE: NOWAIT */
    /* AST_CREATE_VIEW: WITH [LOCAL | CASCADED] CHECK OPTION or WITH (check_option = ...)
       (AST_VIEW_CHECK_*), 0: none */
    int view_check;
    /* AST_CREATE_VIEW: its options as PostgreSQL keeps them in reloptions, in order: WITH
       (name [= value], ...) (a missing value is "true"), then check_option of a WITH ... CHECK
       OPTION clause; checked by the binder (bind/view_options.c) */
    const char **view_opt_names, **view_opt_values;
    uint32_t nview_opts;
    /* (M) AST_CREATE_TABLE_AS of CREATE MATERIALIZED VIEW (view_sql: the statement's text);
       AST_REFRESH_MATVIEW: CONCURRENTLY (table, with_no_data as CREATE's) */
    bool is_matview;
    bool concurrently;
    /* (M) AST_DECLARE_CURSOR: AST_CURSOR_* flags; AST_FETCH: direction and count */
    int cursor_options;
    int discard;          /* AST_DISCARD: AST_DISCARD_* */
    int vacuum_flags;     /* AST_VACUUM: AST_VACUUM_* */
    const char ***vacuum_cols; /* AST_VACUUM with ANALYZE: each table's column list (NULL: all) */
    uint32_t *vacuum_ncols;
    bool alter_view;      /* AST_ALTER_TABLE written as ALTER VIEW (its relation must be a view) */
    ast_fetch_direction fetch_direction;
    int64_t fetch_count;
    bool is_move;
    /* (R) AST_INSERT ... RETURNING (parse_update.c): SELECT <returning> FROM target [AS
       alias], which the binder binds over the written rows (bind_returning.c); NULL: none */
    ast_select *returning_select;
    /* (R) AST_INSERT ... ON CONFLICT (parse_update.c): on_conflict AST_ON_CONFLICT_*, 0:
       none; the target: conflict_cols (at conflict_col_locations), or the constraint
       conflict_constraint, or neither; DO UPDATE: set_columns / set_locations / set_default /
       nset as UPDATE's, and conflict_select, SELECT <the SET values> [, <the WHERE
       condition> when conflict_where] FROM target [AS alias], target AS excluded */
    int on_conflict;
    int conflict_location;
    const char **conflict_cols;   /* NULL entry: an expression, conflict_exprs[i] */
    const struct ast_expr **conflict_exprs; /* NULL: every entry a column */
    const struct ast_expr *conflict_infer_where; /* ON CONFLICT (...) WHERE: a partial index's */
    int *conflict_col_locations;
    uint32_t nconflict_cols;
    const char *conflict_constraint;
    ast_select *conflict_select;
    bool conflict_where;
    int on_commit;                   /* CREATE TEMP TABLE [AS] ... ON COMMIT: AST_ON_COMMIT_* (0: PRESERVE ROWS) */
    /* time travel (parse_as_of.c): a SELECT (or EXPLAIN of one) whose relations all read
       AS OF TIMESTAMP as_of_time (the literal's text) or AS OF TRANSACTION as_of_xid;
       as_of_kind AST_AS_OF_*, the values of txn/txn_history.h's ss_as_of_kind */
    int as_of_kind;
    const char *as_of_time;
    uint64_t as_of_xid;
    int as_of_location;
    /* AST_CREATE_TYPE: the enum's labels; AST_ALTER_TYPE: alter_type (AST_ALTER_TYPE_*), str the
       label added or the new label or type name, value the label renamed or the neighbor
       of the one added (NULL: none), enum_after for AFTER, if_not_exists for ADD VALUE IF
       NOT EXISTS */
    const char **enum_labels;
    uint32_t nenum_labels;
    int alter_type;
    bool enum_after;
    /* AST_CREATE_TABLE: its LIKE elements, in written order (bind_create_like.c) */
    ast_table_like *likes;
    uint32_t nlikes;
} ast_stmt;

enum { AST_ON_CONFLICT_NOTHING = 1, AST_ON_CONFLICT_UPDATE = 2 };

/* ast_stmt.alter_type */
enum { AST_ALTER_TYPE_ADD_VALUE = 1, AST_ALTER_TYPE_RENAME_VALUE, AST_ALTER_TYPE_RENAME };

/* ast_stmt.as_of_kind */
enum { AST_AS_OF_NONE = 0, AST_AS_OF_TIME = 1, AST_AS_OF_XID = 2 };

enum { AST_VIEW_CHECK_LOCAL = 1, AST_VIEW_CHECK_CASCADED = 2 };
/* ast_stmt.on_commit */
enum { AST_ON_COMMIT_DELETE_ROWS = 1, AST_ON_COMMIT_DROP = 2 };

#define AST_SET_TXN 1
#define AST_SET_SESSION_TXN 2
/* txn_isolation values: -1 not given, 0 read committed, 1 repeatable read, 2 serializable,
   AST_ISO_READ_UNCOMMITTED (behaves as read committed; SHOW names it) */
#define AST_ISO_READ_UNCOMMITTED 3

/* EXPLAIN options (PostgreSQL's ExplainState, defaults resolved): ANALYZE runs the query;
 * TIMING times each node (default with ANALYZE); SUMMARY adds the Planning / Execution Time
 * lines (default with ANALYZE); COSTS shows each node's estimated rows (Sunstone: only when
 * asked for with COSTS [ON], since it has no cost units). */
enum {
    AST_EXPLAIN_ANALYZE = 1u << 0,
    AST_EXPLAIN_TIMING = 1u << 1,
    AST_EXPLAIN_SUMMARY = 1u << 2,
    AST_EXPLAIN_COSTS = 1u << 3
};

typedef struct ast_parse_error {
    char message[512];
    char sqlstate[6];
    char hint[256];       /* "" when none */
    int position;         /* 1-based cursor position, 0 = none */
    bool position_in_bytes; /* true: a byte offset (transform errors); false: characters,
                               as PostgreSQL's scanner counts */
} ast_parse_error;

/* Parses sql (all statements).  On success returns 0 and sets *stmts / *nstmts (arena
 * memory).  On error returns -1 and fills *err. */
int ss_parse(ss_arena *arena, const char *sql, ast_stmt ***stmts, uint32_t *nstmts,
             ast_parse_error *err);
/* Receives the NOTICEs PostgreSQL's scanner raises while reading the text (identifiers
 * truncated to 63 bytes), in text order, before the statements run. */
typedef void (*ss_parse_notice_fn)(void *arg, const char *message);
int ss_parse_notify(ss_arena *arena, const char *sql, ast_stmt ***stmts, uint32_t *nstmts,
                    ast_parse_error *err, ss_parse_notice_fn notice, void *arg);
/* Parses only the first statement of sql[0..len), reading the text no further than its
 * terminating ';' (sunstone_prepare); a NUL byte ends the text too (len may be SIZE_MAX).  On success returns 0, sets *stmt (NULL when the text
 * holds only whitespace, comments and semicolons) and *end, the offset just past the
 * statement's ';' (or len).  Locations count from sql.  On error returns -1 and fills *err. */
int ss_parse_first(ss_arena *arena, const char *sql, size_t len, ast_stmt **stmt, size_t *end,
                   ast_parse_error *err, ss_parse_notice_fn notice, void *arg);

#endif
