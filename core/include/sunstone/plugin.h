/* sunstone/plugin.h — the plugin ABI: magic descriptor, entry points and the kernel's
 * versioned function table.  Include this (it includes every vtable header) in a module.
 * Terms: a module is the shared object; a plugin is one vtable it registers (an operator, a
 * storage backend, ...); ss_plugin, sunstone_plugin_* and SS_PLUGIN_MAGIC name the module
 * (docs/ARCHITECTURE.md, Glossary).
 *
 * A module is a shared object exporting exactly two functions:
 *
 *   const ss_plugin_magic *sunstone_plugin_magic(void);
 *       Returns a static descriptor.  The loader calls it first and checks struct_size and
 *       abi_major/abi_minor BEFORE running any other module code.  The function must have
 *       no side effects.  Use SS_PLUGIN_MAGIC(name, version) to define it.
 *
 *   int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin);
 *       Registers the module's plugins (one vtable each) through api->register_*.  Called
 *       once per database that loads the module (the same shared object may be initialised
 *       several times; keep no per-database state in globals).  Returns SS_OK, or SS_ERROR
 *       after api->error() on ss_api.plugin_ctx(plugin) - the loader reports that message.
 *
 * Compatibility: abi_major must equal the kernel's; abi_minor must be <= the kernel's (the
 * function table and the structs the kernel hands out only grow at the end within a major,
 * so a module built for 2.0 will run on 2.3).  ABI 2.0 broke compatibility once, on purpose:
 * typed plan nodes, operator vtable version 2 with open flags and capabilities, ss_api
 * regrouped by service; the loader refuses a module built for 1.x, naming abi_major, and an
 * operator vtable of version 1, naming version.  Modules
 * are opened with RTLD_NOW | RTLD_LOCAL and never unloaded (PostgreSQL's policy): vtables
 * and strings they register may be referenced for the life of the process.
 * Modules do not link against the kernel: every kernel service is reached through ss_api.
 *
 * Ownership across the boundary: whatever one side hands the other to keep comes with the
 * callback that destroys it, and only that callback frees it.  Module to kernel: operator
 * state (close), backend instances (backend_close), table handles (table_drop), scans
 * (scan_end), auth state (finish), snapshot managers (destroy).  Kernel to module: vectors
 * and batches (ss_api.vector_destroy / batch_destroy), ss_api.alloc memory (ss_api.free),
 * arena memory (freed by the kernel at the end of its lifetime, see arena_alloc).
 * Everything else is lent for a stated time and never freed by the borrower: plan nodes and
 * expressions (until the operator's close), batches returned by next_batch (until the
 * producer's next call), zero-copy scan vectors and their text (storage.h). */
#ifndef SUNSTONE_PLUGIN_H
#define SUNSTONE_PLUGIN_H

#include <stdarg.h>

#include "sunstone/auth.h"
#include "sunstone/batch.h"
#include "sunstone/errors.h"
#include "sunstone/index.h"
#include "sunstone/operator.h"
#include "sunstone/snapshot.h"
#include "sunstone/storage.h"
#include "sunstone/typeinfo.h"
#include "sunstone/types.h"
#include "sunstone/window.h"
#include "sunstone/aggregate.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SS_ABI_MAJOR 2
#define SS_ABI_MINOR 4

/* Padding-free on every supported ABI: 4 + 2 + 2 + pointer + pointer. */
typedef struct ss_plugin_magic {
    uint32_t struct_size; /* sizeof(ss_plugin_magic) */
    uint16_t abi_major;   /* SS_ABI_MAJOR the module was built against */
    uint16_t abi_minor;   /* lowest kernel minor version the module needs */
    const char *name;     /* module name, e.g. "scan" */
    const char *version;  /* module's own version string */
} ss_plugin_magic;

typedef enum ss_plugin_kind { /* the registry a plugin belongs to */
    SS_KIND_OPERATOR = 1,
    SS_KIND_STORAGE = 2,
    SS_KIND_AUTH = 3,
    SS_KIND_WINDOW = 4,
    SS_KIND_SNAPSHOT = 5,
    SS_KIND_AGGREGATE = 6,
    SS_KIND_INDEX = 7
} ss_plugin_kind;

typedef struct ss_plugin ss_plugin; /* the module being initialised */
typedef struct ss_temp_file ss_temp_file; /* a kernel-owned temporary file (temp_create) */

