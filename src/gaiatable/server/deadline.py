"""A deadline for each request's head. uvicorn keeps a connection whose request line and headers trickle
in for as long as they trickle (its keep-alive timer restarts at every byte), so a few hundred clients
sending half a request hold the server's sockets for good (slowloris). Here a request's head must arrive
within `HEAD_SECONDS` of the connection opening, or of the previous response ending; else the connection is
closed. A request being answered, however long, and a websocket are never cut."""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.auto import AutoHTTPProtocol

HEAD_SECONDS = 10.0


class HeadDeadline(AutoHTTPProtocol):
    """uvicorn's HTTP protocol (httptools or h11, whichever it picks) with the deadline; `serve` passes it
    as uvicorn's `http`."""

    head_seconds = HEAD_SECONDS

    def connection_made(self, transport: asyncio.BaseTransport) -> None:  # type: ignore[override]
        self._head_timer: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()  # the next request's head, if any, has as long as the first's

    def handle_websocket_upgrade(self, *args) -> None:
        self._disarm()  # the connection is a websocket's now, with its own pings
        super().handle_websocket_upgrade(*args)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._head_timer = self.loop.call_later(self.head_seconds, self._expire, self.cycle)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _expire(self, cycle_when_armed) -> None:
        """Close unless a request's head has come since the timer was armed or one is being answered."""
        self._head_timer = None
        answering = self.cycle is not None and not self.cycle.response_complete
        if self.cycle is cycle_when_armed and not answering and not self.transport.is_closing():
            self.transport.close()
