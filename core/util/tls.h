/* tls.h — SS_TLS, the thread-local storage class of the kernel's per-thread variables. */
#ifndef SS_UTIL_TLS_H
#define SS_UTIL_TLS_H

/* The initial-exec TLS model: a variable is then one %fs-relative load (its offset in the
 * GOT) instead of a call to __tls_get_addr, which the default model for a shared library
 * makes at each use (the stack-depth checks, ~30 a statement; float output).  This needs
 * the kernel's TLS in the static TLS block: libsunstone.so is linked into the programs that
 * use it, and a dlopen of it still works with glibc, which keeps spare static TLS for small
 * blocks like these (the modules the loader dlopens never use it). */
#if defined(__GNUC__) && defined(__ELF__)
#define SS_TLS _Thread_local __attribute__((tls_model("initial-exec")))
#else
#define SS_TLS _Thread_local
#endif

#endif
