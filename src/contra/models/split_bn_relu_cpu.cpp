#include "contra/models/split_bn_relu_cpu.h"

#include <ATen/Parallel.h>
#include <ATen/record_function.h>
#include <torch/torch.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "contra/core/error.h"

// The per-image loops below are plain C++ that the compiler vectorises over the channels; on x86-64
// with GCC each is built for AVX-512, AVX2 and the baseline, and the loader picks one per CPU.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__)
// The 64-byte vectors pass in registers only where AVX-512 is on; every such function here is
// inline in this file, so the ABI note GCC gives for the other clones concerns no caller. (The
// templates are instantiated at the end of the translation unit, so the switch stays off to there.)
#pragma GCC diagnostic ignored "-Wpsabi"
#define CONTRA_PER_CPU __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define CONTRA_PER_CPU
#endif

namespace contra::models {
namespace {

using torch::Tensor;

// The loops run over blocks of 16 channels as one vector (GCC's vector extension: one AVX-512
// register, two AVX2 ones, four SSE ones), then channel by channel for the rest; a reduction's
// sums stay in registers for the whole image. V is float (one channel) or Lanes (16).
typedef float Lanes __attribute__((vector_size(64)));
typedef std::int32_t LaneMask __attribute__((vector_size(64)));
typedef std::uint32_t LaneBits __attribute__((vector_size(64)));
typedef std::uint16_t LaneHalves __attribute__((vector_size(32)));
constexpr std::int64_t kLanes = 16;

template <typename V>
constexpr std::int64_t width() {
  return sizeof(V) / sizeof(float);
}

// Values of the activation's dtype as float32, and back. bfloat16 is the high half of a float32,
// rounded to nearest even with NaN kept NaN, as c10::BFloat16 rounds, written out so it vectorises.
template <typename V>
inline V load(const float* p) {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
template <typename V>
inline V load(const std::uint16_t* p) {
  if constexpr (width<V>() == 1) {
    const std::uint32_t bits = static_cast<std::uint32_t>(*p) << 16;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
  } else {
    LaneHalves h;
    std::memcpy(&h, p, sizeof h);
    const LaneBits bits = __builtin_convertvector(h, LaneBits) << 16;
    Lanes f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
  }
}
template <typename V>
inline void store(const V& v, float* p) {
  std::memcpy(p, &v, sizeof v);
}
inline void store(float f, std::uint16_t* p) {
  std::uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  const std::uint32_t rounded = (bits + 0x7FFFu + ((bits >> 16) & 1u)) >> 16;
  *p = static_cast<std::uint16_t>(f != f ? 0x7FC0u : rounded);
}
inline void store(const Lanes& f, std::uint16_t* p) {
  LaneBits bits, nan;
  std::memcpy(&bits, &f, sizeof bits);
  const LaneMask is_nan = f != f;
  std::memcpy(&nan, &is_nan, sizeof nan);
  const LaneBits rounded = (bits + 0x7FFFu + ((bits >> 16) & 1u)) >> 16;
  const LaneHalves h = __builtin_convertvector((rounded & ~nan) | (0x7FC0u & nan), LaneHalves);
  std::memcpy(p, &h, sizeof h);
}

/// max(0, v) with Relu, else v; NaN stays NaN, as torch::relu keeps it (a diverged run must show a
/// non-finite loss).
template <bool Relu, typename V>
inline V relu_of(const V& v) {
  if constexpr (!Relu) return v;
  else return v < V{} ? V{} : v;
}

/// The ReLU's gradient: g unless a·d + b <= 0, d = x − mean (the forward's output, recomputed from
/// x as the forward computed it; as threshold_backward, a NaN output passes g), every g without Relu.
template <bool Relu, typename V>
inline V masked(const V& g, const V& a, const V& d, const V& b) {
  if constexpr (!Relu) return g;
  else return a * d + b <= V{} ? V{} : g;
}

/// Calls f.template operator()<V>(c) for each channel block of an image's row: Lanes for every
/// whole block of 16, float for the channels after them.
template <typename F>
inline void for_each_block(std::int64_t C, const F& f) {
  std::int64_t c = 0;
  for (; c + kLanes <= C; c += kLanes) f(Lanes{}, c);
  for (; c < C; ++c) f(0.f, c);
}

/// One image's P×C values: shift = the first pixel, s1 = Σ (x − shift), s2 = Σ (x − shift)².
template <typename T>
inline void image_moments(const T* x, std::int64_t P, std::int64_t C, float* shift, float* s1, float* s2) {
  for_each_block(C, [&](auto tag, std::int64_t c) {
    using V = decltype(tag);
    const V k = load<V>(x + c);
    V a1{}, a2{};
    for (std::int64_t p = 0; p < P; ++p) {
      const V d = load<V>(x + p * C + c) - k;
      a1 += d;
      a2 += d * d;
    }
    store(k, shift + c), store(a1, s1 + c), store(a2, s2 + c);
  });
}

/// g as in masked: sg = Σ g, sgx = Σ g·(x − mean) over one image, per channel.
template <bool Relu, typename T>
inline void image_grad_sums(const T* dy, const T* x, std::int64_t P, std::int64_t C, const float* a, const float* b,
                            const float* mean, float* sg, float* sgx) {
  for_each_block(C, [&](auto tag, std::int64_t c) {
    using V = decltype(tag);
    const V va = load<V>(a + c), vb = load<V>(b + c), vm = load<V>(mean + c);
    V a1{}, a2{};
    for (std::int64_t p = 0; p < P; ++p) {
      const V d = load<V>(x + p * C + c) - vm, g = masked<Relu>(load<V>(dy + p * C + c), va, d, vb);
      a1 += g;
      a2 += g * d;
    }
    store(a1, sg + c), store(a2, sgx + c);
  });
}

/// y = relu(a·(x − mean) + b) per channel (no ReLU without Relu). x − mean first, as LibTorch's
/// batch_norm: folding mean into b would cost digits where |mean| ≫ std.
template <bool Relu, typename T>
inline void image_output(const T* x, std::int64_t P, std::int64_t C, const float* a, const float* mean, const float* b,
                         T* y) {
  for (std::int64_t p = 0; p < P; ++p)
    for_each_block(C, [&](auto tag, std::int64_t c) {
      using V = decltype(tag);
      const V d = load<V>(x + p * C + c) - load<V>(mean + c);
      store(relu_of<Relu>(load<V>(a + c) * d + load<V>(b + c)), y + p * C + c);
    });
}

/// dx = k1·g − k2·(x − mean) − k3 per channel, g as in masked.
template <bool Relu, typename T>
inline void image_grad_input(const T* dy, const T* x, std::int64_t P, std::int64_t C, const float* a, const float* b,
                             const float* mean, const float* k1, const float* k2, const float* k3, T* dx) {
  for (std::int64_t p = 0; p < P; ++p)
    for_each_block(C, [&](auto tag, std::int64_t c) {
      using V = decltype(tag);
      const std::int64_t i = p * C + c;
      const V d = load<V>(x + i) - load<V>(mean + c), g = masked<Relu>(load<V>(dy + i), load<V>(a + c), d, load<V>(b + c));
      store(load<V>(k1 + c) * g - load<V>(k2 + c) * d - load<V>(k3 + c), dx + i);
    });
}

// The loops above built per CPU (CONTRA_PER_CPU), for float32 (F = float) and bfloat16 (F = its
// 16 bits); the bool picks the ReLU's form at run time, once per image.
#define CONTRA_BN_KERNELS(SUFFIX, F)                                                                             \
  CONTRA_PER_CPU void moments_##SUFFIX(const F* x, std::int64_t P, std::int64_t C, float* sh, float* s1,        \
                                       float* s2) {                                                             \
    image_moments(x, P, C, sh, s1, s2);                                                                         \
  }                                                                                                             \
  CONTRA_PER_CPU void output_##SUFFIX(const F* x, std::int64_t P, std::int64_t C, const float* a, const float* m, \
                                      const float* b, bool relu, F* y) {                                        \
    relu ? image_output<true>(x, P, C, a, m, b, y) : image_output<false>(x, P, C, a, m, b, y);                        \
  }                                                                                                             \
  CONTRA_PER_CPU void grad_sums_##SUFFIX(const F* dy, const F* x, std::int64_t P, std::int64_t C, const float* a, \
                                         const float* b, const float* mean, bool relu, float* sg, float* sgx) {  \
    relu ? image_grad_sums<true>(dy, x, P, C, a, b, mean, sg, sgx)                                              \
         : image_grad_sums<false>(dy, x, P, C, a, b, mean, sg, sgx);                                            \
  }                                                                                                             \
  CONTRA_PER_CPU void grad_input_##SUFFIX(const F* dy, const F* x, std::int64_t P, std::int64_t C, const float* a, \
                                          const float* b, const float* mean, const float* k1, const float* k2,  \
                                          const float* k3, bool relu, F* dx) {                                  \
    relu ? image_grad_input<true>(dy, x, P, C, a, b, mean, k1, k2, k3, dx)                                      \
         : image_grad_input<false>(dy, x, P, C, a, b, mean, k1, k2, k3, dx);                                    \
  }
