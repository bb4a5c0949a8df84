/*
 * _lwc_hash.c -- hash, XOF and CXOF: the one-shot lwc.hash, lwc.hash_batch
 * (SIMD lanes) and the incremental lwc.Hash (hashlib's shape; the object
 * itself is _lwc_sponge.c's, shared with Mac and Prf).
 */
#include "_lwc.h"

/* ---- one-shot and batches --------------------------------------------------- */

/* The output length a call asks for: a hash's digest size only; an XOF's
 * any (default: its usual length). */
int out_length(const lwc_hash *h, PyObject *o, Py_ssize_t *n) {
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

static const void *lookup_hash(PyObject *scheme, PyObject *impl, int unused) {
  (void)unused;
  return find_hash(scheme, impl);
}

/* hash(scheme, data, length=None, *, customization=None, impl=None) */
PyObject *mod_hash(PyObject *mod, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
  static const char *const names[] = {"scheme", "data", "length", "customization", "impl"};
  PyObject *a[5], *out = NULL;
  const lwc_hash *h;
  Py_buffer data, custom;
  Py_ssize_t n;
  int rc;
  (void)mod;
  data.obj = custom.obj = NULL;
  if (parse_args("hash", args, nargs, kwnames, names, 5, 3, 2, a) < 0) return NULL;
  h = cached(hash_cache, a[0], a[4], lookup_hash, 0);
  if (h == NULL) return NULL;
  if (out_length(h, a[2], &n) < 0 || get_view(a[1], &data, "data", 0) < 0 ||
      get_view(a[3], &custom, "customization", 1) < 0 || check_custom(h, &custom, -1) < 0)
    goto done;
  out = PyBytes_FromStringAndSize(NULL, n);
  if (out == NULL) goto done;
  NOGIL_IF_LONG(data.len + n, rc = lwc_hash_compute(h, (uint8_t *)PyBytes_AS_STRING(out), (size_t)n,
                                                     data.buf, (size_t)data.len, custom.buf,
                                                     (size_t)custom.len));
  out = call_result(out, rc, h->scheme);
done:
  release_all(&data, &custom, NULL);
  return out;
}

/* hash_batch(scheme, messages, length=None, *, engine=None, impl=None):
 * each message a bytes-like object, or (data, customization) for a CXOF. */
PyObject *mod_hash_batch(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames) {
  static const char *const names[] = {"scheme", "messages", "length", "engine", "impl"};
  PyObject *a[5], *result = NULL;
  batch bt;
  Py_buffer *views;
  lwc_hash_job *jobs;
  const lwc_hash *h;
  const lwc_batch *b;
  Py_ssize_t n, i, outlen, total = 0;
  int ok;
  (void)mod;
  if (parse_args("hash_batch", args, nargs, kwnames, names, 5, 3, 2, a) < 0) return NULL;
  h = cached(hash_cache, a[0], a[4], lookup_hash, 0);
  if (h == NULL || out_length(h, a[2], &outlen) < 0) return NULL;
  b = find_engine(h->scheme, a[3], &ok);
  if (!ok) return NULL;
  if (batch_open(&bt, a[1], "messages must be a sequence", 2, sizeof *jobs) < 0) goto done;
  n = bt.n;
  views = bt.views;
  jobs = bt.jobs;
  result = PyList_New(n);
  if (result == NULL) goto done;
  for (i = 0; i < n; i++) {
    PyObject *m = PySequence_Fast_GET_ITEM(bt.seq, i), *o;
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
  NOGIL_IF_LONG(total, lwc_hash_batch(h, b, jobs, (size_t)n));
  for (i = 0; i < n; i++)
    if (jobs[i].status != LWC_OK) {
      PyErr_Format(PyExc_ValueError, "message %zd: %s refused the arguments", i, h->scheme);
      goto fail;
    }
  goto done;
fail:
  Py_CLEAR(result);
done:
  batch_close(&bt);
  return result;
}

/* ---- Hash: incremental ------------------------------------------------------ */

/* Hash(scheme, data=None, *, customization=None, impl=None) */
static PyObject *Hash_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
  static char *names[] = {"scheme", "data", "customization", "impl", NULL};
  PyObject *scheme = NULL, *data = Py_None, *custom_o = Py_None, *impl = Py_None;
  const lwc_hash *d;
  Py_buffer custom;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O$OO:Hash", names, &scheme, &data, &custom_o,
                                   &impl))
    return NULL;
  d = find_hash(scheme, impl);
  if (d == NULL || get_view(custom_o, &custom, "customization", 1) < 0) return NULL;
  if (check_custom(d, &custom, -1) < 0) {
    release(&custom);
    return NULL;
  }
  return sponge_new(type, d, &custom, data);
}

/* squeeze(length): the next `length` bytes of an XOF's output stream. */
static PyObject *Hash_squeeze(SpongeObject *self, PyObject *length) {
  const lwc_hash *d = self->base.d;
  if (d->kind == LWC_HASH) {
    PyErr_Format(PyExc_ValueError, "%s is a fixed-length hash: use digest()", d->scheme);
    return NULL;
  }
  return sponge_squeeze(self, length);
}

/* Beside the base type's (lwc._Incremental, _lwc_sponge.c) */
static PyGetSetDef Hash_getset[] = {
    {"kind", desc_get, NULL, "'hash', 'xof' or 'cxof'", FIELD(lwc_hash, kind, FIELD_HASH_KIND)},
    {"max_customization_size", desc_get, NULL, "CXOF customization limit (else 0)",
     FIELD(lwc_hash, max_custombytes, FIELD_INT)},
    {NULL},
};

static PyMethodDef Hash_methods[] = {
    {"squeeze", (PyCFunction)Hash_squeeze, METH_O,
     "squeeze(length) -> the next bytes of an XOF's output (no update() after it)"},
    {NULL},
};

PyTypeObject HashType = BINDING_TYPE(
    "lwc.Hash", SpongeObject,
    "Hash(scheme, data=None, *, customization=None, impl=None): an incremental\n"
    "hash, XOF or CXOF of lwc.h (update, digest, squeeze, copy).",
    Hash_new, NULL, NULL, Hash_methods, Hash_getset);

int hash_add(PyObject *m) {
  hash_cache = PyDict_New();
  if (hash_cache == NULL) return -1;
  HashType.tp_base = &SpongeType;
  return PyModule_AddType(m, &HashType);
}
