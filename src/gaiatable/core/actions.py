"""Action ids: every decision of a game is one stable int, laid out as named blocks in order.

    ids = ActionSpace()
    ROTATE = ids.block("rotate", 3)          # ids 0..2
    PLACE = ids.block("place", 9, 3, 4)      # location, species, colour: ids 3..110
    PLACE.id(8, 2, 3); PLACE.index(action)   # -> (8, 2, 3)
    ids.size                                 # the fixed size of the action space (RL masks)

A block's `start` is a plain int for arithmetic on the hot path (`PLACE.start + ...`).
"""

from __future__ import annotations

from bisect import bisect_right
from math import prod


class Block:
    """A run of consecutive ids of one kind, indexed row-major by `shape`."""

    __slots__ = ("name", "shape", "start", "stop")

    def __init__(self, name: str, start: int, shape: tuple[int, ...]):
        self.name, self.start, self.shape = name, start, shape
        self.stop = start + prod(shape)

    def id(self, *index: int) -> int:
        action = 0
        for i, n in zip(index, self.shape, strict=True):
            if not 0 <= i < n:
                raise IndexError(f"{self.name}: index {index} outside {self.shape}")
            action = action * n + i
        return self.start + action

    def index(self, action: int) -> tuple[int, ...]:
        rest, out = action - self.start, []
        for n in reversed(self.shape):
            rest, i = divmod(rest, n)
            out.append(i)
        return tuple(reversed(out))

    def __contains__(self, action: object) -> bool:
        return isinstance(action, int) and self.start <= action < self.stop

    def __len__(self) -> int:
        return self.stop - self.start

    def __repr__(self) -> str:
        return f"<Block {self.name} {self.start}..{self.stop - 1} {self.shape}>"


class ActionSpace:
    """The blocks of a game's action ids, in order; `size` is the number of ids."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self._starts: list[int] = []
        self.size = 0

    def block(self, name: str, *shape: int) -> Block:
        if not shape or min(shape) < 1:
            raise ValueError(f"block {name!r} needs a shape of positive sizes, got {shape}")
        block = Block(name, self.size, shape)
        self.blocks.append(block)
        self._starts.append(block.start)
        self.size = block.stop
        return block

    def find(self, action: int) -> Block:
        """The block holding `action`."""
        if not 0 <= action < self.size:
            raise IndexError(f"action {action} outside 0..{self.size - 1}")
        return self.blocks[bisect_right(self._starts, action) - 1]

    def layout(self) -> list[str]:
        """One line per block, for docs: '3..110  place (9, 3, 4)'."""
        return [f"{b.start}..{b.stop - 1}  {b.name} {b.shape if len(b.shape) > 1 else ''}".rstrip()
                for b in self.blocks]
