// Host-only timing of CuTe's C++ layout algebra on the layouts of
// crates/cute-layout/benches/algebra.rs, for `bench/compare`.
//
// Integers are dynamic (`int`) wherever CuTe accepts them, so that the work happens at run
// time: every input value goes through `dyn()`, which hides it from the optimizer, and every
// iteration re-reads the inputs from memory (`escape`) and publishes the result, so nothing is
// hoisted out of the loop or folded away. Ranks are compile-time properties of the types, as
// always in CuTe. CuTe requires static strides in some places; those inputs use `Int<N>` strides
// (marked `_N` in the printed inputs):
//   - complement of a rank > 1 layout (hence the rank > 1 tilers of the divides and the blocks
//     of the products, which are complemented);
//   - left_inverse (static strides) and right_inverse (fully static: it drops dynamic strides
//     and only chains static ones), so right_inverse is computed entirely at compile time.
// Note that coalesce cannot merge dynamic modes (the result type must be known at compile
// time), so with dynamic integers C++ coalesce only flattens and drops nothing.
//
// Usage: bench [--print]   prints `name<TAB>ns_per_op` (or `name<TAB>result`) lines.

#include <cute/layout.hpp>
#include <cute/tensor.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace cute;

// An int whose value the optimizer cannot know.
static inline int dyn(int x) {
  asm volatile("" : "+r"(x));
  return x;
}

// The object may have been read or written by someone the compiler cannot see.
template <class T>
static inline void escape(T const& v) {
  asm volatile("" : : "r"(&v) : "memory");
}

static double now_s() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

// The least ns per call of f over 11 batches of at least ~10 ms each (the minimum: load from
// other processes only ever adds time).
template <class F>
static double measure(F&& f) {
  long n = 1;
  for (;;) {
    double t0 = now_s();
    for (long i = 0; i < n; ++i) f();
    double dt = now_s() - t0;
    if (dt > 0.01 || n > (1L << 40)) break;
    n *= 2;
  }
  std::vector<double> v;
  for (int b = 0; b < 11; ++b) {
    double t0 = now_s();
    for (long i = 0; i < n; ++i) f();
    v.push_back((now_s() - t0) / double(n) * 1e9);
  }
  return *std::min_element(v.begin(), v.end());
}

static bool g_print = false;
static std::vector<std::string> g_only;

static bool wanted(char const* name) {
  if (g_only.empty()) return true;
  return std::find(g_only.begin(), g_only.end(), std::string(name)) != g_only.end();
}

