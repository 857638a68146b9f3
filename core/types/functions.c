/* functions.c — the table of built-in scalar functions and overload resolution following
 * PostgreSQL's func_select_candidate rules. */
#include "types/functions.h"

#include <string.h>
#include <strings.h>

#include "exec/expr.h"
#include "types/cast.h"
#include "types/bytea/bytea.h" /* ss_fn_bytea_bit_length */
#include "deparse/deparse.h"
#include "types/func_impl.h"
#include "types/range/range.h" /* rng_subtype */
#include "types/type_def.h"

#define B SS_TYPE_BOOL
#define I2 SS_TYPE_INT2
#define I4 SS_TYPE_INT4
#define I8 SS_TYPE_INT8
#define F8 SS_TYPE_FLOAT8
#define TX SS_TYPE_TEXT
#define NM SS_TYPE_NUMERIC

#define FN(NAME, EVAL, RES, ...)                                                           \
    {NAME, sizeof((int32_t[]){__VA_ARGS__}) / sizeof(int32_t), false, true, {__VA_ARGS__}, RES, EVAL, false}

static const ss_func_def builtin[] = {
    FN("abs", ss_fn_abs, I2, I2),
    FN("abs", ss_fn_abs, I4, I4),
    FN("abs", ss_fn_abs, I8, I8),
    FN("abs", ss_fn_abs, F8, F8),
    FN("mod", ss_fn_mod, I2, I2, I2),
    FN("mod", ss_fn_mod, I4, I4, I4),
    FN("mod", ss_fn_mod, I8, I8, I8),
    FN("round", ss_fn_round, F8, F8),
    FN("trunc", ss_fn_trunc, F8, F8),
    FN("floor", ss_fn_floor, F8, F8),
    FN("ceil", ss_fn_ceil, F8, F8),
    FN("ceiling", ss_fn_ceil, F8, F8),
    FN("sign", ss_fn_sign, F8, F8),
    FN("sqrt", ss_fn_sqrt, F8, F8),
    FN("abs", ss_fn_num_abs, NM, NM),
    FN("sign", ss_fn_num_sign, NM, NM),
    FN("round", ss_fn_num_round, NM, NM),
    FN("round", ss_fn_num_round, NM, NM, I4),
    FN("trunc", ss_fn_num_trunc, NM, NM),
    FN("trunc", ss_fn_num_trunc, NM, NM, I4),
    FN("ceil", ss_fn_num_ceil, NM, NM),
    FN("ceiling", ss_fn_num_ceil, NM, NM),
    FN("floor", ss_fn_num_floor, NM, NM),
    FN("mod", ss_fn_num_mod, NM, NM, NM),
    FN("div", ss_fn_num_div, NM, NM, NM),
    FN("scale", ss_fn_num_scale, I4, NM),
    FN("min_scale", ss_fn_num_min_scale, I4, NM),
    FN("trim_scale", ss_fn_num_trim_scale, NM, NM),
    FN("numeric_inc", ss_fn_num_inc, NM, NM),
    FN("power", ss_fn_power, F8, F8, F8),
    FN("pow", ss_fn_power, F8, F8, F8),
    FN("length", ss_fn_char_length, I4, TX),
    FN("char_length", ss_fn_char_length, I4, TX),
    FN("character_length", ss_fn_char_length, I4, TX),
    FN("octet_length", ss_fn_octet_length, I4, TX),
    FN("bit_length", ss_fn_bytea_bit_length, I4, TX), /* the bytes times 8, as bytea's */
    FN("lower", ss_fn_lower, TX, TX),
    FN("upper", ss_fn_upper, TX, TX),
    FN("substr", ss_fn_substr, TX, TX, I4),
    FN("substr", ss_fn_substr, TX, TX, I4, I4),
    FN("substring", ss_fn_substr, TX, TX, I4),
    FN("substring", ss_fn_substr, TX, TX, I4, I4),
    FN("left", ss_fn_left, TX, TX, I4),
    FN("right", ss_fn_right, TX, TX, I4),
    FN("strpos", ss_fn_strpos, I4, TX, TX),
    FN("position", ss_fn_strpos, I4, TX, TX),
    FN("replace", ss_fn_replace, TX, TX, TX, TX),
    FN("repeat", ss_fn_repeat, TX, TX, I4),
    FN("reverse", ss_fn_reverse, TX, TX),
    FN("btrim", ss_fn_btrim, TX, TX),
    FN("btrim", ss_fn_btrim, TX, TX, TX),
    FN("ltrim", ss_fn_ltrim, TX, TX),
    FN("ltrim", ss_fn_ltrim, TX, TX, TX),
    FN("rtrim", ss_fn_rtrim, TX, TX),
    FN("rtrim", ss_fn_rtrim, TX, TX, TX),
    FN("like", ss_fn_like, B, TX, TX),
    FN("textlike", ss_fn_like, B, TX, TX),
    FN("ilike", ss_fn_ilike, B, TX, TX),
    FN("texticlike", ss_fn_ilike, B, TX, TX),
    FN("like_escape", ss_fn_like_escape, TX, TX, TX),
    /* math (func_trig.c, func_float.c): the float8 -> float8 ones, then the others */
#define F8_UNARY(NAME) FN(#NAME, ss_fn_##NAME, F8, F8),
    SS_F8_UNARY_FUNCTIONS(F8_UNARY)
#undef F8_UNARY
    FN("atan2", ss_fn_atan2, F8, F8, F8),
    FN("atan2d", ss_fn_atan2d, F8, F8, F8),
    {"pi", 0, false, true, {0}, F8, ss_fn_pi, false},
    FN("log", ss_fn_log10, F8, F8),
    FN("log10", ss_fn_log10, F8, F8),
    FN("width_bucket", ss_fn_width_bucket, I4, F8, F8, F8, I4),
    {"random", 0, false, true, {0}, F8, ss_fn_random, true},
    {"setseed", 1, false, true, {F8}, TX, ss_fn_setseed, true},
    /* sequences (func_sequence.c): a side effect or session state, never folded */
    {"nextval", 1, false, true, {TX}, I8, ss_fn_nextval, true},
    {"currval", 1, false, true, {TX}, I8, ss_fn_currval, true},
    {"setval", 2, false, true, {TX, I8}, I8, ss_fn_setval, true},
    {"setval", 3, false, true, {TX, I8, B}, I8, ss_fn_setval, true},
    /* (oid8) the same over regclass, as PostgreSQL's */
    {"nextval", 1, false, true, {SS_TYPE_REGCLASS}, I8, ss_fn_nextval, true},
    {"currval", 1, false, true, {SS_TYPE_REGCLASS}, I8, ss_fn_currval, true},
    {"setval", 2, false, true, {SS_TYPE_REGCLASS, I8}, I8, ss_fn_setval, true},
    {"setval", 3, false, true, {SS_TYPE_REGCLASS, I8, B}, I8, ss_fn_setval, true},
    {"lastval", 0, false, true, {0}, I8, ss_fn_lastval, true},
    /* the transaction's id (func_txid.c): assigns one, never folded */
    {"txid_current", 0, false, true, {0}, I8, ss_fn_txid_current, true},
    /* a view's query printed back (deparse/func_viewdef.c): catalog state, never folded */
    {"pg_get_viewdef", 1, false, true, {TX}, TX, ss_fn_pg_get_viewdef, true},
    {"pg_get_viewdef", 2, false, true, {TX, B}, TX, ss_fn_pg_get_viewdef, true},
    /* settings (func_settings.c): session state, never folded */
    {"current_setting", 1, false, true, {TX}, TX, ss_fn_current_setting, true},
    {"current_setting", 2, false, true, {TX, B}, TX, ss_fn_current_setting, true},
    {"set_config", 3, false, false, {TX, TX, B}, TX, ss_fn_set_config, true},
    /* the search path (func_schema.c): session state, never folded */
    {"current_schema", 0, false, true, {0}, SS_TYPE_NAME, ss_fn_current_schema, true},
    {"current_schemas", 1, false, true, {B}, SS_TYPE_NAME_ARRAY, ss_fn_current_schemas, true},
    /* the server's name (func_system.c) */
    {"version", 0, false, true, {0}, TX, ss_fn_version, false},
    {"current_database", 0, false, true, {0}, SS_TYPE_NAME, ss_fn_current_database, false},
    /* CURRENT_USER, SESSION_USER, USER, CURRENT_ROLE (the parser's names for them) */
    {"current_user", 0, false, true, {0}, SS_TYPE_NAME, ss_fn_current_user, false},
    {"session_user", 0, false, true, {0}, SS_TYPE_NAME, ss_fn_current_user, false},
    {"user", 0, false, true, {0}, SS_TYPE_NAME, ss_fn_current_user, false},
    {"current_role", 0, false, true, {0}, SS_TYPE_NAME, ss_fn_current_user, false},
    {"current_catalog", 0, false, true, {0}, SS_TYPE_NAME, ss_fn_current_database, false},
    {"getdatabaseencoding", 0, false, true, {0}, SS_TYPE_NAME, ss_fn_encoding_utf8, false},
    {"pg_client_encoding", 0, false, true, {0}, SS_TYPE_NAME, ss_fn_encoding_utf8, false},
#define INT_PAIR(NAME) FN(#NAME, ss_fn_##NAME, I4, I4, I4), FN(#NAME, ss_fn_##NAME, I8, I8, I8),
    INT_PAIR(gcd) INT_PAIR(lcm)
#undef INT_PAIR
    /* numeric (numeric/numeric_transcendental.c, numeric/numeric_intfunc.c) */
#define NM1(NAME, EVAL) FN(NAME, ss_fn_##EVAL, NM, NM),
#define NM2(NAME, EVAL) FN(NAME, ss_fn_##EVAL, NM, NM, NM),
    NM1("sqrt", num_sqrt) NM1("exp", num_exp) NM1("ln", num_ln) NM1("log", num_log10) NM1("log10", num_log10)
    NM2("log", num_log) NM2("power", num_power) NM2("pow", num_power) NM2("gcd", num_gcd) NM2("lcm", num_lcm)
#undef NM1
#undef NM2
    FN("factorial", ss_fn_factorial, NM, I8),
    FN("width_bucket", ss_fn_num_width_bucket, I4, NM, NM, NM, I4),
    /* strings (func_text.c, func_quote.c, func_case.c), two or three to a line */
    FN("initcap", ss_fn_initcap, TX, TX), FN("translate", ss_fn_translate, TX, TX, TX, TX),
    FN("to_char", ss_fn_to_char_num, TX, I4, TX), FN("to_char", ss_fn_to_char_num, TX, I8, TX),
    FN("to_char", ss_fn_to_char_num, TX, SS_TYPE_FLOAT4, TX), FN("to_char", ss_fn_to_char_num, TX, F8, TX),
    FN("to_char", ss_fn_to_char_num, TX, NM, TX),
    FN("to_number", ss_fn_to_number, NM, TX, TX),
    FN("sinh", ss_fn_sinh, F8, F8), FN("cosh", ss_fn_cosh, F8, F8), FN("tanh", ss_fn_tanh, F8, F8),
    FN("asinh", ss_fn_asinh, F8, F8), FN("acosh", ss_fn_acosh, F8, F8), FN("atanh", ss_fn_atanh, F8, F8),
    /* VARIADIC "any", non-strict: NULL arguments are counted */
    {"num_nulls", 1, true, false, {0}, I4, ss_fn_num_nulls, false},
    {"pg_column_size", 1, false, false, {SS_FUNC_ANY}, I4, ss_fn_column_size, false},
    {"num_nonnulls", 1, true, false, {0}, I4, ss_fn_num_nonnulls, false},
    FN("chr", ss_fn_chr, TX, I4), FN("ascii", ss_fn_ascii, I4, TX), FN("starts_with", ss_fn_starts_with, B, TX, TX),
    FN("lpad", ss_fn_lpad, TX, TX, I4), FN("lpad", ss_fn_lpad, TX, TX, I4, TX), FN("rpad", ss_fn_rpad, TX, TX, I4),
    FN("rpad", ss_fn_rpad, TX, TX, I4, TX), FN("split_part", ss_fn_split_part, TX, TX, TX, I4),
    FN("to_hex", ss_fn_to_hex, TX, I4), FN("to_hex", ss_fn_to_hex, TX, I8), FN("md5", ss_fn_md5, TX, TX),
    FN("to_ascii", ss_fn_to_ascii, TX, TX),
    FN("overlay", ss_fn_overlay, TX, TX, TX, I4), FN("overlay", ss_fn_overlay, TX, TX, TX, I4, I4),
    FN("quote_ident", ss_fn_quote_ident, TX, TX),
    FN("textcat", ss_fn_concat, TX, TX, TX), FN("unistr", ss_fn_unistr, TX, TX),
    FN("normalize", ss_fn_normalize, TX, TX), FN("normalize", ss_fn_normalize, TX, TX, TX),
    FN("is_normalized", ss_fn_is_normalized, B, TX), FN("is_normalized", ss_fn_is_normalized, B, TX, TX),
    FN("parse_ident", ss_fn_parse_ident, SS_TYPE_TEXT_ARRAY, TX), FN("parse_ident", ss_fn_parse_ident, SS_TYPE_TEXT_ARRAY, TX, B),
    FN("pg_size_pretty", ss_fn_pg_size_pretty, TX, I8), FN("pg_size_pretty", ss_fn_pg_size_pretty, TX, NM),
    FN("pg_size_bytes", ss_fn_pg_size_bytes, I8, TX),
    /* quote_literal (strict) and quote_nullable (not) of text and the built-in scalar types */
#define QUOTE(T) FN("quote_literal", ss_fn_quote_literal, TX, T), {"quote_nullable", 1, false, false, {T}, TX, ss_fn_quote_literal, false},
    QUOTE(TX) QUOTE(I2) QUOTE(I4) QUOTE(I8) QUOTE(F8) QUOTE(NM) QUOTE(B)
#undef QUOTE
    /* regular expressions (func_regex.c); ~ and ~* are textregexeq and texticregexeq, on
       character(n) the padded value (PostgreSQL's bpcharregexeq) */
    FN("textregexeq", ss_fn_regex_eq, B, TX, TX), FN("texticregexeq", ss_fn_regex_ieq, B, TX, TX),
    FN("textregexeq", ss_fn_regex_eq, B, SS_TYPE_BPCHAR, TX), FN("texticregexeq", ss_fn_regex_ieq, B, SS_TYPE_BPCHAR, TX),
    FN("regexp_like", ss_fn_regexp_like, B, TX, TX), FN("regexp_like", ss_fn_regexp_like, B, TX, TX, TX),
    FN("regexp_count", ss_fn_regexp_count, I4, TX, TX), FN("regexp_count", ss_fn_regexp_count, I4, TX, TX, I4),
    FN("regexp_count", ss_fn_regexp_count, I4, TX, TX, I4, TX),
    FN("regexp_instr", ss_fn_regexp_instr, I4, TX, TX), FN("regexp_instr", ss_fn_regexp_instr, I4, TX, TX, I4),
    FN("regexp_instr", ss_fn_regexp_instr, I4, TX, TX, I4, I4),
    FN("regexp_instr", ss_fn_regexp_instr, I4, TX, TX, I4, I4, I4),
    FN("regexp_instr", ss_fn_regexp_instr, I4, TX, TX, I4, I4, I4, TX),
    FN("regexp_instr", ss_fn_regexp_instr, I4, TX, TX, I4, I4, I4, TX, I4),
    FN("regexp_substr", ss_fn_regexp_substr_nth, TX, TX, TX), FN("regexp_substr", ss_fn_regexp_substr_nth, TX, TX, TX, I4),
    FN("regexp_substr", ss_fn_regexp_substr_nth, TX, TX, TX, I4, I4),
    FN("regexp_substr", ss_fn_regexp_substr_nth, TX, TX, TX, I4, I4, TX),
    FN("regexp_substr", ss_fn_regexp_substr_nth, TX, TX, TX, I4, I4, TX, I4),
    FN("regexp_replace", ss_fn_regexp_replace, TX, TX, TX, TX), FN("regexp_replace", ss_fn_regexp_replace, TX, TX, TX, TX, TX),
    FN("regexp_replace", ss_fn_regexp_replace_start, TX, TX, TX, TX, I4),
    FN("regexp_replace", ss_fn_regexp_replace_start, TX, TX, TX, TX, I4, I4),
    FN("regexp_replace", ss_fn_regexp_replace_start, TX, TX, TX, TX, I4, I4, TX),
    FN("substring", ss_fn_regexp_substr, TX, TX, TX), FN("substring", ss_fn_similar_substring, TX, TX, TX, TX),
    FN("regexp_match", ss_fn_regexp_match, SS_TYPE_TEXT_ARRAY, TX, TX),
    FN("regexp_match", ss_fn_regexp_match, SS_TYPE_TEXT_ARRAY, TX, TX, TX),
    FN("regexp_split_to_array", ss_fn_regexp_split_to_array, SS_TYPE_TEXT_ARRAY, TX, TX),
    FN("regexp_split_to_array", ss_fn_regexp_split_to_array, SS_TYPE_TEXT_ARRAY, TX, TX, TX),
    FN("similar_to_escape", ss_fn_similar_to_escape, TX, TX), FN("similar_to_escape", ss_fn_similar_to_escape, TX, TX, TX),
    /* format(fmt, VARIADIC "any"), concat_ws(sep, VARIADIC "any"): non-strict */
    {"format", 1, true, false, {TX}, TX, ss_fn_format, false},
    {"concat_ws", 1, true, false, {TX}, TX, ss_fn_concat_ws, false},
    /* concat(VARIADIC "any"): non-strict, NULL arguments are skipped */
    {"concat", 1, true, false, {0}, TX, ss_fn_concat, false},
};

