#!/usr/bin/python3
"""Trains the engine's network to judge a position: to the policy network's tower and move head it adds a value
head (the mover wins), an ownership head (each point's final owner) and a score head (the mover's final margin),
from positions written by tengen_export_judgment_data.

    train_judgment.py --train FILE [FILE...] --holdout FILE [FILE...] --checkpoint FILE [--init WEIGHTS]
                      [--epochs N] [--minutes M] [--export WEIGHTS --fixtures FILE]

The heads (docs/engine.md, "The judgment heads"):
- ownership: a 1x1 convolution of the tower to OWN_HIDDEN channels, ReLU, a 1x1 convolution to one value per point,
  tanh: 1 the mover's at the end, -1 the opponent's;
- value and score: a 1x1 convolution of the tower to POOL channels, ReLU, the mean and the maximum of each channel
  over the board, the ownership's sum / 10, and three numbers about the game (the mover's komi / 10, 1 under territory scoring, (size - 14)
  / 10), a fully connected layer to FC_HIDDEN, ReLU, and one to two outputs: the value's logit, and the mover's
  margin before komi / 20 (the score head's answer is that times 20 plus the mover's komi, so that a change of komi
  moves the score by exactly as much).

Losses: the moves' cross-entropy (the policy keeps learning), the outcome's binary cross-entropy (a draw counts
half), the owners' binary cross-entropy per point (positions whose owners are known), and a Huber loss on the
margin / 10 (positions whose margin is known), weighted 1, 1, 1, 0.5.

--init starts from the shipped policy network's weights (a TGPN file): the tower and the move head keep them, the
normalisations stay on the identity statistics (as train_policy.py --init), the heads start at random. Everything
random comes from --seed; the checkpoint (weights, optimizer, step, random state) is written atomically every five
minutes and at the end, a run with the same --checkpoint continues from it, and --minutes bounds one run.

--export writes TGPN version 2: version 1's layout (the tower and the move head) followed by the heads' sizes and
their float16 tensors; --fixtures the four outputs for fixed held-out positions, from those float16 weights.
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

from train_policy import (PLANES, PolicyNet, as_half, folded, freeze_normalisations, load_folded,
                          masked_logits, planes_from_codes, save_atomically, symmetry_tables, tower_folded,
                          training_arguments, transform, write_atomically)

OWN_HIDDEN = 16
POOL = 32
FC_HIDDEN = 32
SCALARS = 3


def read_positions(path):
    with open(path, "rb") as f:
        head = f.read(12)
    if head[:4] != b"TGJD":
        sys.exit(f"{path}: not a judgment data file (no TGJD header)")
    version, size = struct.unpack("<II", head[4:])
    if version != 1:
        sys.exit(f"{path}: data version {version}, this tool reads 1")
    points = size * size
    fields = [("codes", "<u2", (points,)), ("move", "<u2"), ("colour", "u1"), ("territory", "u1"), ("game", "<u4"),
              ("index", "<u2"), ("outcome", "i1"), ("owned", "u1"), ("owner", "i1", (points,)), ("komi", "<f4"),
              ("margin", "<f4")]
    return size, np.fromfile(path, dtype=np.dtype(fields), offset=12)


def read_all(paths):
    parts = [read_positions(p) for p in paths]
    sizes = {s for s, _ in parts}
    if len(sizes) != 1:
        sys.exit(f"{', '.join(paths)}: positions of different board sizes ({sorted(sizes)})")
    return sizes.pop(), np.concatenate([d for _, d in parts])


def scalars_of(part, size):
    komi = torch.from_numpy(part["komi"].astype(np.float32)) / 10
    territory = torch.from_numpy(part["territory"].astype(np.float32))
    return torch.stack([komi, territory, torch.full_like(komi, (size - 14) / 10)], 1)


class JudgmentNet(nn.Module):
    def __init__(self, channels, blocks):
        super().__init__()
        self.policy = PolicyNet(channels, blocks)
        self.channels, self.blocks = channels, blocks
        self.own1 = nn.Conv2d(channels, OWN_HIDDEN, 1)
        self.own2 = nn.Conv2d(OWN_HIDDEN, 1, 1)
        self.pool = nn.Conv2d(channels, POOL, 1)
        self.fc1 = nn.Linear(2 * POOL + 1 + SCALARS, FC_HIDDEN)
        self.fc2 = nn.Linear(FC_HIDDEN, 2)

    def forward(self, planes, scalars):
        p = self.policy
        # A tower that does not learn (--freeze-tower) is run without the gradients' bookkeeping.
        with torch.set_grad_enabled(torch.is_grad_enabled() and p.conv.weight.requires_grad):
            x = p.tower(F.relu(p.bn(p.conv(planes))))
        return heads(x, p.head.weight, p.head.bias, self.tensors(), scalars)

    def tensors(self):
        return [(m.weight, m.bias) for m in (self.own1, self.own2, self.pool, self.fc1, self.fc2)]


def heads(x, head_w, head_b, tensors, scalars):
    """The four outputs from the tower's output x: move logits, ownership (tanh), value logit, margin before komi / 20."""
    (o1w, o1b), (o2w, o2b), (pw, pb), (f1w, f1b), (f2w, f2b) = tensors
    logits = F.conv2d(x, head_w, head_b).flatten(1)
    own = torch.tanh(F.conv2d(F.relu(F.conv2d(x, o1w, o1b)), o2w, o2b)).flatten(1)
    g = F.relu(F.conv2d(x, pw, pb))
    # The ownership's sum / 10 (the mover's expected lead in points owned, / 10) beside the pooled channels.
    pooled = torch.cat([g.mean((2, 3)), g.amax((2, 3)), own.sum(1, keepdim=True) / 10, scalars.to(g.dtype)], 1)
    out = F.linear(F.relu(F.linear(pooled, f1w, f1b)), f2w, f2b)
    return logits, own, out[:, 0], out[:, 1]


