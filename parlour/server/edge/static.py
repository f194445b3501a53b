"""The client's static files, compressed (brotli or gzip) and revalidated by ETag.

Files are compressed once per version (path, size and modification time) and kept in
memory; the client's files are a few hundred kilobytes. Names carry no hash, so every
answer says ``Cache-Control: no-cache``: the browser keeps the file and asks again with its
ETag, and an unchanged file costs a 304 with no body.
"""

from __future__ import annotations

import gzip
import os
from functools import lru_cache

import brotli
from starlette.datastructures import Headers
from starlette.responses import FileResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

COMPRESSIBLE = frozenset({".js", ".css", ".html", ".json", ".svg", ".txt", ".md"})
MIN_SIZE = 512
"""Files smaller than this are sent as they are (compression would gain nothing)."""


@lru_cache(maxsize=512)
def _compressed(path: str, size: int, mtime: float, encoding: str) -> bytes:
    """A file's bytes compressed (``size`` and ``mtime`` key the file's version)."""
    with open(path, "rb") as f:
        data = f.read()
    if encoding == "br":
        return bytes(brotli.compress(data, quality=9))
    return gzip.compress(data, compresslevel=9, mtime=0)


def _encoding(scope: Scope) -> str | None:
    accepted = {
        part.split(";")[0].strip().lower()
        for part in Headers(scope=scope).get("accept-encoding", "").split(",")
    }
    if "br" in accepted:
        return "br"
    if "gzip" in accepted:
        return "gzip"
    return None


class CompressedStatic(StaticFiles):
    """StaticFiles that answers with brotli or gzip when the client takes them."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        """The file (compressed when worth it), with its ETag and ``no-cache``."""
        response = await super().get_response(path, scope)
        response.headers["cache-control"] = "no-cache"
        if not isinstance(response, FileResponse) or response.status_code != 200:
            return response
        file = str(response.path)
        stat = os.stat(file)
        encoding = _encoding(scope)
        suffix = os.path.splitext(file)[1].lower()
        if encoding is None or suffix not in COMPRESSIBLE or stat.st_size < MIN_SIZE:
            response.headers["vary"] = "accept-encoding"
            return response
        etag = response.headers["etag"].rstrip('"') + f'-{encoding}"'
        headers = {
            "etag": etag,
            "cache-control": "no-cache",
            "vary": "accept-encoding",
            "content-type": response.headers["content-type"],
        }
        wanted = Headers(scope=scope).get("if-none-match", "")
        if etag in [tag.strip() for tag in wanted.split(",")]:
            return Response(status_code=304, headers=headers)
        body = _compressed(file, stat.st_size, stat.st_mtime, encoding)
        headers["content-encoding"] = encoding
        return Response(body, headers=headers)