#define NBUILTIN (sizeof builtin / sizeof builtin[0])

/* The operators of the built-in types, as candidates for ss_oper_resolve beside the catalog
 * types' operators (an operand of a catalog type may resolve to one of these, e.g. real +
 * double precision after the implicit cast).  eval is NULL: the binder builds EXPR_OP. */
#define OPS_ARITH(NAME)                                                                        {NAME, 2, false, true, {I2, I2}, I2, NULL, false}, {NAME, 2, false, true, {I4, I4}, I4, NULL, false},      {NAME, 2, false, true, {I8, I8}, I8, NULL, false}, {NAME, 2, false, true, {F8, F8}, F8, NULL, false},      {NAME, 2, false, true, {NM, NM}, NM, NULL, false}
#define OPS_CMP(NAME)                                                                          {NAME, 2, false, true, {I2, I2}, B, NULL, false}, {NAME, 2, false, true, {I4, I4}, B, NULL, false},        {NAME, 2, false, true, {I8, I8}, B, NULL, false}, {NAME, 2, false, true, {F8, F8}, B, NULL, false},        {NAME, 2, false, true, {NM, NM}, B, NULL, false}, {NAME, 2, false, true, {TX, TX}, B, NULL, false},        {NAME, 2, false, true, {B, B}, B, NULL, false}
static const ss_func_def builtin_ops[] = {
    OPS_ARITH("+"), OPS_ARITH("-"), OPS_ARITH("*"), OPS_ARITH("/"),
    OPS_CMP("="),   OPS_CMP("<>"),  OPS_CMP("<"),   OPS_CMP("<="), OPS_CMP(">"), OPS_CMP(">="),
    {"-", 1, false, true, {I2}, I2, NULL, false}, {"-", 1, false, true, {I4}, I4, NULL, false},
    {"-", 1, false, true, {I8}, I8, NULL, false}, {"-", 1, false, true, {F8}, F8, NULL, false},
    {"-", 1, false, true, {NM}, NM, NULL, false},
    {"||", 2, false, true, {TX, TX}, TX, NULL, false}, /* textcat: character operands reach it by their cast */
    /* integer bitwise operators (func_bitwise.c): function calls */
#define OPS_BITS(NAME, EVAL) FN(NAME, EVAL, I2, I2, I2), FN(NAME, EVAL, I4, I4, I4), FN(NAME, EVAL, I8, I8, I8)
#define OPS_SHIFT(NAME, EVAL) FN(NAME, EVAL, I2, I2, I4), FN(NAME, EVAL, I4, I4, I4), FN(NAME, EVAL, I8, I8, I4)
    OPS_BITS("&", ss_fn_int_and), OPS_BITS("|", ss_fn_int_or), OPS_BITS("#", ss_fn_int_xor),
    OPS_SHIFT("<<", ss_fn_int_shl), OPS_SHIFT(">>", ss_fn_int_shr),
    FN("~", ss_fn_int_not, I2, I2), FN("~", ss_fn_int_not, I4, I4), FN("~", ss_fn_int_not, I8, I8),
#undef OPS_BITS
#undef OPS_SHIFT
};

