"""Pure helpers for Gaia-Vora's 'do as much as possible' rule (GV-4.4), memoised.

A Sun or Rainbow activation is a small matching problem: locations on one side, kinds of piece
on the other (Sun: species of your colour, with the pieces left in your pool; Rainbow: colours,
one piece each). options[i] is the bitmask of kinds location i may receive.
"""

from __future__ import annotations

from functools import lru_cache


def most_placeable(options: tuple[int, ...], caps: tuple[int, ...], limit: int) -> int:
    """max_fill with its arguments in canonical order, so that the cache serves alike problems."""
    options = tuple(sorted(o for o in options if o))
    return max_fill(options, _clamp(caps, min(limit, len(options))), limit)


def _clamp(caps: tuple[int, ...], most: int) -> tuple[int, ...]:
    """Pieces beyond the number that could ever be placed change nothing."""
    return tuple(min(most, c) for c in caps)


@lru_cache(maxsize=1 << 16)
def max_fill(options: tuple[int, ...], caps: tuple[int, ...], limit: int) -> int:
    """Most locations that can each receive one piece, at most `limit`.

    By Hall's theorem (deficiency form) a matching with capacities has the size of the least, over
    every set K of kinds, of the pieces of the kinds in K plus the locations that can take a kind
    outside K. With at most four kinds that is sixteen sums.
    """
    if every_order_fills(options, caps, limit):
        return min(sum(1 for o in options if o), limit)
    best = limit
    kinds = len(caps)
    for subset in range(1 << kinds):
        total = 0
        for j in range(kinds):
            if subset >> j & 1:
                total += caps[j]
        for o in options:
            if o & ~subset:
                total += 1
        best = min(best, total)
    return best


def keeping(options: tuple[int, ...], caps: tuple[int, ...], limit: int) -> dict[int, int]:
    """For each location's options, the kinds whose placement there still lets the most pieces be
    placed. Locations with the same options behave alike, so the answer is keyed by options."""
    options = tuple(sorted(o for o in options if o))
    return _keeping(options, _clamp(caps, min(limit, len(options))), limit)


@lru_cache(maxsize=1 << 16)
def _keeping(options: tuple[int, ...], caps: tuple[int, ...], limit: int) -> dict[int, int]:
    usable = sum(1 << j for j, n in enumerate(caps) if n)
    if every_order_fills(options, caps, limit):
        return {o: o & usable for o in options}
    most = max_fill(options, caps, limit)
    out = {}
    for i, o in enumerate(options):
        if o in out:
            continue
        rest = options[:i] + options[i + 1:]
        keep, j = 0, 0
        while o >> j:
            if o >> j & 1 and caps[j]:
                spent = caps[:j] + (caps[j] - 1,) + caps[j + 1:]
                if 1 + max_fill(rest, spent, limit - 1) >= most:
                    keep |= 1 << j
            j += 1
        out[o] = keep
    return out


def every_order_fills(options: tuple[int, ...], caps: tuple[int, ...], limit: int) -> bool:
    """True when filling locations in any order reaches min(locations, limit).

    Each location sees at least that many pieces among its kinds, so the placements before it can
    never take them all; and then every single placement keeps the maximum reachable.
    """
    k = min(sum(1 for o in options if o), limit)
    for o in options:
        if o:
            total, j = 0, 0
            while o:
                if o & 1:
                    total += caps[j]
                o >>= 1
                j += 1
            if total < k:
                return False
    return True
