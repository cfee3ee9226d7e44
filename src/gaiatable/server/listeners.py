"""The websockets watching a table. Each has a sender of its own that sends the newest view only: a
view is a full resync, so a slow or stalled client skips what it missed and never holds up the
table, and a client that cannot take a message in time is closed (it reconnects and resyncs)."""

from __future__ import annotations

import asyncio
import contextlib

SEND_TIMEOUT = 10.0  # seconds a client may take to take one message


class Listener:
    def __init__(self, socket, viewer: int | str, credential: str | None):
        self.socket, self.viewer, self.credential = socket, viewer, credential  # credential: its hash
        self._pending: str | None = None
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._send())

    def offer(self, message: str) -> None:
        self._pending = message
        self._wake.set()

    def close(self, code: int = 1000, reason: str = "") -> None:
        self._task.cancel()
        asyncio.get_running_loop().create_task(self._close(code, reason))

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self.socket.close(code=code, reason=reason)

    async def _send(self) -> None:
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                message, self._pending = self._pending, None
                if message is not None:
                    # a timeout, not wait_for: cancelled, a send stuck on a dead socket ends with this task
                    # (wait_for's inner task kept it pending until it was destroyed, with a warning)
                    async with asyncio.timeout(SEND_TIMEOUT):
                        await self.socket.send_text(message)
        except asyncio.CancelledError:
            raise
        except Exception:  # gone or too slow
            await self._close(1011, "too slow: reconnect")
