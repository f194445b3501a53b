"""``parlour study``: design studies, e.g. ``parlour study gauntlet-health``."""

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from parlour.cli.options import LangFlag, QuietFlag, check_language, friendly_errors
from parlour.cli.paths import check_folder, writing
from parlour.cli.report import steps_bar
from parlour.engine.i18n import t


def _ints(text: str) -> list[int]:
    try:
        values = [int(p) for p in text.split(",") if p.strip()]
    except ValueError:
        raise typer.BadParameter(t("gauntlet.study.bad_list", _lang(), value=text)) from None
    if not values or min(values) < 1:
        raise typer.BadParameter(t("gauntlet.study.bad_list", _lang(), value=text))
    return values


def _lang() -> str:
    from parlour.cli import LANG

    return LANG


def health_table(data: dict[str, object], lang: str) -> Table:
    """The chosen healths as a Rich table."""
    table = Table(title=t("gauntlet.study.title", lang, hero=data["hero_health"]))
    for key in ("players", "thanos_health", "games", "rate", "interval"):
        table.add_column(t(f"gauntlet.study.col.{key}", lang))
    chosen = data["chosen"]
    assert isinstance(chosen, list)
    for p in chosen:
        table.add_row(
            str(p["players"]),
            str(p["thanos_health"]),
            str(p["games"]),
            f"{p['rate']:.1%}",
            f"{p['low']:.1%} – {p['high']:.1%}",
        )
    return table


def register(app: typer.Typer) -> None:
    """Add the ``study`` command group to the app."""
    lang = _lang()
    study = typer.Typer(help=t("gauntlet.study.help_group", lang), no_args_is_help=True)
    app.add_typer(study, name="study")

    @study.command("gauntlet-health", help=t("gauntlet.study.help", lang))
    def gauntlet_health(
        games: Annotated[
            int, typer.Option(min=10, help=t("gauntlet.study.opt.games", lang))
        ] = 2400,
        coarse_games: Annotated[
            int, typer.Option(min=10, help=t("gauntlet.study.opt.coarse_games", lang))
        ] = 300,
        hero_health: Annotated[
            str, typer.Option(help=t("gauntlet.study.opt.hero_health", lang))
        ] = "6,8,10,12,14",
        seed: Annotated[int, typer.Option(help=t("gauntlet.study.opt.seed", lang))] = 0,
        workers: Annotated[
            int, typer.Option(min=1, help=t("gauntlet.study.opt.workers", lang))
        ] = 1,
        out: Annotated[Path, typer.Option(help=t("gauntlet.study.opt.out", lang))] = Path("."),
        quiet: QuietFlag = False,
        language: LangFlag = None,
    ) -> None:
        from parlour.sim.studies.gauntlet_health import planned_games, plot, run_study

        shown = check_language(language)
        heroes = _ints(hero_health)
        with friendly_errors(shown):
            check_folder(out)
        console = Console()
        total = planned_games(heroes, games, coarse_games)
        with steps_bar(t("gauntlet.study.progress", shown), total, quiet=quiet) as advance:
            result = run_study(
                hero_healths=heroes,
                games=games,
                coarse_games=coarse_games,
                seed=seed,
                workers=workers,
                progress=advance,
            )
        data = result.to_json()
        json_path = out / "gauntlet-health.json"
        png_path = out / "gauntlet-health.png"
        with friendly_errors(shown), writing(out):
            out.mkdir(parents=True, exist_ok=True)
            json_path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            plot(
                result,
                png_path,
                t("gauntlet.study.plot_title", shown, hero=result.hero_health),
                t("gauntlet.study.col.thanos_health", shown),
                t("gauntlet.study.col.rate", shown),
                t("gauntlet.study.col.players", shown),
            )
        console.print(health_table(data, shown))
        console.print(t("gauntlet.study.saved", shown, json=str(json_path), png=str(png_path)))
