/*
 * _lwc_sponge.c -- what lwc.Hash, lwc.Mac and lwc.Prf share: an object
 * that absorbs its input in parts (update), gives its output so far and
 * stays as it was (digest, hexdigest; Mac's and Prf's verify), or gives
 * its output as a stream (squeeze; no update() after it), and copies
 * itself.
 *
 * One object over two kinds of descriptor: lwc_hash (Hash) and lwc_auth
 * (Mac and Prf, "keyed").  The calls that differ by kind come first, each
 * one line a kind; the rest is written once.  Each type's file keeps only
 * its own: the constructor's arguments and checks, the attributes, Hash's
 * refusal to squeeze a fixed-length hash, Mac's and Prf's verify.
 *
 * Threads: the library works on an object's context only under the
 * object's lock, so that threads sharing an object see its calls one at a
 * time, while a long update or squeeze runs with the GIL released.
 * Hygiene: the context (for Mac and Prf a state computed from the key,
 * never the key) is wiped when the object goes, and the copy that
 * digest() squeezes is wiped at once.
 */
#include "_lwc.h"

/* ---- the calls that differ by the kind of descriptor ------------------------ */

#define HASH(self) ((const lwc_hash *)(self)->base.d)
#define AUTH(self) ((const lwc_auth *)(self)->base.d)

/* Mac and Prf (lwc_auth), not Hash (lwc_hash) */
static int keyed(const SpongeObject *self) { return Py_TYPE(self) != &HashType; }

static const char *scheme_of(const SpongeObject *self) {
  return keyed(self) ? AUTH(self)->scheme : HASH(self)->scheme;
}

static const char *impl_of(const SpongeObject *self) {
  return keyed(self) ? AUTH(self)->impl : HASH(self)->impl;
}

/* The descriptor's init: the key, or the customization string */
static int ctx_init(SpongeObject *self, const Py_buffer *arg) {
  return keyed(self) ? AUTH(self)->init(&self->ctx.auth, arg->buf)
                     : HASH(self)->init(&self->ctx.hash, arg->buf, (size_t)arg->len);
}

static int ctx_update(SpongeObject *self, const uint8_t *in, size_t len) {
  return keyed(self) ? AUTH(self)->update(&self->ctx.auth, in, len)
                     : HASH(self)->update(&self->ctx.hash, in, len);
}

/* ctx: the object's own context, or a copy of it */
static int ctx_squeeze(const SpongeObject *self, sponge_ctx *ctx, uint8_t *out, size_t n) {
  return keyed(self) ? AUTH(self)->squeeze(&ctx->auth, out, n)
                     : HASH(self)->squeeze(&ctx->hash, out, n);
}

static void ctx_wipe(const SpongeObject *self, sponge_ctx *ctx) {
  if (keyed(self))
    lwc_auth_wipe(&ctx->auth);
  else
    lwc_hash_wipe(&ctx->hash);
}

/* digest()'s length: each kind's default and limits */
static int digest_length(const SpongeObject *self, PyObject *o, Py_ssize_t *n) {
  return keyed(self) ? auth_out_length(AUTH(self), o, n) : out_length(HASH(self), o, n);
}

/* ---- the object ------------------------------------------------------------- */

/* The object's lock: taken without waiting when free (the usual case),
 * else waiting with the GIL released (another thread is in a long call). */
static void sponge_enter(SpongeObject *self) {
  if (!PyThread_acquire_lock(self->lock, 0)) {
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(self->lock, 1);
    Py_END_ALLOW_THREADS
  }
}

static void sponge_leave(SpongeObject *self) { PyThread_release_lock(self->lock); }

static SpongeObject *sponge_alloc(PyTypeObject *type, const void *d) {
  SpongeObject *self = (SpongeObject *)type->tp_alloc(type, 0);
  if (self == NULL) return NULL;
  self->base.d = d;
  self->lock = PyThread_allocate_lock();
  if (self->lock == NULL) {
    Py_DECREF(self);
    PyErr_NoMemory();
    return NULL;
  }
  return self;
}

