#!/usr/bin/python3
"""Trains the built-in engine's policy network on positions written by tengen_export_policy_data.

    train_policy.py --train FILE --holdout FILE --checkpoint FILE [--epochs N] [--minutes M] [--init WEIGHTS]
                    [--export WEIGHTS --fixtures FILE]

The network is a residual tower over the input planes of tengen/engine/policy_input.h (expanded here from the
per-point codes exactly as policyPlanes does in C++), with a 1x1 convolution giving one logit per point; illegal
points are masked out. Each batch is turned by one of the eight symmetries of the board. Everything random comes
from --seed, so the same files and arguments give the same network.

Training is resumable: the checkpoint (weights, optimizer, step, random state) is written atomically every few
minutes and at the end; a run with the same --checkpoint continues from it, and --minutes bounds one run so that a
session can stop cleanly. The learning rate follows a cosine over --epochs. At the end of a run the held-out
first-choice accuracy is printed (every position, and every second position as the move model's figure is given).

--init starts a new checkpoint from weights the engine reads (a TGPN file) instead of at random, to adapt a network
to other records (another board size, say): the batch normalisations, folded into those weights, keep the statistics
of the identity (mean 0, variance 1) while the convolutions and the normalisations' scales and shifts train, and the
held-out accuracy is printed before the first step.

--export writes the weights as the engine reads them (docs/engine.md: "TGPN", a version, the sizes, then float16
tensors with the batch normalisations folded in), and --fixtures the network's output for fixed held-out positions,
computed from those same float16 weights, for the C++ test of the forward pass.
"""
import argparse
import math
import os
import struct
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

PLANES = 23


def read_positions(path, outcomes=False):
    """The positions of a file tengen_export_policy_data wrote: version 1, or with `outcomes` version 2 (written with
    --outcomes: each position also with its game's final owners, the mover's komi and final margin)."""
    want = 2 if outcomes else 1
    with open(path, "rb") as f:
        head = f.read(12)
        if head[:4] != b"TGPD":
            sys.exit(f"{path}: not a policy data file (no TGPD header)")
        version, size = struct.unpack("<II", head[4:])
        if version != want:
            sys.exit(f"{path}: data version {version}, this tool reads {want}"
                     + (" (export with --outcomes)" if outcomes else ""))
    points = size * size
    fields = [("codes", "<u2", (points,)), ("move", "<u2"), ("colour", "u1"), ("even", "u1"), ("game", "<u2"),
              ("index", "<u2")]
    if outcomes:
        fields += [("owner", "i1", (points,)), ("komi", "<f4"), ("margin", "<f4")]
    data = np.fromfile(path, dtype=np.dtype(fields), offset=12)
    return size, data


def planes_from_codes(codes, colour, size):
    """codes: (B, size*size) int64, colour: (B,) 1 Black / 2 White -> (B, PLANES, size, size) float32."""
    batch = codes.shape[0]
    stone = codes & 3
    libs = (codes >> 2) & 3
    legal = ((codes >> 7) & 1).bool()
    out = torch.zeros(batch, PLANES, codes.shape[1])
    out[:, 0] = (stone == 1).float()
    out[:, 1] = (stone == 2).float()
    out[:, 2] = (stone == 0).float()
    for k in range(4):
        out[:, 3 + k] = ((stone == 1) & (libs == k)).float()
        out[:, 7 + k] = ((stone == 2) & (libs == k)).float()
    out[:, 11] = ((codes >> 4) & 1).float()
    out[:, 12] = ((codes >> 5) & 1).float()
    out[:, 13] = ((codes >> 6) & 1).float()
    out[:, 14] = legal.float()
    out[:, 15] = (legal & (((codes >> 8) & 1) == 1)).float()
    after = (codes >> 9) & 3
    for k in range(3):
        out[:, 16 + k] = (legal & (after == k)).float()
    ladder = ((codes >> 11) & 1) == 1
    out[:, 19] = ((stone == 1) & ladder & ~legal).float()
    out[:, 20] = (legal & ladder).float()
    out[:, 21] = (colour == 1).float().unsqueeze(1).expand(batch, codes.shape[1])
    out[:, 22] = 1.0
    return out.view(batch, PLANES, size, size)


