/* settings_parse.c — PostgreSQL's input rules for setting values: integers with time or
 * memory units and reals (parse_int, parse_real and convert_to_base_unit in guc.c), Booleans
 * with prefixes, enums, the DateStyle keyword list, time zone and client encoding names; each writes the value as SHOW prints it
 * or records PostgreSQL's error (22023, with its HINT / DETAIL). */
#include "catalog/settings_parse.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "types/datetime/datetime.h"

static int invalid_value(ss_ctx *ctx, const char *name, const char *value)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "invalid value for parameter \"%s\": \"%s\"",
                        name, value);
}

/* ---- integers, with time units (base ms) or memory units (base kB) ------------------------- */

typedef struct unit_conv {
    const char *unit;
    double multiplier; /* in the base unit */
} unit_conv;

/* largest first, as guc.c's timeConversionTable for GUC_UNIT_MS */
static const unit_conv time_units[] = {
    {"d", 1000.0 * 60 * 60 * 24}, {"h", 1000.0 * 60 * 60}, {"min", 1000.0 * 60},
    {"s", 1000.0},                {"ms", 1.0},             {"us", 1.0 / 1000},
};
/* largest first, as guc.c's memoryUnitConversionTable for GUC_UNIT_KB */
static const unit_conv memory_units[] = {
    {"TB", 1024.0 * 1024 * 1024}, {"GB", 1024.0 * 1024}, {"MB", 1024.0}, {"kB", 1.0}, {"B", 1.0 / 1024},
};
/* the same units in 8 kB blocks (GUC_UNIT_BLOCKS: shared_buffers) */
static const unit_conv block_units[] = {
    {"TB", 1024.0 * 1024 * 128}, {"GB", 1024.0 * 128}, {"MB", 128.0}, {"kB", 1.0 / 8}, {"B", 1.0 / 8192},
};
#define NUNITS(t) (sizeof(t) / sizeof((t)[0]))
#define MAX_UNIT_LEN 3

typedef struct unit_kind {
    const unit_conv *units;
    size_t nunits;
    const char *hint;   /* the HINT for an unknown unit */
    const char *suffix; /* after the number in range errors */
} unit_kind;

static const unit_kind kind_ms = {
    time_units, NUNITS(time_units),
    "Valid units for this parameter are \"us\", \"ms\", \"s\", \"min\", \"h\", and \"d\".", " ms"};
static const unit_kind kind_kb = {
    memory_units, NUNITS(memory_units),
    "Valid units for this parameter are \"B\", \"kB\", \"MB\", \"GB\", and \"TB\".", " kB"};
static const unit_kind kind_blocks = {
    block_units, NUNITS(block_units),
    "Valid units for this parameter are \"B\", \"kB\", \"MB\", \"GB\", and \"TB\".", " 8kB"};

/* Converts value in unit (text after the number) to the base unit; false on an unknown unit. */
static bool to_base(double value, const char *unit, const unit_kind *kind, double *out)
{
    char unitstr[MAX_UNIT_LEN + 1];
    int i;
    for (i = 0; *unit && !isspace((unsigned char)*unit) && i < MAX_UNIT_LEN; i++)
        unitstr[i] = *unit++;
    unitstr[i] = '\0';
    while (isspace((unsigned char)*unit))
        unit++;
    if (*unit)
        return false; /* unit too long, or garbage after it */
    for (size_t k = 0; k < kind->nunits; k++) {
        if (strcmp(unitstr, kind->units[k].unit) != 0)
            continue;
        double v = value * kind->units[k].multiplier;
        /* "1.5s": round to a multiple of the next smaller unit */
        if (k + 1 < kind->nunits)
            v = rint(v / kind->units[k + 1].multiplier) * kind->units[k + 1].multiplier;
        *out = v;
        return true;
    }
    return false;
}

