/*
 * _lwc_aead.c -- lwc.Aead: one AEAD implementation of lwc.h (encrypt,
 * decrypt, their batches), and its attributes.
 */
#include "_lwc.h"

#include <time.h>

/* An Aead: d its lwc_aead. */
typedef DescObject AeadObject;

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
    NOGIL_IF_LONG(data.len + ad.len,
                  rc = decrypt ? lwc_aead_decrypt(d, o, data.buf, (size_t)data.len, ad.buf,
                                                  (size_t)ad.len, nonce.buf, key.buf, op)
                               : lwc_aead_encrypt(d, o, data.buf, (size_t)data.len, ad.buf,
                                                  (size_t)ad.len, nonce.buf, key.buf, op));
  }
  /* a failed tag: the library zeroed the plaintext (out is freed) */
  out = call_result(out, rc, d->scheme);
done:
  release_all(&key, &nonce, &data, &ad, &mask, NULL);
  return out;
}

static FASTCALL_WITH_FLAG(Aead_encrypt, AeadObject, aead_call, 0)
static FASTCALL_WITH_FLAG(Aead_decrypt, AeadObject, aead_call, 1)

/* encrypt_batch(jobs, *, engine=None) / decrypt_batch: each job a sequence
 * (key, nonce, data) or (key, nonce, data, ad). */
static PyObject *aead_batch(AeadObject *self, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames, int decrypt) {
  static const char *const names[] = {"jobs", "engine"};
  const lwc_aead *d = self->d;
  const char *fn = decrypt ? "decrypt_batch" : "encrypt_batch";
  PyObject *a[2], *result = NULL, **outs = NULL;
  batch bt;
  lwc_aead_job *jobs;
  const lwc_batch *b;
  Py_ssize_t n, i, total = 0;
  int ok, rc;
  if (parse_args(fn, args, nargs, kwnames, names, 2, 1, 1, a) < 0) return NULL;
  b = find_engine(d->scheme, a[1], &ok);
  if (!ok) return NULL;
  if (batch_open(&bt, a[0], "jobs must be a sequence of (key, nonce, data[, ad]) tuples", 4,
                 sizeof *jobs) < 0)
    goto done;
  n = bt.n;
  jobs = bt.jobs;
  outs = PyMem_Calloc((size_t)n + 1, sizeof *outs);
  if (outs == NULL) {
    PyErr_NoMemory();
    goto done;
  }
  for (i = 0; i < n; i++) {
    PyObject *job = PySequence_Fast_GET_ITEM(bt.seq, i), *items;
    Py_buffer *v = bt.views + 4 * i;
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
  NOGIL_IF_LONG(total, rc = decrypt ? lwc_aead_decrypt_batch(d, b, jobs, (size_t)n)
                                     : lwc_aead_encrypt_batch(d, b, jobs, (size_t)n));
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
  if (outs != NULL)
    for (i = 0; i < bt.n; i++) Py_XDECREF(outs[i]);
  PyMem_Free(outs);
  batch_close(&bt);
  return result;
}

static FASTCALL_WITH_FLAG(Aead_encrypt_batch, AeadObject, aead_batch, 0)
static FASTCALL_WITH_FLAG(Aead_decrypt_batch, AeadObject, aead_batch, 1)

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
  const lwc_aead *d = self->d;
  return PyUnicode_FromFormat("lwc.Aead('%s', impl='%s')", d->scheme, d->impl);
}

static PyGetSetDef Aead_getset[] = {
    {"scheme", desc_get, NULL, "the scheme's name", FIELD(lwc_aead, scheme, FIELD_NAME)},
    {"impl", desc_get, NULL, "the implementation's name", FIELD(lwc_aead, impl, FIELD_NAME)},
    {"key_size", desc_get, NULL, "key length in bytes", FIELD(lwc_aead, keybytes, FIELD_INT)},
    {"nonce_size", desc_get, NULL, "nonce length in bytes",
     FIELD(lwc_aead, noncebytes, FIELD_INT)},
    {"tag_size", desc_get, NULL, "full tag length in bytes (the default)",
     FIELD(lwc_aead, tagbytes, FIELD_INT)},
    {"min_tag_size", desc_get, NULL, "shortest truncated tag accepted",
     FIELD(lwc_aead, min_tagbytes, FIELD_INT)},
    {"nonce_masking", desc_get, NULL, "True when mask_key is accepted",
     FIELD(lwc_aead, nonce_masking, FIELD_BOOL)},
    {"shares", desc_get, NULL,
     "0 for an unmasked implementation, else the shares its key is split into "
     "(side-channel protection, docs/masking.md)", FIELD(lwc_aead, shares, FIELD_INT)},
    {"leveled", desc_get, NULL,
     "True when only the key-dependent steps are masked", FIELD(lwc_aead, leveled, FIELD_BOOL)},
    {NULL},
};

static PyMethodDef Aead_methods[] = {
    FASTCALL_METHOD("encrypt", Aead_encrypt,
     "encrypt(key, nonce, data, ad=None, *, tag_len=None, mask_key=None) -> ciphertext || tag"),
    FASTCALL_METHOD("decrypt", Aead_decrypt,
     "decrypt(key, nonce, data, ad=None, *, tag_len=None, mask_key=None) -> plaintext\n"
     "data is ciphertext || tag; a tag that does not match raises lwc.TagError."),
    FASTCALL_METHOD("encrypt_batch", Aead_encrypt_batch,
     "encrypt_batch(jobs, *, engine=None) -> list of ciphertext || tag\n"
     "jobs: (key, nonce, data[, ad]) tuples; full tags, no nonce masking."),
    FASTCALL_METHOD("decrypt_batch", Aead_decrypt_batch,
     "decrypt_batch(jobs, *, engine=None) -> list of plaintext, None where the tag failed"),
    {"_c_encrypt_ns", (PyCFunction)Aead_c_encrypt_ns, METH_VARARGS,
     "_c_encrypt_ns(key, nonce, data, ad, iterations) -> ns of a C loop (lwc.bench)"},
    {NULL},
};

static PyTypeObject AeadType = BINDING_TYPE(
    "lwc.Aead", AeadObject,
    "Aead(scheme, impl=None): one AEAD implementation of lwc.h.\n"
    "impl None: the preferred one for this build and CPU.",
    Aead_new, NULL, Aead_repr, Aead_methods, Aead_getset);

int aead_add(PyObject *m) { return PyModule_AddType(m, &AeadType); }
