/* sunstone/auth.h — authentication providers, plugins of kind auth (trust, password, md5,
 * scram-sha-256 ...).
 *
 * EXPERIMENTAL: nothing in the kernel calls this vtable yet.  It may change (fields,
 * callbacks, version) until the server issue lands and uses it, without an ABI bump;
 * sunstone_plugins shows experimental = true for plugins of this kind.
 *
 * The server runs one exchange per connection: start() once, then step() for every message
 * the client sends (PasswordMessage, SASLInitialResponse, SASLResponse bodies), until the
 * provider answers SS_AUTH_OK or SS_AUTH_FAILED.  The provider reads the stored secret of the
 * role through the request's lookup callback, never from the kernel's catalog directly.
 * Crypto must come from a real library (OpenSSL), never hand-written. */
#ifndef SUNSTONE_AUTH_H
#define SUNSTONE_AUTH_H

#include "sunstone/operator.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SS_AUTH_VTABLE_VERSION 1

typedef enum ss_auth_status {
    SS_AUTH_CONTINUE = 0, /* send out->data to the client and wait for its next message */
    SS_AUTH_OK = 1,       /* authenticated; out->data (if any) is sent as the final message */
    SS_AUTH_FAILED = 2    /* refused; the server answers 28P01 without saying why */
} ss_auth_status;

typedef struct ss_auth_request {
    const char *user;
    const char *database;
    /* Stored secret for user ("SCRAM-SHA-256$...", "md5...", or plain), or NULL when the role
     * has none.  The string lives until finish(). */
    const char *(*lookup_secret)(void *lookup_arg, const char *user);
    void *lookup_arg;
} ss_auth_request;

typedef struct ss_auth_output {
    int32_t message_type; /* PostgreSQL AuthenticationRequest code to send (3 cleartext,
                             5 md5, 10 SASL, 11 SASL continue, 12 SASL final) or 0 for none */
    uint32_t len;
    uint8_t data[1024];   /* message body that follows the code */
} ss_auth_output;

typedef struct ss_auth_vtable {
    uint32_t struct_size;
    uint32_t version;     /* SS_AUTH_VTABLE_VERSION */
    const char *name;     /* method name as written in configuration: "scram-sha-256" */
    const char *description;

    /* required: begin an exchange; fills the first message to send in *out */
    int (*start)(ss_ctx *ctx, const ss_auth_request *req, void **state, ss_auth_output *out,
                 int32_t *status);
    /* required: consume one client message */
    int (*step)(ss_ctx *ctx, void *state, const uint8_t *in, size_t in_len,
                ss_auth_output *out, int32_t *status);
    /* required: free the state, also after errors */
    void (*finish)(void *state);
    /* optional: turn a password into the secret to store (CREATE ROLE ... PASSWORD);
       *secret is allocated with ss_api.alloc and freed by the kernel */
    int (*make_secret)(ss_ctx *ctx, const char *user, const char *password, char **secret);
} ss_auth_vtable;

#ifdef __cplusplus
}
#endif
#endif
