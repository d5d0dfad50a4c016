#!/usr/bin/python3
"""Trains the value head of the built-in engine's network on positions of games played out to the end.

    train_value.py --train FILE --holdout FILE --trunk WEIGHTS --checkpoint FILE [--epochs N] [--minutes M]
                   [--export HEAD --fixtures FILE]

The files are written by `tengen_export_policy_data --outcomes` (version 2: each position with its game's final
owners and margin, seen from the colour to move). The head reads the policy network's residual tower (the TGPN file
--trunk, which stays as it is: the head adds nothing to the policy's cost but its own two convolutions) and gives,
for every point, the expected owner at the end of the game from the mover's side (-1 to 1, a 3x3 convolution to
--hidden channels, a ReLU, a 1x1 convolution and a tanh). Its value, the mover's chance of winning, is
sigmoid(scale * (sum of the owners + the mover's komi) + shift): the expected margin, read as a probability. It
learns both at once: the mean squared error of the owners and the cross-entropy of the value against the game's
result.

Each batch is turned by one of the eight symmetries of the board; everything random comes from --seed. The
checkpoint is written every few minutes and at the end and a run with the same --checkpoint continues from it.
At the end it prints, on the held-out positions, how often the value names the game's winner, the mean squared error
of the owners, and how often the sign of each owner is right.

--export writes the head as the engine reads it (docs/engine.md: "TGVH", a version, the trunk's channels and the
hidden channels as uint32, the two convolutions' float16 weights and biases, the scale and shift as float32), and
--fixtures the owners and value of fixed held-out positions, computed from the float16 weights, for the C++ test.
"""
import math
import os
import struct
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train_policy import (PolicyNet, as_half, folded, freeze_normalisations, load_folded,  # noqa: E402
                          planes_from_codes, read_positions, save_atomically, tower_folded, training_arguments,
                          transform, write_atomically)


class ValueHead(nn.Module):
    def __init__(self, channels, hidden):
        super().__init__()
        self.channels, self.hidden = channels, hidden
        self.conv = nn.Conv2d(channels, hidden, 3, padding=1)
        self.owner = nn.Conv2d(hidden, 1, 1)
        self.scale = nn.Parameter(torch.tensor(0.3))
        self.shift = nn.Parameter(torch.tensor(0.0))

    def forward(self, features, komi):
        owners = torch.tanh(self.owner(F.relu(self.conv(features)))).flatten(1)
        value = torch.sigmoid(self.scale * (owners.sum(1) + komi) + self.shift)
        return owners, value


def trunk_features(net, planes):
    """The policy network's tower output (what its 1x1 head reads)."""
    with torch.no_grad():
        return net.tower(F.relu(net.bn(net.conv(planes))))


def batch_tensors(part, size, sym):
    planes = planes_from_codes(torch.from_numpy(part["codes"].astype(np.int64)),
                               torch.from_numpy(part["colour"].astype(np.int64)), size)
    owner = torch.from_numpy(part["owner"].astype(np.float32)).view(-1, 1, size, size)
    if sym:
        planes = transform(planes, sym).contiguous()
        owner = transform(owner, sym).contiguous()
    komi = torch.from_numpy(part["komi"].astype(np.float32))
    margin = torch.from_numpy(part["margin"].astype(np.float32))
    won = (margin > 0).float() + 0.5 * (margin == 0).float()
    return planes, owner.flatten(1), komi, won


def evaluate(net, head, data, size, batch=1024):
    head.eval()
    right = owner_error = owner_sign = 0.0
    decided = 0
    with torch.no_grad():
        for start in range(0, len(data), batch):
            part = data[start:start + batch]
            planes, owner, komi, won = batch_tensors(part, size, 0)
            owners, value = head(trunk_features(net, planes), komi)
            known = won != 0.5
            right += float(((value > 0.5).float() == won)[known].sum())
            decided += int(known.sum())
            owner_error += float(((owners - owner) ** 2).mean(1).sum())
            owner_sign += float(((owners > 0).float() == (owner > 0).float()).float()[owner != 0].sum()) / max(
                1, int((owner != 0).sum())) * len(part)
    head.train()
    n = max(1, len(data))
    return right / max(1, decided), owner_error / n, owner_sign / n


def export(head, path):
    """"TGVH", version 1, the trunk's channels and the hidden channels (uint32 LE), the 3x3 convolution's weights
    [hidden][channels][3][3] and biases, the 1x1 convolution's weights [1][hidden] and bias, all float16, then the
    scale and the shift as float32."""
    blob = bytearray(b"TGVH")
    blob += struct.pack("<III", 1, head.channels, head.hidden)
    for tensor in (head.conv.weight, head.conv.bias, head.owner.weight, head.owner.bias):
        blob += tensor.detach().half().numpy().astype("<f2").tobytes()
    blob += struct.pack("<ff", float(head.scale), float(head.shift))
    write_atomically(path, blob)
    return len(blob)


