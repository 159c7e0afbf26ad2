"""The URL schema (ui/urlparams.py): every link reads, never raises, says what it did not use,
and a page's own link reads back as the same list."""

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from ndcg_core.model import MAX_LABEL_LENGTH, RankedList, Scoring
from ndcg_core.options import LOG_BASE
from ndcg_core.parsing import format_relevances, parse_relevances, typable_label
from tests.strategies import ID, K_TEXT, LABEL, typed_text
from ui import urlparams
from ui.urlparams import (
    BASE,
    Fallback,
    list_params,
    query_string,
    ranking_params,
    read_k,
    read_list,
    read_ranking,
)

URL_VALUE = st.one_of(
    typed_text(),
    K_TEXT,
    st.sampled_from(["linear", "exponential", "log2", "jarvelin", "<script>", "2", "e", "none"]),
)
PARAMS = st.dictionaries(
    st.sampled_from(
        ["rels", "labels", "k", "gain", "discount", "base", "pool", "scores", "ids", "seed", "x"]
    ),
    URL_VALUE,
    max_size=8,
)


@given(PARAMS, st.booleans())
@example({"rels": "3,2", "labels": "a:b,c"}, False)
@example({"rels": "3,2", "labels": "a;b,c"}, False)
@example({"rels": "3,2", "labels": "a\u2028b,c"}, False)
@example({"rels": "3,2", "labels": "a=,c"}, False)
@example({"rels": "1", "k": "9" * 5000}, False)
def test_read_list_never_raises_and_explains_each_problem(params, negative):
    ranked, messages = read_list(params, negative=negative, max_items=100)
    assert all(isinstance(m, str) and m.strip() for m in messages)
    assert not any("set_int_max_str_digits" in m or "Traceback" in m for m in messages)
    assert ranked.n == len(ranked.labels) >= 1
    assert ranked.n <= 100 and len(ranked.pool) <= 100
    k = ranked.scoring.k
    if isinstance(k, int):
        assert 1 <= k <= 100
    # Labels the page shows can be typed back into its text box unchanged.
    if ranked.has_typed_labels:
        assert all(typable_label(label) for label in ranked.labels)
        again = parse_relevances(
            format_relevances(ranked.relevances, list(ranked.labels)), allow_negative=negative
        )
        assert again.labels == ranked.labels and again.values == ranked.relevances
    # A parameter that was given and is not in effect is explained.
    if "gain" in params and ranked.scoring.gain != params["gain"]:
        assert any("`gain`" in m for m in messages)
    if "base" in params and str(ranked.scoring.log_base) != params["base"]:
        assert (
            any("`base`" in m for m in messages) or float(params["base"]) == ranked.scoring.log_base
        )


@given(PARAMS, st.integers(1, 12))
def test_read_ranking_never_raises(params, n):
    scores, ids, messages = read_ranking(params, n)
    assert all(isinstance(m, str) and m.strip() for m in messages)
    assert scores is None or len(scores) == n
    assert ids is None or (len(ids) == n and len(set(ids)) == n)
    if params.get("scores") and scores is None:
        assert any("scores" in m for m in messages)
    if params.get("ids") and ids is None:
        assert any("ids" in m for m in messages)


@given(
    st.lists(
        # Grades up to 1000: the exponential gain refuses more (tested on its own).
        st.tuples(LABEL.filter(lambda s: len(s) <= MAX_LABEL_LENGTH), st.floats(0, 1000)),
        min_size=1,
        max_size=15,
        unique_by=lambda p: p[0],
    ),
    st.one_of(st.sampled_from(["n", "none"]), st.integers(1, 15)),
    st.sampled_from(["linear", "exponential"]),
    st.sampled_from(["log2", "jarvelin"]),
    st.floats(LOG_BASE.low, LOG_BASE.high, allow_nan=False),
    st.lists(st.floats(0, 1000), max_size=5),
    st.booleans(),
    st.data(),
)
def test_a_link_reproduces_its_list(items, k, gain, discount, base, pool, scored, data):
    values = tuple(v for _, v in items)
    labels = tuple(label for label, _ in items)
    n = len(values)
    scoring = Scoring(k=k, gain=gain, discount=discount, log_base=base)
    ranked = RankedList(values, labels, tuple(pool), scoring)
    params = list_params(ranked)
    back, messages = read_list(params)
    assert messages == []
    assert back == ranked
    assert query_string(params).count("&") == len(params) - 1
    scores = (
        tuple(data.draw(st.lists(st.floats(-1e6, 1e6), min_size=n, max_size=n))) if scored else None
    )
    ids = tuple(data.draw(st.lists(ID, min_size=n, max_size=n, unique=True)))
    got_scores, got_ids, more = read_ranking(ranking_params(scores, ids), n)
    assert more == [] and got_scores == scores and got_ids == ids


