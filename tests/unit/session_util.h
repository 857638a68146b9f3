/* session_util.h — what the Check tests of several sessions on one database share: opening
 * the first session (a private in-memory database) and more sessions on its database
 * (ss_session_open), running a statement that must succeed, reading one integer, and running
 * a statement on a thread that is expected to wait (session_job, start_waiting). */
#ifndef SUNSTONE_TESTS_SESSION_UTIL_H
#define SUNSTONE_TESTS_SESSION_UTIL_H

#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "api/database.h"
#include "sunstone.h"

static inline sunstone *open_first(void)
{
    const char *d = getenv("SUNSTONE_MODULE_DIR");
    sunstone *db;
    sunstone_config cfg = {sizeof cfg, d ? d : "modules", false, NULL};
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
    ck_assert_msg(sunstone_exec(db, sql, NULL, NULL) == SUNSTONE_OK, "%s: %s", sql,
                  sunstone_errmsg(db));
}

/* sql must fail with SQLSTATE state. */
static inline void expect_error(sunstone *db, const char *sql, const char *state)
{
    ck_assert_msg(sunstone_exec(db, sql, NULL, NULL) != SUNSTONE_OK, "%s succeeded", sql);
    ck_assert_str_eq(sunstone_sqlstate(db), state);
}

/* The first column of the only row st gives, as an integer; -1 on any failure (so that it
 * can run on threads, where ck_assert must not). */
static inline long long only_value(sunstone_stmt *st)
{
    long long v = -1;
    if (sunstone_step(st) == SUNSTONE_ROW) {
        const char *t = sunstone_column_text(st, 0);
        v = t ? atoll(t) : -1;
        if (sunstone_step(st) != SUNSTONE_DONE)
            v = -1;
    }
    return v;
}

/* The same for the statement sql. */
static inline long long scalar(sunstone *db, const char *sql)
{
    sunstone_stmt *st;
    if (sunstone_prepare(db, sql, -1, &st, NULL) != SUNSTONE_OK)
        return -1;
    long long v = only_value(st);
    sunstone_finalize(st);
    return v;
}

static inline void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

typedef struct session_job {
    sunstone *db;
    const char *sql;
    int rc;
    char sqlstate[6];
    char msg[160];
    volatile int done;
} session_job;

static inline void *session_job_main(void *arg)
{
    session_job *j = arg;
    j->rc = sunstone_exec(j->db, j->sql, NULL, NULL);
    if (j->rc != SUNSTONE_OK) {
        snprintf(j->sqlstate, sizeof j->sqlstate, "%s", sunstone_sqlstate(j->db));
        snprintf(j->msg, sizeof j->msg, "%s", sunstone_errmsg(j->db));
    }
    j->done = 1;
    return NULL;
}

/* Starts j on a thread and checks, after a while, that it is waiting. */
static inline void start_waiting(session_job *j, pthread_t *th)
{
    ck_assert_int_eq(pthread_create(th, NULL, session_job_main, j), 0);
    sleep_ms(200);
    ck_assert_int_eq(j->done, 0);
}

static inline void close_both(sunstone *a, sunstone *b)
{
    ck_assert_int_eq(sunstone_close(b), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_close(a), SUNSTONE_OK);
}

#endif
