/*
 * _lwc.c -- the CPython binding of lwc.h (the package `lwc`): the module.
 *
 * Five types over the library's descriptors and one-shot calls:
 *   Aead         one (scheme, implementation); encrypt / decrypt, batches
 *                (_lwc_aead.c)
 *   Hash         an incremental hash, XOF or CXOF (hashlib's shape;
 *                _lwc_hash.c)
 *   Mac, Prf     an incremental MAC or PRF (lwc_auth; hmac's shape, verify;
 *                _lwc_auth.c)
 *   Permutation  a bare permutation's state (add, extract, permute;
 *                _lwc_perm.c)
 * and module functions for the one-shot hash, MAC and PRF (mac, mac_verify,
 * prf, prf_verify; in the files of their types) and the listings (here).
 * Hash, Mac and Prf are one incremental object over two kinds of
 * descriptor (_lwc_sponge.c).  _lwc.h says what the files share and the
 * habits of every function.
 *
 * Here: the argument helpers, the names and lookups of the registries, the
 * descriptor's fields as attributes, the listings and the module's init.
 */
#include "_lwc.h"

#include <stdarg.h>

static PyObject *TagError;

/* ---- arguments -------------------------------------------------------------- */

/* Fill out[0..n) from a vectorcall: at most npos positional, then keywords
 * by name; the first `required` must be given.  Unset slots stay NULL. */
int parse_args(const char *fn, PyObject *const *args, Py_ssize_t nargs,
               PyObject *kwnames, const char *const *names, int n,
               int npos, int required, PyObject **out) {
  int i;
  for (i = 0; i < n; i++) out[i] = NULL;
  if (nargs > npos) {
    PyErr_Format(PyExc_TypeError, "%s() takes at most %d positional arguments (%zd given)",
                 fn, npos, nargs);
    return -1;
  }
  for (i = 0; i < nargs; i++) out[i] = args[i];
  if (kwnames != NULL) {
    Py_ssize_t k, nk = PyTuple_GET_SIZE(kwnames);
    for (k = 0; k < nk; k++) {
      PyObject *name = PyTuple_GET_ITEM(kwnames, k);
      int found = -1;
      for (i = 0; i < n; i++)
        if (PyUnicode_CompareWithASCIIString(name, names[i]) == 0) {
          found = i;
          break;
        }
      if (found < 0) {
        PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", fn, name);
        return -1;
      }
      if (out[found] != NULL) {
        PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", fn,
                     names[found]);
        return -1;
      }
      out[found] = args[nargs + k];
    }
  }
  for (i = 0; i < required; i++)
    if (out[i] == NULL) {
      PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", fn, names[i]);
      return -1;
    }
  return 0;
}

/* A read-only view of a bytes-like object.  `optional`: None (or absent)
 * gives the empty view. */
int get_view(PyObject *o, Py_buffer *v, const char *what, int optional) {
  v->obj = NULL;
  v->buf = NULL;
  v->len = 0;
  if (o == NULL || (optional && o == Py_None)) return 0;
  if (PyObject_GetBuffer(o, v, PyBUF_SIMPLE) == 0) return 0;
  v->obj = NULL;
  if (PyErr_ExceptionMatches(PyExc_BufferError)) {
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "%s: a contiguous bytes-like object is required", what);
  } else if (PyErr_ExceptionMatches(PyExc_TypeError)) {
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "%s: a bytes-like object is required, not '%.100s'", what,
                 Py_TYPE(o)->tp_name);
  }
  return -1;
}

void release(Py_buffer *v) {
  if (v->obj != NULL) PyBuffer_Release(v);
}

void release_all(Py_buffer *v, ...) {
  va_list more;
  va_start(more, v);
  for (; v != NULL; v = va_arg(more, Py_buffer *)) release(v);
  va_end(more);
}

/* A length argument: None (or absent) gives `dflt`; else a non-negative int. */
int get_length(PyObject *o, Py_ssize_t dflt, const char *what, Py_ssize_t *out) {
  if (o == NULL || o == Py_None) {
    *out = dflt;
    return 0;
  }
  if (!PyLong_Check(o) || PyBool_Check(o)) {
    PyErr_Format(PyExc_TypeError, "%s must be an int, not '%.100s'", what, Py_TYPE(o)->tp_name);
    return -1;
  }
  *out = PyLong_AsSsize_t(o);
  if (*out == -1 && PyErr_Occurred()) {
    PyErr_Clear();
    PyErr_Format(PyExc_ValueError, "%s is out of range", what);
    return -1;
  }
  if (*out < 0) {
    PyErr_Format(PyExc_ValueError, "%s must not be negative", what);
    return -1;
  }
  return 0;
}

