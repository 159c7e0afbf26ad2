"""Every page in Russian and in Chinese (AppTest): nothing a learner reads is left in English
(beyond names written alike in every language: `devtools.english.NAMES`), with its folds open,
from the default link and from a link with a pool, fractional grades and a gain map; the
classroom's three screens too. The language comes from the link, stays when the menu drops it,
is chosen by the switch, and a bad one is named."""

from __future__ import annotations

import pytest

from classroom import rooms
from classroom.store import URL_VARIABLE, Store
from devtools.english import english
from tests.pages.conftest import open_link, open_page, page_links
from ui import menu
from views.queries import data as queries_data

LANGS = ("ru", "zh")
# Pages that show no ranked list of the link's.
WITHOUT_A_LIST = {"glossary", "queries", "compare", "practice", "classroom", "recap"}
A_HARD_LINK = {
    "rels": "0.5,2,1.5,0,3",
    "pool": "2,0.7",
    "gain": "map:0=0,0.5=1,1=1,1.5=2,2=3,3=7",
    "k": "none",
}
CASES = [
    (page.key, lang, link)
    for page in menu.PAGES
    if page.key != "classroom"
    for lang in LANGS
    for link in (
        ("default", "a pool, fractions and a gain map")
        if page.key not in WITHOUT_A_LIST
        else ("default",)
    )
]


def _left(at) -> str:
    return "\n".join(f"[{kind}] {words!r} in {text[:120]!r}" for kind, words, text in english(at))


@pytest.mark.parametrize(("key", "lang", "link"), CASES)
def test_every_page_speaks_the_language_of_its_link(key, lang, link):
    params = {"lang": lang, **(A_HARD_LINK if link != "default" else {})}
    at = open_page(menu.BY_KEY[key].script, unfold=True, **params)
    left = _left(at)
    assert not left, f"/{menu.BY_KEY[key].url_path} in {lang} ({link}) still says:\n{left}"


@pytest.fixture
def room(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'classroom.sqlite3'}"
    monkeypatch.setenv(URL_VARIABLE, url)
    store = Store(url)
    yield store.open_room()
    store.dispose()


@pytest.mark.parametrize("lang", LANGS)
def test_the_classrooms_three_screens_speak_the_viewers_language(room, lang):
    page = menu.BY_KEY["classroom"].script
    screens = {
        "the start": {},
        "the teacher's": {"room": room.code, "key": room.key},
        "the projector's": {"room": room.code, "projector": rooms.projector_token(room.key)},
        "the join screen": {"room": room.code},
    }
    for name, params in screens.items():
        left = _left(open_page(page, lang=lang, **params))
        assert not left, f"The classroom's {name} screen in {lang} still says:\n{left}"


def test_links_between_pages_keep_the_language():
    at = open_page(menu.BY_KEY["learn-binary"].script, lang="ru")
    links = page_links(at)
    assert links and all("lang=ru" in address for _, address in links), links


def test_the_switch_changes_the_language_and_puts_it_in_the_address():
    at = open_page(None)
    assert at.selectbox(key="app_language").value == "en"
    at.selectbox(key="app_language").set_value("zh").run()
    assert at.query_params["lang"] in ("zh", ["zh"])  # (AppTest gives lists or text)
    assert not _left(at)


def test_a_language_the_app_does_not_speak_is_named_and_english_is_used():
    at = open_link(menu.BY_KEY["playground"].script, {"lang": "fr"})
    assert not at.exception
    said = [warning.value for warning in at.warning]
    assert any("`lang`" in text and "fr" in text and "en, ru, zh" in text for text in said), said


# /queries with files whose lines do not all read (AppTest cannot upload: the page reads
# `queries_data.TEST_UPLOADS`). Each line's reason, the problem table's rows and the summary of
# a file almost none of whose lines read are said in the page's language.
_QRELS = ("qrels.txt", b"q1 0 d1 1\nq1 0 d2 0\nq1 0 d3 2\n")
_GOOD = b"".join(b"q1 Q0 d%d %d %d.0 r\n" % (i, i, 50 - i) for i in range(1, 41))
BAD_FILES = {
    "bad lines": (
        "trec_upload",
        {
            "run": (
                "bad.txt",
                _GOOD
                + b"q1 Q0 d1 41 0.5 r\n"  # a repeated (query, document) pair
                + b"q1 Q0 d42\n"  # too few fields
                + b"q1 Q0 d43 43 x r\n"  # a score that is not a number
                + "q1\u00a0Q0 d44 44 0.1 r\n".encode(),  # a no-break space
            ),
            "qrels": _QRELS,
        },
    ),
    "a qrels file as the run": (
        "trec_upload",
        {"run": ("run.txt", b"".join(b"q1 0 d%d 1\n" % i for i in range(12))), "qrels": _QRELS},
    ),
    "a run as the qrels": (
        "trec_upload",
        {"run": ("run.txt", _GOOD), "qrels": ("qrels.txt", _GOOD)},
    ),
    "a CSV with semicolons": (
        "csv",
        {"run": ("mine.csv", b"query_id,doc_id,relevance\n" + b"q1;d1;1\n" * 12)},
    ),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", list(BAD_FILES))
def test_queries_names_a_files_bad_lines_in_the_pages_language(case, lang):
    source, files = BAD_FILES[case]
    at = open_page(menu.BY_KEY["queries"].script, lang=lang)
    at.session_state[queries_data.TEST_UPLOADS] = files
    at.radio(key="queries_source").set_value(source).run()
    assert not at.exception, [e.value for e in at.exception]
    shown = [frame for frame in at.dataframe if len(frame.value)]
    assert at.error and shown, "the page shows no problem lines"  # (the test tests something)
    left = _left(at)
    assert not left, f"/queries in {lang} ({case}) still says:\n{left}"