def losses(net, part, size, sym, tables):
    codes = torch.from_numpy(part["codes"].astype(np.int64))
    colour = torch.from_numpy(part["colour"].astype(np.int64))
    planes = transform(planes_from_codes(codes, colour, size), sym).contiguous()
    logits, own, value, margin = net(planes, scalars_of(part, size))
    move = tables[sym][torch.from_numpy(part["move"].astype(np.int64))]
    policy_loss = F.cross_entropy(masked_logits(logits, planes), move)
    outcome = (torch.from_numpy(part["outcome"].astype(np.float32)) + 1) / 2
    value_loss = F.binary_cross_entropy_with_logits(value, outcome)
    owned = torch.from_numpy(part["owned"] == 1)
    owner = torch.from_numpy(part["owner"].astype(np.float32)).view(-1, size, size)
    owner = transform(owner, sym).reshape(len(part), -1)
    if owned.any():
        p = ((own[owned] + 1) / 2).clamp(1e-4, 1 - 1e-4)
        own_loss = F.binary_cross_entropy(p, (owner[owned] + 1) / 2)
    else:
        own_loss = torch.zeros(())
    target = torch.from_numpy(part["margin"].astype(np.float32))
    known = ~torch.isnan(target)
    komi = torch.from_numpy(part["komi"].astype(np.float32))
    if known.any():
        score = margin * 20 + komi
        score_loss = F.smooth_l1_loss(score[known] / 10, target[known] / 10)
    else:
        score_loss = torch.zeros(())
    return policy_loss, value_loss, own_loss, score_loss, (logits, planes, value, outcome, score_of(margin, komi))


def score_of(margin, komi):
    return margin * 20 + komi


def evaluate(net, data, size, frozen, batch=512):
    net.eval()
    sums = np.zeros(4)
    right_move = right_winner = decided = 0
    abs_err = known = 0.0
    tables = symmetry_tables(size)
    batches = 0
    with torch.no_grad():
        for start in range(0, len(data), batch):
            part = data[start:start + batch]
            pl, vl, ol, sl, (logits, planes, value, outcome, score) = losses(net, part, size, 0, tables)
            sums += [float(pl), float(vl), float(ol), float(sl)]
            batches += 1
            right_move += int((masked_logits(logits, planes).argmax(1).numpy() == part["move"]).sum())
            win = outcome != 0.5
            right_winner += int(((value[win] > 0) == (outcome[win] > 0.5)).sum())
            decided += int(win.sum())
            target = torch.from_numpy(part["margin"].astype(np.float32))
            k = ~torch.isnan(target)
            abs_err += float((score[k] - target[k]).abs().sum())
            known += int(k.sum())
    net.train()
    if frozen:
        freeze_normalisations(net)
    return (sums / max(1, batches), right_move / max(1, len(data)), right_winner / max(1, decided),
            abs_err / max(1, known))


def describe(result):
    (pl, vl, ol, sl), move, winner, mae = result
    return (f"losses: policy {pl:.3f} value {vl:.3f} ownership {ol:.3f} score {sl:.3f}; first choice "
            f"{100 * move:.1f}%, winner {100 * winner:.1f}%, margin off by {mae:.1f} points")


