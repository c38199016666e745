// Noise-contrastive estimation as InstDisc uses it (Wu, Xiong, Yu, Lin, CVPR 2018,
// arXiv:1805.01978, §3.2, Eq. 5–7; the official lemniscate.pytorch NCEAverage and NCECriterion), a
// pure function: the device comes from the inputs; the loss is computed in float32.
//
// With n training images, the non-parametric softmax P(i|v) = exp(vᵢ·v/τ) / Z is approximated
// without its denominator: Z is a constant (Eq. 7, Z ≈ n·E_j[exp(v_j·v/τ)], a Monte-Carlo
// estimate), the noise distribution is uniform, P_n = 1/n, and m noise samples are drawn per image.
// The posterior that image i's feature came from the data is h(i, v) = P(i|v) / (P(i|v) + m·P_n),
// and the loss is J = −E_data[log h(i, v)] − m·E_noise[log(1 − h(i, v′))] (Eq. 5–6).
#pragma once

#include <torch/types.h>

namespace contra::losses {

/// The NCE loss: −mean over the N images of [log h(positive) + Σ_k log(1 − h(negative_k))], the
/// lemniscate NCECriterion's sum over positives and noise samples divided by the batch.
/// `positive`: N similarities vᵢ·fᵢ of each image's feature to its own memory-bank row; `negatives`:
/// N×m similarities to rows drawn uniformly from the bank; τ > 0; `z` > 0 the normalising constant
/// (nce_normaliser, or its running estimate); `n` >= 1 the bank's rows. Computed as log-sigmoids of
/// s/τ − log Z − log(m/n), so it stays finite at low τ. Returns a float32 scalar.
/// Throws core::ContraError when τ <= 0, z <= 0, n < 1 or the shapes disagree.
torch::Tensor nce_loss(const torch::Tensor& positive, const torch::Tensor& negatives, double tau, double z,
                       std::int64_t n);
/// The same with Z a 0-d float64 tensor on the inputs' device (the memory bank's running Z), so
/// the step never waits for the device: Z is not checked here (a non-positive or non-finite Z
/// gives a non-finite loss, which the fail rule catches). The same values as the overload above.
torch::Tensor nce_loss(const torch::Tensor& positive, const torch::Tensor& negatives, double tau,
                       const torch::Tensor& z, std::int64_t n);

/// The NCE loss at chance, when the model gives every image P(i|v) = 1/n, so h = 1/(1+m) for
/// the positive and for each of the m noise samples: ln(1+m) + m·ln(1 + 1/m). m >= 1.
double nce_chance_loss(std::int64_t m);

/// One batch's Monte-Carlo estimate of Z (Eq. 7): n · mean over the N×m noise samples of
/// exp(s/τ), in float64, without gradient: a 0-d float64 tensor on the samples' device (it is not
/// read back to the host). The official code freezes the first batch's estimate; contra's memory
/// bank keeps a running mean of these instead (method.nce_z_momentum).
/// Throws core::ContraError when τ <= 0, n < 1 or there are no samples.
torch::Tensor nce_normaliser(const torch::Tensor& negatives, double tau, std::int64_t n);

}  // namespace contra::losses