typedef struct ss_api {
    uint32_t struct_size;
    uint16_t abi_major;
    uint16_t abi_minor;

    /* ---- errors and messages: record SQLSTATE + message on ctx, return SS_ERROR ---- */
    int (*error)(ss_ctx *ctx, const char *sqlstate, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));
    /* DETAIL and HINT lines of the error pending on ctx (PostgreSQL's errdetail / errhint):
       call them right after error(), before returning SS_ERROR.  Each keeps the first text
       it is given; with no error pending on ctx they do nothing. */
    void (*error_detail)(ss_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
    void (*error_hint)(ss_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
    /* a NOTICE (PostgreSQL's ereport(NOTICE)): sent at once to the database's notice handler
       (sunstone_set_notice_handler) unless client_min_messages is above notice; the
       statement goes on.  Messages longer than 1023 bytes are cut.  Works in every callback
       that has a ctx, and in sunstone_plugin_init on ss_api.plugin_ctx(plugin). */
    void (*notice)(ss_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
    /* cancel / statement_timeout check: SS_OK, or SS_ERROR with 57014 recorded on ctx when
       the statement was interrupted (sunstone_interrupt) or ran past statement_timeout.
       Cheap; op_next already checks between batches: call it every few thousand iterations
       of a loop that runs without pulling batches (sorting, building, matching), and
       return SS_ERROR when it fails. */
    int (*check_interrupt)(ss_ctx *ctx);

    /* ---- memory: alloc(0) returns a unique pointer, free(NULL) is a no-op; these do
       not record errors (the caller reports 53200) ---- */
    void *(*alloc)(size_t n);                 /* malloc-like; NULL on failure */
    void *(*realloc)(void *p, size_t n);
    void (*free)(void *p);
    /* zeroed memory in the operator-tree arena; NULL + error (53200) on failure.  It lives
       as long as the operator tree the callback belongs to: across every execution of a
       prepared statement whose tree is kept (rescanned instead of rebuilt), and is freed
       at once after the last close of the tree, so operator state may live here (close
       frees nothing of it; memory holding resources, such as vectors, still needs close to
       release them).  Taken in every execution it grows with each one: per-execution
       scratch belongs in exec_arena_alloc.  Outside operator callbacks (storage DDL
       callbacks) it lives until the statement's execution ends. */
    void *(*arena_alloc)(ss_ctx *ctx, size_t n);
    /* zeroed memory in the execution arena; NULL + error (53200) on failure.  It lives until
       the current execution of the statement ends: it is freed when the next execution
       starts (before the rescan of a kept tree) and when the statement stops, so it must
       not hold operator state.  For per-execution scratch of a kept tree. */
    void *(*exec_arena_alloc)(ss_ctx *ctx, size_t n);

    /* ---- registration: valid only inside sunstone_plugin_init.  Names are unique per
       kind; a duplicate is refused unless replace is true.  The vtable is checked for its
       struct_size, version and required callbacks; a missing one is an error naming it.
       The auth and aggregate vtables are experimental (see their headers). */
    ss_ctx *(*plugin_ctx)(ss_plugin *plugin);
    int (*register_operator)(ss_plugin *plugin, const ss_operator_vtable *vt, bool replace);
    int (*register_storage)(ss_plugin *plugin, const ss_storage_vtable *vt, bool replace);
    int (*register_auth)(ss_plugin *plugin, const ss_auth_vtable *vt, bool replace);
    int (*register_window)(ss_plugin *plugin, const ss_window_vtable *vt, bool replace);
    int (*register_snapshot)(ss_plugin *plugin, const ss_snapshot_vtable *vt, bool replace);

    /* ---- types, vectors and batches (see batch.h) ---- */
    /* PostgreSQL's name of a type for messages, as format_type() shows it without its
       modifier: "integer", "double precision", "character varying"; "???" for an id the
       kernel does not know.  A static string. */
    const char *(*type_name)(ss_type type);
    /* a vector of capacity rows, all valid, whose values are unspecified until written (as
       the data at NULL rows always is, batch.h); NULL on failure */
    ss_vector *(*vector_create)(ss_type type, uint32_t capacity);
    void (*vector_destroy)(ss_vector *v);
    /* frees the vector's strings and marks every row valid */
    void (*vector_reset)(ss_vector *v);
    /* allocates the validity bitmap (all rows valid) if missing; SS_OK, or SS_ERROR with
       53200 recorded on ctx */
    int (*vector_ensure_validity)(ss_ctx *ctx, ss_vector *v);
    /* len bytes in the vector's string heap, valid until vector_reset/destroy; NULL with
       53200 recorded on ctx on failure */
    char *(*vector_text_alloc)(ss_ctx *ctx, ss_vector *v, size_t len);
    /* stores val at row (NULL allocates the validity bitmap; text is copied into the
       vector's string heap); SS_OK, or SS_ERROR recorded on ctx (53200, or XX000 for a type
       the kernel does not know).  Reading one value is ss_vector_get_value (batch.h). */
    int (*vector_set_value)(ss_ctx *ctx, ss_vector *v, uint32_t row, const ss_value *val);
    /* column gather: copies src's values at rows[0..n) (rows NULL: 0..n-1) to rows 0..n-1 of
       dst (same layout as src, capacity >= n), NULLs included; dst is reset first.  Text
       stays pointing where src's points (copy with vector_set_value to keep it longer). */
    int (*vector_gather)(ss_ctx *ctx, const ss_vector *src, const uint32_t *rows, uint32_t n,
                         ss_vector *dst);
    /* a batch with ncols (may be 0) fresh vectors of these types; count 0, no selection */
    ss_batch *(*batch_create)(uint32_t ncols, const ss_type *types, uint32_t capacity);
    void (*batch_destroy)(ss_batch *b);       /* destroys the vectors it created */
    /* count = 0, sel = NULL, cols pointed back at its own vectors, which are reset */
    void (*batch_reset)(ss_batch *b);

    /* ---- expressions (kernel-evaluated, vectorised) ---- */
    ss_type (*expr_type)(const ss_expr *e);
    /* evaluates e at every live row of in, writing to the same positions of out (type
       expr_type(e), capacity >= in->count, not one of in's vectors); out is reset first.
       Text results may point into in's vectors, constants or parameters: copy them to keep
       them past the input batch. */
    int (*expr_eval)(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, ss_vector *out);
    /* keeps the live rows of in where e is true: writes their positions to sel_buf
       (capacity >= in->count) and sets in->sel = sel_buf, in->sel_count */
    int (*expr_select)(ss_ctx *ctx, const ss_expr *e, ss_batch *in, uint32_t *sel_buf);
    /* evaluates e (no column references: constants, parameters) once into *out; text lives
       in the execution arena.  For values a node needs before its first row (LIMIT). */
    int (*expr_eval_scalar)(ss_ctx *ctx, const ss_expr *e, ss_value *out);

    /* ---- child operators (inside operator callbacks) ---- */
    ss_op *(*op_child)(ss_op *self, uint32_t i);
    int (*op_next)(ss_ctx *ctx, ss_op *child, ss_batch **out);
    /* restarts child's stream; changed as for the rescan callback (NULL = any) */
    int (*op_rescan)(ss_ctx *ctx, ss_op *child, const ss_param_set *changed);
    /* only the first bound rows of child will be consumed (-1 = all): calls child's
       set_bound when it declares SS_OPCAP_BOUND, else does nothing (SS_OK) */
    int (*op_set_bound)(ss_ctx *ctx, ss_op *child, int64_t bound);

    /* ---- storage access (scan operators) ---- */
    /* the backend vtable and the backend's handle for a catalog table */
    const ss_storage_vtable *(*table_storage)(const ss_table *t, void **table_handle);
    const char *(*table_name)(const ss_table *t);

    /* ---- settings: current value of a run-time setting (SET name = ...), or NULL ---- */
    const char *(*setting)(ss_ctx *ctx, const char *name);

    /* ---- ABI 2.1: memory budget and temporary files (check with SS_API_HAS) ----
       An operator that holds rows (sort, hash tables) keeps its own estimate of the bytes it
       holds under work_mem() and beyond it spills rows to temporary files, returning the
       same answer as in memory (PostgreSQL's work_mem contract).  Temporary files belong to
       the kernel: they live in a per-process directory ($TMPDIR/sunstone_tmp/pid_<pid>, /tmp
       without TMPDIR), belong to the statement whose ctx created them and live at most as
       long as its operator tree: the kernel closes and removes every file still open when
       the tree closes (the statement ends, fails, is cancelled, reset or finalized), and a
       database that opens removes the directories of processes that no longer run.  Close a
       file as soon as its rows are read (a kept tree, parking.c, must not hold any); never
       keep one past close.  The calls go straight to the file (no buffering): write and read
       in blocks of a few kB.  Errors are recorded on ctx as PostgreSQL's (53100 disk full,
       58030 I/O error). */
    /* the memory budget of one node in bytes: work_mem (SET work_mem, default 4MB); with
       hash true work_mem * hash_mem_multiplier (default 2), the budget of a hash table */
    size_t (*work_mem)(ss_ctx *ctx, bool hash);
    /* a new empty file, open for writing; NULL with the error recorded on ctx */
    ss_temp_file *(*temp_create)(ss_ctx *ctx);
    /* appends n bytes; SS_ERROR after a rewind */
    int (*temp_write)(ss_ctx *ctx, ss_temp_file *f, const void *data, size_t n);
    /* ends writing and positions reads at the start (again: rereads the file) */
    int (*temp_rewind)(ss_ctx *ctx, ss_temp_file *f);
    /* reads up to n bytes into buf, *got < n only at the end of the file */
    int (*temp_read)(ss_ctx *ctx, ss_temp_file *f, void *buf, size_t n, size_t *got);
    /* bytes written so far */
    uint64_t (*temp_size)(const ss_temp_file *f);
    /* closes and removes the file (NULL: nothing) */
    void (*temp_close)(ss_ctx *ctx, ss_temp_file *f);
    /* ABI 2.1 too: */
    /* the pointer every operator instance of self's operator tree shares for (kind, id):
       NULL until one of them stores something there; the kernel never reads or frees what
       it points to (its owner releases it in its close).  Keys are the node kind that
       documents the slot's use and an id from its plan nodes (CTE scans: cte_id; recursive
       unions: worktable_id, sunstone/operator.h).  NULL with 53200 recorded on ctx when out
       of memory. */
    void **(*shared_slot)(ss_ctx *ctx, ss_op *self, int32_t kind, uint32_t id);

    /* ---- type descriptions (appended after ABI 2.1's; check with SS_API_HAS) ---- */
    /* the kernel's description of type id (layout, width, order/equality/hash callbacks for
       types whose bytes do not decide them: typeinfo.h), or NULL for an id it does not
       know.  Static; callable anywhere. */
    const ss_type_info *(*type_info)(int32_t id);

    /* ---- aggregates (appended; check with SS_API_HAS): registration, valid only inside
       sunstone_plugin_init, as register_* above (sunstone/aggregate.h, experimental) ---- */
    int (*register_aggregate)(ss_plugin *plugin, const ss_aggregate_vtable *vt, bool replace);
    /* ---- index modules (sunstone/index.h; check with SS_API_HAS): registration, valid
       only inside sunstone_plugin_init, as the register_* entries above ---- */
    int (*register_index)(ss_plugin *plugin, const ss_index_vtable *vt, bool replace);

    /* ---- transactions (ABI 2.2; check with SS_API_HAS): txn.h, storage.h version 3 ---- */
    /* The visibility check: of the n versions stamps[sel[i]] (sel NULL: stamps[0..n)),
       writes the row numbers of those snap sees to sel_out, in order (sel_out may be sel),
       and their number to *nout.  PostgreSQL's rules: a version is visible when the
       transaction that wrote it had committed when snap was taken (or is the reader's own,
       by an earlier command, not rolled back to a savepoint) and the one that deleted it
       had not.  SS_ERROR (XX000) only on a context without a session.  Thread-safe. */
    int (*versions_visible)(ss_ctx *ctx, const ss_snapshot *snap, const ss_version_stamp *stamps,
                            const uint32_t *sel, uint32_t n, uint32_t *sel_out, uint32_t *nout);
    /* The xid and command id a write of the running statement stamps new versions (and
       deletions) with; the transaction gets its xid here at its first write.  SS_ERROR
       recorded on ctx (53200, or XX000 without a transaction). */
    int (*txn_current)(ss_ctx *ctx, ss_xid *xid, uint32_t *command_id);
    /* The snapshot the running statement reads with (per statement under READ COMMITTED,
       the transaction's under REPEATABLE READ / SERIALIZABLE), valid until the statement
       ends; NULL in a context without a transaction (plain scan_begin applies). */
    const ss_snapshot *(*txn_snapshot)(ss_ctx *ctx);

    /* ---- ABI 2.3 (check with SS_API_HAS): storage.h version 4 ---- */
    /* The reclamation horizon as a snapshot (out: xmin = xmax = the horizon, nothing
       running, no reading transaction): a version both of whose stamps are below the
       horizon (xmax 0 counts as below) and that out does not see is invisible to every
       snapshot in use and to every one taken later, so a backend may stop reading it (a
       deleted version whose deleter committed, or one whose writer rolled back).
       Thread-safe; SS_ERROR (XX000) only on a context without a session. */
    int (*txn_horizon)(ss_ctx *ctx, ss_snapshot *out);

    /* ABI 2.4 adds no slot here: it is storage.h version 5 (add_column / drop_column). */

    /* ---- numeric arithmetic (appended within ABI 2.4; check with SS_API_HAS) ----
       For modules that compute numeric results (aggregates): the kernel's exact decimal,
       PostgreSQL's numeric.  Values are the elements of numeric vectors (ss_text, opaque
       bytes: never compare or build them by hand); each call writes its result to row `row`
       of out, a numeric vector (its string heap keeps the bytes until vector_reset /
       destroy), so no call leaves memory behind in a loop.  Errors are recorded on ctx as
       PostgreSQL's (22003 overflow, 22012 division by zero, 2201F square root of a
       negative number). */
    /* v as numeric (scale 0) */
    int (*numeric_from_int64)(ss_ctx *ctx, int64_t v, ss_vector *out, uint32_t row);
    /* a op b, op one of SS_NUMERIC_ADD / SUB / MUL (exact: the scale of + and - is the
       larger one, of * the sum) or DIV (rounded at PostgreSQL's select_div_scale) */
    int (*numeric_arith)(ss_ctx *ctx, int op, const ss_text *a, const ss_text *b, ss_vector *out,
                         uint32_t row);
    /* sqrt(a) rounded to rscale decimal places (PostgreSQL's sqrt_var); NaN and Infinity
       give themselves */
    int (*numeric_sqrt)(ss_ctx *ctx, const ss_text *a, int32_t rscale, ss_vector *out, uint32_t row);
    /* PostgreSQL's order of numerics (NaN above +Infinity, 1.0 = 1.00): <0, 0, >0 */
    int (*numeric_compare)(const ss_text *a, const ss_text *b);
    /* the display scale of a (PostgreSQL's scale()), -1 for NaN and the infinities */
    int32_t (*numeric_scale)(const ss_text *a);

    /* ---- expression introspection (appended within ABI 2.4; check with SS_API_HAS) ---- */
    /* The input column a plain column reference e reads (its index into the cols of the
       batches expr_eval gets), or -1 for any other expression: an operator whose output
       column is such a reference may hand out the input's vector itself instead of a copy
       (a pass-through projection) when the vector's type id is expr_type(e)'s. */
    int32_t (*expr_column)(const ss_expr *e);

    /* ---- re-checks (appended within ABI 2.4; check with SS_API_HAS) ---- */
    /* The snapshot a scan reads with (rowids: whether it yields row ids): txn_snapshot's,
       except while READ COMMITTED re-checks rows a transaction committed a change to
       (UPDATE / DELETE / SELECT ... FOR UPDATE: PostgreSQL's EvalPlanQual), when a scan that
       yields no row ids — a relation the statement neither changes nor locks, a subquery's —
       reads with the statement's first snapshot, so the rows joined with a re-checked row
       stay as they were.  NULL as txn_snapshot's. */
    const ss_snapshot *(*txn_scan_snapshot)(ss_ctx *ctx, bool rowids);
} ss_api;

/* The operations of ss_api.numeric_arith. */
enum { SS_NUMERIC_ADD = 0, SS_NUMERIC_SUB = 1, SS_NUMERIC_MUL = 2, SS_NUMERIC_DIV = 3 };

/* Whether api (the kernel's table, possibly older than the module's header) has `member`. */
#define SS_API_HAS(api, member)                                                             \
    ((api)->struct_size >= offsetof(ss_api, member) + sizeof((api)->member))

/* Entry-point types, for the loader and for module authors' prototypes. */
typedef const ss_plugin_magic *(*ss_plugin_magic_fn)(void);
typedef int (*ss_plugin_init_fn)(const ss_api *api, ss_plugin *plugin);

#if defined(__GNUC__)
#define SS_EXPORT __attribute__((visibility("default")))
#else
#define SS_EXPORT
#endif

/* Defines sunstone_plugin_magic() for a module built against this header. */
#define SS_PLUGIN_MAGIC(NAME, VERSION)                                                    \
    SS_EXPORT const ss_plugin_magic *sunstone_plugin_magic(void)                          \
    {                                                                                     \
        static const ss_plugin_magic magic = {sizeof(ss_plugin_magic), SS_ABI_MAJOR,      \
                                              SS_ABI_MINOR, NAME, VERSION};               \
        return &magic;                                                                    \
    }

SS_EXPORT const ss_plugin_magic *sunstone_plugin_magic(void);
SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin);

#ifdef __cplusplus
}
#endif
#endif