class Block(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(channels)

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        return F.relu(x + self.bn2(self.conv2(y)))


class PolicyNet(nn.Module):
    def __init__(self, channels, blocks):
        super().__init__()
        self.channels, self.blocks = channels, blocks
        self.conv = nn.Conv2d(PLANES, channels, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(channels)
        self.tower = nn.Sequential(*[Block(channels) for _ in range(blocks)])
        self.head = nn.Conv2d(channels, 1, 1)

    def forward(self, x):
        x = self.tower(F.relu(self.bn(self.conv(x))))
        return self.head(x).flatten(1)


def symmetry_tables(size):
    """For each of the 8 symmetries: the transform of a (..., size, size) tensor and the index map old -> new."""
    idx = torch.arange(size * size).view(size, size)
    tables = []
    for s in range(8):
        t = transform(idx, s)
        new_of_old = torch.empty(size * size, dtype=torch.long)
        new_of_old[t.flatten()] = torch.arange(size * size)
        tables.append(new_of_old)
    return tables


def transform(x, s):
    if s & 1:
        x = x.flip(-1)
    if s & 2:
        x = x.flip(-2)
    if s & 4:
        x = x.transpose(-1, -2)
    return x


def masked_logits(logits, planes):
    legal = planes[:, 14].flatten(1) > 0.5
    return logits.masked_fill(~legal, -1e9)


def evaluate(net, data, size, batch=1024):
    net.eval()
    right = right_even = total_even = 0
    with torch.no_grad():
        for start in range(0, len(data), batch):
            part = data[start:start + batch]
            planes = planes_from_codes(torch.from_numpy(part["codes"].astype(np.int64)),
                                       torch.from_numpy(part["colour"].astype(np.int64)), size)
            guess = masked_logits(net(planes), planes).argmax(1).numpy()
            hit = guess == part["move"]
            right += int(hit.sum())
            even = part["even"] == 1
            right_even += int(hit[even].sum())
            total_even += int(even.sum())
    net.train()
    return right / max(1, len(data)), right_even / max(1, total_even), total_even


def save_atomically(obj, path):
    tmp = f"{path}.tmp.{os.getpid()}"
    torch.save(obj, tmp)
    with open(tmp, "rb") as f:
        os.fsync(f.fileno())
    os.replace(tmp, path)


def write_atomically(path, data):
    """Writes `data` (bytes, or text) to a temporary file beside `path`, syncs it and renames it over `path`."""
    tmp = f"{path}.tmp.{os.getpid()}"
    with open(tmp, "wb") as f:
        f.write(data if isinstance(data, (bytes, bytearray)) else data.encode())
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def conv_layers(net):
    """The network's convolutions with their batch normalisations, in the order a TGPN file holds them (the head,
    which has no normalisation, comes after them)."""
    return [(net.conv, net.bn)] + [pair for b in net.tower for pair in ((b.conv1, b.bn1), (b.conv2, b.bn2))]


def folded(net):
    """The network's convolutions with the batch normalisations folded in: a list of (weight, bias) float32."""
    def fold(conv, bn):
        scale = bn.weight.detach() / torch.sqrt(bn.running_var + bn.eps)
        w = conv.weight.detach() * scale.view(-1, 1, 1, 1)
        b = bn.bias.detach() - bn.running_mean * scale
        return w, b
    layers = [fold(conv, bn) for conv, bn in conv_layers(net)]
    layers.append((net.head.weight.detach(), net.head.bias.detach()))
    return [(w.float(), b.float()) for w, b in layers]


def as_half(layers):
    return [(w.half().double(), b.half().double()) for w, b in layers]


def tower_folded(layers, planes):
    """The residual tower's output from folded layers (the head, the last layer, left out)."""
    x = F.relu(F.conv2d(planes, layers[0][0], layers[0][1], padding=1))
    for i in range(1, len(layers) - 1, 2):
        y = F.relu(F.conv2d(x, layers[i][0], layers[i][1], padding=1))
        x = F.relu(x + F.conv2d(y, layers[i + 1][0], layers[i + 1][1], padding=1))
    return x


def forward_folded(layers, planes):
    return F.conv2d(tower_folded(layers, planes), layers[-1][0], layers[-1][1]).flatten(1)


def export(net, path):
    """Writes "TGPN", version 1, planes, channels, blocks (uint32 LE), then per convolution its weights as float16
    in the order [out][in][ky][kx] and its biases as float16."""
    layers = folded(net)
    blob = bytearray(b"TGPN")
    blob += struct.pack("<IIII", 1, PLANES, net.channels, net.blocks)
    for w, b in layers:
        blob += w.half().numpy().astype("<f2").tobytes()
        blob += b.half().numpy().astype("<f2").tobytes()
    write_atomically(path, blob)
    return len(blob)


def load_folded(net, path):
    """Starts `net` from weights the engine reads (a TGPN file, as export writes them): each convolution takes the
    folded weights and each batch normalisation becomes the identity with the folded bias, so the network computes
    what the file does as long as its normalisations keep their statistics (see freeze_normalisations). A version 2
    file (train_judgment.py's) gives its tower and move head; returns the file's bytes and where its heads start."""
    with open(path, "rb") as f:
        blob = f.read()
    if len(blob) < 20 or blob[:4] != b"TGPN":
        sys.exit(f"{path}: not a policy network file (no TGPN header)")
    version, planes, channels, blocks = struct.unpack("<IIII", blob[4:20])
    if version not in (1, 2) or (planes, channels, blocks) != (PLANES, net.channels, net.blocks):
        sys.exit(f"{path}: version {version}, {planes} planes, a {blocks}x{channels} network; this run trains a "
                 f"{net.blocks}x{net.channels} network over {PLANES} planes")
    layers = conv_layers(net)
    halves = sum(conv.weight.numel() + bn.num_features for conv, bn in layers) + net.head.weight.numel() + 1
    if len(blob) < 20 + 2 * halves or (version == 1 and len(blob) != 20 + 2 * halves):
        sys.exit(f"{path}: {len(blob)} bytes, where a {net.blocks}x{net.channels} network takes {20 + 2 * halves}")
    at = 20

    def take(shape):
        nonlocal at
        count = int(np.prod(shape))
        values = np.frombuffer(blob, dtype="<f2", count=count, offset=at).astype(np.float32)
        at += 2 * count
        return torch.from_numpy(values.reshape(shape).copy())

    def put(conv, bn):
        with torch.no_grad():
            conv.weight.copy_(take(tuple(conv.weight.shape)))
            bn.bias.copy_(take((bn.num_features,)))
            bn.weight.fill_(math.sqrt(1 + bn.eps))
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0)

    for conv, bn in layers:
        put(conv, bn)
    with torch.no_grad():
        net.head.weight.copy_(take(tuple(net.head.weight.shape)))
        net.head.bias.copy_(take((1,)))
    return blob, at


def freeze_normalisations(net):
    """Keeps the batch normalisations on their running statistics while the rest trains (for a network started from
    folded weights, whose statistics are the identity)."""
    for m in net.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.eval()


def write_fixtures(net, data, size, path, count):
    """For `count` held-out positions spread over the file: the colour, the codes and the probability of every point,
    as the float16 weights give them (computed in double precision)."""
    layers = as_half(folded(net))
    picks = np.linspace(0, len(data) - 1, count).astype(np.int64)
    lines = [f"# policy network fixtures: {count} positions, size {size}; per position: colour, codes, probabilities"]
    for i in picks:
        part = data[i:i + 1]
        codes = torch.from_numpy(part["codes"].astype(np.int64))
        colour = torch.from_numpy(part["colour"].astype(np.int64))
        planes = planes_from_codes(codes, colour, size).double()
        probs = torch.softmax(masked_logits(forward_folded(layers, planes), planes), 1)[0]
        lines.append(f"position {size} {'B' if int(colour[0]) == 1 else 'W'}")
        lines.append(" ".join(str(int(c)) for c in codes[0]))
        lines.append(" ".join(f"{float(p):.9g}" for p in probs))
    write_atomically(path, "\n".join(lines) + "\n")


def training_arguments(doc, epochs, lr):
    """The command line both training tools take: the data, the checkpoint, the tower's shape, the schedule, the
    seed, the threads and what to write at the end."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--train", required=True)
    ap.add_argument("--holdout", required=True)
    ap.add_argument("--checkpoint", required=True)
    ap.add_argument("--channels", type=int, default=48)
    ap.add_argument("--blocks", type=int, default=6)
    ap.add_argument("--epochs", type=float, default=epochs)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=lr)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--minutes", type=float, default=0, help="stop this run after M minutes (0: run to the end)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--export")
    ap.add_argument("--fixtures")
    ap.add_argument("--fixture-count", type=int, default=8)
    return ap


def main():
    ap = training_arguments(__doc__, epochs=3.0, lr=0.05)
    ap.add_argument("--no-train", action="store_true", help="only test, export and write fixtures from the checkpoint")
    ap.add_argument("--init", help="start from the weights of this TGPN file (fine-tuning; the normalisations stay "
                    "frozen)")
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    size, train = read_positions(args.train)
    hsize, holdout = read_positions(args.holdout)
    if hsize != size:
        sys.exit(f"{args.holdout}: size {hsize}, {args.train} has {size}")
    steps_per_epoch = len(train) // args.batch
    total_steps = int(args.epochs * steps_per_epoch)

    net = PolicyNet(args.channels, args.blocks)
    opt = torch.optim.SGD(net.parameters(), lr=args.lr, momentum=0.9, nesterov=True, weight_decay=1e-4)
    step = 0
    rng = np.random.default_rng(args.seed)
    frozen = args.init is not None
    if args.init and not os.path.exists(args.checkpoint):
        load_folded(net, args.init)
        every = evaluate(net, holdout, size)[0]
        print(f"{args.init}: held-out first choice {100 * every:.1f}% before training", flush=True)
    if os.path.exists(args.checkpoint):
        state = torch.load(args.checkpoint)
        frozen = state.get("frozen", False)
        if (state["channels"], state["blocks"]) != (args.channels, args.blocks):
            sys.exit(f"{args.checkpoint}: a {state['blocks']}x{state['channels']} network, not "
                     f"{args.blocks}x{args.channels}")
        net.load_state_dict(state["net"])
        opt.load_state_dict(state["opt"])
        step = state["step"]
        rng.bit_generator.state = state["rng"]
        torch.set_rng_state(state["torch_rng"])
        print(f"resumed at step {step} of {total_steps}", flush=True)

    def checkpoint():
        save_atomically({"net": net.state_dict(), "opt": opt.state_dict(), "step": step, "channels": args.channels,
                         "blocks": args.blocks, "frozen": frozen, "rng": rng.bit_generator.state,
                         "torch_rng": torch.get_rng_state()}, args.checkpoint)

    tables = symmetry_tables(size)
    # The order of an epoch depends only on the seed and the epoch's number, so a resumed run sees what an
    # uninterrupted one would.
    start = time.time()
    last_save = start
    seen = 0
    loss_sum, loss_count = 0.0, 0
    net.train()
    if frozen:
        freeze_normalisations(net)
    while step < total_steps and not args.no_train:
        if args.minutes and time.time() - start > args.minutes * 60:
            break
        epoch, at = divmod(step, steps_per_epoch)
        order = np.random.default_rng(args.seed * 1000 + epoch).permutation(len(train))
        rows = np.sort(order[at * args.batch:(at + 1) * args.batch])
        part = train[rows]
        sym = int(rng.integers(8))
        planes = planes_from_codes(torch.from_numpy(part["codes"].astype(np.int64)),
                                   torch.from_numpy(part["colour"].astype(np.int64)), size)
        planes = transform(planes, sym).contiguous()
        target = tables[sym][torch.from_numpy(part["move"].astype(np.int64))]
        lr = args.lr * 0.5 * (1 + math.cos(math.pi * step / total_steps))
        for group in opt.param_groups:
            group["lr"] = lr
        loss = F.cross_entropy(masked_logits(net(planes), planes), target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        seen += len(rows)
        loss_sum += float(loss)
        loss_count += 1
        if step % 200 == 0:
            rate = seen / (time.time() - start)
            print(f"step {step}/{total_steps} epoch {step / steps_per_epoch:.2f} loss {loss_sum / loss_count:.3f} "
                  f"lr {lr:.4f} {rate:.0f} positions/s", flush=True)
            loss_sum, loss_count = 0.0, 0
        if time.time() - last_save > 300:
            checkpoint()
            last_save = time.time()
    if not args.no_train:
        checkpoint()
    every, even, count = evaluate(net, holdout, size)
    print(f"step {step} of {total_steps} ({step * args.batch} positions, {step / steps_per_epoch:.2f} epochs of "
          f"{len(train)}): held-out first choice {100 * every:.1f}% of {len(holdout)} positions, "
          f"{100 * even:.1f}% of every second ({count})", flush=True)
    if args.export:
        print(f"{args.export}: {export(net, args.export)} bytes", flush=True)
    if args.fixtures:
        net.eval()
        write_fixtures(net, holdout, size, args.fixtures, args.fixture_count)
        print(f"{args.fixtures}: {args.fixture_count} positions", flush=True)


if __name__ == "__main__":
    main()