CONTRA_BN_KERNELS(f32, float)
CONTRA_BN_KERNELS(bf16, std::uint16_t)
#undef CONTRA_BN_KERNELS

/// The activation's shape and raw storage: image n's P×C values start at n·P·C.
struct Layout {
  std::int64_t N, C, P;
  bool bf16;
};

Layout layout_of(const Tensor& x) {
  return {x.size(0), x.size(1), x.size(2) * x.size(3), x.scalar_type() == torch::kBFloat16};
}

/// A bfloat16 tensor's values as their raw 16 bits.
const std::uint16_t* bf16_bits(const Tensor& t) {
  return reinterpret_cast<const std::uint16_t*>(t.data_ptr<at::BFloat16>());
}
std::uint16_t* bf16_bits(Tensor& t) { return reinterpret_cast<std::uint16_t*>(t.data_ptr<at::BFloat16>()); }

template <typename Body>
void for_each_image(std::int64_t N, const Body& body) {
  at::parallel_for(0, N, 1, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t n = begin; n < end; ++n) body(n);
  });
}

/// The float32 rows of s×C tensors for image n: row n mod s.
struct Rows {
  const float* base;
  std::int64_t C, s;
  const float* operator()(std::int64_t n) const { return base + (n % s) * C; }
};

/// y = max(0, a·(x − m) + b), a, m and b: s×C float32, image n taking row n mod s.
Tensor apply_affine(const Tensor& x, const Tensor& a, const Tensor& m, const Tensor& b, std::int64_t s, bool relu) {
  const auto L = layout_of(x);
  auto y = torch::empty_like(x, at::MemoryFormat::ChannelsLast);
  const Rows ra{a.data_ptr<float>(), L.C, s}, rm{m.data_ptr<float>(), L.C, s}, rb{b.data_ptr<float>(), L.C, s};
  for_each_image(L.N, [&](std::int64_t n) {
    const std::int64_t off = n * L.P * L.C;
    if (L.bf16)
      output_bf16(bf16_bits(x) + off, L.P, L.C, ra(n), rm(n), rb(n), relu, bf16_bits(y) + off);
    else
      output_f32(x.data_ptr<float>() + off, L.P, L.C, ra(n), rm(n), rb(n), relu, y.data_ptr<float>() + off);
  });
  return y;
}

