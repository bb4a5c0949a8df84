/*
 * _lwc_auth.c -- MAC and PRF (lwc_auth): the one-shot lwc.mac,
 * lwc.mac_verify, lwc.prf, lwc.prf_verify and the incremental lwc.Mac and
 * lwc.Prf (hmac's shape, with verify; the object itself is
 * _lwc_sponge.c's, shared with Hash).
 */
#include "_lwc.h"

/* ---- names and lookups ------------------------------------------------------ */

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

static const void *lookup_auth(PyObject *scheme, PyObject *impl, int mac) {
  return find_auth(scheme, impl, mac);
}

static const lwc_auth *cached_auth(PyObject *scheme, PyObject *impl, int mac) {
  const lwc_auth *d = cached(auth_cache, scheme, impl, lookup_auth, mac);
  if (d == NULL || (d->kind == LWC_MAC) == mac) return d;
  return find_auth(scheme, impl, mac); /* the other kind: its error */
}

/* ---- one-shot --------------------------------------------------------------- */

static int check_auth_key(const lwc_auth *d, const Py_buffer *key) {
  if (key->len == d->keybytes) return 0;
  PyErr_Format(PyExc_ValueError, "key of %s must be %d bytes (got %zd)", d->scheme, d->keybytes,
               key->len);
  return -1;
}

/* An output length: a MAC's tag of LWC_AUTH_MIN_TAG bytes up to the full
 * tag (what lwc_auth_verify takes), a PRF's any, up to max_outbytes when it
 * has a limit; default: outbytes. */
int auth_out_length(const lwc_auth *d, PyObject *o, Py_ssize_t *n) {
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

/* mac(scheme, key, data, length=None, *, impl=None) and prf(...) */
static PyObject *auth_compute(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames, int mac) {
  static const char *const names[] = {"scheme", "key", "data", "length", "impl"};
  PyObject *a[5], *out = NULL;
  const lwc_auth *d;
  Py_buffer key, data;
  Py_ssize_t n;
  int rc;
  (void)mod;
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
  NOGIL_IF_LONG(data.len + n, rc = lwc_auth_compute(d, (uint8_t *)PyBytes_AS_STRING(out), (size_t)n,
                                                     data.buf, (size_t)data.len, key.buf));
  out = call_result(out, rc, d->scheme);
done:
  release_all(&key, &data, NULL);
  return out;
}

/* mac_verify(scheme, key, data, tag, *, impl=None) and prf_verify(...):
 * None, or TagError. */
static PyObject *auth_verify(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames, int mac) {
  static const char *const names[] = {"scheme", "key", "data", "tag", "impl"};
  PyObject *a[5], *out = NULL;
  const lwc_auth *d;
  Py_buffer key, data, tag;
  int rc;
  (void)mod;
  key.obj = data.obj = tag.obj = NULL;
  if (parse_args(mac ? "mac_verify" : "prf_verify", args, nargs, kwnames, names, 5, 4, 4, a) < 0)
    return NULL;
  d = cached_auth(a[0], a[4], mac);
  if (d == NULL) return NULL;
  if (get_view(a[1], &key, "key", 0) < 0 || get_view(a[2], &data, "data", 0) < 0 ||
      get_view(a[3], &tag, "tag", 0) < 0 || check_auth_key(d, &key) < 0 ||
      check_auth_input(d, &data) < 0 || check_tag_length(d, &tag) < 0)
    goto done;
  NOGIL_IF_LONG(data.len, rc = lwc_auth_verify(d, tag.buf, (size_t)tag.len, data.buf,
                                               (size_t)data.len, key.buf));
  out = call_result(Py_NewRef(Py_None), rc, d->scheme);
done:
  release_all(&key, &data, &tag, NULL);
  return out;
}

FASTCALL_WITH_FLAG(mod_mac, PyObject, auth_compute, 1)
FASTCALL_WITH_FLAG(mod_prf, PyObject, auth_compute, 0)
FASTCALL_WITH_FLAG(mod_mac_verify, PyObject, auth_verify, 1)
FASTCALL_WITH_FLAG(mod_prf_verify, PyObject, auth_verify, 0)

/* ---- Mac and Prf: incremental ----------------------------------------------- */

static PyTypeObject MacType, PrfType;

/* Mac(scheme, key, data=None, *, impl=None) and Prf(...) */
static PyObject *auth_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
  static char *names[] = {"scheme", "key", "data", "impl", NULL};
  int mac = type == &MacType;
  PyObject *scheme = NULL, *key_o = NULL, *data = Py_None, *impl = Py_None;
  const lwc_auth *d;
  Py_buffer key;
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
  return sponge_new(type, d, &key, data);
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
static PyObject *Auth_verify(SpongeObject *self, PyObject *tag_o) {
  uint8_t want[64];
  Py_buffer tag;
  int same;
  if (get_view(tag_o, &tag, "tag", 0) < 0) return NULL;
  if (check_tag_length(self->base.d, &tag) < 0 || (size_t)tag.len > sizeof want ||
      sponge_peek(self, want, (size_t)tag.len, "verify") < 0) {
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

/* ---- the types: lwc._Keyed (what Mac and Prf add to the base), Mac, Prf ------- */

static PyGetSetDef Keyed_getset[] = {
    {"key_size", desc_get, NULL, "key length in bytes", FIELD(lwc_auth, keybytes, FIELD_INT)},
    {"kind", desc_get, NULL, "'mac' or 'prf'", FIELD(lwc_auth, kind, FIELD_AUTH_KIND)},
    {NULL},
};

static PyMethodDef Keyed_methods[] = {
    {"verify", (PyCFunction)Auth_verify, METH_O,
     "verify(tag): None when tag (4 bytes up to digest_size) is the output's beginning, "
     "compared in constant time; else lwc.TagError"},
    {NULL},
};

static PyTypeObject KeyedType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lwc._Keyed",
    .tp_basicsize = sizeof(SpongeObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "What lwc.Mac and lwc.Prf add to lwc._Incremental (not made by itself).",
    .tp_base = &SpongeType,
    .tp_methods = Keyed_methods,
    .tp_getset = Keyed_getset,
};

static PyMethodDef Prf_methods[] = {
    {"squeeze", (PyCFunction)sponge_squeeze, METH_O,
     "squeeze(length) -> the next bytes of the output (no update() after it)"},
    {NULL},
};

static PyTypeObject MacType = BINDING_TYPE(
    "lwc.Mac", SpongeObject,
    "Mac(scheme, key, data=None, *, impl=None): an incremental MAC of lwc.h\n"
    "(update, digest, verify, copy).",
    auth_new, NULL, NULL, NULL, NULL);

static PyTypeObject PrfType = BINDING_TYPE(
    "lwc.Prf", SpongeObject,
    "Prf(scheme, key, data=None, *, impl=None): an incremental PRF of lwc.h\n"
    "(update, digest, squeeze, verify, copy); not for a PRF without incremental\n"
    "calls (ascon-prfs-v13: lwc.prf).",
    auth_new, NULL, NULL, Prf_methods, NULL);

int auth_add(PyObject *m) {
  auth_cache = PyDict_New();
  MacType.tp_base = PrfType.tp_base = &KeyedType;
  if (auth_cache == NULL || PyModule_AddType(m, &MacType) < 0) return -1;
  return PyModule_AddType(m, &PrfType);
}
