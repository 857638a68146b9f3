/* sql_mutate.c — a mutation fuzzer for the SQL path (parser front end, binder, planner,
 * operators, memory backend) through the public C API: it takes a corpus of valid
 * statements, mutates them (byte flips, token splices, truncation, duplication) and runs
 * each against a small fixture, checking only that nothing crashes and that every failure
 * carries a 5-character SQLSTATE and a message.  Deterministic for a seed.
 * Usage: fuzz_sql_mutate [iterations (default 20000)] [seed (default 1)]
 * ctest runs a bounded number of iterations; longer runs are for sanitizer builds by hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sunstone.h"

static const char *const corpus[] = {
    "SELECT a, b FROM t WHERE a > 1 ORDER BY a DESC LIMIT 2",
    "SELECT count(*), sum(a), min(b), max(c) FROM t GROUP BY d HAVING count(*) > 0 ORDER BY 1",
    "SELECT DISTINCT b FROM t ORDER BY b NULLS FIRST",
    "SELECT CASE WHEN a % 2 = 0 THEN 'even' ELSE b || '!' END FROM t",
    "SELECT COALESCE(b, 'x'), a::text, c::int, length(b), upper(b) FROM t WHERE b LIKE 'a%'",
    "SELECT a FROM t WHERE a BETWEEN 1 AND 3 AND b IN ('x', 'y') OR c IS NULL",
    "INSERT INTO t VALUES (1, 'a', 1.5, true), (2, NULL, NULL, false)",
    "INSERT INTO t SELECT a + 10, b, c * 2, d FROM t WHERE a < 5",
    "INSERT INTO t (a, b) VALUES ($1, $2)",
    "SELECT 2147483647 + a, a / 0, 10 % a, -a, abs(a) FROM t",
    "SELECT 1.5, 1e3, 2 ^ 3, power(2.0::float8, 0.5), round(c), 'x'::varchar(1)",
    "CREATE TABLE u (x int NOT NULL, y varchar(3), z float8)",
    "DROP TABLE IF EXISTS u, v",
    "SET sunstone.operator_scan = 'scan_row'",
    "EXPLAIN SELECT a FROM t WHERE a > 1 ORDER BY b LIMIT 3",
    "SELECT * FROM sunstone_plugins ORDER BY name",
    "SELECT a FROM t ORDER BY a LIMIT 5 OFFSET 2",
    "VALUES (1, 'a'), (2, 'b')",
};
#define NCORPUS (sizeof corpus / sizeof corpus[0])

static const char *const tokens[] = {
    "(", ")", ",", "'", "\"", "$1", "$99", "NULL", "*", "+", "-", "/", "%", "||", "::int",
    "::text", "SELECT", "FROM", "WHERE", "GROUP BY", "ORDER BY", "LIMIT", "count(*)", "sum(",
    "AND", "OR", "NOT", "CASE WHEN", "THEN", "ELSE", "END", "1e308", "9223372036854775807",
    "-2147483648", "1.5", "'\xc3\xa9'", ";", "--", "/*", "*/", "t", "a", "b", "c", "d", "u", ""};
#define NTOKENS (sizeof tokens / sizeof tokens[0])

static uint64_t rng_state;

static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

static void mutate(char *buf, size_t cap)
{
    size_t len = strlen(buf);
    int rounds = 1 + (int)rnd(4);
    for (int r = 0; r < rounds; r++) {
        switch (rnd(5)) {
        case 0: /* flip a byte */
            if (len)
                buf[rnd((uint32_t)len)] = (char)(rnd(95) + 32);
            break;
        case 1: { /* insert a token */
            const char *tok = tokens[rnd(NTOKENS)];
            size_t tl = strlen(tok), at = len ? rnd((uint32_t)len + 1) : 0;
            if (len + tl + 2 < cap) {
                memmove(buf + at + tl + 1, buf + at, len - at + 1);
                memcpy(buf + at, tok, tl);
                buf[at + tl] = ' ';
                len += tl + 1;
            }
            break;
        }
        case 2: /* truncate */
            if (len)
                buf[len = rnd((uint32_t)len)] = '\0';
            break;
        case 3: { /* delete a span */
            if (len > 2) {
                size_t at = rnd((uint32_t)len), n = 1 + rnd(8);
                if (at + n > len)
                    n = len - at;
                memmove(buf + at, buf + at + n, len - at - n + 1);
                len -= n;
            }
            break;
        }
        default: { /* append another corpus statement */
            const char *other = corpus[rnd(NCORPUS)];
            if (len + strlen(other) + 3 < cap) {
                strcat(buf, "; ");
                strcat(buf, other);
                len = strlen(buf);
            }
        }
        }
    }
}

static int fail(const char *what, const char *sql)
{
    fprintf(stderr, "%s\nSQL: %s\n", what, sql);
    return 1;
}

int main(int argc, char **argv)
{
    long iterations = argc > 1 ? atol(argv[1]) : 20000;
    rng_state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    if (!rng_state)
        rng_state = 1;
    sunstone *db;
    if (sunstone_open(NULL, &db) != SUNSTONE_OK) {
        fprintf(stderr, "open: %s\n", sunstone_errmsg(db));
        return 1;
    }
    const char *fixture = "CREATE TABLE t (a int, b text, c float8, d boolean);"
                          "INSERT INTO t VALUES (1, 'a', 1.5, true), (2, 'b', NULL, false), (3, NULL, -0.5, NULL)";
    if (sunstone_exec(db, fixture, NULL, NULL) != SUNSTONE_OK)
        return fail(sunstone_errmsg(db), fixture);
    char buf[4096];
    long errors = 0;
    for (long i = 0; i < iterations; i++) {
        snprintf(buf, sizeof buf, "%s", corpus[rnd(NCORPUS)]);
        mutate(buf, sizeof buf);
        /* prepared path with a parameter bound, then the exec path */
        sunstone_stmt *st = NULL;
        if (sunstone_prepare(db, buf, -1, &st, NULL) == SUNSTONE_OK && st) {
            for (int p = 1; p <= sunstone_bind_parameter_count(st); p++)
                sunstone_bind_text(st, p, p % 2 ? "7" : "x", -1);
            int rc;
            long rows = 0;
            while ((rc = sunstone_step(st)) == SUNSTONE_ROW && rows++ < 100000)
                for (int c = 0; c < sunstone_column_count(st); c++)
                    (void)sunstone_column_text(st, c);
            sunstone_finalize(st);
        }
        if (sunstone_exec(db, buf, NULL, NULL) != SUNSTONE_OK) {
            errors++;
            if (strlen(sunstone_sqlstate(db)) != 5 || !sunstone_errmsg(db)[0])
                return fail("error without SQLSTATE or message", buf);
        }
        /* keep the fixture bounded and present */
        if (i % 200 == 199)
            sunstone_exec(db, "RESET sunstone.operator_scan; DROP TABLE IF EXISTS t, u;"
                              "CREATE TABLE t (a int, b text, c float8, d boolean);"
                              "INSERT INTO t VALUES (1, 'a', 1.5, true), (2, 'b', NULL, false), (3, NULL, -0.5, NULL)",
                          NULL, NULL);
    }
    sunstone_close(db);
    printf("%ld passed, 0 failed (%ld statements, %ld of them errors as expected)\n", iterations, iterations, errors);
    return 0;
}
