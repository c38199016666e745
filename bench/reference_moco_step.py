#!/usr/bin/env python3
"""A plain PyTorch MoCo v1 training step, the reference that contra's C++ step is timed against.

It is written the way the official MoCo code and its CIFAR demo write it, with no tuning of our own:
the same backbone (contra's small CNN: five 3x3 conv-BN-ReLU, strides 1 2 1 2 1, channels
w 2w 2w 4w 4w, global average pool), the same linear head to 128-d, SplitBatchNorm (the MoCo demo's
single-device ShuffleBN, 8 splits) in both encoders, shuffled keys, InfoNCE against a K-entry queue
(MoCo v1 Eq. 1, tau 0.1), SGD (lr 0.06, momentum 0.9, weight decay 5e-4), the momentum update
theta_k <- m theta_k + (1 - m) theta_q per parameter (MoCo v1 Eq. 2, m 0.99) and the enqueue with
wrap. ReLU is in place, as torchvision's ResNet and the MoCo demo write it (--relu out-of-place
gives the variant contra uses). Both views are fixed tensors made once: augmentation is timed
separately (bench_augment, and inside bench_train_step's BM_Step) and is not part of this
comparison, on either side.

Run with Debian's python3-torch, which is the same LibTorch build contra links:
    python3 bench/reference_moco_step.py --batch 256 --threads 2 --steps 20
It prints one JSON line: {"who": "reference", "images_per_s": ..., "seconds_per_step": ..., ...}.
scripts/bench.sh runs it side by side with contra's BM_ModelStep (A B A B ...): as it is; with
OPENBLAS_NUM_THREADS=1 (label reference_blas1), the BLAS setting contra uses; and with that and an
out-of-place ReLU (label reference_tuned), both of contra's changes.
"""
import argparse
import json
import os
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class SplitBatchNorm(nn.BatchNorm2d):
    """The MoCo CIFAR demo's SplitBatchNorm: BN statistics over num_splits sub-batches."""

    def __init__(self, num_features, num_splits):
        super().__init__(num_features)
        self.num_splits = num_splits

    def forward(self, x):
        n, c, h, w = x.shape
        if self.training or not self.track_running_stats:
            s = self.num_splits
            running_mean_split = self.running_mean.repeat(s)
            running_var_split = self.running_var.repeat(s)
            out = F.batch_norm(x.view(-1, c * s, h, w), running_mean_split, running_var_split,
                               self.weight.repeat(s), self.bias.repeat(s), True, self.momentum, self.eps)
            self.running_mean.data.copy_(running_mean_split.view(s, c).mean(dim=0))
            self.running_var.data.copy_(running_var_split.view(s, c).mean(dim=0))
            return out.view(n, c, h, w)
        return F.batch_norm(x, self.running_mean, self.running_var, self.weight, self.bias, False,
                            self.momentum, self.eps)


def small_cnn(in_channels, width, splits, inplace_relu=True):
    channels = [in_channels, width, 2 * width, 2 * width, 4 * width, 4 * width]
    strides = [1, 2, 1, 2, 1]
    layers = []
    for i in range(5):
        layers += [nn.Conv2d(channels[i], channels[i + 1], 3, strides[i], 1, bias=False),
                   SplitBatchNorm(channels[i + 1], splits), nn.ReLU(inplace=inplace_relu)]
    return nn.Sequential(*layers)


class Encoder(nn.Module):
    def __init__(self, width, dim, splits, inplace_relu=True):
        super().__init__()
        self.backbone = small_cnn(1, width, splits, inplace_relu)
        self.fc = nn.Linear(4 * width, dim)

    def forward(self, x):
        return F.normalize(self.fc(self.backbone(x).mean(dim=(2, 3))), dim=1)


