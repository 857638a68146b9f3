/* durable.h — database files (sunstone_open(path)): the database's catalog persisted through
 * a storage backend of vtable version 6 (storage.h), and every commit made durable by it.
 * The backend of a database file (and the default of its new tables) is native, or lmdb for
 * a file written by the lmdb backend (ss_durable_backend_for).  Any number of sessions share a
 * database file (durable.c's top comment). */
#ifndef SS_API_DURABLE_H
#define SS_API_DURABLE_H

#include "api/database.h"

struct sunstone_stmt;
typedef struct ss_durable ss_durable;

/* Opens (or creates) the database file at path for db's database: its backend instance,
 * then the catalog rebuilt from the stored image.  SS_ERROR recorded on ctx (not a
 * database, in use by another process, a damaged image, no lmdb module). */
int ss_durable_open(ss_ctx *ctx, sunstone *db, const char *path);
/* The storage backend that opens the database file at path: "native" (a new file or a
 * native one) or "lmdb" (a file of the lmdb backend) (durable_backend.c). */
const char *ss_durable_backend_for(const char *path);
/* Frees d's durable state (its backend instance is closed with the catalog's). */
void ss_durable_free(ss_database *d);
/* 0A000 before a statement whose effect the catalog image cannot store (a database file
 * only; every other database passes). */
int ss_durable_stmt_gate(struct sunstone_stmt *st);
/* After a statement ran without error: a statement that changed the catalog marks the
 * session's transaction as one whose commit stores an image. */
void ss_durable_stmt_end(struct sunstone_stmt *st);
/* The session's transaction is about to commit: made durable first (the catalog image with
 * it when the catalog changed).  SS_ERROR recorded on ctx: the caller aborts instead.  On
 * SS_OK of a commit that stored an image the file's commit lock stays held until
 * ss_durable_commit_end, which the caller calls once the kernel made the commit visible (a
 * no-op when the lock is not held: a commit without an image releases it before the
 * backend's txn_commit, so concurrent commits share the backend's fsync). */
int ss_durable_commit(ss_ctx *ctx, sunstone *db);
void ss_durable_commit_end(sunstone *db);
/* The session's transaction is about to end without committing. */
void ss_durable_abort(ss_ctx *ctx, sunstone *db);
/* (hist11) Whether d is a database file whose commit history is stored with it (storage.h
 * version 9: AS OF reads commits of earlier openings). */
bool ss_durable_keeps_history(const ss_database *d);
/* (hist11) A VACUUM took its horizon: the history it made unreadable is forgotten, in the
 * file first, before any version is reclaimed (SS_OK at once on any other database). */
int ss_durable_vacuum_begin(ss_ctx *ctx, sunstone *db);

/* The records of a stored catalog image (formats 1 and 2, durable.c's top comment): fn gets
 * each one in order, its kind, a table record's persistent id and its text (n bytes, not
 * terminated).  SS_OK; SS_IMAGE_DAMAGED when the framing is not an image's, SS_IMAGE_UNSUPPORTED
 * for another format (*format says which); else what fn returned (not SS_OK: the walk stops).
 * Open replays the records; the integrity check (core/check/check_database.c) parses them. */
/* SS_IMAGE_REC_IXID (bt11): the stored ids of the next table's stored indexes (durable_image.c). */
/* SS_IMAGE_REC_MVIEW: a populated materialized view's CREATE ... WITH NO DATA, reattached to its
 * stored rows like a table's and then marked populated. */
typedef enum ss_image_record {
    SS_IMAGE_REC_TABLE, SS_IMAGE_REC_SQL, SS_IMAGE_REC_SEQ, SS_IMAGE_REC_IXID, SS_IMAGE_REC_MVIEW
} ss_image_record;
typedef int (*ss_image_record_fn)(void *arg, ss_image_record kind, uint64_t id, const char *text, size_t n);
#define SS_IMAGE_DAMAGED 2
#define SS_IMAGE_UNSUPPORTED 3
int ss_durable_image_walk(const char *img, size_t len, long *format, ss_image_record_fn fn, void *arg);
#endif
