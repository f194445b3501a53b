"""Rated games: OpenSkill ratings per account and game, changed once per rated game.

A host makes an open table rated. When it ends, the seats held by accounts (each account
once; a rated game needs two) are rated as a free-for-all, the winners sharing first place
(OpenSkill's Plackett-Luce model, as :mod:`parlour.sim.ratings` rates bots). The change is
written in one transaction that first claims the table (``rated_at`` set where it was
unset), so a game is rated once however many times it is asked: after its last move, and
again for every ended rated table still unrated when a server starts (one stopped between
the two). A rating is shown as its ordinal, ``mu - 3 sigma``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Float,
    Integer,
    Row,
    String,
    Table,
    delete,
    insert,
    select,
    update,
)

from parlour.server.accounts.schema import account_tables_t, accounts_t
from parlour.server.store.storage import Store, metadata
from parlour.sim.ratings import MU, SIGMA

rated_t = Table(
    "parlour_rated_tables",
    metadata,
    Column("table_id", String(32), primary_key=True),
    # When its game was rated (None: not yet, or not over).
    Column("rated_at", Float, nullable=True),
)

ratings_t = Table(
    "parlour_ratings",
    metadata,
    Column("account_id", String(32), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
)

changes_t = Table(
    "parlour_rating_changes",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("game", String(64), nullable=False),
    Column("won", Boolean, nullable=False),
    Column("before", Float, nullable=False),
    Column("after", Float, nullable=False),
    Column("at", Float, nullable=False),
)

# What an account shows of itself to others (revision 0012): its ratings (on its profile
# and the ladders) and its recent games (on its profile). No row: both shown.
profiles_t = Table(
    "parlour_profiles",
    metadata,
    Column("account_id", String(32), primary_key=True),
    Column("ratings", Boolean, nullable=False),
    Column("games", Boolean, nullable=False),
)

MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True)
class Shown:
    """What an account shows of itself to others."""

    ratings: bool = True
    games: bool = True


def shown(store: Store, account_id: str) -> Shown:
    """What the account shows (everything unless it chose otherwise)."""
    with store.engine.connect() as conn:
        row = conn.execute(select(profiles_t).where(profiles_t.c.account_id == account_id)).first()
    return Shown() if row is None else Shown(bool(row.ratings), bool(row.games))


def show(store: Store, account_id: str, chosen: Shown) -> None:
    """Keep what the account chose to show."""
    with store.engine.begin() as conn:
        conn.execute(delete(profiles_t).where(profiles_t.c.account_id == account_id))
        conn.execute(
            insert(profiles_t).values(
                account_id=account_id, ratings=chosen.ratings, games=chosen.games
            )
        )


def ordinal(mu: float, sigma: float) -> float:
    """A rating as shown and ranked: ``mu - 3 sigma``, rounded to a tenth."""
    return round(mu - 3 * sigma, 1)


@dataclass(frozen=True)
class Change:
    """One seat's rating change in a rated game."""

    seat: int
    account_id: str
    name: str
    won: bool
    before: float
    after: float


def make_rated(store: Store, table_id: str) -> None:
    """Mark a table rated (once)."""
    with store.engine.begin() as conn:
        found = conn.execute(select(rated_t.c.table_id).where(rated_t.c.table_id == table_id))
        if found.first() is None:
            conn.execute(insert(rated_t).values(table_id=table_id, rated_at=None))


def rated_tables(store: Store, table_ids: list[str] | None = None) -> dict[str, float | None]:
    """Rated tables (all, or those of ``table_ids``) and when each was rated."""
    query = select(rated_t)
    if table_ids is not None:
        query = query.where(rated_t.c.table_id.in_(table_ids))
    with store.engine.connect() as conn:
        return {row.table_id: row.rated_at for row in conn.execute(query)}


def _players(conn: Connection, table_id: str) -> dict[int, tuple[str, str]]:
    """The seats of the table held by accounts: seat -> (account, name); an account that
    holds several seats counts at its lowest, a seat held by several for the first."""
    rows = conn.execute(
        select(account_tables_t.c.seat, account_tables_t.c.account_id, accounts_t.c.name)
        .join(accounts_t, accounts_t.c.id == account_tables_t.c.account_id)
        .where(account_tables_t.c.table_id == table_id, account_tables_t.c.seat >= 0)
        .order_by(account_tables_t.c.seat, account_tables_t.c.added, account_tables_t.c.account_id)
    ).all()
    found: dict[int, tuple[str, str]] = {}
    seen: set[str] = set()
    for seat, account_id, name in rows:
        if seat not in found and account_id not in seen:
            found[seat] = (account_id, name)
            seen.add(account_id)
    return found


