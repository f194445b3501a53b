"""Files and folders a command will write, checked before any work starts.

A batch that runs for minutes must not end in a traceback because its ``--json`` folder is
missing: each output path is checked when the command starts, and a write that still fails
at the end (a full disk, a folder removed meanwhile) is reported as a sentence too.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from parlour.engine import OptionError


@cache
def plot_suffixes() -> tuple[str, ...]:
    """The file name endings matplotlib can draw to (``png``, ``svg``, ``pdf``...)."""
    from matplotlib.backend_bases import FigureCanvasBase

    return tuple(sorted(FigureCanvasBase.get_supported_filetypes()))


def _nearest_existing(path: Path) -> Path:
    """The path itself or its closest ancestor that exists."""
    here = path.absolute()
    while not here.exists() and here != here.parent:
        here = here.parent
    return here


def _writable_folder(folder: Path) -> bool:
    return os.access(folder, os.W_OK | os.X_OK)


def check_file(path: Path | None, *, plot: bool = False) -> None:
    """Refuse a file path that cannot be written: a missing or read-only folder, a folder
    in the file's place, or (for a chart) an ending matplotlib cannot draw."""
    if path is None:
        return
    if path.is_dir():
        raise OptionError("cli.error.path_is_folder", path=str(path))
    folder = path.absolute().parent
    if not folder.is_dir():
        raise OptionError("cli.error.no_folder", path=str(path), folder=str(path.parent))
    if not _writable_folder(folder) or (path.exists() and not os.access(path, os.W_OK)):
        raise OptionError("cli.error.not_writable", path=str(path))
    if plot:
        suffix = path.suffix.lower().lstrip(".")
        if suffix not in plot_suffixes():
            raise OptionError(
                "cli.error.plot_suffix", path=str(path), known=", ".join(plot_suffixes())
            )


def check_folder(path: Path | None) -> None:
    """Refuse a folder path that cannot be made or written: a file in its place, or a
    missing folder under a read-only one."""
    if path is None:
        return
    if path.exists() and not path.is_dir():
        raise OptionError("cli.error.path_is_file", path=str(path))
    existing = _nearest_existing(path)
    if not existing.is_dir():
        raise OptionError("cli.error.path_is_file", path=str(existing))
    if not _writable_folder(existing):
        raise OptionError("cli.error.not_writable", path=str(path))


@contextmanager
def writing(path: Path) -> Iterator[None]:
    """Turn a failed write of ``path`` into a Parlour error with the system's reason."""
    try:
        yield
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise OptionError("cli.error.write_failed", path=str(path), reason=reason) from None


def write_checked(path: Path, write: Callable[[Path], None]) -> None:
    """Call ``write(path)``, a failure being a Parlour error rather than an OSError."""
    with writing(path):
        write(path)
