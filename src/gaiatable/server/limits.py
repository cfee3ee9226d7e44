"""How much one client address may ask of the server: requests a second, tables an hour, websockets
at once (per address and per table). Loopback clients (the operator, a proxy that does not pass the
client's address, tests) are trusted; behind a proxy, uvicorn takes the client's address from the
proxy's X-Forwarded-For (docs/deploy.md)."""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    requests_per_second: float = 20.0  # API requests, on average...
    burst: int = 60  # ...in bursts of this many
    tables_per_hour: int = 60
    sockets_per_address: int = 60
    sockets_per_table: int = 300
    sign_ins_per_hour: int = 30  # per account name (from anywhere) and per address: guessing passwords is slow
    trusted: tuple[str, ...] = ("127.0.0.1", "::1")


UNLIMITED = Limits(requests_per_second=1e9, burst=10**9, tables_per_hour=10**9, sockets_per_address=10**9,
                   sockets_per_table=10**9, sign_ins_per_hour=10**9)


class Throttle:
    """A token bucket per key: `rate` tokens a second up to `burst`; remembers the latest 10,000 keys."""

    def __init__(self, rate: float, burst: float, keys: int = 10_000):
        self.rate, self.burst, self.keys = rate, burst, keys
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def wait(self, key: str) -> float:
        """Seconds until `key` may go on; 0 (and one token taken) if it may go on now."""
        now = time.monotonic()
        tokens, then = self.buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        wait = 0.0 if tokens >= 1 else (1 - tokens) / self.rate
        self.buckets[key] = (tokens - 1 if not wait else tokens, now)
        while len(self.buckets) > self.keys:
            self.buckets.popitem(last=False)
        return wait


class Gate:
    """The limits of one app: `request(address)`, `new_table(address)` say how long to wait (0: go on);
    `sockets` counts open websockets by address."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.requests = Throttle(limits.requests_per_second, limits.burst)
        self.tables = Throttle(limits.tables_per_hour / 3600, max(1.0, limits.tables_per_hour / 4))
        self.sockets: dict[str, int] = {}
        rate, burst = limits.sign_ins_per_hour / 3600, max(1.0, limits.sign_ins_per_hour / 3)
        self.sign_ins_by_address = Throttle(rate, burst)
        self.sign_ins_by_name = Throttle(rate, burst, keys=1_000_000)  # one address cannot push a name out

    def request(self, address: str) -> float:
        return 0.0 if address in self.limits.trusted else self.requests.wait(address)

    def new_table(self, address: str) -> float:
        return 0.0 if address in self.limits.trusted else self.tables.wait(address)

    def sign_in(self, address: str, name: str) -> float:
        """A sign-in or sign-up: limited by the address (first, so one address trying many names is stopped
        before it reaches them) and by the name tried, from wherever."""
        if address not in self.limits.trusted:
            wait = self.sign_ins_by_address.wait(address)
            if wait:
                return wait
        return self.sign_ins_by_name.wait(name.casefold()[:40])

    def may_watch(self, address: str, watchers: int) -> str | None:
        """Why another websocket may not open (None: it may): too many from one address or on one table."""
        if address in self.limits.trusted:
            return None
        if self.sockets.get(address, 0) >= self.limits.sockets_per_address:
            return f"too many websockets from your address (at most {self.limits.sockets_per_address})"
        if watchers >= self.limits.sockets_per_table:
            return f"this table has as many watchers as it may ({self.limits.sockets_per_table})"
        return None

    def opened(self, address: str) -> None:
        self.sockets[address] = self.sockets.get(address, 0) + 1

    def closed(self, address: str) -> None:
        left = self.sockets.get(address, 1) - 1
        if left > 0:
            self.sockets[address] = left
        else:
            self.sockets.pop(address, None)
