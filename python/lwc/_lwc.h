/*
 * _lwc.h -- what the C files of the binding `lwc._lwc` share (private:
 * neither installed nor part of the package's API).
 *
 * The files, by object type (setup.py compiles them all):
 *   _lwc.c         the module: its init, the argument helpers, the names
 *                  and lookups of the registries, the listings
 *   _lwc_aead.c    Aead
 *   _lwc_hash.c    hash(), hash_batch() and Hash
 *   _lwc_auth.c    mac(), mac_verify(), prf(), prf_verify(), Mac and Prf
 *   _lwc_sponge.c  what Hash, Mac and Prf share: the incremental object
 *                  (update, digest, hexdigest, squeeze, copy, its lock)
 *   _lwc_perm.c    Permutation
 *
 * Habits, the same in every function:
 *   - inputs are any contiguous bytes-like object, read in place through
 *     the buffer protocol (no copy); outputs are new bytes objects the
 *     library writes into directly;
 *   - a call over LWC_PY_NOGIL_BYTES bytes releases the GIL while the
 *     library runs (the views it reads stay exported: their objects cannot
 *     be resized meanwhile);
 *   - a refused argument raises TypeError (wrong type) or ValueError (a
 *     wrong length, option or name) before anything is computed; a failed
 *     tag raises lwc.TagError and no plaintext leaves the call (the library
 *     has zeroed it; the bytes object is freed).
 * The fast path of a 16-byte call is kept short: arguments are parsed by
 * hand (vectorcall), descriptors are looked up once per object.
 */
#ifndef LWC_PY_BINDING_H
#define LWC_PY_BINDING_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lwc.h"

/* The functions and objects below join the files of one extension module:
 * not exported from it (only PyInit__lwc is). */
#if defined(__GNUC__) && !defined(_WIN32)
#pragma GCC visibility push(hidden)
#endif

/* hashlib releases the GIL from 2 KiB on; so do we */
#define LWC_PY_NOGIL_BYTES 2048

/* ---- arguments (_lwc.c) ----------------------------------------------------- */

/* Fill out[0..n) from a vectorcall: at most npos positional, then keywords
 * by name; the first `required` must be given.  Unset slots stay NULL. */
int parse_args(const char *fn, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
               const char *const *names, int n, int npos, int required, PyObject **out);
/* A read-only view of a bytes-like object.  `optional`: None (or absent)
 * gives the empty view. */
int get_view(PyObject *o, Py_buffer *v, const char *what, int optional);
/* Release a view of get_view (an empty one too). */
void release(Py_buffer *v);
/* release() each view given, up to a NULL */
void release_all(Py_buffer *v, ...);
/* A length argument: None (or absent) gives `dflt`; else a non-negative int. */
int get_length(PyObject *o, Py_ssize_t dflt, const char *what, Py_ssize_t *out);
/* The UTF-8 of a str argument (None allowed when `optional`: NULL). */
int get_name(PyObject *o, const char *what, int optional, const char **out);

/* ---- names and lookups (_lwc.c) --------------------------------------------- */

/* The names the kinds of lwc_hash and lwc_auth descriptors go by. */
extern const char *const kind_names[];
extern const char *const auth_kind_names[];

/* ValueError naming what exists: the schemes of this kind, or the
 * implementations of the scheme that this build has and this CPU runs
 * (names(NULL) gives the schemes, names(scheme) the implementations). */
void unknown(const char *kind, PyObject *(*names)(const char *), const char *scheme,
             const char *impl);

/* The descriptor that (scheme, impl) name, impl None the preferred one;
 * NULL and TypeError (not a str) or ValueError (unknown: what exists). */
const lwc_aead *find_aead(PyObject *scheme_o, PyObject *impl_o);
const lwc_hash *find_hash(PyObject *scheme_o, PyObject *impl_o);
const lwc_perm *find_perm(PyObject *scheme_o, PyObject *impl_o);

/* A batch engine by name (None: NULL, the library picks the fastest);
 * *ok 0 with an exception when the name is refused. */
const lwc_batch *find_engine(const char *scheme, PyObject *engine_o, int *ok);