def export(net, path):
    """TGPN version 2: version 1's header and tensors (the tower, the move head), then the heads' sizes (uint32:
    ownership hidden channels, pooled channels, fully connected hidden width, game scalars) and their float16
    weights and biases, each layer's weights as [out][in]."""
    layers = folded(net.policy)
    blob = bytearray(b"TGPN")
    blob += struct.pack("<IIII", 2, PLANES, net.channels, net.blocks)
    for w, b in layers:
        blob += w.half().numpy().astype("<f2").tobytes()
        blob += b.half().numpy().astype("<f2").tobytes()
    blob += struct.pack("<IIII", OWN_HIDDEN, POOL, FC_HIDDEN, SCALARS)
    for w, b in net.tensors():
        blob += w.detach().half().numpy().astype("<f2").tobytes()
        blob += b.detach().half().numpy().astype("<f2").tobytes()
    write_atomically(path, blob)
    return len(blob)


def load_init(net, path):
    """Starts from a TGPN file: version 1 (the policy network) gives the tower and the move head, the heads start at
    random; version 2 (this tool's export) gives the heads too."""
    blob, at = load_folded(net.policy, path)
    if at == len(blob):
        return
    sizes = struct.unpack("<IIII", blob[at:at + 16])
    if sizes != (OWN_HIDDEN, POOL, FC_HIDDEN, SCALARS):
        sys.exit(f"{path}: judgment heads of sizes {sizes}, this tool trains {(OWN_HIDDEN, POOL, FC_HIDDEN, SCALARS)}")
    at += 16
    with torch.no_grad():
        for w, b in net.tensors():
            for t in (w, b):
                count = t.numel()
                values = np.frombuffer(blob, dtype="<f2", count=count, offset=at).astype(np.float32)
                t.copy_(torch.from_numpy(values.reshape(tuple(t.shape)).copy()))
                at += 2 * count
    if at != len(blob):
        sys.exit(f"{path}: {len(blob) - at} bytes after the judgment heads")


def write_fixtures(net, data, size, path, count):
    """For `count` held-out positions: colour, scoring, komi, codes, then the move probabilities, the ownership, the
    value (the mover's winning probability) and the score, from the float16 weights in double precision."""
    layers = as_half(folded(net.policy))
    tensors = [(w.detach().half().double(), b.detach().half().double()) for w, b in net.tensors()]
    picks = np.linspace(0, len(data) - 1, count).astype(np.int64)
    lines = [f"# judgment fixtures: {count} positions, size {size}; per position: colour, scoring, komi, codes, "
             "probabilities, ownership, value, score"]
    for i in picks:
        part = data[i:i + 1]
        codes = torch.from_numpy(part["codes"].astype(np.int64))
        colour = torch.from_numpy(part["colour"].astype(np.int64))
        planes = planes_from_codes(codes, colour, size).double()
        x = tower_folded(layers, planes)
        logits, own, value, margin = heads(x, layers[-1][0], layers[-1][1], tensors,
                                           scalars_of(part, size).double())
        probs = torch.softmax(masked_logits(logits, planes), 1)[0]
        komi = float(part["komi"][0])
        lines.append(f"position {size} {'B' if int(colour[0]) == 1 else 'W'} {int(part['territory'][0])} "
                     f"{komi:.9g}")
        lines.append(" ".join(str(int(c)) for c in codes[0]))
        lines.append(" ".join(f"{float(p):.9g}" for p in probs))
        lines.append(" ".join(f"{float(o):.9g}" for o in own[0]))
        lines.append(f"{float(torch.sigmoid(value[0])):.9g} {float(margin[0]) * 20 + komi:.9g}")
    write_atomically(path, "\n".join(lines) + "\n")


