"""Every text a person reads exists in every interface language, with the same parameters."""

from __future__ import annotations

import string

import pytest

from parlour.engine.i18n import LANGUAGES, catalog, domains


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("domain", domains())
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_catalog_is_complete_with_matching_parameters(domain: str, lang: str) -> None:
    english = catalog("en", domain)
    other = catalog(lang, domain)
    missing = sorted(set(english) - set(other))
    assert not missing, f"{lang}/{domain}.json lacks {len(missing)} keys: {missing[:10]}"
    extra = sorted(set(other) - set(english))
    assert not extra, f"{lang}/{domain}.json has keys English lacks: {extra[:10]}"
    wrong = [k for k in english if _fields(english[k]) != _fields(other[k])]
    assert not wrong, f"{lang}/{domain}.json parameters differ from English for {wrong[:10]}"


@pytest.mark.parametrize("domain", domains())
def test_catalog_texts_are_not_empty(domain: str) -> None:
    for lang in LANGUAGES:
        assert all(v.strip() for v in catalog(lang, domain).values())