class MoCo(nn.Module):
    def __init__(self, width, dim, queue, m, tau, splits, inplace_relu=True):
        super().__init__()
        self.m, self.tau, self.K = m, tau, queue
        self.encoder_q = Encoder(width, dim, splits, inplace_relu)
        self.encoder_k = Encoder(width, dim, splits, inplace_relu)
        for pq, pk in zip(self.encoder_q.parameters(), self.encoder_k.parameters()):
            pk.data.copy_(pq.data)
            pk.requires_grad = False
        self.register_buffer("queue", F.normalize(torch.randn(dim, queue), dim=0))
        self.ptr = 0

    @torch.no_grad()
    def momentum_update(self):
        for pq, pk in zip(self.encoder_q.parameters(), self.encoder_k.parameters()):
            pk.data = pk.data * self.m + pq.data * (1.0 - self.m)

    @torch.no_grad()
    def enqueue(self, keys):
        n, p = keys.shape[0], self.ptr
        first = min(n, self.K - p)
        self.queue[:, p:p + first] = keys[:first].T
        if n > first:
            self.queue[:, :n - first] = keys[first:].T
        self.ptr = (p + n) % self.K

    def forward(self, im_q, im_k):
        q = self.encoder_q(im_q)
        with torch.no_grad():
            self.encoder_k.train()
            perm = torch.randperm(im_k.shape[0])
            k = self.encoder_k(im_k[perm])[torch.argsort(perm)]
        l_pos = torch.einsum("nc,nc->n", q, k).unsqueeze(-1)
        l_neg = torch.einsum("nc,ck->nk", q, self.queue.clone().detach())
        logits = torch.cat([l_pos, l_neg], dim=1) / self.tau
        labels = torch.zeros(logits.shape[0], dtype=torch.long)
        return F.cross_entropy(logits, labels), k


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--width", type=int, default=16)
    ap.add_argument("--queue", type=int, default=4096)
    ap.add_argument("--threads", type=int, default=0, help="intra-op threads; 0 = every core")
    ap.add_argument("--steps", type=int, default=20, help="timed steps after 3 warm-up steps")
    ap.add_argument("--relu", choices=["in-place", "out-of-place"], default="in-place")
    ap.add_argument("--precision", choices=["fp32", "bf16"], default="fp32",
                    help="bf16: the forward and the loss under torch.autocast('cpu', torch.bfloat16), the two lines a "
                         "PyTorch user adds")
    ap.add_argument("--round", type=int, default=0, help="side-by-side round number, echoed")
    ap.add_argument("--label", default="reference", help="name echoed in the output")
    args = ap.parse_args()
    if args.batch < 8 or args.batch % 8:
        ap.error(f"--batch {args.batch}: must be a positive multiple of 8 (SplitBatchNorm's 8 splits)")
    if args.queue < args.batch:
        ap.error(f"--queue {args.queue}: must be at least the batch ({args.batch})")
    if args.steps < 1 or args.width < 1 or args.threads < 0:
        ap.error("--steps and --width must be >= 1 and --threads >= 0")
    if args.threads > 0:
        torch.set_num_threads(args.threads)
    else:
        torch.set_num_threads(os.cpu_count() or 1)
    torch.manual_seed(0)
    model = MoCo(args.width, 128, args.queue, 0.99, 0.1, 8, args.relu == "in-place")
    opt = torch.optim.SGD(model.encoder_q.parameters(), lr=0.06, momentum=0.9, weight_decay=5e-4)
    im_q = torch.randn(args.batch, 1, 28, 28)
    im_k = torch.randn(args.batch, 1, 28, 28)

    def step():
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.precision == "bf16"):
            loss, k = model(im_q, im_k)
        opt.zero_grad()
        loss.backward()
        opt.step()
        model.momentum_update()
        model.enqueue(k)
        return loss.item()

    for _ in range(3):
        step()
    start = time.perf_counter()
    for _ in range(args.steps):
        step()
    seconds = (time.perf_counter() - start) / args.steps
    print(json.dumps({"round": args.round, "who": args.label, "batch": args.batch, "width": args.width,
                      "queue": args.queue, "threads": torch.get_num_threads(),
                      "torch_version": torch.__version__, "seconds_per_step": seconds,
                      "openblas_num_threads": os.environ.get("OPENBLAS_NUM_THREADS", ""), "relu": args.relu,
                      "precision": args.precision,
                      "images_per_s": args.batch / seconds}))


if __name__ == "__main__":
    main()