// Time (or print the result of) one operation: `op()` returns the result.
template <class Op>
static void run(char const* name, Op&& op) {
  if (!wanted(name)) return;
  if (g_print) {
    auto r = op();
    printf("%s\t", name);
    print(r);
    printf("\n");
  } else {
    double ns = measure([&] {
      auto r = op();
      escape(r);
    });
    printf("%s\t%.3f\n", name, ns);
  }
  fflush(stdout);
}

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--print") == 0) g_print = true;
    else g_only.push_back(argv[i]);
  }

  // composition/doc: (6,2):(8,2) o (4,3):(3,1)
  {
    auto a = make_layout(make_shape(dyn(6), dyn(2)), make_stride(dyn(8), dyn(2)));
    auto b = make_layout(make_shape(dyn(4), dyn(3)), make_stride(dyn(3), dyn(1)));
    run("composition/doc", [&] { escape(a); escape(b); return composition(a, b); });
  }
  // composition/big: ((4,4),(4,4),(4,4)):((1,64),(4,256),(16,1024)) o (16,16):(16,1)
  {
    auto a = make_layout(make_shape(make_shape(dyn(4), dyn(4)), make_shape(dyn(4), dyn(4)), make_shape(dyn(4), dyn(4))),
                         make_stride(make_stride(dyn(1), dyn(64)), make_stride(dyn(4), dyn(256)), make_stride(dyn(16), dyn(1024))));
    auto b = make_layout(make_shape(dyn(16), dyn(16)), make_stride(dyn(16), dyn(1)));
    run("composition/big", [&] { escape(a); escape(b); return composition(a, b); });
  }
  // complement/doc: complement((2,4):(_1,_6), 24); complement/doc2: complement((2,2):(_1,_6), 24)
  {
    auto a = make_layout(make_shape(dyn(2), dyn(4)), make_stride(Int<1>{}, Int<6>{}));
    auto a2 = make_layout(make_shape(dyn(2), dyn(2)), make_stride(Int<1>{}, Int<6>{}));
    int c = dyn(24);
    run("complement/doc", [&] { escape(a); escape(c); return complement(a, c); });
    run("complement/doc2", [&] { escape(a2); escape(c); return complement(a2, c); });
  }
  // coalesce/doc: (2,(1,6)):(1,(6,2))
  {
    auto a = make_layout(make_shape(dyn(2), make_shape(dyn(1), dyn(6))), make_stride(dyn(1), make_stride(dyn(6), dyn(2))));
    run("coalesce/doc", [&] { escape(a); return coalesce(a); });
  }
  // right_inverse/doc, left_inverse/doc: (4,(2,8)):(16,(1,2))
  {
    auto s = make_layout(make_shape(Int<4>{}, make_shape(Int<2>{}, Int<8>{})), make_stride(Int<16>{}, make_stride(Int<1>{}, Int<2>{})));
    run("right_inverse/doc", [&] { escape(s); return right_inverse(s); });
    auto d = make_layout(make_shape(dyn(4), make_shape(dyn(2), dyn(8))), make_stride(Int<16>{}, make_stride(Int<1>{}, Int<2>{})));
    run("left_inverse/doc", [&] { escape(d); return left_inverse(d); });
  }
  // 2-D divides: (9,(4,8)):(59,(13,1)) by <3:3,(2,4):(_1,_8)>
  {
    auto a = make_layout(make_shape(dyn(9), make_shape(dyn(4), dyn(8))), make_stride(dyn(59), make_stride(dyn(13), dyn(1))));
    auto t = make_tile(make_layout(dyn(3), dyn(3)), make_layout(make_shape(dyn(2), dyn(4)), make_stride(Int<1>{}, Int<8>{})));
    run("logical_divide/2d", [&] { escape(a); escape(t); return logical_divide(a, t); });
    run("zipped_divide/2d", [&] { escape(a); escape(t); return zipped_divide(a, t); });
    run("tiled_divide/2d", [&] { escape(a); escape(t); return tiled_divide(a, t); });
    run("flat_divide/2d", [&] { escape(a); escape(t); return flat_divide(a, t); });
  }
  // logical_divide/1d: (2,2,3):(2,1,8) by 4:2
  {
    auto a = make_layout(make_shape(dyn(2), dyn(2), dyn(3)), make_stride(dyn(2), dyn(1), dyn(8)));
    auto t = make_layout(dyn(4), dyn(2));
    run("logical_divide/1d", [&] { escape(a); escape(t); return logical_divide(a, t); });
  }
  // logical_divide/deep: ((2,(2,2)),(2,(2,2))):((1,(2,4)),(8,(16,32))) by <(2,(2,1)):(_1,(_2,_4)),(2,2):(_1,_2)>
  {
    auto a = make_layout(make_shape(make_shape(dyn(2), make_shape(dyn(2), dyn(2))), make_shape(dyn(2), make_shape(dyn(2), dyn(2)))),
                         make_stride(make_stride(dyn(1), make_stride(dyn(2), dyn(4))), make_stride(dyn(8), make_stride(dyn(16), dyn(32)))));
    auto t = make_tile(make_layout(make_shape(dyn(2), make_shape(dyn(2), dyn(1))), make_stride(Int<1>{}, make_stride(Int<2>{}, Int<4>{}))),
                       make_layout(make_shape(dyn(2), dyn(2)), make_stride(Int<1>{}, Int<2>{})));
    run("logical_divide/deep", [&] { escape(a); escape(t); return logical_divide(a, t); });
  }
  // zipped_divide/big: ((4,4),(4,4),(4,4)):((1,64),(4,256),(16,1024)) by <(2,2):(_1,_8),(4,2):(_2,_16)>
  {
    auto a = make_layout(make_shape(make_shape(dyn(4), dyn(4)), make_shape(dyn(4), dyn(4)), make_shape(dyn(4), dyn(4))),
                         make_stride(make_stride(dyn(1), dyn(64)), make_stride(dyn(4), dyn(256)), make_stride(dyn(16), dyn(1024))));
    auto t = make_tile(make_layout(make_shape(dyn(2), dyn(2)), make_stride(Int<1>{}, Int<8>{})),
                       make_layout(make_shape(dyn(4), dyn(2)), make_stride(Int<2>{}, Int<16>{})));
    run("zipped_divide/big", [&] { escape(a); escape(t); return zipped_divide(a, t); });
  }
  // Products of (2,5):(_5,_1) by (3,4):(1,3) and by <3:5,4:6>
  {
    auto a = make_layout(make_shape(dyn(2), dyn(5)), make_stride(Int<5>{}, Int<1>{}));
    auto b = make_layout(make_shape(dyn(3), dyn(4)), make_stride(dyn(1), dyn(3)));
    auto t = make_tile(make_layout(dyn(3), dyn(5)), make_layout(dyn(4), dyn(6)));
    run("logical_product/doc", [&] { escape(a); escape(b); return logical_product(a, b); });
    run("zipped_product/doc", [&] { escape(a); escape(t); return zipped_product(a, t); });
    run("tiled_product/doc", [&] { escape(a); escape(t); return tiled_product(a, t); });
    run("flat_product/doc", [&] { escape(a); escape(t); return flat_product(a, t); });
    run("blocked_product/doc", [&] { escape(a); escape(b); return blocked_product(a, b); });
    run("raked_product/doc", [&] { escape(a); escape(b); return raked_product(a, b); });
  }
  // crd2idx/1d: the offset of the 1-D index 77 in (4,8,2,4):(1,4,32,64); crd2idx/1d_x64: of 0..63
  {
    auto l = make_layout(make_shape(dyn(4), dyn(8), dyn(2), dyn(4)), make_stride(dyn(1), dyn(4), dyn(32), dyn(64)));
    int idx = dyn(77);
    run("crd2idx/1d", [&] { escape(l); escape(idx); return int(l(idx)); });
    run("crd2idx/1d_x64", [&] {
      escape(l);
      int acc = 0;
      for (int i = 0; i < 64; ++i) acc += l(dyn(i));
      return acc;
    });
  }
  // static/1d, static/1d_x64: the same with every integer static (what `layout!` expands to)
  {
    auto l = make_layout(Shape<_4, _8, _2, _4>{}, Stride<_1, _4, _32, _64>{});
    int idx = dyn(77);
    run("static/1d", [&] { escape(idx); return int(l(idx)); });
    run("static/1d_x64", [&] {
      int acc = 0;
      for (int i = 0; i < 64; ++i) acc += l(dyn(i));
      return acc;
    });
  }
  return 0;
}