/* The UTF-8 of a str argument (None allowed when `optional`: NULL). */
int get_name(PyObject *o, const char *what, int optional, const char **out) {
  *out = NULL;
  if (o == NULL || (optional && o == Py_None)) return 0;
  if (!PyUnicode_Check(o)) {
    PyErr_Format(PyExc_TypeError, "%s must be a str, not '%.100s'", what, Py_TYPE(o)->tp_name);
    return -1;
  }
  *out = PyUnicode_AsUTF8(o);
  if (*out == NULL) return -1;
  if (strlen(*out) != (size_t)PyUnicode_GET_LENGTH(o)) {
    PyErr_Format(PyExc_ValueError, "%s contains a NUL character", what);
    return -1;
  }
  return 0;
}

/* ---- names: lookups and their errors ---------------------------------------- */

/* The names of a registry, for error messages and listings: every
 * implementation in this build that this CPU runs (find() says so). */
#define REGISTRY_NAMES(fn, reg, find_fn)                              \
  static PyObject *fn(const char *scheme) {                                        \
    PyObject *out = PyList_New(0);                                                 \
    size_t i;                                                                      \
    if (out == NULL) return NULL;                                                  \
    for (i = 0; reg[i] != NULL; i++) {                                             \
      const char *name = scheme == NULL ? reg[i]->scheme : reg[i]->impl;           \
      PyObject *s;                                                                 \
      int has;                                                                     \
      if (scheme != NULL && strcmp(reg[i]->scheme, scheme) != 0) continue;         \
      if (find_fn(reg[i]->scheme, reg[i]->impl) == NULL) continue;                 \
      s = PyUnicode_FromString(name);                                              \
      if (s == NULL) goto fail;                                                    \
      has = PySequence_Contains(out, s);                                           \
      if (has == 0) has = PyList_Append(out, s) == 0 ? 0 : -1;                     \
      Py_DECREF(s);                                                                \
      if (has < 0) goto fail;                                                      \
    }                                                                              \
    return out;                                                                    \
  fail:                                                                            \
    Py_DECREF(out);                                                                \
    return NULL;                                                                   \
  }
REGISTRY_NAMES(aead_names, lwc_aead_registry, lwc_aead_find)
REGISTRY_NAMES(hash_names, lwc_hash_registry, lwc_hash_find)
REGISTRY_NAMES(perm_names, lwc_perm_registry, lwc_perm_find)
REGISTRY_NAMES(auth_names, lwc_auth_registry, lwc_auth_find)

/* ValueError naming what exists: the schemes of this kind, or the
 * implementations of the scheme that this build has and this CPU runs. */
void unknown(const char *kind, PyObject *(*names)(const char *), const char *scheme,
             const char *impl) {
  PyObject *impls = names(scheme), *schemes = names(NULL), *known = NULL, *sep = NULL;
  if (impls == NULL || schemes == NULL) goto out;
  sep = PyUnicode_FromString(", ");
  if (sep == NULL) goto out;
  if (PyList_GET_SIZE(impls) > 0) {
    known = PyUnicode_Join(sep, impls);
    if (known != NULL)
      PyErr_Format(PyExc_ValueError,
                   "%s '%s' has no implementation '%s' in this build that this CPU runs "
                   "(there are: %U)", kind, scheme, impl, known);
  } else {
    known = PyUnicode_Join(sep, schemes);
    if (known != NULL)
      PyErr_Format(PyExc_ValueError, "unknown %s scheme '%s' (known: %U)", kind, scheme, known);
  }
out:
  Py_XDECREF(impls);
  Py_XDECREF(schemes);
  Py_XDECREF(known);
  Py_XDECREF(sep);
}

