"""The sources, cited as a learner reads them: the title (a link when there is one), what the
source is, where and when, in the page's language. The walkthroughs and the glossary both cite
them this way; the works of `ndcg_core.references` are cited in full with `cite`."""

from __future__ import annotations

from i18n import N_, tr
from lessons.examples import Source
from ndcg_core.references import REFERENCES
from ui.text import plain

# A source's details after its title, by which of a kind and a site it has (every one has a date).
CITATIONS = {
    (True, True): N_("{title}, {kind}, {site}, {date}."),
    (True, False): N_("{title}, {kind}, {date}."),
    (False, True): N_("{title}, {site}, {date}."),
    (False, False): N_("{title}, {date}."),
}


def then(first: str, second: str) -> str:
    """Two sentences one after the other, as the language writes them (Chinese: no space)."""
    return tr("{first} {second}", first=first, second=second)


def source_title(source: Source) -> str:
    """A source's title in quotes, a link when there is one: how the core names its source. The
    title stays as the source titles it, in every language; only the quotes are the language's."""
    title = tr("“{title}”", title=plain(source.title))
    return f"[{title}]({source.link})" if source.link else title


def source_markdown(source: Source, *, remark: bool = True) -> str:
    """A source as a learner reads it: its title (a link when there is one), what it is, where
    and when, and (with `remark`) anything else needed to read it right."""
    cited = tr(
        CITATIONS[bool(source.kind), bool(source.site)],
        title=source_title(source),
        kind=plain(tr(source.kind)) if source.kind else "",
        site=plain(tr(source.site)) if source.site else "",
        date=plain(tr(source.date)),
    )
    return then(cited, plain(tr(source.remark))) if remark and source.remark else cited


def cite(key: str, note: str = "") -> str:
    """The full citation of `REFERENCES[key]`, with what the page takes from the work (`note`)
    in brackets at its end."""
    if key not in REFERENCES:
        raise ValueError(
            tr(
                "`key` must be one of {allowed}; got {value}.",
                allowed=", ".join(REFERENCES),
                value=repr(key),
            )
        )
    full = REFERENCES[key].full
    return f"{full.removesuffix('.')} ({note})." if note else full
