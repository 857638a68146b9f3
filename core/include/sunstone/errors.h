/* sunstone/errors.h — status codes and SQLSTATEs that cross the plugin boundary.
 *
 * Every plugin callback returns an int status: SS_OK (0) or SS_ERROR (-1).  Before
 * returning SS_ERROR the callee records the SQLSTATE and message with ss_api.error(); the
 * kernel owns the message memory.  Errors never cross the boundary by longjmp. */
#ifndef SUNSTONE_ERRORS_H
#define SUNSTONE_ERRORS_H

#ifdef __cplusplus
extern "C" {
#endif

#define SS_OK 0
#define SS_ERROR (-1)

/* SQLSTATEs used by the kernel and bundled plugins (PostgreSQL's codes). */
#define SS_SQLSTATE_SYNTAX_ERROR "42601"
#define SS_SQLSTATE_UNDEFINED_TABLE "42P01"
#define SS_SQLSTATE_UNDEFINED_COLUMN "42703"
#define SS_SQLSTATE_UNDEFINED_FUNCTION "42883"
#define SS_SQLSTATE_UNDEFINED_OBJECT "42704"
#define SS_SQLSTATE_DUPLICATE_TABLE "42P07"
#define SS_SQLSTATE_DUPLICATE_OBJECT "42710"
#define SS_SQLSTATE_DATATYPE_MISMATCH "42804"
#define SS_SQLSTATE_AMBIGUOUS_COLUMN "42702"
#define SS_SQLSTATE_GROUPING_ERROR "42803"
#define SS_SQLSTATE_INVALID_TEXT_REPRESENTATION "22P02"
#define SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE "22003"
#define SS_SQLSTATE_DIVISION_BY_ZERO "22012"
#define SS_SQLSTATE_STRING_DATA_RIGHT_TRUNCATION "22001"
#define SS_SQLSTATE_CHARACTER_NOT_IN_REPERTOIRE "22021" /* invalid byte sequence for encoding */
#define SS_SQLSTATE_NOT_NULL_VIOLATION "23502"
#define SS_SQLSTATE_INVALID_ROW_COUNT_IN_LIMIT "2201W"
#define SS_SQLSTATE_INVALID_ROW_COUNT_IN_OFFSET "2201X"
#define SS_SQLSTATE_FEATURE_NOT_SUPPORTED "0A000"
#define SS_SQLSTATE_OUT_OF_MEMORY "53200"
#define SS_SQLSTATE_INTERNAL_ERROR "XX000"
#define SS_SQLSTATE_UNDEFINED_FILE "58P01"
#define SS_SQLSTATE_CONFIG_FILE_ERROR "F0000"
#define SS_SQLSTATE_INVALID_PARAMETER_VALUE "22023"
#define SS_SQLSTATE_UNDEFINED_CONFIG_PARAMETER "42704" /* unrecognized configuration parameter */
#define SS_SQLSTATE_UNDEFINED_PARAMETER "42P02"        /* there is no parameter $n */
#define SS_SQLSTATE_CANNOT_COERCE "42846"
#define SS_SQLSTATE_AMBIGUOUS_FUNCTION "42725"
#define SS_SQLSTATE_INVALID_ARGUMENT_FOR_POWER "2201F"
#define SS_SQLSTATE_QUERY_CANCELED "57014" /* user request or statement timeout */
#define SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED "54000"
#define SS_SQLSTATE_STATEMENT_TOO_COMPLEX "54001"   /* stack depth limit exceeded */
#define SS_SQLSTATE_PLUGIN_ERROR "58000" /* system_error: a module could not be loaded */

#ifdef __cplusplus
}
#endif
#endif
