/* notice_log.h — for the embed tests that load test plugins: the test's database handle, the
 * NOTICEs its handler collected (one "SEVERITY: message" line each) and exec_ok. */
#ifndef SUNSTONE_TEST_NOTICE_LOG_H
#define SUNSTONE_TEST_NOTICE_LOG_H

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "sunstone.h"

#ifndef TEST_PLUGIN_DIR
#error "TEST_PLUGIN_DIR (build/tests/plugins) must be defined by the build"
#endif

static sunstone *db;
static char notices[4096];

static void on_notice(void *arg, const char *severity, const char *msg)
{
    (void)arg;
    size_t used = strlen(notices);
    snprintf(notices + used, sizeof notices - used, "%s: %s\n", severity, msg);
}

static void exec_ok(const char *sql)
{
    int rc = sunstone_exec(db, sql, NULL, NULL);
    ck_assert_msg(rc == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
}

/* Opens db with the notice handler installed and the log empty. */
static void notice_log_open(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_set_notice_handler(db, on_notice, NULL), SUNSTONE_OK);
    notices[0] = '\0';
}

#endif
