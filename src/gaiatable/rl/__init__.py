"""Standard interfaces for AI research over every registered game (docs/rl.md):

    gaiatable.rl.pettingzoo.env(game, **params)     a PettingZoo AEC environment, every seat an agent
    gaiatable.rl.gymnasium.env(game, seat=0, ...)   a Gymnasium environment for one seat against bots
    gaiatable.rl.openspiel.load(game, **params)     the game as an OpenSpiel (pyspiel) game

They share one numeric encoding of the observation contract (rl/encoding.py). Each module imports
its library on import; this package imports none of them, so the rules load without them (the `rl`
extra installs them).
"""