def main():
    ap = training_arguments(__doc__, epochs=1.0, lr=0.02)
    ap.set_defaults(train=None, holdout=None)
    for action in ap._actions:
        if action.dest in ("train", "holdout"):
            action.nargs = "+"
    ap.add_argument("--init", help="start the tower and the move head from this TGPN file")
    ap.add_argument("--no-train", action="store_true", help="only test, export and write fixtures")
    ap.add_argument("--freeze-tower", action="store_true",
                    help="the tower and the move head keep --init's weights exactly; only the heads learn")
    ap.add_argument("--tower-lr", type=float, default=0.1,
                    help="the tower's and move head's learning rate as a share of --lr (default 0.1)")
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    size, train = read_all(args.train)
    hsize, holdout = read_all(args.holdout)
    if hsize != size:
        sys.exit(f"held-out positions of size {hsize}, training positions of size {size}")
    steps_per_epoch = max(1, len(train) // args.batch)
    total_steps = int(args.epochs * steps_per_epoch)
    print(f"{len(train)} positions to learn from ({int((train['owned'] == 1).sum())} with owners, "
          f"{int((~np.isnan(train['margin'])).sum())} with a margin), {len(holdout)} held out", flush=True)

    net = JudgmentNet(args.channels, args.blocks)
    # The tower and the move head, trained already when started from the policy network, learn more slowly than the
    # new heads, so that the heads' first, random gradients do not undo them.
    heads_params = [p for m in (net.own1, net.own2, net.pool, net.fc1, net.fc2) for p in m.parameters()]
    groups = [{"params": heads_params, "scale": 1.0}]
    if args.freeze_tower:
        for param in net.policy.parameters():
            param.requires_grad_(False)
    else:
        groups.insert(0, {"params": list(net.policy.parameters()), "scale": args.tower_lr})
    opt = torch.optim.SGD(groups, lr=args.lr, momentum=0.9, nesterov=True, weight_decay=1e-4)
    step = 0
    rng = np.random.default_rng(args.seed)
    frozen = args.init is not None
    if os.path.exists(args.checkpoint):
        state = torch.load(args.checkpoint)
        if (state["channels"], state["blocks"]) != (args.channels, args.blocks):
            sys.exit(f"{args.checkpoint}: a {state['blocks']}x{state['channels']} network, not "
                     f"{args.blocks}x{args.channels}")
        frozen = state["frozen"]
        net.load_state_dict(state["net"])
        opt.load_state_dict(state["opt"])
        step = state["step"]
        rng.bit_generator.state = state["rng"]
        torch.set_rng_state(state["torch_rng"])
        print(f"resumed at step {step} of {total_steps}", flush=True)
    elif args.init:
        load_init(net, args.init)
        print(f"{args.init}: held-out {describe(evaluate(net, holdout, size, frozen))}", flush=True)

    def checkpoint():
        save_atomically({"net": net.state_dict(), "opt": opt.state_dict(), "step": step, "channels": args.channels,
                         "blocks": args.blocks, "frozen": frozen, "rng": rng.bit_generator.state,
                         "torch_rng": torch.get_rng_state()}, args.checkpoint)

    tables = symmetry_tables(size)
    start = time.time()
    last_save = start
    seen = 0
    sums, count = np.zeros(4), 0
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
        lr = args.lr * 0.5 * (1 + math.cos(math.pi * step / total_steps))
        for group in opt.param_groups:
            group["lr"] = lr * group["scale"]
        pl, vl, ol, sl, _ = losses(net, part, size, sym, tables)
        loss = pl + vl + ol + 0.5 * sl
        if not torch.isfinite(loss):
            sys.exit(f"step {step}: the loss is not a number; the checkpoint keeps the last good state")
        opt.zero_grad()
        loss.backward()
        # The pooled maxima are not normalised: a large step there can blow the heads up, so the step is bounded.
        nn.utils.clip_grad_norm_(heads_params if args.freeze_tower else net.parameters(), 1.0)
        opt.step()
        step += 1
        seen += len(rows)
        sums += [float(pl), float(vl), float(ol), float(sl)]
        count += 1
        if step % 200 == 0:
            pl, vl, ol, sl = sums / count
            print(f"step {step}/{total_steps} epoch {step / steps_per_epoch:.2f} losses: policy {pl:.3f} value "
                  f"{vl:.3f} ownership {ol:.3f} score {sl:.3f}; lr {lr:.4f} {seen / (time.time() - start):.0f} "
                  "positions/s", flush=True)
            sums, count = np.zeros(4), 0
        if time.time() - last_save > 300:
            checkpoint()
            last_save = time.time()
    if not args.no_train:
        checkpoint()
    # The same measures on as many training positions as are held out (spread over the file), to show how far the
    # network has learned its games by heart.
    sample = train[np.linspace(0, len(train) - 1, min(len(train), len(holdout))).astype(np.int64)]
    print(f"step {step} of {total_steps} ({step / steps_per_epoch:.2f} epochs of {len(train)}):\n  held-out "
          f"{describe(evaluate(net, holdout, size, frozen))}\n  training "
          f"{describe(evaluate(net, sample, size, frozen))}", flush=True)
    if args.export:
        print(f"{args.export}: {export(net, args.export)} bytes", flush=True)
    if args.fixtures:
        net.eval()
        write_fixtures(net, holdout, size, args.fixtures, args.fixture_count)
        print(f"{args.fixtures}: {args.fixture_count} positions", flush=True)


if __name__ == "__main__":
    main()
