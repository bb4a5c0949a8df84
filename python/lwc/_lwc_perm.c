/*
 * _lwc_perm.c -- lwc.Permutation: a bare permutation's state (add_bytes,
 * extract_bytes, permute, reset), wiped when the object goes.
 */
#include "_lwc.h"

/* A Permutation: base.d its lwc_perm, s its state */
typedef struct {
  DescObject base;
  lwc_perm_state s;
} PermObject;

#define PERM(self) ((const lwc_perm *)(self)->base.d)

static PyObject *Perm_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
  static char *names[] = {"scheme", "impl", NULL};
  PyObject *scheme = NULL, *impl = Py_None;
  const lwc_perm *d;
  PermObject *self;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:Permutation", names, &scheme, &impl))
    return NULL;
  d = find_perm(scheme, impl);
  if (d == NULL) return NULL;
  self = (PermObject *)type->tp_alloc(type, 0);
  if (self == NULL) return NULL;
  self->base.d = d;
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
  const lwc_perm *d = PERM(self);
  if (parse_args("add_bytes", args, nargs, kwnames, names, 2, 2, 1, a) < 0 ||
      get_length(a[1], 0, "offset", &off) < 0 || get_view(a[0], &data, "data", 0) < 0)
    return NULL;
  if (state_range(d, off, data.len) < 0) {
    release(&data);
    return NULL;
  }
  d->add_bytes(&self->s, data.buf, (size_t)off, (size_t)data.len);
  release(&data);
  Py_RETURN_NONE;
}

/* extract_bytes(length, offset=0) -> S[offset .. offset+length) */
static PyObject *Perm_extract_bytes(PermObject *self, PyObject *const *args, Py_ssize_t nargs,
                                    PyObject *kwnames) {
  static const char *const names[] = {"length", "offset"};
  PyObject *a[2], *out;
  Py_ssize_t n, off;
  const lwc_perm *d = PERM(self);
  if (parse_args("extract_bytes", args, nargs, kwnames, names, 2, 2, 1, a) < 0 ||
      get_length(a[0], 0, "length", &n) < 0 || get_length(a[1], 0, "offset", &off) < 0 ||
      state_range(d, off, n) < 0)
    return NULL;
  out = PyBytes_FromStringAndSize(NULL, n);
  if (out != NULL)
    d->extract_bytes(&self->s, (uint8_t *)PyBytes_AS_STRING(out), (size_t)off, (size_t)n);
  return out;
}

/* permute(rounds=None): the scheme's permutation, or the family's with
 * `rounds` rounds (1 .. max_rounds) */
static PyObject *Perm_permute(PermObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames) {
  static const char *const names[] = {"rounds"};
  PyObject *a[1];
  Py_ssize_t r;
  const lwc_perm *d = PERM(self);
  if (parse_args("permute", args, nargs, kwnames, names, 1, 1, 0, a) < 0) return NULL;
  if (a[0] == NULL || a[0] == Py_None) {
    d->permute(&self->s);
    Py_RETURN_NONE;
  }
  if (get_length(a[0], 0, "rounds", &r) < 0) return NULL;
  if (r < 1 || r > d->max_rounds) {
    PyErr_Format(PyExc_ValueError, "rounds of %s must be 1 to %d (got %zd)", d->scheme,
                 d->max_rounds, r);
    return NULL;
  }
  d->permute_rounds(&self->s, (unsigned)r);
  Py_RETURN_NONE;
}

static PyObject *Perm_reset(PermObject *self, PyObject *unused) {
  (void)unused;
  PERM(self)->init(&self->s);
  Py_RETURN_NONE;
}

static PyObject *Perm_repr(PermObject *self) {
  const lwc_perm *d = PERM(self);
  return PyUnicode_FromFormat("<lwc.Permutation '%s' impl='%s'>", d->scheme, d->impl);
}

static PyGetSetDef Perm_getset[] = {
    {"scheme", desc_get, NULL, "the permutation's name", FIELD(lwc_perm, scheme, FIELD_NAME)},
    {"impl", desc_get, NULL, "the implementation's name", FIELD(lwc_perm, impl, FIELD_NAME)},
    {"state_size", desc_get, NULL, "state length in bytes",
     FIELD(lwc_perm, statebytes, FIELD_INT)},
    {"rounds", desc_get, NULL, "rounds of permute()", FIELD(lwc_perm, rounds, FIELD_INT)},
    {"max_rounds", desc_get, NULL, "permute(rounds) takes 1 .. max_rounds",
     FIELD(lwc_perm, max_rounds, FIELD_INT)},
    {NULL},
};

static PyMethodDef Perm_methods[] = {
    FASTCALL_METHOD("add_bytes", Perm_add_bytes,
     "add_bytes(data, offset=0): xor data into the state at offset"),
    FASTCALL_METHOD("extract_bytes", Perm_extract_bytes,
     "extract_bytes(length, offset=0) -> state bytes"),
    FASTCALL_METHOD("permute", Perm_permute,
     "permute(rounds=None): apply the permutation (or that many of its family's rounds)"),
    {"reset", (PyCFunction)Perm_reset, METH_NOARGS, "reset(): the all-zero state"},
    {NULL},
};

static PyTypeObject PermType = BINDING_TYPE(
    "lwc.Permutation", PermObject,
    "Permutation(scheme, impl=None): a bare permutation's state, all zeros.",
    Perm_new, Perm_dealloc, Perm_repr, Perm_methods, Perm_getset);

int perm_add(PyObject *m) { return PyModule_AddType(m, &PermType); }