/* A descriptor of the module-level one-shot calls, looked up once per
 * (scheme, impl): cache (a dict) maps scheme, or (scheme, impl), to the
 * pointer lookup(scheme, impl, arg) gave.  Names that are not exactly str
 * go to lookup, uncached (it raises the TypeError). */
const void *cached(PyObject *cache, PyObject *scheme, PyObject *impl,
                   const void *(*lookup)(PyObject *scheme, PyObject *impl, int arg), int arg);

/* ---- the descriptor's fields as attributes (_lwc.c) ------------------------- */

/* Every object of the binding begins so: the descriptor of lwc.h it works
 * with (an lwc_aead, lwc_hash, lwc_auth or lwc_perm, by its type). */
typedef struct {
  PyObject_HEAD
  const void *d;
} DescObject;

/* What a descriptor field shows as: FIELD_INT and FIELD_BOOL read an
 * unsigned integer of the field's size (1 or 2 bytes); the kinds, an
 * index into kind_names or auth_kind_names. */
enum { FIELD_NAME, FIELD_INT, FIELD_BOOL, FIELD_HASH_KIND, FIELD_AUTH_KIND };

/* The closure of desc_get for the field `member` of the descriptor type
 * `type`: its offset, its size and what it shows as. */
#define FIELD(type, member, as)                                                            \
  ((void *)(uintptr_t)(offsetof(type, member) << 8 | sizeof(((type *)0)->member) << 4 | (as)))

/* The getter of every attribute of a descriptor's field (PyGetSetDef's
 * closure: FIELD(...)). */
PyObject *desc_get(PyObject *self, void *field);

/* ---- the calls of the library (_lwc.c) -------------------------------------- */

/* The statement `call` (a call of the library), with the GIL released
 * while it runs when it works on `len` bytes or more of LWC_PY_NOGIL_BYTES. */
#define NOGIL_IF_LONG(len, call)        \
  do {                                  \
    if ((len) >= LWC_PY_NOGIL_BYTES) {  \
      Py_BEGIN_ALLOW_THREADS            \
      call;                             \
      Py_END_ALLOW_THREADS              \
    } else {                            \
      call;                             \
    }                                   \
  } while (0)

/* lwc.TagError: "authentication failed: the tag does not match" */
void tag_mismatch(void);

/* What a one-shot call gives once the library returned rc: out, or NULL
 * (out freed: a failed tag's plaintext, zeroed by the library) and
 * lwc.TagError (LWC_ERR_TAG) or ValueError "<scheme> refused the
 * arguments". */
PyObject *call_result(PyObject *out, int rc, const char *scheme);

/* The jobs of a batch call (Aead.encrypt_batch, hash_batch): the sequence
 * its argument gave, and zeroed room for `per_job` views and one job of
 * `job_size` bytes a job (one more of each: never zero bytes). */
typedef struct {
  PyObject *seq;     /* PySequence_Fast of the argument */
  Py_ssize_t n;      /* its length */
  int per_job;
  Py_buffer *views;  /* views + per_job * i: job i's; a view never taken has no object */
  void *jobs;
} batch;

/* 0, or -1 and an exception (TypeError `msg` for an argument that is not a
 * sequence, MemoryError); batch_close() in either case. */
int batch_open(batch *bt, PyObject *o, const char *msg, int per_job, size_t job_size);
/* The views taken released, the room freed, the sequence dropped. */
void batch_close(batch *bt);

/* ---- the types' tables ------------------------------------------------------ */

/* A PyMethodDef entry of a METH_FASTCALL | METH_KEYWORDS method or function */
#define FASTCALL_METHOD(name, fn, doc) \
  {name, (PyCFunction)(void (*)(void))(fn), METH_FASTCALL | METH_KEYWORDS, doc}

/* fn: a METH_FASTCALL | METH_KEYWORDS method of `self_type` (or module
 * function: PyObject, the module) that is impl(self, args, nargs, kwnames,
 * flag): one function serving two names (encrypt and decrypt, mac and
 * prf, ...).  `static FASTCALL_WITH_FLAG(...)` for one of its file only. */
#define FASTCALL_WITH_FLAG(fn, self_type, impl, flag)                                    \
  PyObject *fn(self_type *self, PyObject *const *args, Py_ssize_t nargs,                 \
               PyObject *kwnames) {                                                      \
    return impl(self, args, nargs, kwnames, flag);                                       \
  }

