/* scan_ab.c — A/B benchmark of the two scan implementations (batched "scan" vs the
 * row-at-a-time reference "scan_row") on the seed's analytic query over 1M rows:
 *   SELECT count(*), sum(b*2+d), sum(c*1.1) FROM t WHERE b % 7 = 3 AND c < 900
 * Same process, same data, alternating runs; prints the median ns/row of each and their ratio.
 * Usage: bench_scan_ab [rows (default 1048576)] [iterations (default 21)] */
#include <stdio.h>
#include <stdlib.h>

#include "ab_run.h"

int main(int argc, char **argv)
{
    long rows = argc > 1 ? atol(argv[1]) : 1048576;
    int iters = argc > 2 ? atoi(argv[2]) : 21;
    sunstone *db = NULL;
    int rc = sunstone_open(NULL, &db); /* db is set by the call: read it only afterwards */
    ab_must(db, rc, "open");
    ab_seed_table(db, "t", NULL, rows);
    const char *const impl[2] = {"scan", "scan_row"};
    ab_result r;
    /* two warm-up rounds */
    ab_run(db, "sunstone.operator_scan", impl,
           "SELECT count(*), sum(b*2+d), sum(c*1.1) FROM t WHERE b % 7 = 3 AND c < 900", 2, iters, &r);
    for (int k = 0; k < 2; k++)
        printf("%-9s median %8.2f ms  %6.2f ns/row  (%d runs)\n", impl[k], r.median_ns[k] / 1e6,
               r.median_ns[k] / rows, iters);
    printf("result %s\nscan_row / scan = %.2fx\n", r.answer, r.median_ns[1] / r.median_ns[0]);
    sunstone_close(db);
    return 0;
}
