/* settings_parse.h — parsing and display of setting values with PostgreSQL's rules and
 * errors (22023 "invalid value for parameter ...", range errors, HINT / DETAIL as
 * PostgreSQL's guc.c). */
#ifndef SS_CATALOG_SETTINGS_PARSE_H
#define SS_CATALOG_SETTINGS_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "exec/context.h"

/* An integer (decimal, 0x hex, or fractional: rounded); with time_ms a unit may follow
 * (us, ms, s, min, h, d; ms when none).  name is the parameter as the user wrote it. */
int ss_setting_parse_int(ss_ctx *ctx, const char *name, const char *value, bool time_ms, int min, int max,
                         int *out);
/* ms as SHOW prints it: the largest unit dividing it ("10ms", "1s", "1min"), "0" for 0. */
void ss_setting_format_ms(int ms, char *out, size_t outlen);
/* An integer in kB with PostgreSQL's memory units B, kB, MB, GB, TB (case-sensitive; kB when
 * none): "1.5MB" is 1536, "100B" rounds to 0; range errors say "63 kB is outside ...". */
int ss_setting_parse_kb(ss_ctx *ctx, const char *name, const char *value, int min, int max, int *out);
/* kB as SHOW prints it: the largest of TB, GB, MB, kB dividing it ("4MB", "64kB"). */
void ss_setting_format_kb(int kb, char *out, size_t outlen);
/* An integer in 8 kB blocks with the same memory units (blocks when none; shared_buffers):
 * "128MB" is 16384; range errors say "15 8kB is outside ...". */
int ss_setting_parse_blocks(ss_ctx *ctx, const char *name, const char *value, int min, int max, int *out);
/* blocks as SHOW prints them: as kB, the largest of TB, GB, MB, kB dividing it ("128MB"). */
void ss_setting_format_blocks(int blocks, char *out, size_t outlen);
/* A real without units (parse_real of guc.c: NaN refused), in [min, max]; the range error
 * prints values with %g ("0.5 is outside ...", "Infinity is outside ..."). */
int ss_setting_parse_real(ss_ctx *ctx, const char *name, const char *value, double min, double max,
                          double *out);
/* A real as SHOW prints it (%g: "2", "1.5", "3.14159"). */
void ss_setting_format_real(double v, char *out, size_t outlen);

/* PostgreSQL's Boolean spellings: true/false/yes/no (any prefix), on/off ("of" too), 1/0. */
bool ss_setting_parse_bool_text(const char *value, bool *out);
int ss_setting_parse_bool(ss_ctx *ctx, const char *name, const char *value, bool *out);

typedef struct ss_setting_enum {
    const char *name;
    int value;
    bool hidden; /* accepted but not listed in the HINT */
} ss_setting_enum;
/* Case-insensitive lookup in options (terminated by a NULL name). */
int ss_setting_parse_enum(ss_ctx *ctx, const char *name, const char *value, const ss_setting_enum *options,
                          int *out);
/* The listed name of value. */
const char *ss_setting_enum_name(const ss_setting_enum *options, int value);

/* DateStyle keywords (ISO/SQL/Postgres/German, YMD/DMY/MDY and aliases, DEFAULT) applied to
 * the current canonical value; out gets the canonical "Style, ORDER". */
int ss_setting_parse_datestyle(ss_ctx *ctx, const char *current, const char *value, char *out, size_t outlen);
/* UTC, GMT, or a zone of the system's IANA database; offsets are refused (0A000). */
int ss_setting_parse_timezone(ss_ctx *ctx, const char *value, char *out, size_t outlen);
/* A comma-separated list of schema names (identifiers, double quotes allowed) that names
 * public, the only schema; a list without it is refused (0A000). */
int ss_setting_parse_search_path(ss_ctx *ctx, const char *value);
/* UTF8 and its aliases ("utf-8", "unicode"); PostgreSQL's other encodings are refused (0A000),
 * anything else is invalid. */
int ss_setting_parse_encoding(ss_ctx *ctx, const char *value, char *out, size_t outlen);
/* PostgreSQL's clean_encoding_name of value[0..len): lower case, ASCII letters and digits
 * only, into clean (n bytes); false when it does not fit. */
bool ss_encoding_clean_name(const char *value, size_t len, char *clean, size_t n);
/* Whether clean (as ss_encoding_clean_name leaves it) is one of PostgreSQL's encoding names
 * or aliases (pg_encname_tbl). */
bool ss_encoding_name_known(const char *clean);

#endif