/* parse_int of guc.c: kind NULL for a parameter without units. */
static int parse_int_units(ss_ctx *ctx, const char *name, const char *value, const unit_kind *kind, int min,
                           int max, int *out)
{
    char *end;
    errno = 0;
    double v = (double)strtol(value, &end, 0);
    if (*end == '.' || *end == 'e' || *end == 'E' || errno == ERANGE) {
        errno = 0;
        v = strtod(value, &end);
    }
    if (end == value || errno == ERANGE || isnan(v))
        return invalid_value(ctx, name, value);
    while (isspace((unsigned char)*end))
        end++;
    if (*end) {
        if (!kind)
            return invalid_value(ctx, name, value);
        if (!to_base(v, end, kind, &v)) {
            invalid_value(ctx, name, value);
            ss_ctx_error_hint(ctx, "%s", kind->hint);
            return SS_ERROR;
        }
    }
    v = rint(v);
    if (v > INT_MAX || v < INT_MIN) {
        invalid_value(ctx, name, value);
        ss_ctx_error_hint(ctx, "Value exceeds integer range.");
        return SS_ERROR;
    }
    int n = (int)v;
    if (n < min || n > max)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                            "%d%s is outside the valid range for parameter \"%s\" (%d .. %d)", n,
                            kind ? kind->suffix : "", name, min, max);
    *out = n;
    return SS_OK;
}

int ss_setting_parse_int(ss_ctx *ctx, const char *name, const char *value, bool time_ms, int min, int max,
                         int *out)
{
    return parse_int_units(ctx, name, value, time_ms ? &kind_ms : NULL, min, max, out);
}

int ss_setting_parse_kb(ss_ctx *ctx, const char *name, const char *value, int min, int max, int *out)
{
    return parse_int_units(ctx, name, value, &kind_kb, min, max, out);
}

/* The largest unit of the table (down to the base unit) that divides v exactly. */
static void format_units(int v, const unit_kind *kind, char *out, size_t outlen)
{
    if (v <= 0) {
        snprintf(out, outlen, "%d", v);
        return;
    }
    for (size_t k = 0; k < kind->nunits; k++) {
        int64_t m = (int64_t)kind->units[k].multiplier;
        if (m >= 1 && v % m == 0) {
            snprintf(out, outlen, "%lld%s", (long long)(v / m), kind->units[k].unit);
            return;
        }
    }
    snprintf(out, outlen, "%d", v);
}

void ss_setting_format_ms(int ms, char *out, size_t outlen)
{
    format_units(ms, &kind_ms, out, outlen);
}

void ss_setting_format_kb(int kb, char *out, size_t outlen)
{
    format_units(kb, &kind_kb, out, outlen);
}

int ss_setting_parse_blocks(ss_ctx *ctx, const char *name, const char *value, int min, int max, int *out)
{
    return parse_int_units(ctx, name, value, &kind_blocks, min, max, out);
}

void ss_setting_format_blocks(int blocks, char *out, size_t outlen)
{
    /* as kB (8 per block), which may pass INT_MAX: the largest unit dividing it */
    int64_t kb = (int64_t)blocks * 8;
    static const struct { const char *unit; int64_t kb; } units[] = {
        {"TB", 1024ll * 1024 * 1024}, {"GB", 1024ll * 1024}, {"MB", 1024}, {"kB", 1}};
    if (kb <= 0) {
        snprintf(out, outlen, "%d", blocks);
        return;
    }
    for (size_t k = 0; k < sizeof units / sizeof units[0]; k++)
        if (kb % units[k].kb == 0) {
            snprintf(out, outlen, "%lld%s", (long long)(kb / units[k].kb), units[k].unit);
            return;
        }
}

/* %g as PostgreSQL's snprintf prints it: infinities as "Infinity". */
static void format_g(double v, char *out, size_t outlen)
{
    if (isinf(v))
        snprintf(out, outlen, "%s", v < 0 ? "-Infinity" : "Infinity");
    else
        snprintf(out, outlen, "%g", v);
}

int ss_setting_parse_real(ss_ctx *ctx, const char *name, const char *value, double min, double max,
                          double *out)
{
    char *end;
    errno = 0;
    double v = strtod(value, &end);
    if (end == value || errno == ERANGE || isnan(v))
        return invalid_value(ctx, name, value);
    while (isspace((unsigned char)*end))
        end++;
    if (*end)
        return invalid_value(ctx, name, value);
    if (v < min || v > max) {
        char vs[64], lo[64], hi[64];
        format_g(v, vs, sizeof vs);
        format_g(min, lo, sizeof lo);
        format_g(max, hi, sizeof hi);
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                            "%s is outside the valid range for parameter \"%s\" (%s .. %s)", vs, name, lo, hi);
    }
    *out = v;
    return SS_OK;
}

