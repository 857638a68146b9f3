/* session_fixture.h — for Check tests with several sessions on one database: the first
 * session (modules from SUNSTONE_MODULE_DIR), more sessions on its database, a statement that
 * must succeed, and the integer a one-row query returns (usable on threads). */
#ifndef SS_TEST_SESSION_FIXTURE_H
#define SS_TEST_SESSION_FIXTURE_H

#include <check.h>
#include <stdlib.h>

#include "api/database.h"
#include "sunstone.h"

static inline sunstone *open_first(void)
{
    const char *d = getenv("SUNSTONE_MODULE_DIR");
    sunstone *db;
    sunstone_config cfg = {sizeof cfg, d ? d : "modules", false};
    ck_assert_int_eq(sunstone_open_v2(NULL, &db, &cfg), SUNSTONE_OK);
    return db;
}

static inline sunstone *open_more(sunstone *first)
{
    sunstone *db;
    ck_assert_int_eq(ss_session_open(first->database, &db), SUNSTONE_OK);
    return db;
}

static inline void run(sunstone *db, const char *sql)
{
    ck_assert_msg(sunstone_exec(db, sql, NULL, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
}

/* The first column of the only row of sql, as an integer; -1 on any failure (so that it
 * can run on threads, where ck_assert must not). */
static inline long long scalar(sunstone *db, const char *sql)
{
    sunstone_stmt *st;
    if (sunstone_prepare(db, sql, -1, &st, NULL) != SUNSTONE_OK)
        return -1;
    long long v = -1;
    if (sunstone_step(st) == SUNSTONE_ROW) {
        const char *t = sunstone_column_text(st, 0);
        v = t ? atoll(t) : -1;
        if (sunstone_step(st) != SUNSTONE_DONE)
            v = -1;
    }
    sunstone_finalize(st);
    return v;
}

#endif
