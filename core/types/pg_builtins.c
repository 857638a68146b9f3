/* pg_builtins.c — lookups in the generated table of PostgreSQL 15's built-in functions and
 * operators (pg_builtins_data.c). */
#include <string.h>

#include "types/functions.h"
#include "types/pg_builtins.h"
#include "types/multirange/multirange.h" /* mr_range_type */
#include "types/range/range.h"        /* rng_subtype */

/* Whether a value of Sunstone type t can be passed where PostgreSQL declares code c. */
static bool accepts(char c, ss_type t)
{
    if (c == '*')
        return true;
    if (t.id == SS_TYPE_UNKNOWN) /* PostgreSQL cannot infer an enum type from an untyped literal */
        return c != 'E';
    switch (t.id) {
    case SS_TYPE_INT2:
        return strchr("248nrfo", c) != NULL;
    case SS_TYPE_INT4:
        return strchr("48nrfo", c) != NULL;
    case SS_TYPE_INT8:
        return strchr("8nrfo", c) != NULL;
    case SS_TYPE_NUMERIC:
        return strchr("nrf", c) != NULL;
    case SS_TYPE_FLOAT4:
        return c == 'r' || c == 'f';
    case SS_TYPE_FLOAT8:
        return c == 'f';
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR:
        return c == 'S';
    case SS_TYPE_BOOL:
        return c == 'B';
    default: {
        if (ss_type_is_array(t.id))
            return c == 'A'; /* an array, or anyarray */
        char cat = ss_type_category(t.id); /* a catalog type: its typcategory */
        return cat != 'X' && c == cat;
    }
    }
}

/* Index of the first entry named name in a sorted table of n entries of size sz whose
 * first member is the name; n when there is none. */
