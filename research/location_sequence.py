"""The strength question's lower end (issue 43, item 6): a card-location model that reads the history as a
sequence, its learning curve, and what it would be worth in money. LADDER.md, "The strength question:
the range", has the figures; the runs were:

    nice -n 10 python3 research/location_sequence.py collect --games 300 --seed 92 --samplers --out seq92.npz
    nice -n 10 python3 research/location_sequence.py collect --games 3050 --seed 93 --out seq93.npz
    nice -n 10 python3 research/location_sequence.py collect --games 3050 --seed 94 --worlds 16 --jobs 1 \
        --out seq94.npz                                                  # and seeds 95, 96 the same way
    nice -n 10 python3 research/location_sequence.py curve seq92.npz seq93.npz seq94.npz \
        --positions 12000,25000,50000,100000 --verbose                   # and again with --seed 2
    nice -n 10 python3 research/location_sequence.py curve seq92.npz seq9[3-6].npz --positions 200000 --epochs 5

- ``collect`` plays games of four MonteCarloBots (64 worlds, as ``research/belief.py`` does; ``--worlds``
  for cheaper ones) and keeps, at the start of each turn (the take), the seat's observation, which unseen
  card each opponent truly holds, the hand sizes and, with ``--samplers``, the share of each opponent's
  true hidden cards that 64 worlds of montecarlo's sampler and of the whole-history reading give him (as
  ``belief.collect_game`` measures it). Beside those it keeps each game's public history, every (seat,
  action) in order: a position's history is the prefix of its game's events that its seat saw.
- ``fit`` trains on the training files (``--games``: the first N games) and reports on the test file. The
  model reads the history with a GRU over the public events, seen from the seat (who acted, relative to
  it; the kind of act; the cards it showed: discarded, eaten, laid or sent; a draw shows none; where a
  send went). Its state after the position's prefix, with the observation, sums up the position per
  place (each opponent, or the stock). One small network, shared by every card, then gives the logit of
  a card in a place from that summary, the card's own embedding, and the card's partners (same rank;
  same suit one or two ranks apart) among that seat's discards, eaten, laid and declined cards and his
  latest discard (the last two come from the order of events), among every seat's, and in the viewer's
  hand. ``--plain`` puts a plain linear head on the summary instead. ``belief.sinkhorn`` scales the
  logits to the hand sizes, and the mean marginal on each opponent's true hidden cards is the share a
  world drawn from them would give him: the samplers' scale. Training stops when the cross-entropy on a
  twentieth of the training games, kept apart, has not improved for two epochs.
- ``curve`` fits at several training sizes on the same held-out positions and prints the learning curve
  with intervals clustered by test game, the line through it in log positions, and the range in stakes
  a game by LADDER.md's conversion (1.28 ± 0.26 stakes a game per unit of f, share = 0.290 + 0.71 f).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import numpy.typing as npt
from phom import Game
from phom.bots import MonteCarloBot
from phom.cards import card_indices
from phom.phom.actions import (
    AUTO_LAY_ID,
    DECLARE_U_ID,
    DECLARE_U_KHAN_ID,
    DISCARD_BASE,
    DRAW_ID,
    EAT_BASE,
    LAY_BASE,
    SEND_BASE,
    Action,
    LayMeld,
    Send,
)
from phom.phom.observation import encode
from phom.phom.vector import VectorGame

sys.path.insert(0, str(Path(__file__).resolve().parent))
from belief import PLAYERS, Z95, sinkhorn, true_places, world_hands

#: Event kinds of the sequence (the actor's act, as everyone saw it).
KINDS = ("draw", "eat", "discard", "lay", "send", "declare", "autolay")
#: Features of one event: the actor relative to the seat (4), the kind (7), the cards shown (52), the
#: seat a send went to relative to the seat (4), and the event's place in the game (1).
EVENT_SIZE = PLAYERS + len(KINDS) + 52 + PLAYERS + 1


def collect_game(args: tuple[int, int, bool, int]) -> tuple[list[tuple[np.ndarray, ...]], np.ndarray]:
    """One game's positions (as ``belief.collect_game`` keeps them, plus the seat and how many events it
    had seen) and the game's events, an (n, 2) array of (seat, action id)."""
    seed, index, samplers, bot_worlds = args
    game = Game(seed=seed * 100_003 + index, leader=index % PLAYERS)
    bots = [MonteCarloBot(bot_worlds, seed=seed * 1000 + index * 10 + s) for s in range(PLAYERS)]
    rows = []
    while not game.is_over:
        p = game.to_move
        assert p is not None
        view = game.view(p)
        if game.phase == "take":
            hidden, unseen, sizes = true_places(game, p)
            shares = np.full((2, PLAYERS - 1), np.nan)
            if samplers:
                for r, history in enumerate((0.0, 2.0)):
                    worlds = VectorGame.sample_worlds(view, 64, seed=index * 7919 + len(rows), tries=20,
                                                      history=history)
                    for k in range(1, PLAYERS):
                        held = world_hands(worlds, (p + k) % PLAYERS) & hidden[k - 1]
                        if hidden[k - 1].any():
                            shares[r, k - 1] = held.sum(axis=1).mean() / hidden[k - 1].sum()
            rows.append((encode(view).astype(np.float16), hidden, unseen, sizes, shares, np.array([index]),
                         np.array([p]), np.array([len(game.history)])))
        game.apply(bots[p].act(view))
    events = np.array([(s, a.id) for s, a in game.history], dtype=np.int16).reshape(-1, 2)
    return rows, events