#define NBUILTIN_OPS (sizeof builtin_ops / sizeof builtin_ops[0])
/* At most this many same-named definitions take part in one resolution. */
#define MAX_CANDIDATES 256

/* PostgreSQL type categories and preferred types. */
static char category(int32_t id)
{
    switch (id) {
    case SS_TYPE_BOOL: return 'B';
    case SS_TYPE_INT2:
    case SS_TYPE_INT4:
    case SS_TYPE_INT8:
    case SS_TYPE_NUMERIC:
    case SS_TYPE_FLOAT8: return 'N';
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR: return 'S';
    default: {
        const ss_type_def *d = ss_type_def_get(id); /* a catalog type's typcategory */
        return d ? d->category : 'X';
    }
    }
}

static bool preferred(int32_t id)
{
    if (id == SS_TYPE_BOOL || id == SS_TYPE_FLOAT8 || id == SS_TYPE_TEXT)
        return true;
    const ss_type_def *d = ss_type_def_get(id);
    return d && d->preferred;
}

char ss_type_category(int32_t id)
{
    return category(id);
}

bool ss_type_preferred(int32_t id)
{
    return preferred(id);
}

static ss_type plain(int32_t id)
{
    return (ss_type){id, -1};
}

/* Parameter type of def at position i for an argument of type arg. */
static ss_type param_type(const ss_func_def *def, uint32_t i, ss_type arg)
{
    if (def->variadic_any) {
        if (i < def->nargs && i < SS_FUNC_MAX_ARGS && def->args[i])
            return plain(def->args[i]); /* a leading parameter of its own type */
        return arg.id == SS_TYPE_UNKNOWN ? plain(SS_TYPE_TEXT) : arg;
    }
    if (def->args[i] == SS_FUNC_ANY)
        return plain(arg.id);
    return plain(def->args[i]);
}

