/* peer_run.c — cross-checking and timing one query on two engines (see peer_run.h). */
#include "peer_run.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "result_set.h"

/* sql with its first "{id}" replaced by id. */
static void expand(const char *sql, int id, char *out, size_t outlen)
{
    const char *at = strstr(sql, "{id}");
    if (at == NULL) {
        snprintf(out, outlen, "%s", sql);
        return;
    }
    snprintf(out, outlen, "%.*s%d%s", (int)(at - sql), sql, id, at + 4);
}

int peer_cross_check(const peer_side side[2], const char *sql, bool ordered)
{
    result_set rs[2];
    peer_consumed got[2];
    int status = 0;
    for (int k = 0; k < 2; k++) {
        result_set_init(&rs[k]);
        if (side[k].engine->query(side[k].db, sql, &got[k], &rs[k]) != 0)
            status = -1;
    }
    if (status == 0 && result_set_compare(&rs[0], side[0].engine->name, &rs[1], side[1].engine->name,
                                          ordered, PEER_FLOAT_TOLERANCE) != 0) {
        fprintf(stderr, "MISMATCH: the engines answer differently: %s\n", sql);
        status = -1;
    }
    for (int k = 0; k < 2; k++)
        result_set_free(&rs[k]);
    return status;
}

int peer_sides_open(peer_side side[2], const peer_engine *peer, char *date, size_t n)
{
    side[0] = (peer_side){&peer_engine_sunstone, NULL};
    side[1] = (peer_side){peer, NULL};
    for (int k = 0; k < 2; k++)
        if ((side[k].db = side[k].engine->open()) == NULL)
            return -1;
    time_t now = time(NULL);
    strftime(date, n, "%Y-%m-%d %H:%M UTC", gmtime(&now));
    return 0;
}

int peer_check_run(const peer_side side[2], const char *name, int i, bool fixed, const peer_consumed got[2],
                   peer_consumed first[2])
{
    int status = 0;
    if (got[0].rows != got[1].rows) {
        fprintf(stderr, "MISMATCH in run %d of %s: %s returned %zu rows, %s %zu\n", i, name, side[0].engine->name,
                got[0].rows, side[1].engine->name, got[1].rows);
        status = -1;
    } else if (fixed && i > 0 &&
               (got[0].rows != first[0].rows || got[0].text_bytes != first[0].text_bytes ||
                got[1].rows != first[1].rows || got[1].text_bytes != first[1].text_bytes)) {
        fprintf(stderr, "MISMATCH in run %d of %s: the answer changed between runs\n", i, name);
        status = -1;
    }
    if (i == 0) {
        first[0] = got[0];
        first[1] = got[1];
    }
    return status;
}

int peer_run_query(const peer_side side[2], const peer_query *q, peer_result *out)
{
    char sql[1024];
    /* The answers first, untimed: every id of an {id} query. */
    for (int id = 1; id <= (q->id_range > 0 ? q->id_range : 1); id++) {
        expand(q->sql, id, sql, sizeof sql);
        if (peer_cross_check(side, sql, q->ordered) != 0)
            return -1;
    }
    bench_samples samples[2];
    bench_samples_init(&samples[0], (size_t)q->iters);
    bench_samples_init(&samples[1], (size_t)q->iters);
    peer_consumed first[2] = {{0, 0}, {0, 0}};
    int status = 0;
    for (int i = 0; i < q->warmups + q->iters && status == 0; i++) {
        expand(q->sql, q->id_range > 0 ? i % q->id_range + 1 : 0, sql, sizeof sql);
        peer_consumed got[2] = {{0, 0}, {0, 0}};
        for (int j = 0; j < 2 && status == 0; j++) {
            int k = (i + j) % 2; /* alternate which engine goes first */
            double t0 = bench_now_ns();
            if (side[k].engine->query(side[k].db, sql, &got[k], NULL) != 0) {
                status = -1;
                break;
            }
            double t = bench_now_ns() - t0;
            if (i >= q->warmups)
                bench_samples_add(&samples[k], t);
        }
        if (status != 0)
            break;
        /* Each run must consume what the checked run did */
        status = peer_check_run(side, q->name, i, q->id_range == 0, got, first);
        out->rows = got[0].rows;
    }
    for (int k = 0; k < 2; k++) {
        out->median_ns[k] = bench_samples_median(&samples[k]);
        bench_samples_free(&samples[k]);
    }
    return status;
}