def write_fixtures(net, head, data, size, path, count):
    """For `count` held-out positions spread over the file: the colour, the mover's komi, the codes, the owners and
    the value, as the float16 weights of the trunk and the head give them (computed in double precision)."""
    layers = as_half(folded(net))
    conv_w, conv_b, own_w, own_b = (t.detach().half().double() for t in
                                    (head.conv.weight, head.conv.bias, head.owner.weight, head.owner.bias))
    scale, shift = float(np.float32(float(head.scale))), float(np.float32(float(head.shift)))
    picks = np.linspace(0, len(data) - 1, count).astype(np.int64)
    lines = [f"# value head fixtures: {count} positions, size {size}; per position: colour and the mover's komi, "
             "codes, owners, value"]
    for i in picks:
        part = data[i:i + 1]
        codes = torch.from_numpy(part["codes"].astype(np.int64))
        colour = torch.from_numpy(part["colour"].astype(np.int64))
        komi = float(part["komi"][0])
        x = tower_folded(layers, planes_from_codes(codes, colour, size).double())
        owners = torch.tanh(F.conv2d(F.relu(F.conv2d(x, conv_w, conv_b, padding=1)), own_w, own_b)).flatten()
        value = 1 / (1 + math.exp(-(scale * (float(owners.sum()) + komi) + shift)))
        lines.append(f"position {size} {'B' if int(colour[0]) == 1 else 'W'} {komi:.9g}")
        lines.append(" ".join(str(int(c)) for c in codes[0]))
        lines.append(" ".join(f"{float(o):.9g}" for o in owners))
        lines.append(f"{value:.9g}")
    write_atomically(path, "\n".join(lines) + "\n")


def main():
    ap = training_arguments(__doc__, epochs=4.0, lr=0.003)
    ap.add_argument("--trunk", required=True, help="the policy network (TGPN) whose tower the head reads")
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--value-weight", type=float, default=1.0)
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    size, train = read_positions(args.train, outcomes=True)
    hsize, holdout = read_positions(args.holdout, outcomes=True)
    if hsize != size:
        sys.exit(f"{args.holdout}: size {hsize}, {args.train} has {size}")
    net = PolicyNet(args.channels, args.blocks)
    load_folded(net, args.trunk)
    net.eval()
    freeze_normalisations(net)
    head = ValueHead(args.channels, args.hidden)
    opt = torch.optim.Adam(head.parameters(), lr=args.lr)
    steps_per_epoch = max(1, len(train) // args.batch)
    total_steps = int(args.epochs * steps_per_epoch)
    step = 0
    rng = np.random.default_rng(args.seed)
    if os.path.exists(args.checkpoint):
        state = torch.load(args.checkpoint)
        head.load_state_dict(state["head"])
        opt.load_state_dict(state["opt"])
        step = state["step"]
        rng.bit_generator.state = state["rng"]
        print(f"resumed at step {step} of {total_steps}", flush=True)

    def checkpoint():
        save_atomically({"head": head.state_dict(), "opt": opt.state_dict(), "step": step,
                         "rng": rng.bit_generator.state}, args.checkpoint)

    start = last_save = time.time()
    sums = [0.0, 0.0]
    count = 0
    while step < total_steps:
        if args.minutes and time.time() - start > args.minutes * 60:
            break
        epoch, at = divmod(step, steps_per_epoch)
        order = np.random.default_rng(args.seed * 1000 + epoch).permutation(len(train))
        part = train[np.sort(order[at * args.batch:(at + 1) * args.batch])]
        planes, owner, komi, won = batch_tensors(part, size, int(rng.integers(8)))
        lr = args.lr * 0.5 * (1 + math.cos(math.pi * step / total_steps))
        for group in opt.param_groups:
            group["lr"] = lr
        owners, value = head(trunk_features(net, planes), komi)
        owner_loss = ((owners - owner) ** 2).mean()
        value_loss = F.binary_cross_entropy(value.clamp(1e-6, 1 - 1e-6), won)
        loss = owner_loss + args.value_weight * value_loss
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        sums[0] += float(owner_loss)
        sums[1] += float(value_loss)
        count += 1
        if step % 100 == 0:
            print(f"step {step}/{total_steps} epoch {step / steps_per_epoch:.2f} owners {sums[0] / count:.3f} "
                  f"value {sums[1] / count:.3f} lr {lr:.5f}", flush=True)
            sums, count = [0.0, 0.0], 0
        if time.time() - last_save > 300:
            checkpoint()
            last_save = time.time()
    checkpoint()
    right, owner_error, owner_sign = evaluate(net, head, holdout, size)
    print(f"step {step} of {total_steps} ({step / steps_per_epoch:.2f} epochs of {len(train)}): held-out winner "
          f"named {100 * right:.1f}% of {len(holdout)} positions, owners' squared error {owner_error:.3f}, "
          f"owners' sign right {100 * owner_sign:.1f}%; scale {float(head.scale):.4f} shift {float(head.shift):.4f}",
          flush=True)
    if args.export:
        print(f"{args.export}: {export(head, args.export)} bytes", flush=True)
    if args.fixtures:
        write_fixtures(net, head, holdout, size, args.fixtures, args.fixture_count)
        print(f"{args.fixtures}: {args.fixture_count} positions", flush=True)


if __name__ == "__main__":
    main()
