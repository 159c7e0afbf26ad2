"""The URL schema (ui/urlparams.py): every link reads, never raises, says what it did not use,
and a page's own link reads back as the same list."""

from itertools import accumulate

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from lessons import practice
from ndcg_core.model import MAX_LABEL_LENGTH, RankedList, Scoring
from ndcg_core.options import CUTS, DISCOUNTS, IDEALS, ON_ZERO, TIES, GainMap
from ndcg_core.parsing import format_relevances, typable_label
from tests.strategies import ID, K_TEXT, LABEL, typed_text
from ui import urlparams
from ui.typed import parse_relevances
from ui.urlparams import (
    BASE,
    LIST_KEYS,
    MAX_ITEMS,
    ROOM,
    STUDENT,
    TEACHER_KEY,
    Fallback,
    list_params,
    practice_params,
    query_string,
    ranking_params,
    read_k,
    read_list,
    read_practice,
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


# Grades up to 1000: the exponential gain refuses more (tested on its own). Few distinct grades
# most of the time, so that gain maps (one gain per grade) come up often.
GRADE = st.one_of(st.integers(0, 4).map(float), st.floats(0, 1000))


@st.composite
def ranked_lists(draw, negative: bool = False) -> RankedList:
    """Any list a page can hold: every `Scoring` field but the tie rule (which orders a run by
    score, see `list_params`), a pool, typed labels or none."""
    grade = st.floats(-1000, 1000) if negative else GRADE
    values = tuple(draw(st.lists(grade, min_size=1, max_size=12)))
    pool = tuple(draw(st.lists(GRADE, max_size=5)))
    labels = draw(
        st.one_of(
            st.just(()),
            st.lists(
                LABEL.filter(lambda s: len(s) <= MAX_LABEL_LENGTH),
                min_size=len(values),
                max_size=len(values),
                unique=True,
            ).map(tuple),
        )
    )
    gain = draw(st.sampled_from(["linear", "exponential", "map"]))
    if gain == "map":
        grades = sorted(set(values + pool))
        if min(grades) < 0:
            gain = "linear"  # a map gives gains to grades 0 and up
        else:  # a higher grade never earns less
            # A map's gain is 0 or at least 1e-300 (options.GainMap refuses the tiny ones that
            # lose NDCG's digits): steps of 0 or at least 1e-6 keep every sum a gain it takes.
            step = st.floats(0, 100).filter(lambda x: x == 0 or x >= 1e-6)
            steps = draw(st.lists(step, min_size=len(grades), max_size=len(grades)))
            gain = GainMap.of(dict(zip(grades, accumulate(steps)))).name
    scoring = Scoring(
        k=draw(st.one_of(st.sampled_from(list(CUTS)), st.integers(1, MAX_ITEMS))),
        gain=gain,
        discount=draw(st.sampled_from(list(DISCOUNTS))),
        log_base=draw(st.floats(urlparams.LOG_BASE.low, urlparams.LOG_BASE.high)),
        ideal=draw(st.sampled_from(list(IDEALS))),
        zero=draw(st.sampled_from(list(ON_ZERO))),
    )
    return RankedList(values, labels, pool, scoring)


@given(st.booleans().flatmap(lambda negative: st.tuples(st.just(negative), ranked_lists(negative))))
def test_every_list_reopens_from_its_link_as_the_same_list(case):
    negative, ranked = case
    params = list_params(ranked)
    back, messages = read_list(params, negative=negative)
    assert messages == []
    assert back == ranked
    assert query_string(params).count("&") == len(params) - 1
    assert set(params) <= set(LIST_KEYS)


@given(ranked_lists(), st.sampled_from(list(TIES)))
def test_the_tie_rule_is_left_out_of_a_list_link_and_no_number_moves(ranked, ties):
    """A ranked list is in its order already: the rule for ordering equal scores changes none of
    its numbers, so its link does not carry it."""
    ranked = ranked.with_scoring(ties=ties)
    back, _ = read_list(list_params(ranked))
    assert back == ranked.with_scoring(ties=Scoring().ties)
    assert back.kwargs() == ranked.kwargs()


def test_old_links_open_as_they_did_and_only_a_changed_ideal_is_written():
    pooled = {"rels": "3,2,3,0,1,2", "pool": "3,2"}
    assert read_list(pooled)[0].scoring.ideal == "judgments"  # no ideal: the judged items
    assert read_list(pooled)[0].ideal == (3, 2, 3, 0, 1, 2, 3, 2)
    run_only, messages = read_list({**pooled, "ideal": "run"})
    assert messages == [] and run_only.ideal is None
    assert list_params(run_only) == {**pooled, "ideal": "run"}
    assert "ideal" not in list_params(read_list(pooled)[0])
    _, messages = read_list({**pooled, "ideal": "best"})
    assert messages == [
        "The link's `ideal`: 'best' is not a source of the ideal ranking; use one of judgments, "
        "run. ideal = judgments is used instead."
    ]


@given(st.lists(st.floats(-1e6, 1e6), min_size=1, max_size=12), st.data())
def test_scores_and_ids_reopen_from_their_link(scores, data):
    n = len(scores)
    ids = tuple(data.draw(st.lists(ID, min_size=n, max_size=n, unique=True)))
    got_scores, got_ids, messages = read_ranking(ranking_params(tuple(scores), ids), n)
    assert messages == [] and got_scores == tuple(scores) and got_ids == ids
    assert read_ranking(ranking_params(None, None), n) == (None, None, [])


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


# ---------------------------------------------------------------------------------------------
# /practice and /classroom
# ---------------------------------------------------------------------------------------------


@given(st.integers(0, practice.MAX_SEED), st.sampled_from(practice.VERSIONS), st.data())
def test_a_practice_link_reopens_its_set_and_exercise(seed, version, data):
    number = data.draw(st.integers(1, practice.set_size(version)))
    params = practice_params(seed, version, number)
    assert read_practice(params, fresh=7) == (seed, version, number, [])
    assert read_practice(practice_params(seed, version), fresh=7) == (seed, version, 1, [])


def test_practice_links_made_before_versions_open_version_1_and_bad_seeds_a_new_set():
    assert read_practice({"seed": "42", "ex": "3"}, fresh=7) == (42, 1, 3, [])
    assert read_practice({"seed": "0042"}, fresh=7) == (42, 1, 1, [])
    assert read_practice({}, fresh=7) == (7, practice.LATEST, 1, [])
    seed, version, number, messages = read_practice({"seed": "banana", "ex": "2"}, fresh=7)
    assert (seed, version, number) == (7, practice.LATEST, 2)
    assert messages == [
        "The link's `seed`: seed must be a whole number from 0 to 999999; got 'banana'. "
        "seed = 7 is used instead."
    ]
    # A seed moved into range is still a number: the link predates versions.
    assert read_practice({"seed": "1000000"}, fresh=7)[:2] == (999_999, 1)
    size = practice.set_size(1)
    assert read_practice({"seed": "42", "ex": str(size + 1)}, fresh=7)[3] == [
        f"The link's `ex`: ex must be at most {size}; got {size + 1}. ex = {size} is used."
    ]
    assert read_practice({"seed": "42", "v": "99"}, fresh=7)[1:] == (
        practice.LATEST,
        1,
        [
            f"The link's `v`: '99' is not a set version; use one of "
            f"{', '.join(map(str, practice.VERSIONS))}. v = {practice.LATEST} is used instead."
        ],
    )


@pytest.mark.parametrize(
    ("param", "text", "read"),
    [
        (ROOM, "abcd-efgh", "ABCDEFGH"),
        (TEACHER_KEY, " k3y_-A ", "k3y_-A"),
        (STUDENT, "t0ken", "t0ken"),
    ],
)
def test_the_classroom_parameters_read_as_the_classroom_does(param, text, read):
    assert param.parse(text) == (read, None)
    value, message = param.parse("")
    assert value is None and message.startswith(f"The link's `{param.name}`")


def test_typed_or_linked_ids_are_checked_as_the_core_checks_them():
    from ndcg_core.libraries import make_query
    from ui.urlparams import check_ids

    assert check_ids(" a, b ,c", 3) == ("a", "b", "c")
    for text, ids in [("a, a", ["a", "a"]), ("a, " + "x" * 41, ["a", "x" * 41]), ("a", ["a"])]:
        with pytest.raises(ValueError) as typed:
            check_ids(text, 2)
        with pytest.raises(ValueError) as given:
            make_query([1, 0], ids=ids)
        assert str(typed.value) == str(given.value)


def test_a_link_with_semicolons_reads_decimal_commas():
    """Links keep rels=0.5,0.9 (machine text); one typed by hand with semicolons, as a Russian
    learner writes decimals, reads as decimals too (ui/typed.py), not as 0, 5, 0, 9."""
    ranked, messages = read_list({"rels": "0,5;0,9", "pool": "1,5;2"})
    assert (ranked.relevances, ranked.pool, messages) == ((0.5, 0.9), (1.5, 2.0), [])
    assert list_params(ranked)["rels"] == "0.5,0.9"
    ranked, _ = read_list({"rels": "0,5,0,9"})  # commas alone: the links' own form
    assert ranked.relevances == (0.0, 5.0, 0.0, 9.0)