def collect(args: argparse.Namespace) -> None:
    began = time.perf_counter()
    rows: list[tuple[np.ndarray, ...]] = []
    games: list[np.ndarray] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        tasks = [(args.seed, i, args.samplers, args.worlds) for i in range(args.games)]
        for part, events in pool.map(collect_game, tasks, chunksize=8):
            rows += part
            games.append(events)
    names = ("observation", "hidden", "unseen", "sizes", "shares", "game", "seat", "seen")
    arrays = {n: np.stack([r[i] for r in rows]) for i, n in enumerate(names)}
    for n in ("game", "seat", "seen"):
        arrays[n] = arrays[n][:, 0]
    arrays["events"] = np.concatenate(games)
    arrays["offsets"] = np.cumsum([0] + [len(e) for e in games])[:-1]
    np.savez_compressed(args.out, **arrays)
    print(f"{len(rows)} positions of {args.games} games in {time.perf_counter() - began:.0f} s → {args.out}")


def event_table() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32], npt.NDArray[np.int64]]:
    """Per action id: its kind (an index into ``KINDS``), the cards it shows (52 floats), and for a send the
    seat it went to (−1 otherwise)."""
    n = LAY_BASE + 329
    kind = np.zeros(n, dtype=np.int64)
    cards = np.zeros((n, 52), dtype=np.float32)
    target = np.full(n, -1, dtype=np.int64)
    for i in range(n):
        if i == DRAW_ID:
            kind[i] = KINDS.index("draw")
        elif i in (DECLARE_U_ID, DECLARE_U_KHAN_ID):
            kind[i] = KINDS.index("declare")
        elif i == AUTO_LAY_ID:
            kind[i] = KINDS.index("autolay")
        elif i < DISCARD_BASE:
            kind[i], cards[i, i - EAT_BASE] = KINDS.index("eat"), 1.0
        elif i < SEND_BASE:
            kind[i], cards[i, i - DISCARD_BASE] = KINDS.index("discard"), 1.0
        else:
            action = Action.from_id(i)
            if isinstance(action, Send):
                kind[i], target[i] = KINDS.index("send"), action.target[0]
                cards[i, action.card.index] = 1.0
            else:
                assert isinstance(action, LayMeld)
                kind[i] = KINDS.index("lay")
                cards[i, card_indices(action.meld.mask)] = 1.0
    return kind, cards, target


