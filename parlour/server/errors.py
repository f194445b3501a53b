"""Refusals by the server, each with a ``web`` catalog key (read in every language)."""

from __future__ import annotations

from parlour.engine import ParlourError


class ServerError(ParlourError):
    """A request the server refuses (unknown table, bad token, stale move...)."""


HTTP_STATUS: dict[str, int] = {
    "web.error.no_table": 404,
    "web.error.no_seat": 404,
    "web.error.no_data": 404,
    "web.error.not_found": 404,
    "web.error.bad_method": 405,
    "web.error.internal": 500,
    "web.error.bad_token": 403,
    "web.error.not_host": 403,
    "web.error.not_seated": 403,
    "web.error.banned": 403,
    "web.error.archived": 410,
    "web.error.not_over": 409,
    "web.error.seat_taken": 409,
    "web.error.name_taken": 409,
    "web.error.not_open": 409,
    "web.error.not_started": 409,
    "web.error.seats_free": 409,
    "web.error.stale_move": 409,
    "web.error.storage": 503,
    "web.error.busy": 503,
    "learn.error.busy": 503,
    "web.error.hints_off": 403,
    "web.error.hint_spectator": 403,
    "web.error.hint_turn": 409,
    "web.error.hint_busy": 503,
    "web.error.hint_failed": 500,
    "web.error.too_fast": 429,
    "web.error.too_many_tables": 503,
    "web.error.too_many_bot_tables": 503,
    "web.error.too_many_client_tables": 429,
    "web.error.too_many_client_bot_tables": 429,
    "web.error.too_many_spectators": 503,
    "web.error.bad_origin": 403,
    "account.error.signed_out": 401,
    "account.error.sign_in_failed": 401,
    "account.error.bad_csrf": 403,
    "account.error.name_taken": 409,
    "account.error.no_player": 404,
    "account.error.not_friends": 403,
    "account.error.not_your_table": 403,
}
"""The HTTP status of each refusal (400 when not listed)."""


def http_status(error: ParlourError) -> int:
    """The HTTP status to answer an error with."""
    return HTTP_STATUS.get(error.key, 400)