/// Each group's mean and biased variance (s×C, double): per image shifted sums in float32
/// (image_moments), merged over a group's images in double (Chan, Golub & LeVeque 1979).
std::pair<torch::Tensor, torch::Tensor> group_moments(const Tensor& x, std::int64_t s) {
  const auto L = layout_of(x);
  std::vector<float> shift(L.N * L.C), s1(L.N * L.C), s2(L.N * L.C);
  for_each_image(L.N, [&](std::int64_t n) {
    const std::int64_t off = n * L.P * L.C, r = n * L.C;
    if (L.bf16)
      moments_bf16(bf16_bits(x) + off, L.P, L.C, &shift[r],
                   &s1[r], &s2[r]);
    else
      moments_f32(x.data_ptr<float>() + off, L.P, L.C, &shift[r], &s1[r], &s2[r]);
  });
  auto mean = torch::zeros({s, L.C}, torch::kFloat64), var = torch::zeros({s, L.C}, torch::kFloat64);
  double* pm = mean.data_ptr<double>();
  double* pv = var.data_ptr<double>();
  const auto P = static_cast<double>(L.P);
  for (std::int64_t j = 0; j < s; ++j)
    for (std::int64_t c = 0; c < L.C; ++c) {
      double count = 0, m = 0, m2 = 0;  // the group so far: values, mean, Σ (x − m)²
      for (std::int64_t n = j; n < L.N; n += s) {
        const std::int64_t r = n * L.C + c;
        const double mi = shift[r] + s1[r] / P;                              // this image's mean
        const double m2i = std::max(0.0, s2[r] - double(s1[r]) * s1[r] / P);  // and Σ (x − mi)²
        const double delta = mi - m, total = count + P;
        m += delta * P / total;
        m2 += m2i + delta * delta * count * P / total;
        count = total;
      }
      pm[j * L.C + c] = m;
      pv[j * L.C + c] = m2 / count;
    }
  return {mean, var};
}

