#!/usr/bin/env python3
"""Holds COUNT half-open connections to a bao-server from one loopback address, then times
`GET /health` and a game creation from another: what a slowloris attack from one address costs
everyone else.

Usage: scripts/half-open.py HOST PORT COUNT [FROM [OTHER]]
  FROM   the address the half-open connections come from (default 127.0.0.1)
  OTHER  the address of the other client (default 127.0.0.2)
Raise `ulimit -n` above COUNT for this script (not for the server) first.
"""
import socket
import sys
import time


def half_open(host, port, source):
    s = socket.socket()
    s.bind((source, 0))
    s.connect((host, port))
    s.sendall(b"GET /health HTTP/1.1\r\nHost: bao\r\nX-Wait")
    return s


def refused_at_once(sockets):
    """Those answered 503 (or closed) within half a second."""
    time.sleep(0.5)
    refused = 0
    for s in sockets:
        s.setblocking(False)
        try:
            data = s.recv(200)
            if data.startswith(b"HTTP/1.1 503") or data == b"":
                refused += 1
        except BlockingIOError:
            pass
    return refused


def timed_request(host, port, source, method, path, body=b""):
    started = time.time()
    s = socket.socket()
    s.bind((source, 0))
    s.settimeout(5)
    s.connect((host, port))
    head = f"{method} {path} HTTP/1.1\r\nHost: bao\r\nConnection: close\r\n"
    head += f"Content-Length: {len(body)}\r\n\r\n"
    s.sendall(head.encode() + body)
    answer = b""
    try:
        while chunk := s.recv(4096):
            answer += chunk
    except socket.timeout:
        return "no answer in 5 s", 5000.0
    status = answer.split(b" ")[1].decode() if answer else "closed"
    return status, (time.time() - started) * 1000


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    host, port, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    source = sys.argv[4] if len(sys.argv) > 4 else "127.0.0.1"
    other = sys.argv[5] if len(sys.argv) > 5 else "127.0.0.2"
    held = [half_open(host, port, source) for _ in range(count)]
    print(f"{count} half-open connections from {source}: {refused_at_once(held)} refused at once")
    status, ms = timed_request(host, port, other, "GET", "/health")
    print(f"GET /health from {other}: {status} in {ms:.1f} ms")
    body = b'{"variant":"kigogo"}'
    status, ms = timed_request(host, port, other, "POST", "/api/games", body)
    print(f"POST /api/games from {other}: {status} in {ms:.1f} ms")


main()
