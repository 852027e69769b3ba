"""A match in play: the current state, driven by actions, recorded in the match log.

A match knows its game only through the state interface (`game.state.GameState`): the state class
starts it from the seating and the settings, draws its chance and rules on what may be challenged.
Live play draws chance outcomes from a seeded generator; the log records every outcome, so a
saved match replays exactly. Undo replays a prefix of the log from the nearest checkpoint (the
state kept every `CHECKPOINT` entries; states are immutable). A match knows no files: with a
`journal` (`game.store.matchfile.attach_journal`) every entry is also appended to a crash-proof file
as it happens; after a crash, `game.store.matchfile.load_match(path, journal=path)` continues from
the last completed action.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Protocol

from game.errors import IllegalAction, InputError
from game.gcpause import paused_gc
from game.games import GAMES, GameInfo, PlayerSpec, profile_from_dict
from game.rules.challenge import CHALLENGE, CHALLENGEABLE, Challenge, effective_rulings, is_challenge_text, nobody_here, overridden, overrides, parse_challenge, rule_on
from game.rules.ledger import Account, Drink, Ledger
from game.rules.matchlog import START, Entry, MatchLog
from game.rules.phrase import N_, phrase
from game.rules.profile import Profile
from game.rules.realtable import SETTING as REAL_TABLE, TABLE, TableMode, is_mode_text, parse_mode
from game.rules.ruling import Ruling
from game.state import CHANCE, GameState, Seating

__all__ = ["GAMES", "GameInfo", "Match", "PlayerSpec", "profile_from_dict"]


CHECKPOINT = 100  # entries between two kept states: an undo replays fewer than this many (bench/longmatch.py)


class Recorder(Protocol):
    """Where a match's entries go as they are applied: a crash-proof journal (`game.store.journal`)."""

    error: OSError | None  # why the last write failed, while `behind`

    @property
    def behind(self) -> bool: ...  # entries not on disk yet (a write failed; the next one tries again)

    def append(self, entry: Entry) -> None: ...

    def rewrite(self, log: MatchLog) -> None: ...  # after an undo

    def catch_up(self) -> bool: ...

    def close(self) -> None: ...


class Check(Protocol):
    """The verification of the rulings a snapshot stood for, still to run (`game.store.snapshot`)."""

    error: InputError | None
    stale: bool
    done: int

    @property
    def total(self) -> int: ...

    def step(self, seconds: float) -> bool: ...

    def run(self) -> InputError | None: ...


def at_journal_line(e: InputError) -> InputError:
    """A replay error of "entry i" placed where a journal holds that entry: line i + 1."""
    n = e.message.removeprefix("entry ").partition(" ")[0].rstrip(":")
    return InputError(e.message, e.file, int(n) + 1, 1) if n.isdigit() else e