/* update(): data_o's bytes absorbed under the object's lock (the GIL
 * released for long data), refused once the output has begun (squeeze())
 * or when the library refuses them. */
static int sponge_feed(SpongeObject *self, PyObject *data_o) {
  Py_buffer data;
  int rc;
  if (get_view(data_o, &data, "data", 0) < 0) return -1;
  sponge_enter(self);
  if (self->squeezing) {
    sponge_leave(self);
    release(&data);
    PyErr_SetString(PyExc_ValueError, "update() after squeeze(): the output has begun");
    return -1;
  }
  NOGIL_IF_LONG(data.len, rc = ctx_update(self, data.buf, (size_t)data.len));
  sponge_leave(self);
  release(&data);
  if (rc != LWC_OK) {
    PyErr_Format(PyExc_ValueError, "%s refused the input", scheme_of(self));
    return -1;
  }
  return 0;
}

PyObject *sponge_new(PyTypeObject *type, const void *d, Py_buffer *arg, PyObject *data) {
  SpongeObject *self = sponge_alloc(type, d);
  const char *scheme, *what;
  int rc;
  if (self == NULL) {
    release(arg);
    return NULL;
  }
  rc = ctx_init(self, arg);
  release(arg);
  if (rc != LWC_OK) {
    scheme = scheme_of(self);
    what = keyed(self) ? "key" : "customization string";
    Py_DECREF(self);
    PyErr_Format(PyExc_ValueError, "%s refused the %s", scheme, what);
    return NULL;
  }
  if (data != Py_None && sponge_feed(self, data) < 0) {
    Py_DECREF(self);
    return NULL;
  }
  return (PyObject *)self;
}

