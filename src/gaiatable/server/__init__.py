"""The web server: lobby, tables played over HTTP and websockets, bots, replays, storage.

Import `create_app` from `gaiatable.server.app`; the rules never import this package."""
