/* native_blob.h — variable-length byte strings stored in chains of pages, and the database's
 * catalog blob (one per database, replaced atomically by a commit). */
#ifndef SS_NATIVE_BLOB_H
#define SS_NATIVE_BLOB_H

#include "native_db.h"

/* Writes len bytes into new pages of txn; *first is the first page (0 for an empty blob). */
int native_blob_write(native_txn *txn, const void *data, uint64_t len, uint64_t *first, native_error *err);
/* Reads the blob of len bytes at first (as txn sees it, or committed with txn NULL) into a
 * malloc'd buffer (*out, freed by the caller; NULL for len 0). A chain that does not match
 * len, or a page of another type, is reported as damaged. */
int native_blob_read(native_db *db, native_txn *txn, uint64_t first, uint64_t len, uint8_t **out, native_error *err);
/* As native_blob_read, into the caller's buf of len bytes. */
int native_blob_read_to(native_db *db, native_txn *txn, uint64_t first, uint64_t len, uint8_t *buf, native_error *err);
/* Frees the pages of the blob at commit of txn. */
int native_blob_free(native_txn *txn, uint64_t first, uint64_t len, native_error *err);

/* Replaces the catalog blob at commit of txn (the old one's pages are freed then). A second
 * transaction that replaced it concurrently fails its commit with 40001. */
int native_txn_set_catalog(native_txn *txn, const void *data, uint64_t len, native_error *err);
/* The catalog blob (as txn sees it, or the committed one with txn NULL): *out malloc'd. */
int native_db_read_catalog(native_db *db, native_txn *txn, uint8_t **out, uint64_t *len, native_error *err);

#endif