void ss_setting_format_real(double v, char *out, size_t outlen)
{
    format_g(v, out, outlen);
}

/* ---- Booleans ------------------------------------------------------------------------------ */

bool ss_setting_parse_bool_text(const char *value, bool *out)
{
    size_t len = strlen(value);
    if (len == 0)
        return false;
    switch (tolower((unsigned char)value[0])) {
    case 't':
        if (strncasecmp(value, "true", len) == 0 && len <= 4)
            return *out = true, true;
        break;
    case 'f':
        if (strncasecmp(value, "false", len) == 0 && len <= 5)
            return *out = false, true;
        break;
    case 'y':
        if (strncasecmp(value, "yes", len) == 0 && len <= 3)
            return *out = true, true;
        break;
    case 'n':
        if (strncasecmp(value, "no", len) == 0 && len <= 2)
            return *out = false, true;
        break;
    case 'o':
        /* "o" alone is ambiguous */
        if (len >= 2 && len <= 2 && strncasecmp(value, "on", len) == 0)
            return *out = true, true;
        if (len >= 2 && len <= 3 && strncasecmp(value, "off", len) == 0)
            return *out = false, true;
        break;
    case '1':
        if (len == 1)
            return *out = true, true;
        break;
    case '0':
        if (len == 1)
            return *out = false, true;
        break;
    }
    return false;
}

int ss_setting_parse_bool(ss_ctx *ctx, const char *name, const char *value, bool *out)
{
    if (!ss_setting_parse_bool_text(value, out))
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "parameter \"%s\" requires a Boolean value",
                            name);
    return SS_OK;
}

/* ---- enums --------------------------------------------------------------------------------- */

int ss_setting_parse_enum(ss_ctx *ctx, const char *name, const char *value, const ss_setting_enum *options,
                          int *out)
{
    for (const ss_setting_enum *o = options; o->name; o++)
        if (strcasecmp(o->name, value) == 0) {
            *out = o->value;
            return SS_OK;
        }
    char hint[512] = "";
    size_t len = 0;
    for (const ss_setting_enum *o = options; o->name; o++)
        if (!o->hidden)
            len += (size_t)snprintf(hint + len, len < sizeof hint ? sizeof hint - len : 0, "%s%s",
                                    len ? ", " : "", o->name);
    invalid_value(ctx, name, value);
    ss_ctx_error_hint(ctx, "Available values: %s.", hint);
    return SS_ERROR;
}

const char *ss_setting_enum_name(const ss_setting_enum *options, int value)
{
    for (const ss_setting_enum *o = options; o->name; o++)
        if (o->value == value && !o->hidden)
            return o->name;
    return "";
}

/* ---- DateStyle ----------------------------------------------------------------------------- */

/* Splits the next comma-separated element of *p into tok (trimmed, lower-cased unless
 * double-quoted); false on a syntax error. */
static bool next_identifier(const char **p, char *tok, size_t toklen, bool *done)
{
    const char *s = *p;
    while (isspace((unsigned char)*s))
        s++;
    size_t n = 0;
    if (*s == '"') {
        for (s++;; s++) {
            if (!*s)
                return false;
            if (*s == '"') {
                if (s[1] != '"')
                    break;
                s++;
            }
            if (n + 1 < toklen)
                tok[n++] = *s;
        }
        s++;
    } else {
        while (*s && *s != ',' && !isspace((unsigned char)*s)) {
            if (n + 1 < toklen)
                tok[n++] = (char)tolower((unsigned char)*s);
            s++;
        }
        if (n == 0)
            return false; /* empty element */
    }
    tok[n] = '\0';
    while (isspace((unsigned char)*s))
        s++;
    if (*s == ',') {
        *p = s + 1;
        *done = false;
        return true;
    }
    if (*s)
        return false;
    *p = s;
    *done = true;
    return true;
}

