/* temp_on_commit.c — temporary tables ON COMMIT DELETE ROWS and ON COMMIT DROP.  PostgreSQL
 * truncates or drops them as its transaction commits; here, once a transaction of the session
 * has committed and the entry point that committed it has let go of the database lock, the
 * session runs TRUNCATE of its DELETE ROWS tables and DROP TABLE ... CASCADE of its DROP ones
 * in a transaction of its own, without notices.  The tables being the session's own, no other
 * session can see the difference; a rolled-back transaction changes nothing (its rows and its
 * CREATE are undone anyway). */
#include <stdio.h>

#include "api/database.h"
#include "api/temp_on_commit.h"
#include "catalog/catalog.h"
#include "catalog/catalog_txn.h"
#include "catalog/namespace.h"
#include "util/strbuf.h"

void ss_temp_on_commit_txn_end(sunstone *db, bool commit)
{
    if (commit && db->on_commit_has && !db->on_commit_running)
        db->on_commit_pending = true;
}

/* The relation of temp schema ns named name, quoted, into sb */
static void put_name(ss_strbuf *sb, const ss_schema *ns, const char *name)
{
    ss_strbuf_putc(sb, '"');
    ss_strbuf_puts(sb, ns->name);
    ss_strbuf_puts(sb, "\".\"");
    for (const char *p = name; *p; p++) {
        if (*p == '"')
            ss_strbuf_putc(sb, '"');
        ss_strbuf_putc(sb, *p);
    }
    ss_strbuf_putc(sb, '"');
}

void ss_temp_on_commit_run(sunstone *db)
{
    if (!db->on_commit_pending || db->on_commit_running)
        return;
    db->on_commit_pending = false;
    if (db->txn.active) /* a statement's transaction is still open: after it */
        return;
    ss_catalog *c = &db->database->catalog;
    ss_strbuf truncate, drop;
    ss_strbuf_init(&truncate);
    ss_strbuf_init(&drop);
    uint32_t ntruncate = 0, ndrop = 0;
    ss_db_lock_shared(db->database);
    const ss_schema *temp = ss_ns_temp_of(c, &db->settings);
    for (uint32_t i = 0; temp && i < c->ntables; i++) {
        ss_table *t = c->tables[i];
        if (!t->on_commit || t->ns != temp || !ss_ddl_visible(&t->ddl))
            continue;
        bool del = t->on_commit == AST_ON_COMMIT_DELETE_ROWS;
        ss_strbuf *sb = del ? &truncate : &drop;
        ss_strbuf_puts(sb, (del ? ntruncate++ : ndrop++) ? ", " : del ? "TRUNCATE " : "DROP TABLE ");
        put_name(sb, temp, t->name);
    }
    ss_db_unlock(db->database);
    if (!ntruncate && !ndrop)
        db->on_commit_has = false;
    if (ndrop)
        ss_strbuf_puts(&drop, " CASCADE");
    if ((ntruncate || ndrop) && !truncate.oom && !drop.oom) {
        ss_notice_sink saved = db->notices;
        db->notices.cb = NULL;
        db->on_commit_running = true;
        if (ndrop) /* first: a table dropped needs no truncate */
            (void)sunstone_exec(db, drop.data, NULL, NULL);
        if (ntruncate)
            (void)sunstone_exec(db, truncate.data, NULL, NULL);
        db->on_commit_running = false;
        db->notices = saved;
    }
    ss_strbuf_free(&truncate);
    ss_strbuf_free(&drop);
}
