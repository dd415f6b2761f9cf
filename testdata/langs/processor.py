#!/usr/bin/env python3
"""Batch processing service: reads work items, runs them on a worker pool, reports results.

This module is a fixture for readmap's Python mapper: it holds every construct the mapper maps.
"""

from __future__ import annotations

import asyncio
import logging
import os, sys
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, List, Optional

from .config import Settings, load_settings
from . import metrics
from ..db import Connection

try:
    import ujson as json
except ImportError:  # the standard library's is slower but always there
    import json

if sys.version_info >= (3, 11):
    import tomllib
else:
    tomllib = None

__all__ = ["BatchProcessor", "ProcessorConfig", "main"]

MAX_WORKERS = 8
DEFAULT_TIMEOUT: float = 30.0
RETRY_DELAYS = (
    0.5,
    1.0,
    2.0,
)
log = logging.getLogger(__name__)
_registry: dict[str, Callable[..., Any]] = {}
Handler = Callable[["Item"], Any]
counter = total = 0
first, *rest = RETRY_DELAYS


def register(name: str):
    """Decorator: register a handler under name."""

    def wrap(func):
        # A local function: it must not appear in the map.
        _registry[name] = func
        return func

    return wrap


@dataclass(frozen=True)
class Item:
    key: str
    payload: bytes = b""
    attempts: int = 0
    tags: list[str] = field(default_factory=list)


@dataclass
class ProcessorConfig:
    """Settings for one processor."""

    root: str
    workers: int = MAX_WORKERS
    timeout: float = DEFAULT_TIMEOUT
    dry_run: bool = False

    @classmethod
    def from_env(cls) -> "ProcessorConfig":
        return cls(
            workers=int(os.environ.get("WORKERS", MAX_WORKERS)),
            root=os.environ.get("ROOT", "."),
        )


class BatchResult:
    ok: int
    failed: int

    def __init__(self) -> None:
        self.ok = 0
        self.failed = 0

    def __repr__(self):
        return f"BatchResult(ok={self.ok}, failed={self.failed}, rate={self.rate():.1%})"

    def rate(self) -> float:
        done = self.ok + self.failed
        return self.ok / done if done else 1.0


class Base:
    def close(self): pass


class BatchProcessor(Base):
    """Runs items in batches.

    The docstring mentions code that is not code:
    def fake(self): ...
    """

    DEFAULT_BATCH = 100
    stats = {"runs": 0}

    class State:
        IDLE = "idle"
        RUNNING = "running"

        class Transition:
            def __init__(self, src, dst):
                self.src, self.dst = src, dst

    def __init__(self, config: ProcessorConfig):
        self.config = config
        self.state = self.State.IDLE
        self._conn: Optional[Connection] = None

    async def run(self, items: List[Item]) -> BatchResult:
        result = BatchResult()
        semaphore = asyncio.Semaphore(self.config.workers)

        async def one(item: Item) -> None:
            async with semaphore:
                try:
                    await self._handle(item)
                    result.ok += 1
                except Exception:  # noqa: BLE001
                    log.exception("item %s failed", item.key)
                    result.failed += 1

        await asyncio.gather(*(one(item) for item in items))
        return result

    async def _handle(
        self,
        item: Item,  # the work
        *,
        timeout: Optional[float] = None,
    ) -> Any:
        handler = _registry.get(item.key.split(":", 1)[0])
        if handler is None:
            raise KeyError(item.key)
        return await asyncio.wait_for(
            asyncio.to_thread(handler, item),
            timeout or self.config.timeout,
        )

    @property
    def busy(self) -> bool:
        return self.state == self.State.RUNNING

    @staticmethod
    def batches(items: Iterable[Item], size: int = DEFAULT_BATCH) -> Iterable[List[Item]]:
        batch = []
        for item in items:
            batch.append(item)
            if len(batch) == size:
                yield batch
                batch = []
        if batch:
            yield batch

    if sys.platform == "win32":
        def _open(self, path):
            return open(path, "rb", buffering=0)
    else:
        def _open(self, path):
            return open(path, "rb")

    def report(self, result: BatchResult) -> str:
        lines = [
            f"ok: {result.ok}",
            f"failed: {result.failed}",
        ]
        return "\n".join(lines)
    # A comment after the last method is not part of the class.


@register("echo")
def echo(item: Item) -> bytes:
    return item.payload


@register("upper")
@metrics.timed
def upper(item: Item) -> bytes:
    return item.payload.upper()


def load_items(path: str) -> list[Item]:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return [Item(key=d["key"], payload=d.get("payload", "").encode()) for d in data]


if os.name == "nt":
    def default_root() -> str:
        return os.environ.get("APPDATA", ".")
else:
    def default_root() -> str:
        return os.path.expanduser("~/.local/share/processor")

match sys.platform:
    case "win32":
        CACHE_DIR = os.path.join(default_root(), "cache")
    case "darwin" | "linux":
        CACHE_DIR = os.path.expanduser("~/.cache/processor")


try:
    from .plugins import extra_handlers
except ImportError:
    extra_handlers = None


def main(argv: Optional[list[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    config = ProcessorConfig.from_env()
    processor = BatchProcessor(config)
    items = load_items(argv[0]) if argv else []
    result = asyncio.run(processor.run(items))
    print(processor.report(result))
    return 0 if result.failed == 0 else 1


if __name__ == "__main__":
    code = main()
    sys.exit(code)