int ss_setting_parse_datestyle(ss_ctx *ctx, const char *current, const char *value, char *out, size_t outlen)
{
    /* current is a canonical "Style, ORDER" */
    char style[16] = "ISO", order[4] = "MDY";
    sscanf(current, "%15[^,], %3s", style, order);
    bool have_style = false, have_order = false, ok = true;
    const char *p = value;
    bool done = false;
    while (!done) {
        char tok[64];
        if (!next_identifier(&p, tok, sizeof tok, &done)) {
            invalid_value(ctx, "DateStyle", value);
            ss_ctx_error_detail(ctx, "List syntax is invalid.");
            return SS_ERROR;
        }
        const char *new_style = NULL, *new_order = NULL;
        if (strcasecmp(tok, "iso") == 0)
            new_style = "ISO";
        else if (strcasecmp(tok, "sql") == 0)
            new_style = "SQL";
        else if (strncasecmp(tok, "postgres", 8) == 0) /* PostgreSQL accepts "postgresql" too */
            new_style = "Postgres";
        else if (strcasecmp(tok, "german") == 0)
            new_style = "German";
        else if (strcasecmp(tok, "ymd") == 0)
            new_order = "YMD";
        else if (strcasecmp(tok, "dmy") == 0 || strncasecmp(tok, "euro", 4) == 0)
            new_order = "DMY";
        else if (strcasecmp(tok, "mdy") == 0 || strcasecmp(tok, "us") == 0 || strncasecmp(tok, "noneuro", 7) == 0)
            new_order = "MDY";
        else if (strcasecmp(tok, "default") == 0) {
            if (!have_style)
                snprintf(style, sizeof style, "ISO");
            if (!have_order)
                snprintf(order, sizeof order, "MDY");
            continue;
        } else {
            invalid_value(ctx, "DateStyle", value);
            ss_ctx_error_detail(ctx, "Unrecognized key word: \"%s\".", tok);
            return SS_ERROR;
        }
        if (new_style) {
            if (have_style && strcmp(style, new_style) != 0)
                ok = false;
            snprintf(style, sizeof style, "%s", new_style);
            have_style = true;
            if (strcmp(new_style, "German") == 0 && !have_order)
                snprintf(order, sizeof order, "DMY"); /* German implies DMY unless an order is given */
        } else {
            if (have_order && strcmp(order, new_order) != 0)
                ok = false;
            snprintf(order, sizeof order, "%s", new_order);
            have_order = true;
        }
        if (!ok)
            break;
    }
    if (!ok) {
        invalid_value(ctx, "DateStyle", value);
        ss_ctx_error_detail(ctx, "Conflicting \"datestyle\" specifications.");
        return SS_ERROR;
    }
    snprintf(out, outlen, "%s, %s", style, order);
    return SS_OK;
}

/* ---- search_path -------------------------------------------------------------------------- */

int ss_setting_parse_search_path(ss_ctx *ctx, const char *value)
{
    const char *p = value;
    bool done = false;
    while (*p || !done) {
        char tok[128];
        while (isspace((unsigned char)*p))
            p++;
        if (!*p && p == value)
            break; /* empty list */
        if (!next_identifier(&p, tok, sizeof tok, &done)) {
            invalid_value(ctx, "search_path", value);
            ss_ctx_error_detail(ctx, "List syntax is invalid.");
            return SS_ERROR;
        }
        if (done)
            break;
    }
    /* any schemas, existing or not: lookups skip the missing ones (catalog/namespace.c) */
    return SS_OK;
}

/* ---- TimeZone ------------------------------------------------------------------------------ */

/* PostgreSQL's check_timezone: INTERVAL '...' (from SET TIME ZONE INTERVAL, here with the
 * typmod the parser found), a number of hours (SQL sign: east positive), or a zone name / POSIX
 * specification (types/datetime/tz.c).  out gets the zone's name as SHOW prints it. */
