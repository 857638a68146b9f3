/* join4.c — the bench workload's 4-table join (customers ⋈ orders ⋈ order_items ⋈ products,
 * ../shared/bench-workload.md's fixture without keys or indexes, scaled), as the workload
 * writes it and as a comma list written biggest table first with a cross product first
 * (customers, products), whose cost-based join order must make it as fast as the first:
 *   point  ... JOIN ... WHERE c.id = 42 (the workload's statement)
 *   whole  SELECT count(*), sum(oi.quantity * p.price) over the whole join, workload order
 *   comma  the same over FROM order_items oi, customers c, products p, orders o WHERE ...
 * Prints the median of each (after one warm-up run) and fails when whole and comma differ.
 * Usage: bench_join4 [scale (default 100: 20k customers, 100k order items)] [runs (default 11)] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab_run.h"
#include "bench_util.h"

int main(int argc, char **argv)
{
    const long scale = argc > 1 ? strtol(argv[1], NULL, 10) : 100;
    const int runs = argc > 2 ? (int)strtol(argv[2], NULL, 10) : 11;
    sunstone *db = NULL;
    if (scale < 1 || runs < 1)
        return fprintf(stderr, "usage: %s [scale] [runs]\n", argv[0]), 2;
    int opened = sunstone_open(NULL, &db); /* db is set by the call: read it only afterwards */
    ab_must(db, opened, "open");
    char sql[1024];
    long n = 1000 * scale;
    ab_exec(db, "CREATE TABLE n (i int)");
    ab_exec(db, "INSERT INTO n VALUES (1)");
    for (long have = 1; have < n; have *= 2) {
        snprintf(sql, sizeof sql, "INSERT INTO n SELECT i + %ld FROM n WHERE i + %ld <= %ld", have, have, n);
        ab_exec(db, sql);
    }
    ab_exec(db, "CREATE TABLE customers (id INT, name TEXT, email TEXT, age INT, region TEXT, metadata TEXT, bio TEXT)");
    ab_exec(db, "CREATE TABLE products (product_id INT, name TEXT, category TEXT, price INT, description TEXT)");
    ab_exec(db, "CREATE TABLE orders (order_id INT, customer_id INT, order_date TEXT, status TEXT, total INT)");
    ab_exec(db, "CREATE TABLE order_items (item_id INT, order_id INT, product_id INT, quantity INT, unit_price INT)");
    snprintf(sql, sizeof sql,
             "INSERT INTO customers SELECT i, 'Customer_' || i, 'c' || i || '@test.com', 18 + i %% 62, "
             "CASE i %% 5 WHEN 0 THEN 'East' WHEN 1 THEN 'West' WHEN 2 THEN 'North' WHEN 3 THEN 'South' "
             "ELSE 'Central' END, '{\"tier\":\"gold\"}', 'Bio for customer ' || i FROM n WHERE i <= %ld",
             200 * scale);
    ab_exec(db, sql);
    snprintf(sql, sizeof sql,
             "INSERT INTO products SELECT i, 'Product_' || i, 'Books', 10 + i %% 990, 'Description ' || i "
             "FROM n WHERE i <= %ld",
             50 * scale);
    ab_exec(db, sql);
    snprintf(sql, sizeof sql,
             "INSERT INTO orders SELECT i, i %% %ld + 1, '2024-01-01', 'shipped', 50 + i %% 950 FROM n WHERE i <= %ld",
             200 * scale, 500 * scale);
    ab_exec(db, sql);
    snprintf(sql, sizeof sql,
             "INSERT INTO order_items SELECT i, i %% %ld + 1, i %% %ld + 1, 1 + i %% 10, 5 + i %% 100 FROM n",
             500 * scale, 50 * scale);
    ab_exec(db, sql);

    const char *point = "SELECT c.name, o.order_id, p.name, oi.quantity FROM customers c "
                        "JOIN orders o ON c.id = o.customer_id JOIN order_items oi ON o.order_id = oi.order_id "
                        "JOIN products p ON oi.product_id = p.product_id WHERE c.id = 42";
    const char *whole = "SELECT count(*), sum(oi.quantity * p.price) FROM customers c "
                        "JOIN orders o ON c.id = o.customer_id JOIN order_items oi ON o.order_id = oi.order_id "
                        "JOIN products p ON oi.product_id = p.product_id";
    const char *comma = "SELECT count(*), sum(oi.quantity * p.price) FROM order_items oi, customers c, products p, "
                        "orders o WHERE o.order_id = oi.order_id AND oi.product_id = p.product_id "
                        "AND c.id = o.customer_id";
    char a[256], b[256], c[256];
    double tp = ab_median(db, point, runs, a, sizeof a);
    double tw = ab_median(db, whole, runs, b, sizeof b);
    double tc = ab_median(db, comma, runs, c, sizeof c);
    printf("scale %ld: %ld customers, %ld orders, %ld order items, %ld products; %d runs\n", scale, 200 * scale,
           500 * scale, n, 50 * scale, runs);
    printf("point  median %10.3f ms\n", tp / 1e6);
    printf("whole  median %10.3f ms  result %s\n", tw / 1e6, b);
    printf("comma  median %10.3f ms  result %s\n", tc / 1e6, c);
    sunstone_close(db);
    if (strcmp(b, c) != 0) {
        fprintf(stderr, "MISMATCH: whole %s, comma %s\n", b, c);
        return 1;
    }
    return 0;
}