static void sponge_dealloc(SpongeObject *self) {
  ctx_wipe(self, &self->ctx);
  if (self->lock != NULL) PyThread_free_lock(self->lock);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

/* <lwc.Hash 'ascon-hash256' impl='opt64'>, likewise lwc.Mac and lwc.Prf */
static PyObject *sponge_repr(SpongeObject *self) {
  return PyUnicode_FromFormat("<%s '%s' impl='%s'>", Py_TYPE(self)->tp_name, scheme_of(self),
                              impl_of(self));
}

static PyObject *sponge_update(SpongeObject *self, PyObject *data) {
  if (sponge_feed(self, data) < 0) return NULL;
  Py_RETURN_NONE;
}

int sponge_peek(SpongeObject *self, uint8_t *out, size_t n, const char *fn) {
  sponge_ctx copy;
  int rc;
  sponge_enter(self);
  if (self->squeezing) {
    sponge_leave(self);
    PyErr_Format(PyExc_ValueError, "%s() after squeeze(): read the output with squeeze()", fn);
    return -1;
  }
  memcpy(&copy, &self->ctx, sizeof copy);
  sponge_leave(self);
  rc = ctx_squeeze(self, &copy, out, n);
  ctx_wipe(self, &copy);
  if (rc != LWC_OK) {
    PyErr_Format(PyExc_ValueError, "%s refused the output length", scheme_of(self));
    return -1;
  }
  return 0;
}

/* digest(length=None): the output (a Mac's tag) of what was absorbed; the
 * object unchanged */
static PyObject *sponge_digest(SpongeObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames) {
  static const char *const names[] = {"length"};
  PyObject *a[1], *out;
  Py_ssize_t n;
  if (parse_args("digest", args, nargs, kwnames, names, 1, 1, 0, a) < 0 ||
      digest_length(self, a[0], &n) < 0)
    return NULL;
  out = PyBytes_FromStringAndSize(NULL, n);
  if (out != NULL && sponge_peek(self, (uint8_t *)PyBytes_AS_STRING(out), (size_t)n, "digest") < 0)
    Py_CLEAR(out);
  return out;
}

static PyObject *sponge_hexdigest(SpongeObject *self, PyObject *const *args,
                                  Py_ssize_t nargs, PyObject *kwnames) {
  PyObject *raw = sponge_digest(self, args, nargs, kwnames), *hex;
  if (raw == NULL) return NULL;
  hex = PyObject_CallMethod(raw, "hex", NULL);
  Py_DECREF(raw);
  return hex;
}

/* squeeze(length): the next `length` bytes of the output stream (Hash
 * refuses a fixed-length hash first, Mac has none). */
PyObject *sponge_squeeze(SpongeObject *self, PyObject *length) {
  PyObject *out;
  Py_ssize_t n;
  int rc;
  if (get_length(length, 0, "length", &n) < 0) return NULL;
  out = PyBytes_FromStringAndSize(NULL, n);
  if (out == NULL) return NULL;
  sponge_enter(self);
  self->squeezing = 1;
  NOGIL_IF_LONG(n, rc = ctx_squeeze(self, &self->ctx, (uint8_t *)PyBytes_AS_STRING(out),
                                     (size_t)n));
  sponge_leave(self);
  if (rc != LWC_OK) {
    Py_DECREF(out);
    PyErr_Format(PyExc_ValueError, "%s refused the output length", scheme_of(self));
    return NULL;
  }
  return out;
}

/* copy(): an independent object with the same context and phase */
static PyObject *sponge_copy(SpongeObject *self, PyObject *unused) {
  SpongeObject *c = sponge_alloc(Py_TYPE(self), self->base.d);
  (void)unused;
  if (c == NULL) return NULL;
  sponge_enter(self);
  memcpy(&c->ctx, &self->ctx, sizeof c->ctx);
  c->squeezing = self->squeezing;
  sponge_leave(self);
  return (PyObject *)c;
}

/* ---- the base type: what all three have -------------------------------------- */

/* The attributes every kind has (closure: which one) */
enum { ATTR_SCHEME, ATTR_IMPL, ATTR_DIGEST_SIZE };

static PyObject *sponge_get(SpongeObject *self, void *which) {
  switch ((int)(intptr_t)which) {
  case ATTR_SCHEME:
    return PyUnicode_FromString(scheme_of(self));
  case ATTR_IMPL:
    return PyUnicode_FromString(impl_of(self));
  default:
    return PyLong_FromLong(keyed(self) ? AUTH(self)->outbytes : HASH(self)->outbytes);
  }
}

static PyGetSetDef sponge_getset[] = {
    {"scheme", (getter)sponge_get, NULL, "the scheme's name", (void *)ATTR_SCHEME},
    {"name", (getter)sponge_get, NULL, "the scheme's name (hashlib's and hmac's attribute)",
     (void *)ATTR_SCHEME},
    {"impl", (getter)sponge_get, NULL, "the implementation's name", (void *)ATTR_IMPL},
    {"digest_size", (getter)sponge_get, NULL,
     "digest() without a length: a hash's digest, an XOF's or PRF's usual length, a MAC's "
     "full tag", (void *)ATTR_DIGEST_SIZE},
    {NULL},
};

static PyMethodDef sponge_methods[] = {
    {"update", (PyCFunction)sponge_update, METH_O, "update(data): absorb more input"},
    FASTCALL_METHOD("digest", sponge_digest,
     "digest(length=None) -> the output of what was absorbed (a MAC's tag: 4 up to "
     "digest_size bytes); the object is unchanged"),
    FASTCALL_METHOD("hexdigest", sponge_hexdigest,
     "hexdigest(length=None) -> digest() in hexadecimal"),
    {"copy", (PyCFunction)sponge_copy, METH_NOARGS, "copy() -> an independent copy"},
    {NULL},
};

PyTypeObject SpongeType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lwc._Incremental",
    .tp_basicsize = sizeof(SpongeObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "What lwc.Hash, lwc.Mac and lwc.Prf share (not made by itself).",
    .tp_dealloc = (destructor)sponge_dealloc,
    .tp_repr = (reprfunc)sponge_repr,
    .tp_methods = sponge_methods,
    .tp_getset = sponge_getset,
};