bool ss_func_name_exists(const char *name)
{
    for (size_t k = 0; k < NBUILTIN; k++)
        if (strcasecmp(builtin[k].name, name) == 0)
            return true;
    uint32_t nd;
    const ss_type_def *const *defs = ss_type_defs(&nd);
    for (uint32_t t = 0; t < nd; t++)
        for (const ss_func_def *f = defs[t]->functions; f && f->name; f++)
            if (strcasecmp(f->name, name) == 0)
                return true;
    /* the functions every enum type has (types/enum/enum_type.c) */
    return strcasecmp(name, "enum_first") == 0 || strcasecmp(name, "enum_last") == 0 ||
           strcasecmp(name, "enum_range") == 0;
}

typedef struct candidate {
    const ss_func_def *def;
    bool alive;
} candidate;

/* Keeps the candidates with the highest score (all of them when every score is equal);
 * returns how many are left. */
static uint32_t keep_best(candidate *c, uint32_t nc, const int *score)
{
    int best = -1;
    for (uint32_t k = 0; k < nc; k++)
        if (c[k].alive && score[k] > best)
            best = score[k];
    uint32_t left = 0;
    for (uint32_t k = 0; k < nc; k++) {
        if (c[k].alive && score[k] < best)
            c[k].alive = false;
        left += c[k].alive;
    }
    return left;
}