static size_t first_named(const void *table, size_t n, size_t sz, const char *name)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *mid_name = *(const char *const *)((const char *)table + mid * sz);
        if (strcmp(mid_name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static char category(char code)
{
    return strchr("248nrfom", code) ? 'N' : code;
}

/* The code of argument i of a candidate (a variadic one repeats its last). */
static char code_at(const char *codes, uint32_t i)
{
    size_t n = strlen(codes);
    return n ? codes[i < n ? i : n - 1] : '\0';
}

/* PostgreSQL's choice among the candidates that accept the arguments (func_select_candidate),
 * reduced to what decides between existing and ambiguous: at each untyped argument the
 * string category wins if a candidate takes it, else all candidates must agree on one
 * category; of those left, the one taking the preferred type there is the answer. */
static int choose(const char **cand, uint32_t n, uint32_t nargs, const ss_type *args)
{
    if (n <= 1)
        return n ? SS_PG_EXISTS : SS_PG_MISSING;
    bool any_unknown = false;
    for (uint32_t i = 0; i < nargs; i++)
        any_unknown |= args[i].id == SS_TYPE_UNKNOWN;
    if (!any_unknown) /* typed arguments: PostgreSQL's exact/preferred rules find one */
        return SS_PG_EXISTS;
    for (uint32_t i = 0; i < nargs; i++) {
        if (args[i].id != SS_TYPE_UNKNOWN)
            continue;
        bool has_string = false, same = true;
        char first = 0;
        for (uint32_t k = 0; k < n; k++) {
            char c = category(code_at(cand[k], i));
            if (c == '*')
                continue;
            has_string |= c == 'S';
            if (!first)
                first = c;
            same &= c == first;
        }
        if (!has_string && !same)
            return SS_PG_AMBIGUOUS;
        uint32_t m = 0;
        for (uint32_t k = 0; k < n; k++) {
            char c = category(code_at(cand[k], i));
            if (c == '*' || !has_string || c == 'S')
                cand[m++] = cand[k];
        }
        n = m;
    }
    bool all_same = true;
    for (uint32_t k = 1; k < n; k++)
        all_same &= strcmp(cand[k], cand[0]) == 0;
    if (all_same)
        return SS_PG_EXISTS;
    /* else one candidate taking the category's preferred type (text, float8) everywhere the
       arguments are untyped */
    const char *preferred = NULL;
    for (uint32_t k = 0; k < n; k++) {
        bool pref = true;
        for (uint32_t i = 0; i < nargs; i++) {
            char c = code_at(cand[k], i);
            pref &= args[i].id != SS_TYPE_UNKNOWN || c == 'S' || c == 'f';
        }
        if (!pref)
            continue;
        if (preferred && strcmp(preferred, cand[k]) != 0)
            return SS_PG_AMBIGUOUS;
        preferred = cand[k];
    }
    return preferred ? SS_PG_EXISTS : SS_PG_AMBIGUOUS;
}

/* The code of a Sunstone type's own PostgreSQL type (0 when it has none). */
static char own_code(ss_type t)
{
    switch (t.id) {
    case SS_TYPE_INT2: return '2';
    case SS_TYPE_INT4: return '4';
    case SS_TYPE_INT8: return '8';
    case SS_TYPE_FLOAT8: return 'f';
    case SS_TYPE_NUMERIC: return 'n';
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR: return 'S';
    case SS_TYPE_BOOL: return 'B';
    default: return ss_type_category(t.id) != 'X' ? ss_type_category(t.id) : 0;
    }
}

#define MAX_CANDIDATES 64

/* The range type a range or multirange argument stands for (0 for any other type). */
static int32_t range_family(int32_t t)
{
    int32_t r = mr_range_type(t);
    return r ? r : rng_subtype(t) ? t : 0;
}

/* PostgreSQL's check_generic_type_consistency for a candidate with range codes ('R':
 * anyrange or anymultirange, '*' beside it: anyelement): the range and multirange arguments
 * share one range type and the
 * known element arguments are its subtype exactly.  Sunstone implements every built-in
 * range function and operator of its range types, so a call that failed to resolve while
 * breaking this rule does not exist in PostgreSQL either (42883, not 0A000). */
static bool range_consistent(const char *codes, uint32_t nargs, const ss_type *args)
{
    int32_t range = 0;
    bool has_range = false;
    for (uint32_t i = 0; i < nargs; i++) {
        if (code_at(codes, i) != 'R')
            continue;
        has_range = true;
        int32_t fam = range_family(args[i].id);
        if (!fam)
            continue;
        if (range && range != fam)
            return false;
        range = fam;
    }
    if (!has_range || !range)
        return true;
    for (uint32_t i = 0; i < nargs; i++)
        if (code_at(codes, i) == '*' && args[i].id != SS_TYPE_UNKNOWN && args[i].id != rng_subtype(range))
            return false;
    return true;
}

/* anyenum parameters of one signature take one enum type (color = mood has no operator). */
static bool enum_consistent(const char *codes, uint32_t nargs, const ss_type *args)
{
    int32_t e = 0;
    for (uint32_t i = 0; i < nargs; i++) {
        if (code_at(codes, i) != 'E' || args[i].id == SS_TYPE_UNKNOWN)
            continue;
        if (e && args[i].id != e)
            return false;
        e = args[i].id;
    }
    return true;
}

int ss_pg_function_lookup(const char *name, uint32_t nargs, const ss_type *args)
{
    const char *cand[MAX_CANDIDATES];
    uint32_t n = 0;
    for (size_t k = first_named(ss_pg_functions, ss_pg_nfunctions, sizeof ss_pg_functions[0], name);
         k < ss_pg_nfunctions && strcmp(ss_pg_functions[k].name, name) == 0 && n < MAX_CANDIDATES; k++) {
        const ss_pg_function *f = &ss_pg_functions[k];
        if (nargs < f->min_args || (f->max_args != 255 && nargs > f->max_args))
            continue;
        bool ok = true;
        for (uint32_t i = 0; ok && i < nargs; i++)
            ok = accepts(code_at(f->codes, i), args[i]);
        if (ok && range_consistent(f->codes, nargs, args) && enum_consistent(f->codes, nargs, args))
            cand[n++] = f->codes;
    }
    return choose(cand, n, nargs, args);
}

int ss_pg_operator_lookup(const char *name, const ss_type *left, ss_type right)
{
    char buf[MAX_CANDIDATES][3];
    const char *cand[MAX_CANDIDATES];
    uint32_t n = 0;
    for (size_t k = first_named(ss_pg_operators, ss_pg_noperators, sizeof ss_pg_operators[0], name);
         k < ss_pg_noperators && strcmp(ss_pg_operators[k].name, name) == 0 && n < MAX_CANDIDATES; k++) {
        const ss_pg_operator *o = &ss_pg_operators[k];
        if ((left == NULL) != (o->left[0] == '\0'))
            continue;
        if ((!left || accepts(o->left[0], *left)) && accepts(o->right[0], right)) {
            buf[n][0] = left ? o->left[0] : o->right[0];
            buf[n][1] = left ? o->right[0] : '\0';
            buf[n][2] = '\0';
            ss_type both[2] = {left ? *left : right, right};
            if (!range_consistent(buf[n], left ? 2 : 1, both) || !enum_consistent(buf[n], left ? 2 : 1, both))
                continue;
            cand[n] = buf[n];
            n++;
        }
    }
    ss_type args[2] = {left ? *left : right, right};
    /* one untyped operand is taken to be of the other's type when that matches exactly */
    if (left && (left->id == SS_TYPE_UNKNOWN) != (right.id == SS_TYPE_UNKNOWN)) {
        char own = own_code(left->id == SS_TYPE_UNKNOWN ? right : *left);
        for (uint32_t k = 0; own && k < n; k++)
            if (cand[k][0] == own && cand[k][1] == own)
                return SS_PG_EXISTS;
    }
    return choose(cand, n, left ? 2 : 1, args);
}

bool ss_pg_type_exists(const char *name)
{
    size_t k = first_named(ss_pg_types, ss_pg_ntypes, sizeof ss_pg_types[0], name);
    return k < ss_pg_ntypes && strcmp(ss_pg_types[k].name, name) == 0;
}

bool ss_pg_type_cast_exists(const char *name, ss_type arg)
{
    size_t k = first_named(ss_pg_types, ss_pg_ntypes, sizeof ss_pg_types[0], name);
    if (k == ss_pg_ntypes || strcmp(ss_pg_types[k].name, name) != 0)
        return false;
    return ss_type_is_text(arg.id) || ss_pg_types[k].category == 'S';
}

bool ss_pg_function_has_numeric(const char *name, uint32_t nargs, uint32_t i)
{
    for (size_t k = 0; k < ss_pg_nfunctions; k++) {
        const ss_pg_function *f = &ss_pg_functions[k];
        if (strcmp(f->name, name) == 0 && nargs >= f->min_args && nargs <= f->max_args && code_at(f->codes, i) == 'n')
            return true;
    }
    return false;
}
