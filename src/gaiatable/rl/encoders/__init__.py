"""One encoder per game (rl/encoding.py explains the shared part); docs/rl.md tables their slices."""