@given(K_TEXT, st.one_of(st.none(), st.integers(1, 50)))
def test_read_k_only_raises_value_errors_quoting_the_value(text, longest):
    try:
        k = read_k(text, longest)
    except ValueError as error:
        message = str(error)
        assert message.startswith("k must")
        assert "set_int_max_str_digits" not in message
        return
    assert k in ("n", "none") or (k >= 1 and (longest is None or k <= longest))


@given(st.integers(1, 10**11))
def test_k_round_trips_or_says_the_nearest(k):
    if k <= 1000:
        assert read_k(str(k), 1000) == k == read_k(f" +{k} ", 1000)
        return
    with pytest.raises(Fallback) as raised:
        read_k(str(k), 1000)
    assert raised.value.used == 1000 and str(k) in str(raised.value)


def test_url_labels_that_the_text_box_would_split_are_refused_by_name():
    ranked, messages = read_list({"rels": "3,2,1", "labels": "a:b,c,d"})
    assert ranked.labels == ("D1", "D2", "D3")
    assert messages == [
        "The link's label 'a:b' holds one of = : ; or a tab or line break, which separate "
        "items in the text box; D1, D2, … are used instead."
    ]


def test_a_long_link_is_cut_with_a_message():
    ranked, messages = read_list(
        {"rels": ",".join(["1"] * 1200), "pool": ",".join(["2"] * 1200), "k": "5000"},
    )
    assert ranked.n == len(ranked.pool) == 1000 and ranked.scoring.k == 1000
    assert messages == [
        "The link's list has 1,200 values; the first 1,000 are used.",
        "The link's pool has 1,200 values; the first 1,000 are used.",
        "The link's `k`: k must be at most 1000; got 5000. k = 1000 is used.",
    ]


@pytest.mark.parametrize(
    ("text", "used", "said"),
    [
        ("150", 150.0, None),
        (
            "1500",
            1000.0,
            "log base 1500 is outside 1.01–1000, the range this app offers; log base 1000 is used.",
        ),
        ("1.001", 1.01, "log base 1.001 is outside 1.01–1000"),
        ("1e308", 1000.0, "is outside 1.01–1000"),
        ("x", 2.0, "'x' is not a number. base = 2 is used instead."),
        ("nan", 2.0, "is not a number"),
    ],
)
def test_a_log_base_out_of_range_is_named_and_the_nearest_shown(text, used, said):
    value, message = BASE.parse(text)
    assert value == used
    assert (message is None) if said is None else (said in message)


def test_a_map_in_a_link_reads_writes_and_names_what_it_cannot_use():
    ranked, messages = urlparams.read_list({"rels": "3,2,3,0,1,2", "gain": "map:0=0,1=1,2=3,3=7"})
    assert messages == [] and ranked.scoring.gain == "map:0=0,1=1,2=3,3=7"
    assert urlparams.list_params(ranked)["gain"] == "map:0=0,1=1,2=3,3=7"
    assert "gain=map:0=0,1=1,2=3,3=7" in urlparams.link("playground", ranked)
    ranked, messages = urlparams.read_list({"rels": "3,2,5", "gain": "map:0=0,1=1,2=3,3=7"})
    assert ranked.scoring.gain == "linear"
    assert "gives no gain for grade 5" in messages[0] and "gain = linear is used" in messages[0]
    ranked, messages = urlparams.read_list({"rels": "1,0", "gain": "map:0=0,1=oops"})
    assert ranked.scoring.gain == "linear" and "must be a number; got 'oops'" in messages[0]
    assert urlparams.GAIN.parse("exponential") == ("exponential", None)
    value, message = urlparams.GAIN.parse("cubic")
    assert value == "linear" and "'cubic' is not a gain" in message


def test_k_words_keep_their_meaning():
    pooled = {"rels": "3,2,3,0,1,2", "pool": "3,2"}
    assert read_list(pooled)[0].k == 6  # no k: every ranked position, as links always did
    assert read_list({**pooled, "k": "all"})[0].k == 6
    assert read_list({**pooled, "k": "none"})[0].k is None  # no cut-off: trec_eval's ndcg
    assert read_list({**pooled, "k": "8"})[0].k == 8