class SplitBnReluFn : public torch::autograd::Function<SplitBnReluFn> {
 public:
  static torch::autograd::variable_list forward(torch::autograd::AutogradContext* ctx, const Tensor& x,
                                                const Tensor& weight, const Tensor& bias, std::int64_t s, double eps,
                                                bool relu) {
    const auto L = layout_of(x);
    const auto M = static_cast<double>((L.N / s) * L.P);  // values per group and channel
    auto [mean, var] = group_moments(x, s);
    const auto invstd = (var + eps).rsqrt();
    const auto a32 = (invstd * weight.to(torch::kFloat64)).to(torch::kFloat32);  // s×C: y = a·(x − mean) + bias
    const auto b32 = bias.to(torch::kFloat32).expand({s, L.C}).contiguous();
    const auto mean32 = mean.to(torch::kFloat32);
    auto y = apply_affine(x, a32, mean32, b32, s, relu);
    const auto unbiased = (var * (M / (M - 1))).to(torch::kFloat32);
    // y is not kept: the backward recomputes the ReLU's mask from x, a, mean and bias (one read less).
    ctx->save_for_backward({x, weight, mean32, invstd.to(torch::kFloat32), a32, b32});
    ctx->saved_data["groups"] = s;
    ctx->saved_data["relu"] = relu;
    ctx->mark_non_differentiable({mean32, unbiased});
    return {y, mean32, unbiased};
  }

  static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                 torch::autograd::variable_list grads) {
    const auto saved = ctx->get_saved_variables();
    const Tensor &x = saved[0], &weight = saved[1], &mean = saved[2], &invstd = saved[3];
    const auto s = ctx->saved_data["groups"].toInt();
    const bool relu = ctx->saved_data["relu"].toBool();
    const auto dy = grads[0].to(x.scalar_type()).contiguous(at::MemoryFormat::ChannelsLast);
    const auto L = layout_of(x);
    const Rows a{saved[4].data_ptr<float>(), L.C, s}, b{saved[5].data_ptr<float>(), L.C, s},
        mu{mean.data_ptr<float>(), L.C, s};
    // Pass 1: per image Σ g and Σ g·(x − mean), summed per group in double.
    std::vector<float> sg(L.N * L.C), sgx(L.N * L.C);
    for_each_image(L.N, [&](std::int64_t n) {
      const std::int64_t off = n * L.P * L.C, r = n * L.C;
      if (L.bf16)
        grad_sums_bf16(bf16_bits(dy) + off, bf16_bits(x) + off, L.P, L.C, a(n), b(n), mu(n), relu, &sg[r], &sgx[r]);
      else
        grad_sums_f32(dy.data_ptr<float>() + off, x.data_ptr<float>() + off, L.P, L.C, a(n), b(n), mu(n), relu, &sg[r],
                      &sgx[r]);
    });
    auto sum_g = torch::zeros({s, L.C}, torch::kFloat64), sum_gx = torch::zeros({s, L.C}, torch::kFloat64);
    double* pg = sum_g.data_ptr<double>();
    double* pgx = sum_gx.data_ptr<double>();
    for (std::int64_t n = 0; n < L.N; ++n)
      for (std::int64_t c = 0; c < L.C; ++c) {
        pg[(n % s) * L.C + c] += sg[n * L.C + c];
        pgx[(n % s) * L.C + c] += sgx[n * L.C + c];
      }
    // dx = w·invstd·(g − Σg/M − x̂·Σ(g·x̂)/M), x̂ = (x − mean)·invstd (Ioffe & Szegedy 2015, §3):
    // k1·g − k2·(x − mean) − k3 with k1 = w·invstd, k2 = k1·invstd²·Σg(x − mean)/M, k3 = k1·Σg/M.
    const auto M = static_cast<double>((L.N / s) * L.P);
    const auto istd = invstd.to(torch::kFloat64);
    const auto k1 = weight.to(torch::kFloat64) * istd;
    const auto k2 = k1 * istd * istd * sum_gx / M;
    const auto k3 = k1 * sum_g / M;
    const auto k1f = k1.to(torch::kFloat32), k2f = k2.to(torch::kFloat32), k3f = k3.to(torch::kFloat32);
    const Rows r1{k1f.data_ptr<float>(), L.C, s}, r2{k2f.data_ptr<float>(), L.C, s}, r3{k3f.data_ptr<float>(), L.C, s};
    Tensor dx;  // the second pass only where x wants a gradient
    if (ctx->needs_input_grad(0)) {
      dx = torch::empty_like(x, at::MemoryFormat::ChannelsLast);
      for_each_image(L.N, [&](std::int64_t n) {
        const std::int64_t off = n * L.P * L.C;
        if (L.bf16)
          grad_input_bf16(bf16_bits(dy) + off, bf16_bits(x) + off, L.P, L.C, a(n), b(n), mu(n), r1(n), r2(n), r3(n),
                          relu, bf16_bits(dx) + off);
        else
          grad_input_f32(dy.data_ptr<float>() + off, x.data_ptr<float>() + off, L.P, L.C, a(n), b(n), mu(n), r1(n),
                         r2(n), r3(n), relu, dx.data_ptr<float>() + off);
      });
    }
    const auto dweight = (sum_gx * istd).sum(0).to(torch::kFloat32);
    const auto dbias = sum_g.sum(0).to(torch::kFloat32);
    return {dx, dweight, dbias, Tensor(), Tensor(), Tensor()};
  }
};

}  // namespace