static const ss_func_def *only_alive(const candidate *c, uint32_t nc)
{
    for (uint32_t k = 0; k < nc; k++)
        if (c[k].alive)
            return c[k].def;
    return NULL;
}

/* Resolves unknown-typed arguments by category (PostgreSQL's step 4.e); when a category
 * cannot be deduced the candidates are left as they were. */
static uint32_t resolve_unknowns(candidate *c, uint32_t nc, uint32_t nargs, const ss_type *argtypes)
{
    bool saved[MAX_CANDIDATES];
    for (uint32_t k = 0; k < nc; k++)
        saved[k] = c[k].alive;
    uint32_t before = 0;
    for (uint32_t k = 0; k < nc; k++)
        before += c[k].alive;
    uint32_t left = before;
    for (uint32_t i = 0; i < nargs && left > 1; i++) {
        if (argtypes[i].id != SS_TYPE_UNKNOWN)
            continue;
        char cat = 0;
        bool conflict = false, have_string = false, have_preferred = false;
        for (uint32_t k = 0; k < nc; k++) {
            if (!c[k].alive)
                continue;
            int32_t p = param_type(c[k].def, i, argtypes[i]).id;
            char pc = category(p);
            have_string |= pc == 'S';
            if (cat && pc != cat)
                conflict = true;
            cat = pc;
        }
        if (have_string)
            cat = 'S';
        else if (conflict) {
            for (uint32_t k = 0; k < nc; k++)
                c[k].alive = saved[k];
            return before;
        }
        for (uint32_t k = 0; k < nc; k++) {
            if (!c[k].alive)
                continue;
            int32_t p = param_type(c[k].def, i, argtypes[i]).id;
            if (category(p) != cat)
                c[k].alive = false;
            else
                have_preferred |= preferred(p);
        }
        left = 0;
        for (uint32_t k = 0; k < nc; k++) {
            if (c[k].alive && have_preferred && !preferred(param_type(c[k].def, i, argtypes[i]).id))
                c[k].alive = false;
            left += c[k].alive;
        }
    }
    return left;
}

