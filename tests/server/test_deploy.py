"""deploy/nginx.conf for real: Debian's nginx running that file (TLS lines left out) in front of
`gaiatable serve`: pages, the API and a table's websocket all pass through the proxy."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import httpx2
import pytest
from conftest import free_port, start
from websockets.sync.client import connect

pytestmark = pytest.mark.slow
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
SITE = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"


@pytest.fixture
def proxied(tmp_path):
    if NGINX is None:
        pytest.skip("nginx is not installed")
    port, front = free_port(), free_port()
    server = start(f"sqlite:///{tmp_path / 'tables.db'}", port)
    site = SITE.read_text().replace("127.0.0.1:8000", f"127.0.0.1:{port}")
    site = re.sub(r"listen 443 ssl;", f"listen 127.0.0.1:{front};", site)
    site = "\n".join(line for line in site.splitlines() if not re.match(r"\s*(ssl_|http2 )", line))
    (tmp_path / "site.conf").write_text(site)
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid; error_log {tmp_path}/error.log; events {{}}\n"
        f"http {{ access_log off; client_body_temp_path {tmp_path}; proxy_temp_path {tmp_path};\n"
        f"  include {tmp_path}/site.conf; }}\n")
    proxy = subprocess.Popen([NGINX, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-g", "daemon off;"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{front}"
    for _ in range(100):
        try:
            if httpx2.get(base + "/healthz", timeout=1).status_code == 200:
                break
        except httpx2.TransportError:
            time.sleep(0.1)
    else:
        proxy.kill()
        pytest.fail(f"nginx did not start: {proxy.communicate()[1]}")
    try:
        yield base
    finally:
        proxy.terminate()
        proxy.wait(10)
        server.kill()
        server.wait()


def test_the_nginx_site_passes_pages_the_api_and_websockets(proxied):
    assert "gaiatable" in httpx2.get(proxied + "/").text
    made = httpx2.post(proxied + "/api/tables", json={"game": "tictactoe", "seats": [{"kind": "person"}] * 2}).json()
    table, tokens = made["table"], made["tokens"]
    with connect(proxied.replace("http", "ws") + f"/ws/tables/{table}") as socket:
        socket.send(json.dumps({"token": tokens[1]}))
        assert json.loads(socket.recv(timeout=5))["version"] == 0
        moved = httpx2.post(f"{proxied}/api/tables/{table}/moves", headers={"Authorization": f"Bearer {tokens[0]}"},
                            json={"version": 0, "action": 4})
        assert moved.status_code == 200, moved.text
        assert json.loads(socket.recv(timeout=5))["version"] == 1
    assert "gaiatable_moves_total" in httpx2.get(proxied + "/metrics").text  # from this machine only