/* A type of the binding: a static type (not subclassable), named `name`
 * ("lwc.Hash"), whose instances are `object` structs made by new_fn and
 * freed by dealloc_fn (NULL: nothing of their own to free). */
#define BINDING_TYPE(name, object, doc, new_fn, dealloc_fn, repr_fn, methods, getset) \
  {                                                                                 \
    PyVarObject_HEAD_INIT(NULL, 0)                                                  \
    .tp_name = name,                                                                \
    .tp_basicsize = sizeof(object),                                                 \
    .tp_flags = Py_TPFLAGS_DEFAULT,                                                 \
    .tp_doc = doc,                                                                  \
    .tp_new = new_fn,                                                               \
    .tp_dealloc = (destructor)(dealloc_fn),                                         \
    .tp_repr = (reprfunc)(repr_fn),                                                 \
    .tp_methods = methods,                                                          \
    .tp_getset = getset,                                                            \
  }

/* ---- the types and module functions of each file ---------------------------- */

/* The module's functions of _lwc_hash.c and _lwc_auth.c (_lwc.c's table
 * lists them with its own) */
PyObject *mod_hash(PyObject *mod, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames);
PyObject *mod_hash_batch(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames);
PyObject *mod_mac(PyObject *mod, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames);
PyObject *mod_mac_verify(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames);
PyObject *mod_prf(PyObject *mod, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames);
PyObject *mod_prf_verify(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames);

/* Each adds its types (and makes what its functions keep) to the module:
 * 0, or -1 and an exception. */
int aead_add(PyObject *m);
int hash_add(PyObject *m);
int auth_add(PyObject *m);
int perm_add(PyObject *m);

/* ---- Hash, Mac and Prf: the incremental object (_lwc_sponge.c) -------------- */

/* The base of the three (lwc._Incremental: update, digest, hexdigest, copy,
 * scheme, name, impl, digest_size; not made by itself), Mac's and Prf's
 * (lwc._Keyed, _lwc_auth.c: key_size, verify) and Hash */
extern PyTypeObject SpongeType, HashType;

/* The context of either kind of descriptor */
typedef union {
  lwc_hash_ctx hash;
  lwc_auth_ctx auth; /* a state computed from the key (never the key) */
} sponge_ctx;

/* An incremental hash, XOF or CXOF (HashType: base.d an lwc_hash), or MAC
 * or PRF (MacType, PrfType: base.d an lwc_auth; "keyed"). */
typedef struct {
  DescObject base;
  sponge_ctx ctx;
  int squeezing;            /* squeeze() was called: no more update() */
  PyThread_type_lock lock;  /* held while the library works on ctx */
} SpongeObject;

/* The output lengths digest() takes of each kind (_lwc_hash.c,
 * _lwc_auth.c): the descriptor's default when o is None or absent; else
 * ValueError when refused. */
int out_length(const lwc_hash *h, PyObject *o, Py_ssize_t *n);
int auth_out_length(const lwc_auth *d, PyObject *o, Py_ssize_t *n);

/* A new object of `type` over descriptor d, checked by the caller: its
 * context started with `arg` (a Hash's customization string, a Mac's or
 * Prf's key; the view released), then data absorbed unless it is None.
 * NULL and an exception ("<scheme> refused the key" or "... the
 * customization string" when the descriptor's init does). */
PyObject *sponge_new(PyTypeObject *type, const void *d, Py_buffer *arg, PyObject *data);
/* The first n bytes of the output so far into out, the object unchanged
 * (a copy of its context squeezed, then wiped); -1 and ValueError after
 * squeeze() ("<fn>() after squeeze(): ...") or when the descriptor refuses
 * the length. */
int sponge_peek(SpongeObject *self, uint8_t *out, size_t n, const char *fn);

/* squeeze(length), Hash's and Prf's: the next bytes of the output stream */
PyObject *sponge_squeeze(SpongeObject *self, PyObject *length);

#if defined(__GNUC__) && !defined(_WIN32)
#pragma GCC visibility pop
#endif

#endif