/* find_aead, find_hash, find_perm (_lwc.h) */
#define REGISTRY_FIND(fn, type, find_fn, kind, names_fn)                                 \
  const type *fn(PyObject *scheme_o, PyObject *impl_o) {                                 \
    const char *scheme, *impl;                                                           \
    const type *d;                                                                       \
    if (get_name(scheme_o, "scheme", 0, &scheme) < 0 || get_name(impl_o, "impl", 1, &impl) < 0) \
      return NULL;                                                                       \
    d = find_fn(scheme, impl);                                                           \
    if (d == NULL) unknown(kind, names_fn, scheme, impl);                                \
    return d;                                                                            \
  }
REGISTRY_FIND(find_aead, lwc_aead, lwc_aead_find, "AEAD", aead_names)
REGISTRY_FIND(find_hash, lwc_hash, lwc_hash_find, "hash", hash_names)
REGISTRY_FIND(find_perm, lwc_perm, lwc_perm_find, "permutation", perm_names)

const lwc_batch *find_engine(const char *scheme, PyObject *engine_o, int *ok) {
  const char *engine;
  const lwc_batch *b;
  *ok = 0;
  if (get_name(engine_o, "engine", 1, &engine) < 0) return NULL;
  *ok = 1;
  if (engine == NULL) return NULL; /* the library picks the fastest */
  b = lwc_batch_find(scheme, engine);
  if (b == NULL) {
    *ok = 0;
    PyErr_Format(PyExc_ValueError, "batch engine '%s' of '%s' is not in this build or not run by "
                 "this CPU (lwc.batch_engines('%s') lists those that are)", engine, scheme, scheme);
  }
  return b;
}

/* ---- batches ---------------------------------------------------------------- */

int batch_open(batch *bt, PyObject *o, const char *msg, int per_job, size_t job_size) {
  bt->n = 0;
  bt->per_job = per_job;
  bt->views = NULL;
  bt->jobs = NULL;
  bt->seq = PySequence_Fast(o, msg);
  if (bt->seq == NULL) return -1;
  bt->n = PySequence_Fast_GET_SIZE(bt->seq);
  bt->views = PyMem_Calloc((size_t)bt->n * (size_t)per_job + 1, sizeof *bt->views);
  bt->jobs = PyMem_Calloc((size_t)bt->n + 1, job_size);
  if (bt->views == NULL || bt->jobs == NULL) {
    PyErr_NoMemory();
    return -1;
  }
  return 0;
}

void batch_close(batch *bt) {
  Py_ssize_t i;
  if (bt->views != NULL) /* calloc'd: a view never taken has no object */
    for (i = 0; i < bt->per_job * bt->n; i++) release(bt->views + i);
  PyMem_Free(bt->views);
  PyMem_Free(bt->jobs);
  Py_XDECREF(bt->seq);
}

/* ---- the results of the library's calls ------------------------------------- */

void tag_mismatch(void) {
  PyErr_SetString(TagError, "authentication failed: the tag does not match");
}

PyObject *call_result(PyObject *out, int rc, const char *scheme) {
  if (rc == LWC_OK) return out;
  Py_XDECREF(out);
  if (rc == LWC_ERR_TAG)
    tag_mismatch();
  else
    PyErr_Format(PyExc_ValueError, "%s refused the arguments", scheme);
  return NULL;
}

/* ---- descriptors of the one-shot calls -------------------------------------- */

/* (_lwc.h) */
const void *cached(PyObject *cache, PyObject *scheme, PyObject *impl,
                   const void *(*lookup)(PyObject *scheme, PyObject *impl, int arg), int arg) {
  PyObject *k, *v;
  const void *d;
  if (impl == NULL) impl = Py_None;
  if (!PyUnicode_CheckExact(scheme) || (impl != Py_None && !PyUnicode_CheckExact(impl)))
    return lookup(scheme, impl, arg); /* the lookup raises the TypeError */
  k = impl == Py_None ? Py_NewRef(scheme) : PyTuple_Pack(2, scheme, impl);
  if (k == NULL) return NULL;
  v = PyDict_GetItemWithError(cache, k);
  if (v != NULL) {
    Py_DECREF(k);
    return PyLong_AsVoidPtr(v);
  }
  d = PyErr_Occurred() ? NULL : lookup(scheme, impl, arg);
  if (d != NULL) {
    v = PyLong_FromVoidPtr((void *)d);
    if (v == NULL || PyDict_SetItem(cache, k, v) < 0) d = NULL;
    Py_XDECREF(v);
  }
  Py_DECREF(k);
  return d;
}