class Match:
    """The live match: its log, its state, and the rulings so far. `games` and `opener` (a dice
    table) and `track` (a race) are the settings asked for, `settings` those of a saved log; the
    game's state class takes what it needs (`GameState.new_match`)."""

    def __init__(
        self,
        game: str,
        players: list[PlayerSpec],
        profile: Profile | None = None,
        *,
        seed: int = 0,
        games: int = 1,
        opener: int = 0,
        track: str | None = None,
        settings: Mapping[str, Any] | None = None,
        real_table: bool = False,
    ) -> None:
        info = GAMES[game]
        self.info = info
        self.players = list(players)
        self.profile = profile or info.spec.default()
        self.rng = random.Random(seed)
        people = tuple(p.drivers or (p.name,) for p in players)
        seating = Seating(tuple(p.name for p in players), people,
                          {d: p.drink for p, ds in zip(players, people) for d in ds})
        asked = dict(settings) if settings is not None else {"games": games, "opener": opener, "track": track}
        real = asked.pop(REAL_TABLE, real_table)  # the match's, not the game's (`game.rules.realtable`)
        if not isinstance(real, bool):
            raise ValueError(f"the setting {REAL_TABLE!r} is true or false, not {real!r:.40}")
        step, made = info.state.new_match(seating, self.profile, asked)
        if real:
            made = {**made, REAL_TABLE: True}
        # the game's own state class: scenes and bots read their game's fields (`GameState` for the rest)
        self.state: Any = step.state
        self.log = MatchLog(game, [p.to_dict() for p in players], self.profile.to_dict(), seed, made)
        self.log.append(Entry(START, "start", step.rulings))
        # entry count → (the entry last in it, the state after it): where an undo starts replaying
        self._marks: dict[int, tuple[Entry, Any]] = {1: (self.log.entries[0], self.state)}
        # the drinks so far: (log, entries folded in, the last of them, the ledger), and kept ledgers
        # by entry count (folded without a challenge since)
        self._led: tuple[MatchLog, int, Entry, Ledger] | None = None
        self._led_marks: dict[int, tuple[Entry, Ledger]] = {}
        self.listeners: list[Callable[[Entry], None]] = []
        self.journal: Recorder | None = None
        # where this match came from a snapshot: (its file, the header's end, (end entry, file offset)
        # of each stretch trusted) – a writer for that file continues it
        self.snapshot_kept: tuple[Path, int, list[tuple[int, int]]] | None = None
        # the verification of the rulings a snapshot stood for, still to run (`game.store.snapshot.Verification`)
        self.pending: Check | None = None
        self._mode: tuple[MatchLog, int, Entry, bool] | None = None  # `real_table` as last read from the log

    # --- acting ----------------------------------------------------------------------------

    def apply(self, action: Any, detail: dict[str, Any] | None = None) -> Entry:
        """Apply a legal action, log it, and return the log entry (with its rulings). A `Challenge`
        (or its text) overrides an earlier drink ruling and leaves the game's state alone;
        `detail` is kept in the entry for replays (e.g. a ball's launch)."""
        entry = self._step(action, detail)
        if self.journal is not None:
            self.journal.append(entry)
        for f in self.listeners:
            f(entry)
        return entry

    def _step(self, action: Any, detail: dict[str, Any] | None) -> Entry:
        """`apply` without the journal and the listeners (a replay's step); every `CHECKPOINT`
        entries the state is kept."""
        if isinstance(action, str) and is_challenge_text(action):
            action = parse_challenge(action)
        if isinstance(action, Challenge):
            action = self._checked(action)
            ruling = rule_on(self.log.entries, action)
            refused = self.state.challenge_refusal(ruling)
            if refused is not None:
                raise IllegalAction(phrase(N_("{head}: {reason}"), head=action.head, reason=refused))
            entry = Entry(CHALLENGE, str(action), (ruling,), detail)
        elif isinstance(action, TableMode):
            entry = Entry(TABLE, str(self._switch(action)), (), detail)
        else:
            seat = self.state.current_player()
            step = self.state.apply(action)
            self.state = step.state
            entry = Entry(seat, str(action), step.rulings, detail)
        self.log.append(entry)
        n = len(self.log.entries)
        if n % CHECKPOINT == 0:
            self._marks[n] = (entry, self.state)
        return entry

    @property
    def real_table(self) -> bool:
        """The match is played at a real table now: the header's setting, then the last switch."""
        log, entries = self.log, self.log.entries
        got = self._mode
        if got is not None and got[0] is log and 0 < got[1] <= len(entries) and entries[got[1] - 1] is got[2]:
            done, real = got[1], got[3]  # (read on from there: the log only grows between undos)
        else:
            done, real = 0, bool(log.settings.get(REAL_TABLE, False))
        for e in entries[done:]:
            if e.seat == TABLE:
                real = parse_mode(e.action).real
        if entries:
            self._mode = (log, len(entries), entries[-1], real)
        return real

    def _switch(self, mode: TableMode) -> TableMode:
        """A switch of the table by somebody at it, to the other way of throwing; IllegalAction otherwise."""
        people = self.people()
        if mode.by not in people and mode.by not in (str(p["name"]) for p in self.log.players):
            raise IllegalAction(phrase(N_("{name} is nobody at this table ({people})"), name=repr(mode.by), people=", ".join(people)))
        if mode.real == self.real_table:
            raise IllegalAction(phrase(N_("the match is at a real table already") if mode.real else N_("the match is at a simulated table already")))
        if self.state.is_terminal():
            raise IllegalAction(phrase(N_("the match is over")))
        return mode

    def draw_chance(self) -> Any:
        """Draw the pending chance outcome from the match's seeded generator (the state's own draw)."""
        return self.state.draw_chance(self.rng)

    def resolve_chance(self) -> Entry | None:
        if self.state.current_player() != CHANCE:
            return None
        return self.apply(self.draw_chance())

    def rulings(self) -> list[Ruling]:
        """Every ruling as logged, overridden ones included (see `struck`)."""
        return self.log.rulings()

    def effective_rulings(self) -> list[Ruling]:
        """The rulings that stand: challenged ones replaced by their overrides (game.rules.challenge)."""
        return effective_rulings(self.log.entries)

    def struck(self) -> set[tuple[int, int]]:
        """(entry, ruling), both from 1, of every ruling a challenge overrode."""
        return overridden(self.log.entries)

    def people(self) -> list[str]:
        """Everybody at the table who drinks: a team's members or drivers, else the player."""
        return [str(n) for p in self.log.players for n in (p.get("drivers") or [p["name"]])]

    def _checked(self, ch: Challenge) -> Challenge:
        """A challenge as its notation reads back (names and reason as written), by somebody at the
        table (or whom the game lets challenge too) and for somebody at the table; IllegalAction otherwise."""
        if not ch.reason.strip():
            raise IllegalAction(phrase(N_("{head}: a challenge needs a reason"), head=ch.head))
        people = self.people()
        for name in (ch.by, ch.who):
            if any(sep in name for sep in (": ", " – ", " - ")):
                raise IllegalAction(phrase(N_("{head}: the name {name} cannot be written in a challenge (': ' or ' – ' in it)"), head=ch.head, name=repr(name)))
        if ch.who not in people:
            raise IllegalAction(phrase(N_("{head}: {name} is nobody at this table ({people})"), head=ch.head, name=repr(ch.who), people=", ".join(people)))
        others = self.state.challengers()  # e.g. a Le Mans event's judges
        if ch.by not in people and ch.by not in others:
            raise IllegalAction(nobody_here(ch.head, ch.by, others))
        return parse_challenge(str(ch))

    def drinks(self) -> Ledger:
        """What everybody has drunk, and the strokes and Schüsse, by the rulings that stand (the
        ledger follows challenges; mats are the state's). A running ledger: the entries new since
        the last call are added; a challenge (it overrides an earlier ruling) or a log that is no
        longer the one folded (an undo, a replay viewer's step) rebuilds it."""
        log, entries = self.log, self.log.entries
        got = self._led
        if got is not None and got[0] is log and len(entries) >= got[1] > 0 and entries[got[1] - 1] is got[2]:
            done, led = got[1], got[3]
        else:
            done, led = 0, self._no_drinks()
        if done == len(entries):
            return led
        if all(e.seat != CHALLENGE for e in entries[done:]):  # added entry by entry, kept every CHECKPOINT
            for k in range(done, len(entries)):
                led = _add(led, entries[k].rulings)
                if (k + 1) % CHECKPOINT == 0:
                    self._led_marks[k + 1] = (entries[k], led)
            self._led = (log, len(entries), entries[-1], led)
            return led
        led = self._drinks_refolded()
        self._led = (log, len(entries), entries[-1], led) if entries else None
        return led

    def _drinks_refolded(self) -> Ledger:
        """The ledger after a challenge, which strikes an earlier ruling (and a fold depends on the
        order of the rulings): the rulings that stand folded again from the latest kept ledger that no
        challenge after it reaches back before – at a long match's end not the whole log, as long as
        the challenged ruling is recent."""
        entries = self.log.entries
        under = overrides(entries)  # (entry, ruling) struck → the challenge that struck it
        start, led = 0, None
        for k in sorted(self._led_marks, reverse=True):
            last, kept = self._led_marks[k]
            if k <= len(entries) and entries[k - 1] is last and not any(i <= k < c for (i, _), c in under.items()):
                start, led = k, kept
                break
        standing = (r for i in range(start, len(entries)) for j, r in enumerate(entries[i].rulings, start=1) if (i + 1, j) not in under)
        return _add(led if led is not None else self._no_drinks(), standing)

    def _no_drinks(self) -> Ledger:
        """The ledger before anybody drank."""
        drinks = {str(n): Drink(p.get("drink", "beer")) for p in self.log.players for n in (p.get("drivers") or [p["name"]])}
        return Ledger.new(self.people(), drinks)

    def _drinks_now(self, n: int | None = None) -> Ledger:
        """The ledger rebuilt from every ruling that stands (after the first `n` entries: then)."""
        return _add(self._no_drinks(), effective_rulings(self.log.entries[:n]))

    def parse(self, text: str) -> Any:
        """An action of this game, or a challenge, from its text."""
        if is_challenge_text(text):
            return parse_challenge(text)
        if is_mode_text(text):
            return parse_mode(text)
        return self.info.state.parse_action(text)

    # --- undo, save, load ------------------------------------------------------------------

    def undo_to(self, n: int) -> None:
        """Go back to just after the first `n` log entries (at least the start): the log's entries
        replayed from the nearest checkpoint at or before `n`, every ruling as logged (the same state,
        log and generator as a replay of the whole prefix)."""
        entries = self.log.entries
        n = max(1, min(n, len(entries)))
        c = max((k for k, (e, _) in self._marks.items() if k <= n and entries[k - 1] is e), default=0)
        if c == 0:  # no checkpoint of this log (e.g. the log was swapped): the whole prefix replayed
            other = Match.replay(self.log.prefix(n))
            self.state, self.log, self._marks = other.state, other.log, other._marks
        else:
            self._rewind(c, n)
        self._rewind_drinks(n)
        if self.journal is not None:
            self.journal.rewrite(self.log)
        # the generator continues from a fresh draw so that undone dice do not simply repeat
        self.rng = random.Random(f"{self.log.seed}/{n}/{len(self.log.entries)}/{self.rng.random()}")

    def _rewind(self, c: int, n: int) -> None:
        """The state after `n` entries, replayed from the checkpoint after `c` (c ≤ n)."""
        old, was, marks = self.log, self.state, self._marks
        self._marks = {k: v for k, v in marks.items() if k <= c}
        self.state = marks[c][1]
        self.log = old.prefix(c)
        try:
            for i in range(c, n):
                saved = old.entries[i]
                try:
                    got = self._step(self.parse(saved.action), saved.detail)
                except (ValueError, IllegalAction) as err:
                    raise InputError(f"entry {i + 1}: {err}", "<log>") from None
                if got.rulings != saved.rulings:
                    raise InputError(f"entry {i + 1} ({saved.action}): the rulings do not replay as saved", "<log>")
        except InputError:  # the match as it was (a full replay would not have touched it either)
            self.log, self.state, self._marks = old, was, marks
            raise

    def _rewind_drinks(self, n: int) -> None:
        """The running ledger after an undo to `n`: the nearest kept one with no challenge after it."""
        entries = self.log.entries
        marks = {k: v for k, v in self._led_marks.items() if k <= n and entries[k - 1] is v[0]}
        self._led_marks = marks
        self._led = None
        for k in sorted(marks, reverse=True):
            if all(e.seat != CHALLENGE for e in entries[k:n]):
                self._led = (self.log, k, marks[k][0], marks[k][1])
                break

    def undo_turn(self) -> None:
        """Undo back to before the last player decision (chance outcomes go with it)."""
        entries = self.log.entries
        i = len(entries) - 1
        while i > 0 and entries[i].seat in (CHANCE,):
            i -= 1
        self.undo_to(max(1, i))

    def close_journal(self) -> None:
        if self.journal is not None:
            self.journal.catch_up()  # a last try at what a full disk held back
            self.journal.close()
            self.journal = None

    # --- snapshots (`game.store.snapshot`) -------------------------------------------------------

    def start_state(self) -> Any:
        """The state at the start of the match (kept for good)."""
        return self._marks[1][1]

    def kept_state(self, n: int) -> Any:
        """The state kept after the first n log entries (every `CHECKPOINT`, and the start's after
        1); None when none is kept there."""
        got = self._marks.get(n)
        entries = self.log.entries
        return got[1] if got is not None and n <= len(entries) and entries[n - 1] is got[0] else None

    def ledgers_after(self, ns: Iterable[int]) -> dict[int, Ledger]:
        """The drinks after the first n entries, for each n: the running ledger or a kept one where
        they serve, else one fold over the log (rebuilt at each challenge, which may strike an
        earlier ruling)."""
        entries = self.log.entries
        now = self.drinks()  # folding the log keeps a ledger every CHECKPOINT entries
        out: dict[int, Ledger] = {}
        for n in sorted(set(ns)):
            if n == len(entries):
                out[n] = now
                continue
            kept = [k for k, (e, _) in self._led_marks.items() if k <= n and entries[k - 1] is e]
            done = max(kept, default=0)
            led = self._led_marks[done][1] if done else self._no_drinks()
            for k in range(done, n):
                led = self._drinks_now(k + 1) if entries[k].seat == CHALLENGE else _add(led, entries[k].rulings)
            out[n] = led
            self._led_marks[n] = (entries[n - 1], led)
        return out

    def resumed_from(self, entries: list[Entry], states: dict[int, Any], ledger: Ledger) -> Match:
        """This match (its start only, as replayed) continued to where a snapshot stood: its
        entries, the states kept after them and the drinks after the last (`game.store.snapshot`)."""
        n = len(entries)
        self.log.entries[:] = entries
        self._marks = {k: (entries[k - 1], s) for k, s in states.items() if k <= n}
        self._marks[1] = (entries[0], self._marks[1][1] if 1 in self._marks else self.state)
        self.state = states[n]
        self._led = (self.log, n, entries[-1], ledger)
        self._led_marks = {n: (entries[-1], ledger)}
        return self

    def reseed(self) -> None:
        """The generator a replay leaves the match with (it depends on the log's length only)."""
        self.rng = random.Random(f"{self.log.seed}/{len(self.log.entries)}")

    @classmethod
    def replay(cls, log: MatchLog, file: str = "<log>", *, on_state: Callable[[int, GameState], None] | None = None,
               keep_saved: bool = False) -> Match:
        """Rebuild a match from its log; every ruling must come out exactly as recorded.
        `on_state(n, state)` is told the state after the first n entries – the start (n = 1), then
        after every entry (the replay viewer keeps some). With `keep_saved` the match's log holds
        the saved entries themselves once they are verified equal (a long log is not held twice)."""
        m, steps = cls.replaying(log, file, keep_saved=keep_saved)
        if on_state is not None:
            on_state(1, m.state)
        with paused_gc():
            for n in steps:
                if on_state is not None:
                    on_state(n, m.state)
        m.reseed()
        return m

    @classmethod
    def replaying(cls, log: MatchLog, file: str = "<log>", *, keep_saved: bool = False,
                  rest: Iterable[Entry] | None = None) -> tuple[Match, Iterator[int]]:
        """The match at its start (verified against the log's) and the replay of the rest, one entry
        a step: each step applies the next saved action, checks its rulings (an `InputError` at the
        first that differs) and yields the entries replayed so far (2, 3, …). `replay` runs it to the
        end; the replay viewer runs it a little each frame. `rest`: the entries after the start, when
        they are read as the replay goes (else the log's own)."""
        if log.game not in GAMES:
            raise InputError(f"unknown game {log.game!r:.40}; the games: {', '.join(GAMES)}", file)
        try:
            players = [PlayerSpec.from_dict(p) for p in log.players]
            profile = profile_from_dict(log.profile)
        except (KeyError, ValueError, TypeError, AttributeError, OverflowError) as e:
            raise InputError(f"the saved players or profile are not valid: {e}", file) from None
        if profile.game != log.game:
            raise InputError(f"the saved profile is for {profile.game}, the match is {log.game}", file)
        try:
            m = cls(log.game, players, profile, seed=log.seed, settings=log.settings)  # the state verifies them
        except (ValueError, KeyError, TypeError, OverflowError, AttributeError, IndexError) as e:
            raise InputError(f"the saved match cannot start: {e}", file) from None
        if not log.entries or log.entries[0].rulings != m.log.entries[0].rulings:
            raise InputError("the saved start of the match does not match its players and profile", file)
        return m, m._replay_steps(log.entries[1:] if rest is None else rest, file, keep_saved)

    def _replay_steps(self, saved_entries: Iterable[Entry], file: str, keep_saved: bool) -> Iterator[int]:
        parsed: dict[str, Any] = {}  # actions are immutable and repeat ("dice 3 5"): each text parsed once
        detail_problem = self.info.state.detail_problem
        for i, saved in enumerate(saved_entries, start=2):
            if saved.detail:
                problem = detail_problem(saved.detail)
                if problem is not None:
                    raise InputError(f"entry {i}: {problem}", file)
            try:
                action = parsed.get(saved.action)
                if action is None:
                    action = parsed[saved.action] = self.parse(saved.action)
                if saved.detail:
                    problem = self.state.detail_mismatch(action, saved.detail)
                    if problem is not None:
                        raise InputError(f"entry {i} ({saved.action}): {problem}", file)
                got = self.apply(action, saved.detail)
            except (ValueError, IllegalAction) as err:
                raise InputError(f"entry {i}: {err}", file) from None
            except (KeyError, TypeError, OverflowError, AttributeError, IndexError) as err:  # a detail garbled beyond the checks
                raise InputError(f"entry {i}: the saved entry is garbled ({err.__class__.__name__}: {err})", file) from None
            if got.rulings != saved.rulings:
                raise InputError(f"entry {i} ({saved.action}): the rulings do not replay as saved", file)
            if keep_saved:
                self.log.entries[-1] = saved
                if i in self._marks:
                    self._marks[i] = (saved, self._marks[i][1])
            yield i


def _add(led: Ledger, rulings: Iterable[Ruling]) -> Ledger:
    """The ledger with the drinks, strokes and Schüsse of `rulings` added (a new name gets an account)."""
    for r in rulings:
        if r.what in CHALLENGEABLE:
            if r.who not in led.players:
                led = Ledger((*led.accounts, (r.who, Account())))
            led = led.apply(r)
    return led