def rate_game(store: Store, table_id: str, game: str, winners: tuple[int, ...]) -> bool:
    """Rate an ended rated game in one transaction; False when it was rated already (or
    is not rated)."""
    now = time.time()
    with store.engine.begin() as conn:
        claimed = conn.execute(
            update(rated_t)
            .where(rated_t.c.table_id == table_id, rated_t.c.rated_at.is_(None))
            .values(rated_at=now)
        ).rowcount
        if claimed != 1:
            return False
        players = _players(conn, table_id)
        if len(players) < 2:
            return True  # nobody to rate against: rated, with no change
        seats = sorted(players)
        ids = [players[s][0] for s in seats]
        stored = {
            row.account_id: row
            for row in conn.execute(
                select(ratings_t).where(ratings_t.c.game == game, ratings_t.c.account_id.in_(ids))
            )
        }
        teams = [
            [
                MODEL.rating(mu=stored[a].mu, sigma=stored[a].sigma)
                if a in stored
                else MODEL.rating()
            ]
            for a in ids
        ]
        ranks: list[float] = [1.0 if s in winners else 2.0 for s in seats]
        rated = MODEL.rate(teams, ranks=ranks)
        for seat, account_id, before, after in zip(seats, ids, teams, rated, strict=True):
            won = seat in winners
            old, new = before[0], after[0]
            values = {"mu": new.mu, "sigma": new.sigma}
            if account_id in stored:
                row = stored[account_id]
                conn.execute(
                    update(ratings_t)
                    .where(ratings_t.c.account_id == account_id, ratings_t.c.game == game)
                    .values(**values, games=row.games + 1, wins=row.wins + int(won))
                )
            else:
                conn.execute(
                    insert(ratings_t).values(
                        account_id=account_id, game=game, **values, games=1, wins=int(won)
                    )
                )
            conn.execute(
                insert(changes_t).values(
                    table_id=table_id,
                    seat=seat,
                    account_id=account_id,
                    game=game,
                    won=won,
                    before=ordinal(old.mu, old.sigma),
                    after=ordinal(new.mu, new.sigma),
                    at=now,
                )
            )
    return True


def changes(store: Store, table_id: str) -> list[Change]:
    """A rated game's rating changes, by seat (none before it is rated)."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(changes_t, accounts_t.c.name)
            .join(accounts_t, accounts_t.c.id == changes_t.c.account_id)
            .where(changes_t.c.table_id == table_id)
            .order_by(changes_t.c.seat)
        ).all()
    return [Change(r.seat, r.account_id, r.name, r.won, r.before, r.after) for r in rows]


@dataclass(frozen=True)
class Standing:
    """An account's rating in one game."""

    name: str
    game: str
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int


def leaderboard(store: Store, game: str, min_games: int, limit: int) -> list[Standing]:
    """The best ratings in a game among accounts with at least ``min_games`` rated games
    that show their ratings."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(ratings_t, accounts_t.c.name)
            .join(accounts_t, accounts_t.c.id == ratings_t.c.account_id)
            .outerjoin(profiles_t, profiles_t.c.account_id == ratings_t.c.account_id)
            .where(ratings_t.c.game == game, ratings_t.c.games >= min_games)
            .where(profiles_t.c.ratings.is_(None) | profiles_t.c.ratings.is_(True))
            .order_by((ratings_t.c.mu - 3 * ratings_t.c.sigma).desc(), accounts_t.c.name)
            .limit(limit)
        ).all()
    return [_standing(r) for r in rows]


def standings(store: Store, account_id: str) -> list[Standing]:
    """An account's rating in each game it played rated."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(ratings_t, accounts_t.c.name)
            .join(accounts_t, accounts_t.c.id == ratings_t.c.account_id)
            .where(ratings_t.c.account_id == account_id)
            .order_by(ratings_t.c.game)
        ).all()
    return [_standing(r) for r in rows]


def _standing(r: Row[Any]) -> Standing:
    mu, sigma = float(r.mu), float(r.sigma)
    return Standing(r.name, r.game, ordinal(mu, sigma), mu, sigma, int(r.games), int(r.wins))


@dataclass(frozen=True)
class RatedGame:
    """One of an account's rated games."""

    table_id: str
    game: str
    won: bool
    before: float
    after: float
    at: float


def history(store: Store, account_id: str, limit: int) -> list[RatedGame]:
    """An account's rated games, newest first."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(changes_t)
            .where(changes_t.c.account_id == account_id)
            .order_by(changes_t.c.at.desc(), changes_t.c.table_id)
            .limit(limit)
        ).all()
    return [RatedGame(r.table_id, r.game, r.won, r.before, r.after, r.at) for r in rows]
