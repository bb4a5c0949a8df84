/*
 * _lwc.c -- the CPython binding of lwc.h (the package `lwc`).
 *
 * Five types over the library's descriptors and one-shot calls:
 *   Aead         one (scheme, implementation); encrypt / decrypt, batches
 *   Hash         an incremental hash, XOF or CXOF (hashlib's shape)
 *   Mac, Prf     an incremental MAC or PRF (lwc_auth; hmac's shape, verify)
 *   Permutation  a bare permutation's state (add, extract, permute)
 * and module functions for the one-shot hash, MAC and PRF (mac, mac_verify,
 * prf, prf_verify) and the listings.
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
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>

#include <string.h>
#include <time.h>

#include "lwc.h"

/* hashlib releases the GIL from 2 KiB on; so do we */
#define LWC_PY_NOGIL_BYTES 2048

static PyObject *TagError;

/* ---- arguments ----------------------------------------------------------- */

/* Fill out[0..n) from a vectorcall: at most npos positional, then keywords
 * by name; the first `required` must be given.  Unset slots stay NULL. */
static int parse_args(const char *fn, PyObject *const *args, Py_ssize_t nargs,
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
static int get_view(PyObject *o, Py_buffer *v, const char *what, int optional) {
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

static void release(Py_buffer *v) {
  if (v->obj != NULL) PyBuffer_Release(v);
}

/* A length argument: None (or absent) gives `dflt`; else a non-negative int. */
static int get_length(PyObject *o, Py_ssize_t dflt, const char *what, Py_ssize_t *out) {
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
static int get_name(PyObject *o, const char *what, int optional, const char **out) {
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

/* ---- names: lookups and their errors -------------------------------------- */

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

/* ValueError naming what exists: the schemes of this kind, or the
 * implementations of the scheme that this build has and this CPU runs. */
static void unknown(const char *kind, PyObject *(*names)(const char *), const char *scheme,
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

static const lwc_aead *find_aead(PyObject *scheme_o, PyObject *impl_o) {
  const char *scheme, *impl;
  const lwc_aead *a;
  if (get_name(scheme_o, "scheme", 0, &scheme) < 0 || get_name(impl_o, "impl", 1, &impl) < 0)
    return NULL;
  a = lwc_aead_find(scheme, impl);
  if (a == NULL) unknown("AEAD", aead_names, scheme, impl);
  return a;
}

static const lwc_hash *find_hash(PyObject *scheme_o, PyObject *impl_o) {
  const char *scheme, *impl;
  const lwc_hash *h;
  if (get_name(scheme_o, "scheme", 0, &scheme) < 0 || get_name(impl_o, "impl", 1, &impl) < 0)
    return NULL;
  h = lwc_hash_find(scheme, impl);
  if (h == NULL) unknown("hash", hash_names, scheme, impl);
  return h;
}

static const lwc_batch *find_engine(const char *scheme, PyObject *engine_o, int *ok) {
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

/* ---- Aead ------------------------------------------------------------------ */

typedef struct {
  PyObject_HEAD
  const lwc_aead *d;
} AeadObject;

static PyObject *Aead_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
  static char *names[] = {"scheme", "impl", NULL};
  PyObject *scheme = NULL, *impl = Py_None;
  const lwc_aead *d;
  AeadObject *self;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:Aead", names, &scheme, &impl)) return NULL;
  d = find_aead(scheme, impl);
  if (d == NULL) return NULL;
  self = (AeadObject *)type->tp_alloc(type, 0);
  if (self != NULL) self->d = d;
  return (PyObject *)self;
}

/* The options of a one-shot call: tag length and mask key, checked. */
static int aead_options(const lwc_aead *d, PyObject *tag_len_o, Py_buffer *mask,
                        lwc_aead_options *opt, size_t *taglen) {
  Py_ssize_t t;
  if (get_length(tag_len_o, d->tagbytes, "tag_len", &t) < 0) return -1;
  if (t < d->min_tagbytes || t > d->tagbytes) {
    if (d->min_tagbytes == d->tagbytes)
      PyErr_Format(PyExc_ValueError, "%s takes only its full %d-byte tag (tag_len %zd)", d->scheme,
                   d->tagbytes, t);
    else
      PyErr_Format(PyExc_ValueError, "tag_len of %s must be %d to %d bytes (got %zd)", d->scheme,
                   d->min_tagbytes, d->tagbytes, t);
    return -1;
  }
  if (mask->obj != NULL) {
    if (!d->nonce_masking) {
      PyErr_Format(PyExc_ValueError, "%s has no nonce masking (mask_key must be None)", d->scheme);
      return -1;
    }
    if (mask->len != d->keybytes) {
      PyErr_Format(PyExc_ValueError, "mask_key must be %d bytes (got %zd)", d->keybytes, mask->len);
      return -1;
    }
  }
  opt->taglen = (size_t)t;
  opt->mask_key = mask->buf;
  *taglen = (size_t)t;
  return 0;
}

static int check_key_nonce(const lwc_aead *d, const Py_buffer *key, const Py_buffer *nonce,
                           Py_ssize_t job) {
  const char *what = NULL;
  Py_ssize_t want = 0, got = 0;
  if (key->len != d->keybytes) what = "key", want = d->keybytes, got = key->len;
  else if (nonce->len != d->noncebytes) what = "nonce", want = d->noncebytes, got = nonce->len;
  if (what == NULL) return 0;
  if (job < 0)
    PyErr_Format(PyExc_ValueError, "%s of %s must be %zd bytes (got %zd)", what, d->scheme, want,
                 got);
  else
    PyErr_Format(PyExc_ValueError, "job %zd: %s of %s must be %zd bytes (got %zd)", job, what,
                 d->scheme, want, got);
  return -1;
}

static const char *const aead_argnames[] = {"key", "nonce", "data", "ad", "tag_len", "mask_key"};

/* encrypt(key, nonce, data, ad=None, *, tag_len=None, mask_key=None) and
 * decrypt(...): one function, `decrypt` says which. */
static PyObject *aead_call(AeadObject *self, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames, int decrypt) {
  const lwc_aead *d = self->d;
  const char *fn = decrypt ? "decrypt" : "encrypt";
  PyObject *a[6], *out = NULL;
  Py_buffer key, nonce, data, ad, mask;
  lwc_aead_options opt;
  size_t taglen;
  Py_ssize_t outlen;
  int rc;
  key.obj = nonce.obj = data.obj = ad.obj = mask.obj = NULL;
  if (parse_args(fn, args, nargs, kwnames, aead_argnames, 6, 4, 3, a) < 0) return NULL;
  if (get_view(a[0], &key, "key", 0) < 0 || get_view(a[1], &nonce, "nonce", 0) < 0 ||
      get_view(a[2], &data, "data", 0) < 0 || get_view(a[3], &ad, "ad", 1) < 0 ||
      get_view(a[5], &mask, "mask_key", 1) < 0)
    goto done;
  if (check_key_nonce(d, &key, &nonce, -1) < 0) goto done;
  if (aead_options(d, a[4], &mask, &opt, &taglen) < 0) goto done;
  if (decrypt) {
    if ((size_t)data.len < taglen) {
      PyErr_Format(PyExc_ValueError, "ciphertext of %zd bytes is shorter than the %zu-byte tag",
                   data.len, taglen);
      goto done;
    }
    outlen = data.len - (Py_ssize_t)taglen;
  } else {
    if (data.len > PY_SSIZE_T_MAX - (Py_ssize_t)taglen) {
      PyErr_SetString(PyExc_OverflowError, "message too long");
      goto done;
    }
    outlen = data.len + (Py_ssize_t)taglen;
  }
  out = PyBytes_FromStringAndSize(NULL, outlen);
  if (out == NULL) goto done;
  {
    uint8_t *o = (uint8_t *)PyBytes_AS_STRING(out);
    const lwc_aead_options *op = (a[4] == NULL || a[4] == Py_None) && mask.obj == NULL ? NULL : &opt;
    if (data.len + ad.len >= LWC_PY_NOGIL_BYTES) {
      Py_BEGIN_ALLOW_THREADS
      rc = decrypt ? lwc_aead_decrypt(d, o, data.buf, (size_t)data.len, ad.buf, (size_t)ad.len,
                                      nonce.buf, key.buf, op)
                   : lwc_aead_encrypt(d, o, data.buf, (size_t)data.len, ad.buf, (size_t)ad.len,
                                      nonce.buf, key.buf, op);
      Py_END_ALLOW_THREADS
    } else {
      rc = decrypt ? lwc_aead_decrypt(d, o, data.buf, (size_t)data.len, ad.buf, (size_t)ad.len,
                                      nonce.buf, key.buf, op)
                   : lwc_aead_encrypt(d, o, data.buf, (size_t)data.len, ad.buf, (size_t)ad.len,
                                      nonce.buf, key.buf, op);
    }
  }
  if (rc != LWC_OK) {
    Py_CLEAR(out); /* a failed tag: the library zeroed the plaintext */
    if (rc == LWC_ERR_TAG)
      PyErr_SetString(TagError, "authentication failed: the tag does not match");
    else
      PyErr_Format(PyExc_ValueError, "%s refused the arguments", d->scheme);
  }
done:
  release(&key);
  release(&nonce);
  release(&data);
  release(&ad);
  release(&mask);
  return out;
}

static PyObject *Aead_encrypt(AeadObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames) {
  return aead_call(self, args, nargs, kwnames, 0);
}

static PyObject *Aead_decrypt(AeadObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames) {
  return aead_call(self, args, nargs, kwnames, 1);
}

/* encrypt_batch(jobs, *, engine=None) / decrypt_batch: each job a sequence
 * (key, nonce, data) or (key, nonce, data, ad). */
static PyObject *aead_batch(AeadObject *self, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames, int decrypt) {
  static const char *const names[] = {"jobs", "engine"};
  const lwc_aead *d = self->d;
  const char *fn = decrypt ? "decrypt_batch" : "encrypt_batch";
  PyObject *a[2], *seq = NULL, *result = NULL, **outs = NULL;
  Py_buffer *views = NULL;
  lwc_aead_job *jobs = NULL;
  const lwc_batch *b;
  Py_ssize_t n = 0, i, total = 0;
  int ok, rc;
  if (parse_args(fn, args, nargs, kwnames, names, 2, 1, 1, a) < 0) return NULL;
  b = find_engine(d->scheme, a[1], &ok);
  if (!ok) return NULL;
  seq = PySequence_Fast(a[0], "jobs must be a sequence of (key, nonce, data[, ad]) tuples");
  if (seq == NULL) return NULL;
  n = PySequence_Fast_GET_SIZE(seq);
  views = PyMem_Calloc((size_t)n * 4 + 1, sizeof *views);
  jobs = PyMem_Calloc((size_t)n + 1, sizeof *jobs);
  outs = PyMem_Calloc((size_t)n + 1, sizeof *outs);
  if (views == NULL || jobs == NULL || outs == NULL) {
    PyErr_NoMemory();
    goto done;
  }
  for (i = 0; i < n; i++) {
    PyObject *job = PySequence_Fast_GET_ITEM(seq, i), *items;
    Py_buffer *v = views + 4 * i;
    Py_ssize_t k, m, outlen;
    char what[48];
    if (!PyTuple_Check(job) && !PyList_Check(job)) {
      PyErr_Format(PyExc_TypeError, "job %zd: a tuple (key, nonce, data[, ad]) is required, "
                   "not '%.100s'", i, Py_TYPE(job)->tp_name);
      goto done;
    }
    items = job;
    m = PySequence_Fast_GET_SIZE(items);
    if (m != 3 && m != 4) {
      PyErr_Format(PyExc_ValueError, "job %zd: (key, nonce, data[, ad]) has 3 or 4 items, not %zd",
                   i, m);
      goto done;
    }
    for (k = 0; k < m; k++) {
      static const char *const fields[] = {"key", "nonce", "data", "ad"};
      PyOS_snprintf(what, sizeof what, "job %zd: %s", i, fields[k]);
      if (get_view(PySequence_Fast_GET_ITEM(items, k), v + k, what, k == 3) < 0) goto done;
    }
    if (check_key_nonce(d, v, v + 1, i) < 0) goto done;
    if (decrypt && v[2].len < d->tagbytes) {
      PyErr_Format(PyExc_ValueError, "job %zd: ciphertext of %zd bytes is shorter than the "
                   "%d-byte tag", i, v[2].len, d->tagbytes);
      goto done;
    }
    outlen = decrypt ? v[2].len - d->tagbytes : v[2].len + d->tagbytes;
    outs[i] = PyBytes_FromStringAndSize(NULL, outlen);
    if (outs[i] == NULL) goto done;
    jobs[i].out = (uint8_t *)PyBytes_AS_STRING(outs[i]);
    jobs[i].in = v[2].buf;
    jobs[i].inlen = (size_t)v[2].len;
    jobs[i].ad = v[3].buf;
    jobs[i].adlen = (size_t)v[3].len;
    jobs[i].nonce = v[1].buf;
    jobs[i].key = v[0].buf;
    total += v[2].len + v[3].len;
  }
  if (total >= LWC_PY_NOGIL_BYTES) {
    Py_BEGIN_ALLOW_THREADS
    rc = decrypt ? lwc_aead_decrypt_batch(d, b, jobs, (size_t)n)
                 : lwc_aead_encrypt_batch(d, b, jobs, (size_t)n);
    Py_END_ALLOW_THREADS
  } else {
    rc = decrypt ? lwc_aead_decrypt_batch(d, b, jobs, (size_t)n)
                 : lwc_aead_encrypt_batch(d, b, jobs, (size_t)n);
  }
  (void)rc; /* each job's status says it */
  result = PyList_New(n);
  if (result == NULL) goto done;
  for (i = 0; i < n; i++) {
    if (jobs[i].status == LWC_OK) {
      PyList_SET_ITEM(result, i, outs[i]);
      outs[i] = NULL;
    } else if (decrypt && jobs[i].status == LWC_ERR_TAG) {
      PyList_SET_ITEM(result, i, Py_NewRef(Py_None)); /* zeroed, dropped below */
    } else {
      Py_CLEAR(result);
      PyErr_Format(PyExc_ValueError, "job %zd: %s refused the arguments", i, d->scheme);
      goto done;
    }
  }
done:
  if (views != NULL) /* calloc'd: a view never taken has no object */
    for (i = 0; i < 4 * n; i++) release(views + i);
  if (outs != NULL)
    for (i = 0; i < n; i++) Py_XDECREF(outs[i]);
  PyMem_Free(views);
  PyMem_Free(jobs);
  PyMem_Free(outs);
  Py_XDECREF(seq);
  return result;
}

static PyObject *Aead_encrypt_batch(AeadObject *self, PyObject *const *args, Py_ssize_t nargs,
                                    PyObject *kwnames) {
  return aead_batch(self, args, nargs, kwnames, 0);
}

static PyObject *Aead_decrypt_batch(AeadObject *self, PyObject *const *args, Py_ssize_t nargs,
                                    PyObject *kwnames) {
  return aead_batch(self, args, nargs, kwnames, 1);
}

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* _c_encrypt_ns(key, nonce, data, ad, iterations): nanoseconds of
 * `iterations` one-shot encryptions from C into one buffer, the GIL
 * released: the library's own speed, for lwc.bench to set the Python
 * calls beside (same process, same build, same clock). */
static PyObject *Aead_c_encrypt_ns(AeadObject *self, PyObject *args) {
  const lwc_aead *d = self->d;
  Py_buffer key, nonce, data, ad;
  Py_ssize_t iterations, i;
  uint8_t *out;
  uint64_t t0 = 0, t1 = 0;
  int rc = LWC_OK;
  if (!PyArg_ParseTuple(args, "y*y*y*y*n:_c_encrypt_ns", &key, &nonce, &data, &ad, &iterations))
    return NULL;
  out = NULL;
  if (check_key_nonce(d, &key, &nonce, -1) < 0 || iterations < 1) {
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "iterations must be positive");
    goto done;
  }
  out = PyMem_Malloc((size_t)data.len + d->tagbytes + 1);
  if (out == NULL) {
    PyErr_NoMemory();
    goto done;
  }
  Py_BEGIN_ALLOW_THREADS
  t0 = now_ns();
  for (i = 0; i < iterations && rc == LWC_OK; i++)
    rc = lwc_aead_encrypt(d, out, data.buf, (size_t)data.len, ad.buf, (size_t)ad.len, nonce.buf,
                          key.buf, NULL);
  t1 = now_ns();
  Py_END_ALLOW_THREADS
  if (rc != LWC_OK) PyErr_SetString(PyExc_ValueError, "encryption refused");
done:
  PyMem_Free(out);
  PyBuffer_Release(&key);
  PyBuffer_Release(&nonce);
  PyBuffer_Release(&data);
  PyBuffer_Release(&ad);
  return PyErr_Occurred() ? NULL : PyLong_FromUnsignedLongLong(t1 - t0);
}

static PyObject *Aead_repr(AeadObject *self) {
  return PyUnicode_FromFormat("lwc.Aead('%s', impl='%s')", self->d->scheme, self->d->impl);
}

static PyObject *Aead_get(AeadObject *self, void *which) {
  const lwc_aead *d = self->d;
  switch ((int)(intptr_t)which) {
    case 0: return PyUnicode_FromString(d->scheme);
    case 1: return PyUnicode_FromString(d->impl);
    case 2: return PyLong_FromLong(d->keybytes);
    case 3: return PyLong_FromLong(d->noncebytes);
    case 4: return PyLong_FromLong(d->tagbytes);
    case 5: return PyLong_FromLong(d->min_tagbytes);
    case 7: return PyLong_FromLong(d->shares);
    case 8: return PyBool_FromLong(d->leveled);
    default: return PyBool_FromLong(d->nonce_masking);
  }
}

static PyGetSetDef Aead_getset[] = {
    {"scheme", (getter)Aead_get, NULL, "the scheme's name", (void *)0},
    {"impl", (getter)Aead_get, NULL, "the implementation's name", (void *)1},
    {"key_size", (getter)Aead_get, NULL, "key length in bytes", (void *)2},
    {"nonce_size", (getter)Aead_get, NULL, "nonce length in bytes", (void *)3},
    {"tag_size", (getter)Aead_get, NULL, "full tag length in bytes (the default)", (void *)4},
    {"min_tag_size", (getter)Aead_get, NULL, "shortest truncated tag accepted", (void *)5},
    {"nonce_masking", (getter)Aead_get, NULL, "True when mask_key is accepted", (void *)6},
    {"shares", (getter)Aead_get, NULL,
     "0 for an unmasked implementation, else the shares its key is split into "
     "(side-channel protection, docs/masking.md)", (void *)7},
    {"leveled", (getter)Aead_get, NULL,
     "True when only the key-dependent steps are masked", (void *)8},
    {NULL},
};

static PyMethodDef Aead_methods[] = {
    {"encrypt", (PyCFunction)(void (*)(void))Aead_encrypt, METH_FASTCALL | METH_KEYWORDS,
     "encrypt(key, nonce, data, ad=None, *, tag_len=None, mask_key=None) -> ciphertext || tag"},
    {"decrypt", (PyCFunction)(void (*)(void))Aead_decrypt, METH_FASTCALL | METH_KEYWORDS,
     "decrypt(key, nonce, data, ad=None, *, tag_len=None, mask_key=None) -> plaintext\n"
     "data is ciphertext || tag; a tag that does not match raises lwc.TagError."},
    {"encrypt_batch", (PyCFunction)(void (*)(void))Aead_encrypt_batch,
     METH_FASTCALL | METH_KEYWORDS,
     "encrypt_batch(jobs, *, engine=None) -> list of ciphertext || tag\n"
     "jobs: (key, nonce, data[, ad]) tuples; full tags, no nonce masking."},
    {"decrypt_batch", (PyCFunction)(void (*)(void))Aead_decrypt_batch,
     METH_FASTCALL | METH_KEYWORDS,
     "decrypt_batch(jobs, *, engine=None) -> list of plaintext, None where the tag failed"},
    {"_c_encrypt_ns", (PyCFunction)Aead_c_encrypt_ns, METH_VARARGS,
     "_c_encrypt_ns(key, nonce, data, ad, iterations) -> ns of a C loop (lwc.bench)"},
    {NULL},
};

static PyTypeObject AeadType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lwc.Aead",
    .tp_basicsize = sizeof(AeadObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Aead(scheme, impl=None): one AEAD implementation of lwc.h.\n"
              "impl None: the preferred one for this build and CPU.",
    .tp_new = Aead_new,
    .tp_repr = (reprfunc)Aead_repr,
    .tp_methods = Aead_methods,
    .tp_getset = Aead_getset,
};

/* ---- hash, XOF, CXOF: one-shot and batches --------------------------------- */

static const char *const kind_names[] = {"hash", "xof", "cxof"};

/* The output length a call asks for: a hash's digest size only; an XOF's
 * any (default: its usual length). */
static int out_length(const lwc_hash *h, PyObject *o, Py_ssize_t *n) {
  if (get_length(o, h->outbytes, "length", n) < 0) return -1;
  if (h->kind == LWC_HASH && *n != h->outbytes) {
    PyErr_Format(PyExc_ValueError, "%s gives exactly %d bytes (length %zd)", h->scheme,
                 h->outbytes, *n);
    return -1;
  }
  return 0;
}

static int check_custom(const lwc_hash *h, const Py_buffer *c, Py_ssize_t job) {
  if (c->obj == NULL) return 0;
  if (h->kind != LWC_CXOF) {
    PyErr_Format(PyExc_ValueError, "%s takes no customization string", h->scheme);
    return -1;
  }
  if (c->len > h->max_custombytes) {
    if (job < 0)
      PyErr_Format(PyExc_ValueError, "customization of %s is at most %d bytes (got %zd)",
                   h->scheme, h->max_custombytes, c->len);
    else
      PyErr_Format(PyExc_ValueError, "job %zd: customization of %s is at most %d bytes (got %zd)",
                   job, h->scheme, h->max_custombytes, c->len);
    return -1;
  }
  return 0;
}

/* Descriptors of the module-level one-shot calls, looked up once per
 * (scheme, impl): a dict of pointers. */
static PyObject *hash_cache;

static const lwc_hash *cached_hash(PyObject *scheme, PyObject *impl) {
  PyObject *k, *v;
  const lwc_hash *h;
  if (impl == NULL) impl = Py_None;
  if (!PyUnicode_CheckExact(scheme) || (impl != Py_None && !PyUnicode_CheckExact(impl)))
    return find_hash(scheme, impl); /* the lookup raises the TypeError */
  k = impl == Py_None ? Py_NewRef(scheme) : PyTuple_Pack(2, scheme, impl);
  if (k == NULL) return NULL;
  v = PyDict_GetItemWithError(hash_cache, k);
  if (v != NULL) {
    Py_DECREF(k);
    return PyLong_AsVoidPtr(v);
  }
  h = PyErr_Occurred() ? NULL : find_hash(scheme, impl);
  if (h != NULL) {
    v = PyLong_FromVoidPtr((void *)h);
    if (v == NULL || PyDict_SetItem(hash_cache, k, v) < 0) h = NULL;
    Py_XDECREF(v);
  }
  Py_DECREF(k);
  return h;
}

/* hash(scheme, data, length=None, *, customization=None, impl=None) */
static PyObject *mod_hash(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames) {
  static const char *const names[] = {"scheme", "data", "length", "customization", "impl"};
  PyObject *a[5], *out = NULL;
  const lwc_hash *h;
  Py_buffer data, custom;
  Py_ssize_t n;
  int rc;
  (void)mod;
  data.obj = custom.obj = NULL;
  if (parse_args("hash", args, nargs, kwnames, names, 5, 3, 2, a) < 0) return NULL;
  h = cached_hash(a[0], a[4]);
  if (h == NULL) return NULL;
  if (out_length(h, a[2], &n) < 0 || get_view(a[1], &data, "data", 0) < 0 ||
      get_view(a[3], &custom, "customization", 1) < 0 || check_custom(h, &custom, -1) < 0)
    goto done;
  out = PyBytes_FromStringAndSize(NULL, n);
  if (out == NULL) goto done;
  if (data.len + n >= LWC_PY_NOGIL_BYTES) {
    Py_BEGIN_ALLOW_THREADS
    rc = lwc_hash_compute(h, (uint8_t *)PyBytes_AS_STRING(out), (size_t)n, data.buf,
                          (size_t)data.len, custom.buf, (size_t)custom.len);
    Py_END_ALLOW_THREADS
  } else {
    rc = lwc_hash_compute(h, (uint8_t *)PyBytes_AS_STRING(out), (size_t)n, data.buf,
                          (size_t)data.len, custom.buf, (size_t)custom.len);
  }
  if (rc != LWC_OK) {
    Py_CLEAR(out);
    PyErr_Format(PyExc_ValueError, "%s refused the arguments", h->scheme);
  }
done:
  release(&data);
  release(&custom);
  return out;
}

/* hash_batch(scheme, messages, length=None, *, engine=None, impl=None):
 * each message a bytes-like object, or (data, customization) for a CXOF. */
static PyObject *mod_hash_batch(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames) {
  static const char *const names[] = {"scheme", "messages", "length", "engine", "impl"};
  PyObject *a[5], *seq = NULL, *result = NULL;
  Py_buffer *views = NULL;
  lwc_hash_job *jobs = NULL;
  const lwc_hash *h;
  const lwc_batch *b;
  Py_ssize_t n = 0, i, outlen, total = 0;
  int ok;
  (void)mod;
  if (parse_args("hash_batch", args, nargs, kwnames, names, 5, 3, 2, a) < 0) return NULL;
  h = cached_hash(a[0], a[4]);
  if (h == NULL || out_length(h, a[2], &outlen) < 0) return NULL;
  b = find_engine(h->scheme, a[3], &ok);
  if (!ok) return NULL;
  seq = PySequence_Fast(a[1], "messages must be a sequence");
  if (seq == NULL) return NULL;
  n = PySequence_Fast_GET_SIZE(seq);
  views = PyMem_Calloc((size_t)n * 2 + 1, sizeof *views);
  jobs = PyMem_Calloc((size_t)n + 1, sizeof *jobs);
  result = PyList_New(n);
  if (views == NULL || jobs == NULL) {
    PyErr_NoMemory();
    Py_CLEAR(result);
  }
  if (result == NULL) goto done;
  for (i = 0; i < n; i++) {
    PyObject *m = PySequence_Fast_GET_ITEM(seq, i), *o;
    char what[48];
    PyOS_snprintf(what, sizeof what, "message %zd", i);
    if (h->kind == LWC_CXOF && PyTuple_Check(m)) {
      if (PyTuple_GET_SIZE(m) != 2) {
        PyErr_Format(PyExc_ValueError, "message %zd: (data, customization) has 2 items", i);
        goto fail;
      }
      if (get_view(PyTuple_GET_ITEM(m, 0), views + 2 * i, what, 0) < 0 ||
          get_view(PyTuple_GET_ITEM(m, 1), views + 2 * i + 1, what, 1) < 0 ||
          check_custom(h, views + 2 * i + 1, i) < 0)
        goto fail;
    } else if (get_view(m, views + 2 * i, what, 0) < 0) {
      goto fail;
    }
    o = PyBytes_FromStringAndSize(NULL, outlen);
    if (o == NULL) goto fail;
    PyList_SET_ITEM(result, i, o);
    jobs[i].out = (uint8_t *)PyBytes_AS_STRING(o);
    jobs[i].outlen = (size_t)outlen;
    jobs[i].in = views[2 * i].buf;
    jobs[i].inlen = (size_t)views[2 * i].len;
    jobs[i].custom = views[2 * i + 1].buf;
    jobs[i].customlen = (size_t)views[2 * i + 1].len;
    total += views[2 * i].len + outlen;
  }
  if (total >= LWC_PY_NOGIL_BYTES) {
    Py_BEGIN_ALLOW_THREADS
    lwc_hash_batch(h, b, jobs, (size_t)n);
    Py_END_ALLOW_THREADS
  } else {
    lwc_hash_batch(h, b, jobs, (size_t)n);
  }
  for (i = 0; i < n; i++)
    if (jobs[i].status != LWC_OK) {
      PyErr_Format(PyExc_ValueError, "message %zd: %s refused the arguments", i, h->scheme);
      goto fail;
    }
  goto done;
fail:
  Py_CLEAR(result);
done:
  if (views != NULL) /* calloc'd: a view never taken has no object */
    for (i = 0; i < 2 * n; i++) release(views + i);
  PyMem_Free(views);
  PyMem_Free(jobs);
  Py_XDECREF(seq);
  return result;
}

/* ---- Hash: incremental ----------------------------------------------------- */

typedef struct {
  PyObject_HEAD
  const lwc_hash *d;
  lwc_hash_ctx ctx;
  int squeezing;            /* squeeze() was called: no more update() */
  PyThread_type_lock lock;  /* held while the library works on ctx */
} HashObject;

/* An incremental object's lock: taken without waiting when free (the usual
 * case), else waiting with the GIL released (another thread is in a long
 * call).  Hash, Mac and Prf objects. */
static void lock_enter(PyThread_type_lock lock) {
  if (!PyThread_acquire_lock(lock, 0)) {
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(lock, 1);
    Py_END_ALLOW_THREADS
  }
}

static void hash_enter(HashObject *self) { lock_enter(self->lock); }

static void hash_leave(HashObject *self) { PyThread_release_lock(self->lock); }

/* update() of an incremental object: data_o's bytes to update(obj, ...)
 * under the object's lock (the GIL released for long data), refused once
 * its output has begun (*squeezing) or when the library refuses them. */
static int feed(PyObject *data_o, PyThread_type_lock lock, const int *squeezing,
                const char *scheme, int (*update)(void *obj, const uint8_t *in, size_t len),
                void *obj) {
  Py_buffer data;
  int rc;
  if (get_view(data_o, &data, "data", 0) < 0) return -1;
  lock_enter(lock);
  if (*squeezing) {
    PyThread_release_lock(lock);
    release(&data);
    PyErr_SetString(PyExc_ValueError, "update() after squeeze(): the output has begun");
    return -1;
  }
  if (data.len >= LWC_PY_NOGIL_BYTES) {
    Py_BEGIN_ALLOW_THREADS
    rc = update(obj, data.buf, (size_t)data.len);
    Py_END_ALLOW_THREADS
  } else {
    rc = update(obj, data.buf, (size_t)data.len);
  }
  PyThread_release_lock(lock);
  release(&data);
  if (rc != LWC_OK) {
    PyErr_Format(PyExc_ValueError, "%s refused the input", scheme);
    return -1;
  }
  return 0;
}

static int hash_update(void *obj, const uint8_t *in, size_t len) {
  HashObject *self = (HashObject *)obj;
  return self->d->update(&self->ctx, in, len);
}

static int hash_feed(HashObject *self, PyObject *data_o) {
  return feed(data_o, self->lock, &self->squeezing, self->d->scheme, hash_update, self);
}

static HashObject *hash_alloc(PyTypeObject *type, const lwc_hash *d) {
  HashObject *self = (HashObject *)type->tp_alloc(type, 0);
  if (self == NULL) return NULL;
  self->d = d;
  self->lock = PyThread_allocate_lock();
  if (self->lock == NULL) {
    Py_DECREF(self);
    PyErr_NoMemory();
    return NULL;
  }
  return self;
}

/* Hash(scheme, data=None, *, customization=None, impl=None) */
static PyObject *Hash_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
  static char *names[] = {"scheme", "data", "customization", "impl", NULL};
  PyObject *scheme = NULL, *data = Py_None, *custom_o = Py_None, *impl = Py_None;
  const lwc_hash *d;
  HashObject *self;
  Py_buffer custom;
  int rc;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O$OO:Hash", names, &scheme, &data, &custom_o,
                                   &impl))
    return NULL;
  d = find_hash(scheme, impl);
  if (d == NULL || get_view(custom_o, &custom, "customization", 1) < 0) return NULL;
  if (check_custom(d, &custom, -1) < 0) {
    release(&custom);
    return NULL;
  }
  self = hash_alloc(type, d);
  if (self == NULL) {
    release(&custom);
    return NULL;
  }
  rc = d->init(&self->ctx, custom.buf, (size_t)custom.len);
  release(&custom);
  if (rc != LWC_OK) {
    Py_DECREF(self);
    PyErr_Format(PyExc_ValueError, "%s refused the customization string", d->scheme);
    return NULL;
  }
  if (data != Py_None && hash_feed(self, data) < 0) {
    Py_DECREF(self);
    return NULL;
  }
  return (PyObject *)self;
}

static void Hash_dealloc(HashObject *self) {
  lwc_hash_wipe(&self->ctx);
  if (self->lock != NULL) PyThread_free_lock(self->lock);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Hash_update(HashObject *self, PyObject *data) {
  if (hash_feed(self, data) < 0) return NULL;
  Py_RETURN_NONE;
}

/* digest(length=None): the output so far, the object unchanged (a copy of
 * the context is squeezed). */
static PyObject *Hash_digest(HashObject *self, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames) {
  static const char *const names[] = {"length"};
  PyObject *a[1], *out;
  lwc_hash_ctx copy;
  Py_ssize_t n;
  int rc;
  if (parse_args("digest", args, nargs, kwnames, names, 1, 1, 0, a) < 0 ||
      out_length(self->d, a[0], &n) < 0)
    return NULL;
  out = PyBytes_FromStringAndSize(NULL, n);
  if (out == NULL) return NULL;
  hash_enter(self);
  if (self->squeezing) {
    hash_leave(self);
    Py_DECREF(out);
    PyErr_SetString(PyExc_ValueError, "digest() after squeeze(): read the output with squeeze()");
    return NULL;
  }
  memcpy(&copy, &self->ctx, sizeof copy);
  hash_leave(self);
  rc = self->d->squeeze(&copy, (uint8_t *)PyBytes_AS_STRING(out), (size_t)n);
  lwc_hash_wipe(&copy);
  if (rc != LWC_OK) {
    Py_DECREF(out);
    PyErr_Format(PyExc_ValueError, "%s refused the output length", self->d->scheme);
    return NULL;
  }
  return out;
}

static PyObject *Hash_hexdigest(HashObject *self, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames) {
  PyObject *raw = Hash_digest(self, args, nargs, kwnames), *hex;
  if (raw == NULL) return NULL;
  hex = PyObject_CallMethod(raw, "hex", NULL);
  Py_DECREF(raw);
  return hex;
}

/* squeeze(length): the next `length` bytes of an XOF's output stream. */
static PyObject *Hash_squeeze(HashObject *self, PyObject *length) {
  PyObject *out;
  Py_ssize_t n;
  int rc;
  if (self->d->kind == LWC_HASH) {
    PyErr_Format(PyExc_ValueError, "%s is a fixed-length hash: use digest()", self->d->scheme);
    return NULL;
  }
  if (get_length(length, 0, "length", &n) < 0) return NULL;
  out = PyBytes_FromStringAndSize(NULL, n);
  if (out == NULL) return NULL;
  hash_enter(self);
  self->squeezing = 1;
  if (n >= LWC_PY_NOGIL_BYTES) {
    Py_BEGIN_ALLOW_THREADS
    rc = self->d->squeeze(&self->ctx, (uint8_t *)PyBytes_AS_STRING(out), (size_t)n);
    Py_END_ALLOW_THREADS
  } else {
    rc = self->d->squeeze(&self->ctx, (uint8_t *)PyBytes_AS_STRING(out), (size_t)n);
  }
  hash_leave(self);
  if (rc != LWC_OK) {
    Py_DECREF(out);
    PyErr_Format(PyExc_ValueError, "%s refused the output length", self->d->scheme);
    return NULL;
  }
  return out;
}

static PyObject *Hash_copy(HashObject *self, PyObject *unused) {
  HashObject *c = hash_alloc(Py_TYPE(self), self->d);
  (void)unused;
  if (c == NULL) return NULL;
  hash_enter(self);
  memcpy(&c->ctx, &self->ctx, sizeof c->ctx);
  c->squeezing = self->squeezing;
  hash_leave(self);
  return (PyObject *)c;
}

static PyObject *Hash_repr(HashObject *self) {
  return PyUnicode_FromFormat("<lwc.Hash '%s' impl='%s'>", self->d->scheme, self->d->impl);
}

static PyObject *Hash_get(HashObject *self, void *which) {
  const lwc_hash *d = self->d;
  switch ((int)(intptr_t)which) {
    case 0: return PyUnicode_FromString(d->scheme);
    case 1: return PyUnicode_FromString(d->impl);
    case 2: return PyUnicode_FromString(kind_names[d->kind]);
    case 3: return PyLong_FromLong(d->outbytes);
    default: return PyLong_FromLong(d->max_custombytes);
  }
}

static PyGetSetDef Hash_getset[] = {
    {"scheme", (getter)Hash_get, NULL, "the scheme's name", (void *)0},
    {"name", (getter)Hash_get, NULL, "the scheme's name (hashlib's attribute)", (void *)0},
    {"impl", (getter)Hash_get, NULL, "the implementation's name", (void *)1},
    {"kind", (getter)Hash_get, NULL, "'hash', 'xof' or 'cxof'", (void *)2},
    {"digest_size", (getter)Hash_get, NULL, "digest length (an XOF's usual length)", (void *)3},
    {"max_customization_size", (getter)Hash_get, NULL, "CXOF customization limit (else 0)",
     (void *)4},
    {NULL},
};

static PyMethodDef Hash_methods[] = {
    {"update", (PyCFunction)Hash_update, METH_O, "update(data): absorb more input"},
    {"digest", (PyCFunction)(void (*)(void))Hash_digest, METH_FASTCALL | METH_KEYWORDS,
     "digest(length=None) -> the output of what was absorbed; the object is unchanged"},
    {"hexdigest", (PyCFunction)(void (*)(void))Hash_hexdigest, METH_FASTCALL | METH_KEYWORDS,
     "hexdigest(length=None) -> digest() in hexadecimal"},
    {"squeeze", (PyCFunction)Hash_squeeze, METH_O,
     "squeeze(length) -> the next bytes of an XOF's output (no update() after it)"},
    {"copy", (PyCFunction)Hash_copy, METH_NOARGS, "copy() -> an independent copy"},
    {NULL},
};

static PyTypeObject HashType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lwc.Hash",
    .tp_basicsize = sizeof(HashObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Hash(scheme, data=None, *, customization=None, impl=None): an incremental\n"
              "hash, XOF or CXOF of lwc.h (update, digest, squeeze, copy).",
    .tp_new = Hash_new,
    .tp_dealloc = (destructor)Hash_dealloc,
    .tp_repr = (reprfunc)Hash_repr,
    .tp_methods = Hash_methods,
    .tp_getset = Hash_getset,
};

/* ---- MAC and PRF (lwc_auth): one-shot and incremental ----------------------- */

static const char *const auth_kind_names[] = {"mac", "prf", "prfs"};

/* The names of the auth registry's MACs (mac != 0) or PRFs, as
 * REGISTRY_NAMES gives them: the schemes (scheme NULL) or the
 * implementations of one scheme that this CPU runs. */
static PyObject *auth_names_of(int mac, const char *scheme) {
  PyObject *out = PyList_New(0);
  size_t i;
  if (out == NULL) return NULL;
  for (i = 0; lwc_auth_registry[i] != NULL; i++) {
    const lwc_auth *d = lwc_auth_registry[i];
    PyObject *s;
    int has;
    if ((d->kind == LWC_MAC) != mac) continue;
    if (scheme != NULL && strcmp(d->scheme, scheme) != 0) continue;
    if (lwc_auth_find(d->scheme, d->impl) == NULL) continue;
    s = PyUnicode_FromString(scheme == NULL ? d->scheme : d->impl);
    if (s == NULL) goto fail;
    has = PySequence_Contains(out, s);
    if (has == 0) has = PyList_Append(out, s) == 0 ? 0 : -1;
    Py_DECREF(s);
    if (has < 0) goto fail;
  }
  return out;
fail:
  Py_DECREF(out);
  return NULL;
}

static PyObject *mac_names(const char *scheme) { return auth_names_of(1, scheme); }
static PyObject *prf_names(const char *scheme) { return auth_names_of(0, scheme); }
REGISTRY_NAMES(auth_names, lwc_auth_registry, lwc_auth_find)

/* The descriptor of a MAC (mac != 0) or PRF scheme; ValueError naming the
 * other kind's function for the other kind's schemes. */
static const lwc_auth *find_auth(PyObject *scheme_o, PyObject *impl_o, int mac) {
  const char *scheme, *impl;
  const lwc_auth *d;
  if (get_name(scheme_o, "scheme", 0, &scheme) < 0 || get_name(impl_o, "impl", 1, &impl) < 0)
    return NULL;
  d = lwc_auth_find(scheme, NULL);
  if (d != NULL && (d->kind == LWC_MAC) != mac) {
    PyErr_Format(PyExc_ValueError, "'%s' is a %s, not a %s: use lwc.%s()", scheme,
                 mac ? "PRF" : "MAC", mac ? "MAC" : "PRF", mac ? "prf" : "mac");
    return NULL;
  }
  d = lwc_auth_find(scheme, impl);
  if (d == NULL) unknown(mac ? "MAC" : "PRF", mac ? mac_names : prf_names, scheme, impl);
  return d;
}

/* Descriptors of the one-shot calls, looked up once per (scheme, impl)
 * (the kind is checked at each call: a miss raises the lookup's error). */
static PyObject *auth_cache;

static const lwc_auth *cached_auth(PyObject *scheme, PyObject *impl, int mac) {
  PyObject *k, *v;
  const lwc_auth *d;
  if (impl == NULL) impl = Py_None;
  if (!PyUnicode_CheckExact(scheme) || (impl != Py_None && !PyUnicode_CheckExact(impl)))
    return find_auth(scheme, impl, mac); /* the lookup raises the TypeError */
  k = impl == Py_None ? Py_NewRef(scheme) : PyTuple_Pack(2, scheme, impl);
  if (k == NULL) return NULL;
  v = PyDict_GetItemWithError(auth_cache, k);
  if (v != NULL) {
    Py_DECREF(k);
    d = PyLong_AsVoidPtr(v);
    if (d != NULL && (d->kind == LWC_MAC) == mac) return d;
    return find_auth(scheme, impl, mac); /* the other kind: its error */
  }
  d = PyErr_Occurred() ? NULL : find_auth(scheme, impl, mac);
  if (d != NULL) {
    v = PyLong_FromVoidPtr((void *)d);
    if (v == NULL || PyDict_SetItem(auth_cache, k, v) < 0) d = NULL;
    Py_XDECREF(v);
  }
  Py_DECREF(k);
  return d;
}

static int check_auth_key(const lwc_auth *d, const Py_buffer *key) {
  if (key->len == d->keybytes) return 0;
  PyErr_Format(PyExc_ValueError, "key of %s must be %d bytes (got %zd)", d->scheme, d->keybytes,
               key->len);
  return -1;
}

/* An output length: a MAC's tag of LWC_AUTH_MIN_TAG bytes up to the full
 * tag (what lwc_auth_verify takes), a PRF's any, up to max_outbytes when it
 * has a limit; default: outbytes. */
static int auth_out_length(const lwc_auth *d, PyObject *o, Py_ssize_t *n) {
  Py_ssize_t lo = d->kind == LWC_MAC ? LWC_AUTH_MIN_TAG : 0;
  Py_ssize_t hi = d->kind == LWC_MAC ? d->outbytes : d->max_outbytes;
  if (get_length(o, d->outbytes, "length", n) < 0) return -1;
  if (*n < lo || (hi != 0 && *n > hi)) {
    PyErr_Format(PyExc_ValueError, "length of %s must be %zd to %zd bytes (got %zd)", d->scheme,
                 lo, hi, *n);
    return -1;
  }
  return 0;
}

static int check_auth_input(const lwc_auth *d, const Py_buffer *data) {
  if (d->max_inbytes == 0 || data->len <= d->max_inbytes) return 0;
  PyErr_Format(PyExc_ValueError, "%s takes at most %d bytes of input (got %zd)", d->scheme,
               d->max_inbytes, data->len);
  return -1;
}

static int check_tag_length(const lwc_auth *d, const Py_buffer *tag) {
  if (tag->len >= LWC_AUTH_MIN_TAG && tag->len <= d->outbytes) return 0;
  PyErr_Format(PyExc_ValueError, "tag of %s must be %d to %d bytes (got %zd)", d->scheme,
               LWC_AUTH_MIN_TAG, d->outbytes, tag->len);
  return -1;
}

static void tag_mismatch(void) {
  PyErr_SetString(TagError, "authentication failed: the tag does not match");
}

/* mac(scheme, key, data, length=None, *, impl=None) and prf(...) */
static PyObject *auth_compute(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                              int mac) {
  static const char *const names[] = {"scheme", "key", "data", "length", "impl"};
  PyObject *a[5], *out = NULL;
  const lwc_auth *d;
  Py_buffer key, data;
  Py_ssize_t n;
  int rc;
  key.obj = data.obj = NULL;
  if (parse_args(mac ? "mac" : "prf", args, nargs, kwnames, names, 5, 4, 3, a) < 0) return NULL;
  d = cached_auth(a[0], a[4], mac);
  if (d == NULL) return NULL;
  if (auth_out_length(d, a[3], &n) < 0 || get_view(a[1], &key, "key", 0) < 0 ||
      get_view(a[2], &data, "data", 0) < 0 || check_auth_key(d, &key) < 0 ||
      check_auth_input(d, &data) < 0)
    goto done;
  out = PyBytes_FromStringAndSize(NULL, n);
  if (out == NULL) goto done;
  if (data.len + n >= LWC_PY_NOGIL_BYTES) {
    Py_BEGIN_ALLOW_THREADS
    rc = lwc_auth_compute(d, (uint8_t *)PyBytes_AS_STRING(out), (size_t)n, data.buf,
                          (size_t)data.len, key.buf);
    Py_END_ALLOW_THREADS
  } else {
    rc = lwc_auth_compute(d, (uint8_t *)PyBytes_AS_STRING(out), (size_t)n, data.buf,
                          (size_t)data.len, key.buf);
  }
  if (rc != LWC_OK) {
    Py_CLEAR(out);
    PyErr_Format(PyExc_ValueError, "%s refused the arguments", d->scheme);
  }
done:
  release(&key);
  release(&data);
  return out;
}

/* mac_verify(scheme, key, data, tag, *, impl=None) and prf_verify(...):
 * None, or TagError. */
static PyObject *auth_verify(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                             int mac) {
  static const char *const names[] = {"scheme", "key", "data", "tag", "impl"};
  PyObject *a[5], *out = NULL;
  const lwc_auth *d;
  Py_buffer key, data, tag;
  int rc;
  key.obj = data.obj = tag.obj = NULL;
  if (parse_args(mac ? "mac_verify" : "prf_verify", args, nargs, kwnames, names, 5, 4, 4, a) < 0)
    return NULL;
  d = cached_auth(a[0], a[4], mac);
  if (d == NULL) return NULL;
  if (get_view(a[1], &key, "key", 0) < 0 || get_view(a[2], &data, "data", 0) < 0 ||
      get_view(a[3], &tag, "tag", 0) < 0 || check_auth_key(d, &key) < 0 ||
      check_auth_input(d, &data) < 0 || check_tag_length(d, &tag) < 0)
    goto done;
  if (data.len >= LWC_PY_NOGIL_BYTES) {
    Py_BEGIN_ALLOW_THREADS
    rc = lwc_auth_verify(d, tag.buf, (size_t)tag.len, data.buf, (size_t)data.len, key.buf);
    Py_END_ALLOW_THREADS
  } else {
    rc = lwc_auth_verify(d, tag.buf, (size_t)tag.len, data.buf, (size_t)data.len, key.buf);
  }
  if (rc == LWC_OK)
    out = Py_NewRef(Py_None);
  else if (rc == LWC_ERR_TAG)
    tag_mismatch();
  else
    PyErr_Format(PyExc_ValueError, "%s refused the arguments", d->scheme);
done:
  release(&key);
  release(&data);
  release(&tag);
  return out;
}

static PyObject *mod_mac(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames) {
  (void)mod;
  return auth_compute(args, nargs, kwnames, 1);
}

static PyObject *mod_prf(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames) {
  (void)mod;
  return auth_compute(args, nargs, kwnames, 0);
}

static PyObject *mod_mac_verify(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames) {
  (void)mod;
  return auth_verify(args, nargs, kwnames, 1);
}

static PyObject *mod_prf_verify(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames) {
  (void)mod;
  return auth_verify(args, nargs, kwnames, 0);
}

/* Mac and Prf: the incremental calls of one descriptor.  The context holds
 * a state computed from the key (never the key), wiped when the object
 * goes; digest() and verify() squeeze a copy, so more input can follow. */
typedef struct {
  PyObject_HEAD
  const lwc_auth *d;
  lwc_auth_ctx ctx;
  int squeezing;            /* Prf.squeeze() was called: no more update() */
  PyThread_type_lock lock;  /* held while the library works on ctx */
} AuthObject;

static PyTypeObject MacType, PrfType;

static void auth_enter(AuthObject *self) { lock_enter(self->lock); }

static void auth_leave(AuthObject *self) { PyThread_release_lock(self->lock); }

static int auth_update(void *obj, const uint8_t *in, size_t len) {
  AuthObject *self = (AuthObject *)obj;
  return self->d->update(&self->ctx, in, len);
}

static int auth_feed(AuthObject *self, PyObject *data_o) {
  return feed(data_o, self->lock, &self->squeezing, self->d->scheme, auth_update, self);
}

static AuthObject *auth_alloc(PyTypeObject *type, const lwc_auth *d) {
  AuthObject *self = (AuthObject *)type->tp_alloc(type, 0);
  if (self == NULL) return NULL;
  self->d = d;
  self->lock = PyThread_allocate_lock();
  if (self->lock == NULL) {
    Py_DECREF(self);
    PyErr_NoMemory();
    return NULL;
  }
  return self;
}

/* Mac(scheme, key, data=None, *, impl=None) and Prf(...) */
static PyObject *auth_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
  static char *names[] = {"scheme", "key", "data", "impl", NULL};
  int mac = type == &MacType;
  PyObject *scheme = NULL, *key_o = NULL, *data = Py_None, *impl = Py_None;
  const lwc_auth *d;
  AuthObject *self;
  Py_buffer key;
  int rc;
  if (!PyArg_ParseTupleAndKeywords(args, kw, mac ? "OO|O$O:Mac" : "OO|O$O:Prf", names, &scheme,
                                   &key_o, &data, &impl))
    return NULL;
  d = find_auth(scheme, impl, mac);
  if (d == NULL) return NULL;
  if (d->init == NULL) {
    PyErr_Format(PyExc_ValueError, "%s takes its input in one call (no incremental calls): "
                 "use lwc.prf()", d->scheme);
    return NULL;
  }
  if (get_view(key_o, &key, "key", 0) < 0) return NULL;
  if (check_auth_key(d, &key) < 0) {
    release(&key);
    return NULL;
  }
  self = auth_alloc(type, d);
  if (self == NULL) {
    release(&key);
    return NULL;
  }
  rc = d->init(&self->ctx, key.buf);
  release(&key);
  if (rc != LWC_OK) {
    Py_DECREF(self);
    PyErr_Format(PyExc_ValueError, "%s refused the key", d->scheme);
    return NULL;
  }
  if (data != Py_None && auth_feed(self, data) < 0) {
    Py_DECREF(self);
    return NULL;
  }
  return (PyObject *)self;
}

static void Auth_dealloc(AuthObject *self) {
  lwc_auth_wipe(&self->ctx);
  if (self->lock != NULL) PyThread_free_lock(self->lock);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Auth_update(AuthObject *self, PyObject *data) {
  if (auth_feed(self, data) < 0) return NULL;
  Py_RETURN_NONE;
}

/* The first n bytes of the output so far into out: a copy of the context
 * squeezed (the object unchanged); -1 and an exception after squeeze(). */
static int auth_peek(AuthObject *self, uint8_t *out, size_t n, const char *fn) {
  lwc_auth_ctx copy;
  int rc;
  auth_enter(self);
  if (self->squeezing) {
    auth_leave(self);
    PyErr_Format(PyExc_ValueError, "%s() after squeeze(): read the output with squeeze()", fn);
    return -1;
  }
  memcpy(&copy, &self->ctx, sizeof copy);
  auth_leave(self);
  rc = self->d->squeeze(&copy, out, n);
  lwc_auth_wipe(&copy);
  if (rc != LWC_OK) {
    PyErr_Format(PyExc_ValueError, "%s refused the output length", self->d->scheme);
    return -1;
  }
  return 0;
}

/* digest(length=None): the tag or output of what was absorbed */
static PyObject *Auth_digest(AuthObject *self, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames) {
  static const char *const names[] = {"length"};
  PyObject *a[1], *out;
  Py_ssize_t n;
  if (parse_args("digest", args, nargs, kwnames, names, 1, 1, 0, a) < 0 ||
      auth_out_length(self->d, a[0], &n) < 0)
    return NULL;
  out = PyBytes_FromStringAndSize(NULL, n);
  if (out != NULL && auth_peek(self, (uint8_t *)PyBytes_AS_STRING(out), (size_t)n, "digest") < 0)
    Py_CLEAR(out);
  return out;
}

static PyObject *Auth_hexdigest(AuthObject *self, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames) {
  PyObject *raw = Auth_digest(self, args, nargs, kwnames), *hex;
  if (raw == NULL) return NULL;
  hex = PyObject_CallMethod(raw, "hex", NULL);
  Py_DECREF(raw);
  return hex;
}

/* 1 when a[0..n) == b[0..n), in time independent of where they differ */
static int same_bytes(const uint8_t *a, const uint8_t *b, size_t n) {
  volatile uint8_t diff = 0;
  size_t i;
  for (i = 0; i < n; i++) diff = (uint8_t)(diff | (a[i] ^ b[i]));
  return diff == 0;
}

/* verify(tag): None when tag is the output's first len(tag) bytes (4 up
 * to digest_size), compared in constant time; else TagError */
static PyObject *Auth_verify(AuthObject *self, PyObject *tag_o) {
  uint8_t want[64];
  Py_buffer tag;
  int same;
  if (get_view(tag_o, &tag, "tag", 0) < 0) return NULL;
  if (check_tag_length(self->d, &tag) < 0 || (size_t)tag.len > sizeof want ||
      auth_peek(self, want, (size_t)tag.len, "verify") < 0) {
    if (!PyErr_Occurred())
      PyErr_Format(PyExc_ValueError, "tag of %zd bytes is too long", tag.len);
    release(&tag);
    return NULL;
  }
  same = same_bytes(want, tag.buf, (size_t)tag.len);
  lwc_wipe(want, sizeof want);
  release(&tag);
  if (!same) {
    tag_mismatch();
    return NULL;
  }
  Py_RETURN_NONE;
}

/* Prf.squeeze(length): the next `length` bytes of the output stream. */
static PyObject *Auth_squeeze(AuthObject *self, PyObject *length) {
  PyObject *out;
  Py_ssize_t n;
  int rc;
  if (get_length(length, 0, "length", &n) < 0) return NULL;
  out = PyBytes_FromStringAndSize(NULL, n);
  if (out == NULL) return NULL;
  auth_enter(self);
  self->squeezing = 1;
  if (n >= LWC_PY_NOGIL_BYTES) {
    Py_BEGIN_ALLOW_THREADS
    rc = self->d->squeeze(&self->ctx, (uint8_t *)PyBytes_AS_STRING(out), (size_t)n);
    Py_END_ALLOW_THREADS
  } else {
    rc = self->d->squeeze(&self->ctx, (uint8_t *)PyBytes_AS_STRING(out), (size_t)n);
  }
  auth_leave(self);
  if (rc != LWC_OK) {
    Py_DECREF(out);
    PyErr_Format(PyExc_ValueError, "%s refused the output length", self->d->scheme);
    return NULL;
  }
  return out;
}

static PyObject *Auth_copy(AuthObject *self, PyObject *unused) {
  AuthObject *c = auth_alloc(Py_TYPE(self), self->d);
  (void)unused;
  if (c == NULL) return NULL;
  auth_enter(self);
  memcpy(&c->ctx, &self->ctx, sizeof c->ctx);
  c->squeezing = self->squeezing;
  auth_leave(self);
  return (PyObject *)c;
}

static PyObject *Auth_repr(AuthObject *self) {
  return PyUnicode_FromFormat("<lwc.%s '%s' impl='%s'>", Py_TYPE(self) == &MacType ? "Mac" : "Prf",
                              self->d->scheme, self->d->impl);
}

static PyObject *Auth_get(AuthObject *self, void *which) {
  const lwc_auth *d = self->d;
  switch ((int)(intptr_t)which) {
    case 0: return PyUnicode_FromString(d->scheme);
    case 1: return PyUnicode_FromString(d->impl);
    case 2: return PyUnicode_FromString(auth_kind_names[d->kind]);
    case 3: return PyLong_FromLong(d->keybytes);
    default: return PyLong_FromLong(d->outbytes);
  }
}

static PyGetSetDef Auth_getset[] = {
    {"scheme", (getter)Auth_get, NULL, "the scheme's name", (void *)0},
    {"name", (getter)Auth_get, NULL, "the scheme's name (hmac's attribute)", (void *)0},
    {"impl", (getter)Auth_get, NULL, "the implementation's name", (void *)1},
    {"kind", (getter)Auth_get, NULL, "'mac' or 'prf'", (void *)2},
    {"key_size", (getter)Auth_get, NULL, "key length in bytes", (void *)3},
    {"digest_size", (getter)Auth_get, NULL, "a MAC's full tag, a PRF's usual output length",
     (void *)4},
    {NULL},
};

#define AUTH_COMMON_METHODS                                                                  \
  {"update", (PyCFunction)Auth_update, METH_O, "update(data): absorb more input"},           \
  {"hexdigest", (PyCFunction)(void (*)(void))Auth_hexdigest, METH_FASTCALL | METH_KEYWORDS,  \
   "hexdigest(length=None) -> digest() in hexadecimal"},                                     \
  {"verify", (PyCFunction)Auth_verify, METH_O,                                               \
   "verify(tag): None when tag (4 bytes up to digest_size) is the output's beginning, "      \
   "compared in constant time; else lwc.TagError"},                                          \
  {"copy", (PyCFunction)Auth_copy, METH_NOARGS, "copy() -> an independent copy"}

static PyMethodDef Mac_methods[] = {
    {"digest", (PyCFunction)(void (*)(void))Auth_digest, METH_FASTCALL | METH_KEYWORDS,
     "digest(length=None) -> the tag of what was absorbed (length: 4 up to digest_size); "
     "the object is unchanged"},
    AUTH_COMMON_METHODS,
    {NULL},
};

static PyMethodDef Prf_methods[] = {
    {"digest", (PyCFunction)(void (*)(void))Auth_digest, METH_FASTCALL | METH_KEYWORDS,
     "digest(length=None) -> the output of what was absorbed (any length; default "
     "digest_size); the object is unchanged"},
    {"squeeze", (PyCFunction)Auth_squeeze, METH_O,
     "squeeze(length) -> the next bytes of the output (no update() after it)"},
    AUTH_COMMON_METHODS,
    {NULL},
};

static PyTypeObject MacType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lwc.Mac",
    .tp_basicsize = sizeof(AuthObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Mac(scheme, key, data=None, *, impl=None): an incremental MAC of lwc.h\n"
              "(update, digest, verify, copy).",
    .tp_new = auth_new,
    .tp_dealloc = (destructor)Auth_dealloc,
    .tp_repr = (reprfunc)Auth_repr,
    .tp_methods = Mac_methods,
    .tp_getset = Auth_getset,
};

static PyTypeObject PrfType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lwc.Prf",
    .tp_basicsize = sizeof(AuthObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Prf(scheme, key, data=None, *, impl=None): an incremental PRF of lwc.h\n"
              "(update, digest, squeeze, verify, copy); not for a PRF without incremental\n"
              "calls (ascon-prfs-v13: lwc.prf).",
    .tp_new = auth_new,
    .tp_dealloc = (destructor)Auth_dealloc,
    .tp_repr = (reprfunc)Auth_repr,
    .tp_methods = Prf_methods,
    .tp_getset = Auth_getset,
};

/* ---- Permutation ------------------------------------------------------------ */

typedef struct {
  PyObject_HEAD
  const lwc_perm *d;
  lwc_perm_state s;
} PermObject;

static PyObject *Perm_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
  static char *names[] = {"scheme", "impl", NULL};
  PyObject *scheme_o = NULL, *impl_o = Py_None;
  const char *scheme, *impl;
  const lwc_perm *d;
  PermObject *self;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:Permutation", names, &scheme_o, &impl_o) ||
      get_name(scheme_o, "scheme", 0, &scheme) < 0 || get_name(impl_o, "impl", 1, &impl) < 0)
    return NULL;
  d = lwc_perm_find(scheme, impl);
  if (d == NULL) {
    unknown("permutation", perm_names, scheme, impl);
    return NULL;
  }
  self = (PermObject *)type->tp_alloc(type, 0);
  if (self == NULL) return NULL;
  self->d = d;
  d->init(&self->s);
  return (PyObject *)self;
}