/* ---- the descriptor's fields as attributes ---------------------------------- */

const char *const kind_names[] = {"hash", "xof", "cxof"};
const char *const auth_kind_names[] = {"mac", "prf", "prfs"};

/* (_lwc.h) */
PyObject *desc_get(PyObject *self, void *field) {
  uintptr_t f = (uintptr_t)field;
  const unsigned char *p = (const unsigned char *)((DescObject *)self)->d + (f >> 8);
  unsigned long v;
  if ((f & 15) == FIELD_NAME) {
    const char *name;
    memcpy(&name, p, sizeof name);
    return PyUnicode_FromString(name);
  }
  if ((f >> 4 & 15) == sizeof(uint16_t)) {
    uint16_t u;
    memcpy(&u, p, sizeof u);
    v = u;
  } else {
    v = *p; /* a uint8_t */
  }
  switch (f & 15) {
    case FIELD_BOOL: return PyBool_FromLong((long)v);
    case FIELD_HASH_KIND: return PyUnicode_FromString(kind_names[v]);
    case FIELD_AUTH_KIND: return PyUnicode_FromString(auth_kind_names[v]);
    default: return PyLong_FromLong((long)v);
  }
}

/* ---- listings --------------------------------------------------------------- */

/* schemes(kind=None): the schemes of this build, of one kind ('aead',
 * 'hash', 'xof', 'cxof', 'mac', 'prf', 'prfs', 'perm') or all, sorted */
static PyObject *mod_schemes(PyObject *mod, PyObject *args, PyObject *kw) {
  static char *names[] = {"kind", NULL};
  const char *kind = NULL;
  PyObject *out, *set;
  size_t i;
  int rc = 0;
  (void)mod;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "|z:schemes", names, &kind)) return NULL;
  if (kind != NULL && strcmp(kind, "aead") && strcmp(kind, "hash") && strcmp(kind, "xof") &&
      strcmp(kind, "cxof") && strcmp(kind, "mac") && strcmp(kind, "prf") &&
      strcmp(kind, "prfs") && strcmp(kind, "perm")) {
    PyErr_Format(PyExc_ValueError, "kind must be 'aead', 'hash', 'xof', 'cxof', 'mac', 'prf', "
                 "'prfs' or 'perm' (got '%s')", kind);
    return NULL;
  }
  set = PySet_New(NULL);
  if (set == NULL) return NULL;
#define ADD(name)                                        \
  do {                                                   \
    PyObject *s_ = PyUnicode_FromString(name);           \
    rc = s_ == NULL ? -1 : PySet_Add(set, s_);           \
    Py_XDECREF(s_);                                      \
  } while (0)
  for (i = 0; rc == 0 && lwc_aead_registry[i] != NULL; i++)
    if (kind == NULL || !strcmp(kind, "aead")) ADD(lwc_aead_registry[i]->scheme);
  for (i = 0; rc == 0 && lwc_hash_registry[i] != NULL; i++)
    if (kind == NULL || !strcmp(kind, kind_names[lwc_hash_registry[i]->kind]))
      ADD(lwc_hash_registry[i]->scheme);
  for (i = 0; rc == 0 && lwc_auth_registry[i] != NULL; i++)
    if (kind == NULL || !strcmp(kind, auth_kind_names[lwc_auth_registry[i]->kind]))
      ADD(lwc_auth_registry[i]->scheme);
  for (i = 0; rc == 0 && lwc_perm_registry[i] != NULL; i++)
    if (kind == NULL || !strcmp(kind, "perm")) ADD(lwc_perm_registry[i]->scheme);
#undef ADD
  out = rc == 0 ? PySequence_List(set) : NULL;
  Py_DECREF(set);
  if (out != NULL && PyList_Sort(out) < 0) Py_CLEAR(out);
  return out;
}

/* implementations(scheme): this build's implementations of the scheme that
 * this CPU runs, the preferred (impl=None's) first */