/* PostgreSQL's step 4.f: with unknown and known arguments where all known ones share one
 * type, assume the unknowns have that type too. */
static const ss_func_def *unknowns_as_known(candidate *c, uint32_t nc, uint32_t nargs,
                                            const ss_type *argtypes)
{
    int32_t known = SS_TYPE_INVALID;
    bool has_unknown = false;
    for (uint32_t i = 0; i < nargs; i++) {
        if (argtypes[i].id == SS_TYPE_UNKNOWN) {
            has_unknown = true;
        } else if (known == SS_TYPE_INVALID) {
            known = argtypes[i].id;
        } else if (known != argtypes[i].id) {
            return NULL;
        }
    }
    if (!has_unknown || known == SS_TYPE_INVALID)
        return NULL;
    const ss_func_def *found = NULL;
    for (uint32_t k = 0; k < nc; k++) {
        if (!c[k].alive)
            continue;
        bool ok = true;
        for (uint32_t i = 0; i < nargs && ok; i++) {
            if (argtypes[i].id != SS_TYPE_UNKNOWN)
                continue;
            ok = ss_cast_exists(plain(known), param_type(c[k].def, i, plain(known)), CAST_IMPLICIT);
        }
        if (ok) {
            if (found)
                return NULL;
            found = c[k].def;
        }
    }
    return found;
}