static void Perm_dealloc(PermObject *self) {
  lwc_wipe(&self->s, sizeof self->s);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

static int state_range(const lwc_perm *d, Py_ssize_t off, Py_ssize_t len) {
  if (off > d->statebytes || len > d->statebytes - off) {
    PyErr_Format(PyExc_ValueError, "bytes %zd..%zd are outside the %d-byte state", off,
                 off + len, d->statebytes);
    return -1;
  }
  return 0;
}

/* add_bytes(data, offset=0): S[offset .. offset+len) ^= data */
static PyObject *Perm_add_bytes(PermObject *self, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames) {
  static const char *const names[] = {"data", "offset"};
  PyObject *a[2];
  Py_buffer data;
  Py_ssize_t off;
  if (parse_args("add_bytes", args, nargs, kwnames, names, 2, 2, 1, a) < 0 ||
      get_length(a[1], 0, "offset", &off) < 0 || get_view(a[0], &data, "data", 0) < 0)
    return NULL;
  if (state_range(self->d, off, data.len) < 0) {
    release(&data);
    return NULL;
  }
  self->d->add_bytes(&self->s, data.buf, (size_t)off, (size_t)data.len);
  release(&data);
  Py_RETURN_NONE;
}

/* extract_bytes(length, offset=0) -> S[offset .. offset+length) */
static PyObject *Perm_extract_bytes(PermObject *self, PyObject *const *args, Py_ssize_t nargs,
                                    PyObject *kwnames) {
  static const char *const names[] = {"length", "offset"};
  PyObject *a[2], *out;
  Py_ssize_t n, off;
  if (parse_args("extract_bytes", args, nargs, kwnames, names, 2, 2, 1, a) < 0 ||
      get_length(a[0], 0, "length", &n) < 0 || get_length(a[1], 0, "offset", &off) < 0 ||
      state_range(self->d, off, n) < 0)
    return NULL;
  out = PyBytes_FromStringAndSize(NULL, n);
  if (out != NULL)
    self->d->extract_bytes(&self->s, (uint8_t *)PyBytes_AS_STRING(out), (size_t)off, (size_t)n);
  return out;
}

/* permute(rounds=None): the scheme's permutation, or the family's with
 * `rounds` rounds (1 .. max_rounds) */
static PyObject *Perm_permute(PermObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames) {
  static const char *const names[] = {"rounds"};
  PyObject *a[1];
  Py_ssize_t r;
  if (parse_args("permute", args, nargs, kwnames, names, 1, 1, 0, a) < 0) return NULL;
  if (a[0] == NULL || a[0] == Py_None) {
    self->d->permute(&self->s);
    Py_RETURN_NONE;
  }
  if (get_length(a[0], 0, "rounds", &r) < 0) return NULL;
  if (r < 1 || r > self->d->max_rounds) {
    PyErr_Format(PyExc_ValueError, "rounds of %s must be 1 to %d (got %zd)", self->d->scheme,
                 self->d->max_rounds, r);
    return NULL;
  }
  self->d->permute_rounds(&self->s, (unsigned)r);
  Py_RETURN_NONE;
}

static PyObject *Perm_reset(PermObject *self, PyObject *unused) {
  (void)unused;
  self->d->init(&self->s);
  Py_RETURN_NONE;
}

static PyObject *Perm_repr(PermObject *self) {
  return PyUnicode_FromFormat("<lwc.Permutation '%s' impl='%s'>", self->d->scheme, self->d->impl);
}

static PyObject *Perm_get(PermObject *self, void *which) {
  const lwc_perm *d = self->d;
  switch ((int)(intptr_t)which) {
    case 0: return PyUnicode_FromString(d->scheme);
    case 1: return PyUnicode_FromString(d->impl);
    case 2: return PyLong_FromLong(d->statebytes);
    case 3: return PyLong_FromLong(d->rounds);
    default: return PyLong_FromLong(d->max_rounds);
  }
}

static PyGetSetDef Perm_getset[] = {
    {"scheme", (getter)Perm_get, NULL, "the permutation's name", (void *)0},
    {"impl", (getter)Perm_get, NULL, "the implementation's name", (void *)1},
    {"state_size", (getter)Perm_get, NULL, "state length in bytes", (void *)2},
    {"rounds", (getter)Perm_get, NULL, "rounds of permute()", (void *)3},
    {"max_rounds", (getter)Perm_get, NULL, "permute(rounds) takes 1 .. max_rounds", (void *)4},
    {NULL},
};

static PyMethodDef Perm_methods[] = {
    {"add_bytes", (PyCFunction)(void (*)(void))Perm_add_bytes, METH_FASTCALL | METH_KEYWORDS,
     "add_bytes(data, offset=0): xor data into the state at offset"},
    {"extract_bytes", (PyCFunction)(void (*)(void))Perm_extract_bytes,
     METH_FASTCALL | METH_KEYWORDS, "extract_bytes(length, offset=0) -> state bytes"},
    {"permute", (PyCFunction)(void (*)(void))Perm_permute, METH_FASTCALL | METH_KEYWORDS,
     "permute(rounds=None): apply the permutation (or that many of its family's rounds)"},
    {"reset", (PyCFunction)Perm_reset, METH_NOARGS, "reset(): the all-zero state"},
    {NULL},
};

static PyTypeObject PermType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lwc.Permutation",
    .tp_basicsize = sizeof(PermObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Permutation(scheme, impl=None): a bare permutation's state, all zeros.",
    .tp_new = Perm_new,
    .tp_dealloc = (destructor)Perm_dealloc,
    .tp_repr = (reprfunc)Perm_repr,
    .tp_methods = Perm_methods,
    .tp_getset = Perm_getset,
};

/* ---- listings ----------------------------------------------------------------- */

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

static PyMethodDef module_methods[] = {
    {"hash", (PyCFunction)(void (*)(void))mod_hash, METH_FASTCALL | METH_KEYWORDS,
     "hash(scheme, data, length=None, *, customization=None, impl=None) -> bytes"},
    {"hash_batch", (PyCFunction)(void (*)(void))mod_hash_batch, METH_FASTCALL | METH_KEYWORDS,
     "hash_batch(scheme, messages, length=None, *, engine=None, impl=None) -> list of bytes"},
    {"mac", (PyCFunction)(void (*)(void))mod_mac, METH_FASTCALL | METH_KEYWORDS,
     "mac(scheme, key, data, length=None, *, impl=None) -> the tag (length: 4 up to the full "
     "tag, its default)"},
    {"mac_verify", (PyCFunction)(void (*)(void))mod_mac_verify, METH_FASTCALL | METH_KEYWORDS,
     "mac_verify(scheme, key, data, tag, *, impl=None) -> None, or lwc.TagError; compared in "
     "constant time"},
    {"prf", (PyCFunction)(void (*)(void))mod_prf, METH_FASTCALL | METH_KEYWORDS,
     "prf(scheme, key, data, length=None, *, impl=None) -> bytes (any length, up to a short "
     "PRF's limit)"},
    {"prf_verify", (PyCFunction)(void (*)(void))mod_prf_verify, METH_FASTCALL | METH_KEYWORDS,
     "prf_verify(scheme, key, data, tag, *, impl=None) -> None when tag begins the output, "
     "or lwc.TagError"},
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
  if (PyType_Ready(&AeadType) < 0 || PyType_Ready(&HashType) < 0 || PyType_Ready(&PermType) < 0 ||
      PyType_Ready(&MacType) < 0 || PyType_Ready(&PrfType) < 0)
    goto fail;
  TagError = PyErr_NewExceptionWithDoc(
      "lwc.TagError", "Authentication failed: the tag does not match (no plaintext released).",
      NULL, NULL);
  hash_cache = PyDict_New();
  auth_cache = PyDict_New();
  if (TagError == NULL || hash_cache == NULL || auth_cache == NULL) goto fail;
  if (PyModule_AddObjectRef(m, "TagError", TagError) < 0 ||
      PyModule_AddObjectRef(m, "Aead", (PyObject *)&AeadType) < 0 ||
      PyModule_AddObjectRef(m, "Hash", (PyObject *)&HashType) < 0 ||
      PyModule_AddObjectRef(m, "Mac", (PyObject *)&MacType) < 0 ||
      PyModule_AddObjectRef(m, "Prf", (PyObject *)&PrfType) < 0 ||
      PyModule_AddObjectRef(m, "Permutation", (PyObject *)&PermType) < 0 ||
      PyModule_AddIntConstant(m, "NOGIL_BYTES", LWC_PY_NOGIL_BYTES) < 0)
    goto fail;
  return m;
fail:
  Py_DECREF(m);
  return NULL;
}
