/* durable_image.h — the catalog image of a database file, format 2 (durable_image.c): the
 * catalog's current state as canonical statements, which durable.c stores with a commit and
 * replays at open. */
#ifndef SS_API_DURABLE_IMAGE_H
#define SS_API_DURABLE_IMAGE_H

#include "api/database.h"
#include "catalog/catalog.h"
#include "util/strbuf.h"

#define SS_IMAGE_MAGIC "sunstone catalog "
#define SS_IMAGE_FORMAT 2
/* (hist11) the start of the SQL comment ending a table's CREATE TABLE: the top-level xid
   whose commit made its storage (ss_table.storage_xid), then the comment's end */
#define SS_IMAGE_STORAGE_XID "/* sunstone storage xid "

/* What the last image built said of each table (the description of a table another
 * transaction holds locked). */
typedef struct ss_image_cache ss_image_cache;
void ss_image_cache_free(ss_image_cache *cache);

/* Appends to out the image of catalog c as the calling session's transaction sees it (its
 * own pending DDL included, other transactions' excluded), its tables on backend (an
 * instance of vt); *cache is replaced by this image's.  0A000 naming the first object the
 * image cannot describe (then out and *cache are left as they were, out possibly extended). */
int ss_image_build(ss_ctx *ctx, ss_catalog *c, const ss_storage_vtable *vt, void *backend, ss_image_cache **cache,
                   ss_strbuf *out);

/* Whether a sequence moved beyond what the last image (cache's) recorded: nextval past its
 * reserved values, or setval / RESTART back; the next commit then stores an image. */
bool ss_image_sequences_moved(const ss_image_cache *cache, ss_catalog *c);

/* Forgets the values cache's image reserved (it was built from the state an image recorded,
 * not stored): the first nextval stores an image. */
void ss_image_cache_unreserve(ss_image_cache *cache);

/* Replays a "seq" record (len bytes at rec) on db: the sequence made (an identity column's
 * exists already) and its state set.  SS_ERROR with *damaged when the record is not one. */
int ss_image_replay_sequence(ss_ctx *ctx, sunstone *db, const char *rec, size_t len, bool *damaged);

#endif