/* Whether def stands for one of PostgreSQL's polymorphic range functions or operators
 * (anyrange, anyelement: a parameter of a range type): their arguments are never cast
 * implicitly (int8range @> integer does not exist), only unknown literals take the type. */
static bool polymorphic_range(const ss_func_def *def)
{
    for (uint32_t i = 0; i < def->nargs && i < SS_FUNC_MAX_ARGS; i++)
        if (rng_subtype(def->args[i]))
            return true;
    return false;
}

/* func_select_candidate over the definitions defs[0..ndefs) (already of the right name). */
static int select_candidate(const ss_func_def *const *defs, uint32_t ndefs, uint32_t nargs,
                            const ss_type *argtypes, const ss_func_def **def, ss_type *param_types,
                            ss_type *result)
{
    candidate c[MAX_CANDIDATES];
    int score[MAX_CANDIDATES];
    uint32_t nc = 0;
    const ss_func_def *chosen = NULL;
    for (size_t k = 0; k < ndefs && !chosen; k++) {
        const ss_func_def *d = defs[k];
        if (d->variadic_any ? nargs < d->nargs : nargs != d->nargs)
            continue;
        bool exact = true, reachable = true, casts = !polymorphic_range(d);
        for (uint32_t i = 0; i < nargs && reachable; i++) {
            ss_type p = param_type(d, i, argtypes[i]);
            exact &= argtypes[i].id == p.id;
            reachable = argtypes[i].id == p.id || ((casts || argtypes[i].id == SS_TYPE_UNKNOWN) &&
                                                   ss_cast_exists(argtypes[i], p, CAST_IMPLICIT));
        }
        if (!reachable)
            continue;
        if (exact)
            chosen = d;
        c[nc++] = (candidate){d, true};
    }
    if (!chosen && nc == 1)
        chosen = c[0].def;
    if (!chosen && nc > 1) {
        /* most exact matches */
        for (uint32_t k = 0; k < nc; k++) {
            score[k] = 0;
            for (uint32_t i = 0; i < nargs; i++)
                score[k] += argtypes[i].id == param_type(c[k].def, i, argtypes[i]).id;
        }
        uint32_t left = keep_best(c, nc, score);
        /* most preferred types where a conversion is needed */
        if (left > 1) {
            for (uint32_t k = 0; k < nc; k++) {
                score[k] = 0;
                for (uint32_t i = 0; i < nargs; i++) {
                    int32_t p = param_type(c[k].def, i, argtypes[i]).id;
                    /* PostgreSQL counts only known inputs, and a preferred type of
                       the input's own category (no cross-category preference) */
                    score[k] += argtypes[i].id != SS_TYPE_UNKNOWN && argtypes[i].id != p && preferred(p) &&
                                category(p) == category(argtypes[i].id);
                }
            }
            left = keep_best(c, nc, score);
        }
        if (left > 1)
            left = resolve_unknowns(c, nc, nargs, argtypes);
        if (left == 1)
            chosen = only_alive(c, nc);
        else if (left > 1)
            chosen = unknowns_as_known(c, nc, nargs, argtypes);
    }
    if (!chosen)
        return nc > 1 ? SS_FUNC_AMBIGUOUS : SS_ERROR;
    for (uint32_t i = 0; i < nargs; i++)
        param_types[i] = param_type(chosen, i, argtypes[i]);
    *def = chosen;
    *result = plain(chosen->result);
    return SS_OK;
}