int ss_setting_parse_timezone(ss_ctx *ctx, const char *value, char *out, size_t outlen)
{
    const dt_zone *z = NULL;
    if (strncasecmp(value, "interval", 8) == 0) {
        const char *q1 = strchr(value, '\''), *q2 = strrchr(value, '\'');
        if (!q1 || q2 == q1)
            return invalid_value(ctx, "TimeZone", value);
        int32_t typmod = -1;
        sscanf(q2 + 1, "%d", &typmod);
        dt_interval iv;
        if (dt_interval_in(ctx, q1 + 1, (size_t)(q2 - q1 - 1), typmod, &iv))
            return SS_ERROR;
        ss_strbuf sb;
        ss_strbuf_init(&sb);
        dt_interval_out(&iv, DT_ISTYLE_POSTGRES, &sb);
        char shown[160];
        snprintf(shown, sizeof shown, "INTERVAL '%s'", sb.data ? sb.data : "");
        ss_strbuf_free(&sb);
        if (iv.month != 0 || iv.day != 0) {
            invalid_value(ctx, "TimeZone", shown);
            ss_ctx_error_detail(ctx, iv.month != 0 ? "Cannot specify months in time zone interval."
                                                   : "Cannot specify days in time zone interval.");
            return SS_ERROR;
        }
        z = dt_tz_fixed((int)(iv.time / USECS_PER_SEC));
    } else {
        char *end;
        double hours = strtod(value, &end);
        if (end != value && *end == '\0') {
            if (!(hours > -168 && hours < 168)) {
                invalid_value(ctx, "TimeZone", value);
                ss_ctx_error_detail(ctx, "UTC timezone offset is out of range.");
                return SS_ERROR;
            }
            z = dt_tz_fixed((int)(hours * SECS_PER_HOUR));
        } else if ((z = dt_tz_load(value)) != NULL) {
            /* pg_tz_acceptable, for a zone name only: local time at 2000-01-01 00:00 UTC
               must have whole minutes */
            int gmtoff, isdst;
            const char *abbrev;
            dt_tz_local(z, 946684800, &gmtoff, &isdst, &abbrev);
            if (gmtoff % 60 != 0) {
                ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "time zone \"%s\" appears to use leap seconds",
                             value);
                ss_ctx_error_detail(ctx, "PostgreSQL does not support leap seconds.");
                return SS_ERROR;
            }
        }
    }
    if (!z)
        return invalid_value(ctx, "TimeZone", value);
    snprintf(out, outlen, "%s", dt_tz_name(z));
    return SS_OK;
}

/* ---- client_encoding ----------------------------------------------------------------------- */

/* PostgreSQL's encoding names and aliases, cleaned as clean_encoding_name does (lower case,
 * only letters and digits). */
static const char *const pg_encodings[] = {
    "abc", "alt", "big5", "euccn", "eucjis2004", "eucjp", "euckr", "euctw", "gb18030", "gbk",
    "iso88591", "iso885910", "iso885913", "iso885914", "iso885915", "iso885916", "iso88592",
    "iso88593", "iso88594", "iso88595", "iso88596", "iso88597", "iso88598", "iso88599", "johab",
    "koi8", "koi8r", "koi8u", "latin1", "latin10", "latin2", "latin3", "latin4", "latin5",
    "latin6", "latin7", "latin8", "latin9", "mskanji", "muleinternal", "shiftjis", "shiftjis2004",
    "sjis", "sqlascii", "tcvn", "tcvn5712", "uhc", "vscii", "win", "win1250", "win1251",
    "win1252", "win1253", "win1254", "win1255", "win1256", "win1257", "win1258", "win866",
    "win874", "win932", "win936", "win949", "win950", "windows1250", "windows1251",
    "windows1252", "windows1253", "windows1254", "windows1255", "windows1256", "windows1257",
    "windows1258", "windows866", "windows874", "windows932", "windows936", "windows949",
    "windows950", NULL};

bool ss_encoding_clean_name(const char *value, size_t len, char *clean, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)value[i];
        if (c < 0x80 && isalnum(c)) {
            if (k + 1 >= n)
                return false;
            clean[k++] = (char)tolower(c);
        }
    }
    clean[k] = '\0';
    return true;
}

bool ss_encoding_name_known(const char *clean)
{
    if (strcmp(clean, "utf8") == 0 || strcmp(clean, "unicode") == 0)
        return true;
    for (const char *const *e = pg_encodings; *e; e++)
        if (strcmp(clean, *e) == 0)
            return true;
    return false;
}

int ss_setting_parse_encoding(ss_ctx *ctx, const char *value, char *out, size_t outlen)
{
    char clean[64];
    if (!ss_encoding_clean_name(value, strlen(value), clean, sizeof clean) || !ss_encoding_name_known(clean))
        return invalid_value(ctx, "client_encoding", value);
    if (strcmp(clean, "utf8") == 0 || strcmp(clean, "unicode") == 0) {
        snprintf(out, outlen, "UTF8");
        return SS_OK;
    }
    return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                        "feature not supported: client_encoding \"%s\"; only UTF8 is supported", value);
}