class Data:
    """Collected files as (game, viewer) sequences and the positions on them. A file numbers its games
    0..n−1 in play order; ``games`` keeps the first N games, in the order of the files."""

    def __init__(self, paths: str | list[str], games: int | None = None) -> None:
        fields = ("observation", "hidden", "unseen", "sizes", "shares", "seat", "seen")
        kept: dict[str, list[np.ndarray]] = {n: [] for n in (*fields, "game")}
        events: list[np.ndarray] = []
        for path in [paths] if isinstance(paths, str) else paths:
            room = None if games is None else games - len(events)
            if room is not None and room <= 0:
                break
            with np.load(path) as f:
                a = {k: f[k] for k in f.files}
            n = len(a["offsets"]) if room is None else min(room, len(a["offsets"]))
            bounds = np.append(a["offsets"], len(a["events"]))
            pick = a["game"] < n
            for name in fields:
                kept[name].append(a[name][pick])
            kept["game"].append(a["game"][pick] + len(events))
            events += [a["events"][bounds[g]:bounds[g + 1]] for g in range(n)]
        for name, parts in kept.items():
            setattr(self, name, np.concatenate(parts))
        self.steps = max(len(e) for e in events)
        self.events = np.full((len(events), self.steps, 2), -1, dtype=np.int64)
        for g, e in enumerate(events):
            self.events[g, :len(e)] = e
        self.pair = self.game * PLAYERS + self.seat     # the (game, viewer) sequence each position is on
        self.declined, self.last = read_sets(self.events, self.game, self.seat, self.seen)

    def __len__(self) -> int:
        return len(self.game)

    def places(self) -> npt.NDArray[np.int64]:
        stock = self.unseen & ~self.hidden.any(axis=1)
        return np.concatenate([self.hidden, stock[:, None, :]], axis=1).argmax(axis=1)