static PyObject *mod_implementations(PyObject *mod, PyObject *scheme_o) {
  const char *scheme;
  PyObject *out;
  (void)mod;
  if (get_name(scheme_o, "scheme", 0, &scheme) < 0) return NULL;
  if (lwc_aead_find(scheme, NULL) != NULL) return aead_names(scheme);
  if (lwc_hash_find(scheme, NULL) != NULL) return hash_names(scheme);
  if (lwc_auth_find(scheme, NULL) != NULL) return auth_names(scheme);
  if (lwc_perm_find(scheme, NULL) != NULL) return perm_names(scheme);
  out = PyList_New(0);
  return out;
}

/* batch_engines(scheme): the SIMD engines this CPU runs for the scheme,
 * fastest first (lwc_batch_engine), then 'single' */
static PyObject *mod_batch_engines(PyObject *mod, PyObject *scheme_o) {
  const char *scheme;
  const lwc_batch *b;
  PyObject *out, *s;
  unsigned n;
  (void)mod;
  if (get_name(scheme_o, "scheme", 0, &scheme) < 0) return NULL;
  if (lwc_aead_find(scheme, NULL) == NULL && lwc_hash_find(scheme, NULL) == NULL) {
    PyErr_Format(PyExc_ValueError, "'%s' is not an AEAD or hash scheme of this build", scheme);
    return NULL;
  }
  out = PyList_New(0);
  if (out == NULL) return NULL;
  for (n = 0;; n++) {
    b = lwc_batch_engine(scheme, n);
    s = PyUnicode_FromString(b != NULL ? b->engine : "single");
    if (s == NULL || PyList_Append(out, s) < 0) {
      Py_XDECREF(s);
      Py_DECREF(out);
      return NULL;
    }
    Py_DECREF(s);
    if (b == NULL) return out;
  }
}

/* The module's functions: the one-shot calls (_lwc_hash.c, _lwc_auth.c),
 * then the listings */
static PyMethodDef module_methods[] = {
    FASTCALL_METHOD("hash", mod_hash,
     "hash(scheme, data, length=None, *, customization=None, impl=None) -> bytes"),
    FASTCALL_METHOD("hash_batch", mod_hash_batch,
     "hash_batch(scheme, messages, length=None, *, engine=None, impl=None) -> list of bytes"),
    FASTCALL_METHOD("mac", mod_mac,
     "mac(scheme, key, data, length=None, *, impl=None) -> the tag (length: 4 up to the full "
     "tag, its default)"),
    FASTCALL_METHOD("mac_verify", mod_mac_verify,
     "mac_verify(scheme, key, data, tag, *, impl=None) -> None, or lwc.TagError; compared in "
     "constant time"),
    FASTCALL_METHOD("prf", mod_prf,
     "prf(scheme, key, data, length=None, *, impl=None) -> bytes (any length, up to a short "
     "PRF's limit)"),
    FASTCALL_METHOD("prf_verify", mod_prf_verify,
     "prf_verify(scheme, key, data, tag, *, impl=None) -> None when tag begins the output, "
     "or lwc.TagError"),
    {"schemes", (PyCFunction)(void (*)(void))mod_schemes, METH_VARARGS | METH_KEYWORDS,
     "schemes(kind=None) -> the schemes of this build ('aead', 'hash', 'xof', 'cxof', 'mac', "
     "'prf', 'prfs', 'perm')"},
    {"implementations", (PyCFunction)mod_implementations, METH_O,
     "implementations(scheme) -> this build's implementations this CPU runs, preferred first"},
    {"batch_engines", (PyCFunction)mod_batch_engines, METH_O,
     "batch_engines(scheme) -> the batch engines this CPU runs, fastest first"},
    {NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "lwc._lwc", "The C binding of lwc.h (use the package lwc).", -1,
    module_methods,
};

PyMODINIT_FUNC PyInit__lwc(void) {
  PyObject *m = PyModule_Create(&module);
  if (m == NULL) return NULL;
  TagError = PyErr_NewExceptionWithDoc(
      "lwc.TagError", "Authentication failed: the tag does not match (no plaintext released).",
      NULL, NULL);
  if (TagError == NULL || PyModule_AddObjectRef(m, "TagError", TagError) < 0 ||
      aead_add(m) < 0 || hash_add(m) < 0 || auth_add(m) < 0 || perm_add(m) < 0 ||
      PyModule_AddIntConstant(m, "NOGIL_BYTES", LWC_PY_NOGIL_BYTES) < 0)
    goto fail;
  return m;
fail:
  Py_DECREF(m);
  return NULL;
}