bool split_bn_relu_cpu_takes(const torch::Tensor& x) {
  return x.defined() && x.device().is_cpu() && x.dim() == 4 && x.size(0) > 0 &&
         (x.scalar_type() == torch::kFloat32 || x.scalar_type() == torch::kBFloat16) &&
         x.is_contiguous(at::MemoryFormat::ChannelsLast);
}

SplitBnReluOut split_bn_relu_cpu_train(const torch::Tensor& x, const torch::Tensor& weight, const torch::Tensor& bias,
                                       std::int64_t groups, double eps, bool relu) {
  CONTRA_CHECK(split_bn_relu_cpu_takes(x), "split_bn_relu_cpu: the input is not a 4-D float32/bfloat16 NHWC CPU tensor");
  CONTRA_CHECK(groups >= 1 && x.size(0) % groups == 0, "split_bn_relu_cpu: {} groups do not divide a batch of {}",
               groups, x.size(0));
  CONTRA_CHECK((x.size(0) / groups) * x.size(2) * x.size(3) > 1,
               "split_bn_relu_cpu: a group of {} images of {}×{} holds one value per channel: no variance",
               x.size(0) / groups, x.size(2), x.size(3));
  RECORD_FUNCTION("contra::split_bn_relu_forward", std::vector<c10::IValue>());  // named in LibTorch's profiler
  const auto w = weight.to(torch::kFloat32).contiguous(), b = bias.to(torch::kFloat32).contiguous();
  auto out = SplitBnReluFn::apply(x, w, b, groups, eps, relu);
  return {out[0], out[1], out[2]};
}

torch::Tensor split_bn_relu_cpu_eval(const torch::Tensor& x, const torch::Tensor& weight, const torch::Tensor& bias,
                                     const torch::Tensor& mean, const torch::Tensor& var, double eps, bool relu) {
  CONTRA_CHECK(split_bn_relu_cpu_takes(x), "split_bn_relu_cpu: the input is not a 4-D float32/bfloat16 NHWC CPU tensor");
  RECORD_FUNCTION("contra::split_bn_relu_forward", std::vector<c10::IValue>());
  torch::NoGradGuard no_grad;
  const auto a = weight.to(torch::kFloat64) * (var.to(torch::kFloat64) + eps).rsqrt();
  const auto row = [](const torch::Tensor& t) { return t.to(torch::kFloat32).contiguous().view({1, -1}); };
  return apply_affine(x, row(a), row(mean), row(bias), 1, relu);
}

}  // namespace contra::models
#undef CONTRA_PER_CPU