bool ss_func_has_arg_type(const char *name, uint32_t nargs, uint32_t i, int32_t type)
{
    for (size_t k = 0; k < NBUILTIN; k++)
        if (strcasecmp(builtin[k].name, name) == 0 && !builtin[k].variadic_any && builtin[k].nargs == nargs &&
            i < nargs && builtin[k].args[i] == type)
            return true;
    return false;
}

/* Adds d to defs when it is named name (and room is left). */
static void add_named(const ss_func_def **defs, uint32_t *n, const ss_func_def *d, const char *name)
{
    if (*n < MAX_CANDIDATES && strcasecmp(d->name, name) == 0)
        defs[(*n)++] = d;
}

/* The functions (operators) of the user-defined enum types among argtypes (types/enum/):
   PostgreSQL's anyenum candidates, each enum's own. */
static void add_enum_candidates(const ss_func_def **defs, uint32_t *n, uint32_t nargs, const ss_type *argtypes,
                                const char *name, bool operators)
{
    for (uint32_t i = 0; i < nargs; i++) {
        if (!ss_type_is_enum(argtypes[i].id))
            continue;
        bool seen = false;
        for (uint32_t j = 0; j < i && !seen; j++)
            seen = argtypes[j].id == argtypes[i].id;
        const ss_type_def *d = seen ? NULL : ss_type_def_get(argtypes[i].id);
        for (const ss_func_def *f = d ? (operators ? d->operators : d->functions) : NULL; f && f->name; f++)
            add_named(defs, n, f, name);
    }
}

int ss_func_resolve(const char *name, uint32_t nargs, const ss_type *argtypes,
                    const ss_func_def **def, ss_type *param_types, ss_type *result)
{
    const ss_func_def *defs[MAX_CANDIDATES];
    uint32_t n = 0, nd;
    for (size_t k = 0; k < NBUILTIN; k++)
        add_named(defs, &n, &builtin[k], name);
    const ss_type_def *const *types = ss_type_defs(&nd);
    for (uint32_t t = 0; t < nd; t++)
        for (const ss_func_def *f = types[t]->functions; f && f->name; f++)
            add_named(defs, &n, f, name);
    add_enum_candidates(defs, &n, nargs, argtypes, name, false);
    return select_candidate(defs, n, nargs, argtypes, def, param_types, result);
}

int ss_oper_resolve(const char *name, uint32_t nargs, const ss_type *argtypes,
                    const ss_func_def **def, ss_type *param_types, ss_type *result)
{
    const ss_func_def *defs[MAX_CANDIDATES];
    uint32_t n = 0, nd;
    const ss_type_def *const *types = ss_type_defs(&nd);
    for (uint32_t t = 0; t < nd; t++)
        for (const ss_func_def *f = types[t]->operators; f && f->name; f++)
            add_named(defs, &n, f, name);
    for (size_t k = 0; k < NBUILTIN_OPS; k++)
        add_named(defs, &n, &builtin_ops[k], name);
    add_enum_candidates(defs, &n, nargs, argtypes, name, true);
    if (nargs == 2 && (argtypes[0].id == SS_TYPE_UNKNOWN) != (argtypes[1].id == SS_TYPE_UNKNOWN)) {
        /* binary_oper_exact: an unknown operand is first assumed to have the other's type */
        int32_t known = argtypes[argtypes[0].id == SS_TYPE_UNKNOWN ? 1 : 0].id;
        for (uint32_t k = 0; k < n; k++) {
            if (defs[k]->nargs == 2 && defs[k]->args[0] == known && defs[k]->args[1] == known) {
                *def = defs[k];
                param_types[0] = param_types[1] = plain(known);
                *result = plain(defs[k]->result);
                return SS_OK;
            }
        }
    }
    return select_candidate(defs, n, nargs, argtypes, def, param_types, result);
}