def read_sets(events: npt.NDArray[np.int64], game: npt.NDArray[np.int64], viewer: npt.NDArray[np.int64],
              seen: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Two sets the order of events tells, per position and seat relative to its viewer, (n, 4, 52) each:
    the discards a seat declined (the seat before him discarded it and he drew), and his latest discard."""
    n = len(game)
    declined = np.zeros((n, PLAYERS, 52), dtype=bool)
    last = np.zeros((n, PLAYERS, 52), dtype=bool)
    order = np.lexsort((seen, game))
    i = 0
    while i < n:
        g = game[order[i]]
        said = np.zeros((PLAYERS, 52), dtype=bool)
        latest = np.full(PLAYERS, -1)
        pending = -1                                    # the discard on the table, if any
        t = 0
        while i < n and game[order[i]] == g:
            row = order[i]
            while t < seen[row]:
                seat, action = events[g, t]
                if DISCARD_BASE <= action < SEND_BASE:
                    pending = action - DISCARD_BASE
                    latest[seat] = pending
                elif action == DRAW_ID and pending >= 0:
                    said[seat, pending] = True
                    pending = -1
                elif EAT_BASE <= action < DISCARD_BASE:
                    pending = -1
                t += 1
            rel = (np.arange(PLAYERS) + viewer[row]) % PLAYERS
            declined[row] = said[rel]
            for k, q in enumerate(rel):
                if latest[q] >= 0:
                    last[row, k, latest[q]] = True
            i += 1
    return declined, last


def partner_matrices() -> npt.NDArray[np.float32]:
    """(3, 52, 52): cards of one rank; of one suit one rank apart; of one suit two ranks apart."""
    suit, rank = np.divmod(np.arange(52), 13)
    same_suit = suit[:, None] == suit[None, :]
    gap = np.abs(rank[:, None] - rank[None, :])
    return np.stack([(rank[:, None] == rank[None, :]) & ~np.eye(52, dtype=bool),
                     same_suit & (gap == 1), same_suit & (gap == 2)]).astype(np.float32)


#: Slices of the observation (``phom.phom.observation.OBSERVATION_LAYOUT``) the card head reads.
HAND, ROWS, EATEN, LAID = slice(0, 52), slice(104, 312), slice(312, 520), slice(520, 728)


def build_net(hidden: int, observation_size: int, cards_head: bool = True):  # type: ignore[no-untyped-def]
    """The GRU over the events and, from its state and the observation, a logit per place and card: a plain
    linear head (``cards_head`` False), or one network shared by every card that also reads the card's
    partners (same rank; same suit, one or two ranks apart) among each seat's discards, eaten, laid,
    declined and latest-discarded cards and in the viewer's hand."""
    import torch

    kind, cards, target = event_table()

    class SequenceNet(torch.nn.Module):
        """Events → GRU; its state after a position's prefix, with the observation → (4, 52) logits."""

        def __init__(self) -> None:
            super().__init__()
            self.register_buffer("kind", torch.tensor(kind))
            self.register_buffer("cards", torch.tensor(cards))
            self.register_buffer("target", torch.tensor(target))
            self.embed = torch.nn.Linear(EVENT_SIZE, hidden)
            self.gru = torch.nn.GRU(hidden, hidden, batch_first=True)
            self.observe = torch.nn.Linear(observation_size, 2 * hidden)
            self.head = torch.nn.Sequential(torch.nn.ReLU(), torch.nn.Linear(3 * hidden, 2 * hidden),
                                            torch.nn.ReLU(), torch.nn.Linear(2 * hidden, PLAYERS * 52))
            self.register_buffer("partners", torch.tensor(partner_matrices()))
            self.mix = torch.nn.Linear(3 * hidden, hidden)
            self.place = torch.nn.Linear(hidden, PLAYERS * 64)
            self.card = torch.nn.Embedding(52, 64)
            self.relations = torch.nn.Linear(15 + 15 + 3 + PLAYERS, 64)
            self.per_card = torch.nn.Sequential(torch.nn.ReLU(), torch.nn.Linear(64, 32), torch.nn.ReLU(),
                                                torch.nn.Linear(32, 1))

        def sequences(self, events: torch.Tensor, viewer: torch.Tensor) -> torch.Tensor:
            """(B, T, 2) events of B games, (B,) viewers → (B, T + 1, hidden): the state after 0..T events."""
            seat, ids = events[..., 0], events[..., 1].clamp(min=0)
            live = (events[..., 1] >= 0).float()[..., None]
            eye = torch.eye(PLAYERS, device=events.device)
            actor = eye[(seat - viewer[:, None]) % PLAYERS]
            sent = self.target[ids]
            to = eye[(sent - viewer[:, None]) % PLAYERS] * (sent >= 0).float()[..., None]
            kinds = torch.eye(len(KINDS), device=events.device)[self.kind[ids]]
            time_ = torch.arange(events.shape[1], device=events.device).float()[None, :, None].expand(
                events.shape[0], -1, 1) / 40
            x = torch.cat([actor, kinds, self.cards[ids], to, time_], dim=2) * live
            out, _ = self.gru(torch.relu(self.embed(x)))
            return torch.cat([torch.zeros_like(out[:, :1]), out], dim=1)

        def forward(self, states: torch.Tensor, observation: torch.Tensor, declined: torch.Tensor,
                    last: torch.Tensor) -> torch.Tensor:
            whole = torch.cat([states, self.observe(observation)], dim=1)
            if not cards_head:
                return self.head(whole).view(-1, PLAYERS, 52)
            b = len(observation)
            sets = torch.stack([observation[:, ROWS].view(b, PLAYERS, 52), observation[:, EATEN].view(b, PLAYERS, 52),
                                observation[:, LAID].view(b, PLAYERS, 52), declined, last], dim=2)   # (b, 4, 5, 52)
            near = torch.einsum("bksc,rcd->bksrd", sets, self.partners).reshape(b, PLAYERS, 15, 52)
            mine = torch.einsum("bc,rcd->brd", observation[:, HAND], self.partners)               # (b, 3, 52)
            seat = torch.cat([near[:, 1:], torch.zeros_like(near[:, :1])], dim=1)   # places: opp 1-3, stock
            every = near.sum(dim=1, keepdim=True).expand(-1, PLAYERS, -1, -1)
            place = torch.eye(PLAYERS)[None, :, :, None].expand(b, -1, -1, 52)
            x = torch.cat([seat, every, mine[:, None].expand(-1, PLAYERS, -1, -1), place], dim=2)
            # the first layer of the card network, split: the relations (per place and card), the
            # position's summary (per place) and the card's embedding (per card) add up
            z = self.place(torch.relu(self.mix(whole))).view(b, PLAYERS, 1, -1)
            first = self.relations(x.transpose(2, 3)) + z + self.card.weight[None, None]
            return self.per_card(first).squeeze(3)


    return SequenceNet()


def logits_of(net, data: Data, pairs: npt.NDArray[np.int64], torch):  # type: ignore[no-untyped-def]
    """The logits of every position on the given (game, viewer) pairs, and those positions' indices."""
    if not hasattr(data, "tensors"):
        order = np.argsort(data.pair, kind="stable")
        bounds = np.searchsorted(data.pair[order], np.arange(data.pair.max() + 2))
        data.tensors = (torch.tensor(data.events), torch.tensor(data.observation, dtype=torch.float32),
                        torch.tensor(data.seen), order, bounds, torch.tensor(data.declined, dtype=torch.float32),
                        torch.tensor(data.last, dtype=torch.float32))
    events, observation, seen, order, bounds, declined, last = data.tensors
    rows = np.concatenate([order[bounds[p]:bounds[p + 1]] for p in pairs])
    at = np.repeat(np.arange(len(pairs)), bounds[pairs + 1] - bounds[pairs])
    states = net.sequences(events[torch.tensor(pairs // PLAYERS)], torch.tensor(pairs % PLAYERS))
    r = torch.tensor(rows)
    return net(states[torch.tensor(at), seen[r]], observation[r], declined[r], last[r]), rows


def train(data: Data, hidden: int, epochs: int, seed: int, patience: int = 2, log: bool = True,  # type: ignore[no-untyped-def]
          cards_head: bool = True):
    """Fits on ``data``'s games less a twentieth kept to stop on; returns the net at its best epoch."""
    import copy

    import torch

    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    games = rng.permutation(data.game.max() + 1)
    held = max(1, len(games) // 20)
    pairs = np.array([g * PLAYERS + s for g in games[held:] for s in range(PLAYERS)])
    check = np.array([g * PLAYERS + s for g in games[:held] for s in range(PLAYERS)])
    target = torch.tensor(data.places())
    mask = torch.tensor(data.unseen)
    net = build_net(hidden, data.observation.shape[1], cards_head)
    opt = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-5)
    best, best_state, stale = math.inf, copy.deepcopy(net.state_dict()), 0
    began = time.perf_counter()
    for epoch in range(epochs):
        net.train()
        order = rng.permutation(pairs)
        for start in range(0, len(order), 64):
            out, rows = logits_of(net, data, order[start:start + 64], torch)
            r = torch.tensor(rows)
            loss = torch.nn.functional.cross_entropy(out, target[r], reduction="none")[mask[r]].mean()
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            opt.step()
        net.eval()
        with torch.no_grad():
            total, count = 0.0, 0
            for start in range(0, len(check), 512):
                out, rows = logits_of(net, data, check[start:start + 512], torch)
                r = torch.tensor(rows)
                ce = torch.nn.functional.cross_entropy(out, target[r], reduction="none")[mask[r]]
                total, count = total + float(ce.sum()), count + len(ce)
        value = total / count
        if log:
            print(f"  epoch {epoch + 1}: held-out cross-entropy {value:.4f} ({time.perf_counter() - began:.0f} s)",
                  flush=True)
        if value < best - 1e-4:
            best, best_state, stale = value, copy.deepcopy(net.state_dict()), 0
        else:
            stale += 1
            if stale >= patience:
                break
    net.load_state_dict(best_state)
    return net, epoch + 1


def shares_of(net, test: Data) -> npt.NDArray[np.float64]:  # type: ignore[no-untyped-def]
    """(n, 3): the mean Sinkhorn marginal on each opponent's true hidden cards (nan if he holds none)."""
    import torch

    logits = np.zeros((len(test), PLAYERS, 52))
    pairs = np.unique(test.pair)
    with torch.no_grad():
        for start in range(0, len(pairs), 512):
            out, rows = logits_of(net, test, pairs[start:start + 512], torch)
            logits[rows] = out.double().numpy()
    return on_true(sinkhorn(logits, test.unseen, test.sizes), test.hidden)


def on_true(marginals: npt.NDArray[np.float64], hidden: npt.NDArray[np.bool_]) -> npt.NDArray[np.float64]:
    held = (marginals[:, :PLAYERS - 1, :] * hidden).sum(axis=2)
    count = hidden.sum(axis=2)
    return np.where(count > 0, held / np.maximum(count, 1), np.nan)


def clustered(values: npt.NDArray[np.float64], game: npt.NDArray[np.int64]) -> tuple[float, float]:
    """The mean over opponents and its 95 % half-width, with the test games as clusters (a game's positions
    are not independent)."""
    ok = ~np.isnan(values)
    v = np.where(ok, values, 0.0)
    sums = np.bincount(game, weights=v.sum(axis=1))
    counts = np.bincount(game, weights=ok.sum(axis=1).astype(float))
    mean = sums.sum() / counts.sum()
    resid = sums - mean * counts
    n = len(sums)
    half = Z95 * math.sqrt(n / (n - 1) * (resid ** 2).sum()) / counts.sum()
    return mean, half


def report(name: str, values: npt.NDArray[np.float64], test: Data, base: npt.NDArray[np.float64]) -> str:
    m, h = clustered(values, test.game)
    d, dh = clustered(values - base, test.game)
    return f"| {name} | {m:.4f} ± {h:.4f} | {d:+.4f} ± {dh:.4f} |"


def samplers_rows(test: Data) -> tuple[npt.NDArray[np.float64], list[str]]:
    uniform = on_true(sinkhorn(np.zeros((len(test), PLAYERS, 52)), test.unseen, test.sizes), test.hidden)
    mc = test.shares[:, 0]
    lines = ["| belief | share of his true hidden cards ± 95 % | minus montecarlo's sampler, paired ± 95 % |",
             "|---|---|---|",
             report("uniform (equal weights, Sinkhorn-scaled)", uniform, test, mc),
             report("montecarlo's sampler (`tries` = 20), 64 worlds", mc, test, mc),
             report("whole history, `history` = 2, 64 worlds", test.shares[:, 1], test, mc)]
    return mc, lines


def fit(args: argparse.Namespace) -> None:
    import torch

    torch.set_num_threads(args.threads)
    data = Data(args.train, args.games)
    test = Data(args.test)
    net, epochs = train(data, args.hidden, args.epochs, args.seed, cards_head=not args.plain)
    mc, lines = samplers_rows(test)
    print(f"{len(data)} training positions ({data.game.max() + 1} games), {len(test)} test positions, {epochs} epochs\n")
    print("\n".join(lines))
    print(report(f"sequence model (GRU of {args.hidden}), marginals", shares_of(net, test), test, mc))


#: LADDER.md, "What each card known is worth": stakes a game per unit of f (± its 95 % half-width), the
#: share a told fraction f gives (0.290 + 0.71 f), and the seat that sees every hand.
STAKES_PER_F, STAKES_PER_F_HALF = 1.28, 0.26
SHARE_PER_F = 0.71
OMNISCIENT, OMNISCIENT_HALF = 1.387, 0.303


def stakes(gain: float, gain_half: float) -> tuple[float, float]:
    """A share gained over montecarlo's sampler → stakes a game, by LADDER.md's conversion; the half-width
    combines the share's interval and the slope's (relative errors in quadrature)."""
    f, f_half = gain / SHARE_PER_F, gain_half / SHARE_PER_F
    money = STAKES_PER_F * f
    half = math.hypot(STAKES_PER_F * f_half, STAKES_PER_F_HALF * f)
    return money, half


def curve(args: argparse.Namespace) -> None:
    import torch

    torch.set_num_threads(args.threads)
    test = Data(args.test)
    mc, lines = samplers_rows(test)
    history = test.shares[:, 1]
    every = Data(args.train)
    per_game = len(every) / (every.game.max() + 1)
    print(f"test: {len(test)} positions of {test.game.max() + 1} games (seed file {args.test}); "
          f"training files hold {len(every)} positions of {every.game.max() + 1} games\n")
    print("\n".join(lines))
    del every
    points = []
    for target in args.positions:
        games = max(20, round(target / per_game))
        data = Data(args.train, games)
        began = time.perf_counter()
        net, epochs = train(data, args.hidden, args.epochs, args.seed, log=args.verbose, cards_head=not args.plain)
        share = shares_of(net, test)
        m, h = clustered(share, test.game)
        d, dh = clustered(share - mc, test.game)
        e, eh = clustered(share - history, test.game)
        points.append((len(data), m, h, d, dh))
        print(f"| sequence model, {len(data):,} training positions ({games} games, {epochs} epochs, "
              f"{time.perf_counter() - began:.0f} s) | {m:.4f} ± {h:.4f} | {d:+.4f} ± {dh:.4f} | "
              f"minus history's {e:+.4f} ± {eh:.4f} |", flush=True)
    if len(points) >= 2:
        n = np.log2([p[0] for p in points])
        y = np.array([p[3] for p in points])
        w = 1 / np.array([p[4] for p in points]) ** 2
        slope, intercept = np.polyfit(n, y, 1, w=np.sqrt(w))
        print(f"\nshare over montecarlo's sampler ≈ {intercept:+.4f} + {slope:+.4f} × log2(positions)")
        for more in (400_000, 1_000_000, 10_000_000):
            print(f"  at {more:,} positions, if the line held: {intercept + slope * math.log2(more):+.4f}")
        if slope > 0:
            for name, level in (("montecarlo's sampler", 0.0), ("the history reading", float(np.nanmean(history - mc)))):
                print(f"  reaches {name} ({level:+.4f}) at about {2 ** ((level - intercept) / slope):,.0f} positions")
    best = max(points, key=lambda p: p[3])
    hist_gain, hist_half = clustered(history - mc, test.game)
    print("\nthe range, by LADDER.md's conversion (1.28 ± 0.26 stakes a game per unit of f, 0.71 share per f):")
    for name, (g, gh) in (("the history reading", (hist_gain, hist_half)),
                          (f"the sequence model at {best[0]:,} positions", (best[3], best[4]))):
        money, half = stakes(g, gh)
        print(f"  {name}: {g:+.4f} ± {gh:.4f} share, f = {g / SHARE_PER_F:+.4f}, {money:+.3f} ± {half:.3f} stakes a game")
    print(f"  a seat that sees every hand: {OMNISCIENT:+.3f} ± {OMNISCIENT_HALF:.3f} stakes a game")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    c = commands.add_parser("collect")
    c.add_argument("--games", type=int, default=400)
    c.add_argument("--seed", type=int, default=93)
    c.add_argument("--samplers", action="store_true")
    c.add_argument("--worlds", type=int, default=64, help="the MonteCarloBots' worlds (64 as belief.py)")
    c.add_argument("--jobs", type=int, default=2)
    c.add_argument("--out", required=True)
    f = commands.add_parser("fit")
    f.add_argument("test")
    f.add_argument("train", nargs="+")
    f.add_argument("--games", type=int, default=None, help="the first N games of the training files")
    f.add_argument("--hidden", type=int, default=128)
    f.add_argument("--epochs", type=int, default=30)
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--threads", type=int, default=1)
    f.add_argument("--plain", action="store_true", help="a plain linear head instead of the card head")
    k = commands.add_parser("curve")
    k.add_argument("test")
    k.add_argument("train", nargs="+")
    k.add_argument("--positions", type=lambda t: [int(x) for x in t.split(",")],
                   default=[12_000, 25_000, 50_000, 100_000, 200_000])
    k.add_argument("--hidden", type=int, default=128)
    k.add_argument("--epochs", type=int, default=30)
    k.add_argument("--seed", type=int, default=1)
    k.add_argument("--threads", type=int, default=1)
    k.add_argument("--verbose", action="store_true")
    k.add_argument("--plain", action="store_true", help="a plain linear head instead of the card head")
    args = parser.parse_args()
    {"collect": collect, "fit": fit, "curve": curve}[args.command](args)


if __name__ == "__main__":
    main()
