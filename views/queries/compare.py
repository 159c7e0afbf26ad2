"""Compare runs: several runs on the same judgments, each against a baseline, with the
differences, their intervals, effect sizes and corrected p-values, query by query."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from commands import compare as compare_command
from i18n import N_, retold_error, tr
from lessons.corrections import why_unmarked
from ndcg_core import stats
from ndcg_core.compare import Comparison
from ndcg_core.display import count, exact, fixed, signed
from ui import charts, controls, language, menu, urlparams
from ui.charts.queries import delta_bars
from ui.text import plain
from views.queries import data as queries_data

PAGE = "compare"
CAP_MB = float(st.get_option("server.maxUploadSize"))
SOURCES = {
    "trec": N_("trec_eval's own test runs: results.test and results.trunc, 3 TREC topics"),
    "upload": N_("Upload TREC qrels and runs"),
}
# The comparison's column heads on this page and in its downloads (the command line keeps the
# contracted names): the rows' columns, then the shown table's.
HEADS = {
    "measure": N_("measure"),
    "run": N_("run"),
    "baseline": N_("baseline"),
    "mean": N_("mean"),
    "delta": N_("delta"),
    "ci_low": N_("ci_low"),
    "ci_high": N_("ci_high"),
    "effect_size": N_("effect_size"),
    "p_value": N_("p_value"),
    "p_adjusted": N_("p_adjusted"),
    "test": N_("test"),
    "correction": N_("correction"),
    "wins": N_("wins"),
    "ties": N_("ties"),
    "losses": N_("losses"),
    "Measure": N_("Measure"),
    "Run": N_("Run"),
    "Baseline": N_("Baseline"),
    "Mean": N_("Mean"),
    "95% CI of Δ": N_("95% CI of Δ"),
    "p corrected": N_("p corrected"),
}
# The measures offered (trec_eval's names, as `python -m ndcg_core.trec -m` takes them).
MEASURES = ("ndcg_cut.10", "ndcg_cut.5", "ndcg", "map", "recip_rank", "P.10", "recall.100",
            "Rprec", "map_cut.10", "lab_err.10", "lab_rbp.0.8")  # fmt: skip
EVERY_PAIR = "every pair"
SOURCE = urlparams.option("sample", SOURCES, "trec", N_("source of the runs"))
TEST = urlparams.option("test", stats.TESTS, "paired-t", N_("test"))
CORRECTION = urlparams.option("correction", stats.CORRECTIONS, "holm", N_("correction"))
PERMUTATIONS = (1_000, 10_000, 100_000)


def intro() -> None:
    st.title(tr("🆚 Compare runs"))
    st.markdown(
        tr(
            "Is run B really better than run A, by how much, and how sure can we be? Load the "
            "judgments and two runs or more: each run is set against a baseline query by query, "
            "with the difference of the means, its 95% interval, an effect size, and a p-value "
            "corrected for every comparison made at once."
        )
    )


def the_runs() -> dict[str, queries_data.RunSet] | None:
    """The runs (name → its tables and dataset), read as /queries reads them."""
    st.header(tr("1 · The runs"))
    controls.from_link(f"{PAGE}_source", SOURCE)
    source = st.radio(
        tr("Where the runs come from"),
        list(SOURCES),
        format_func=language.worded(f"{PAGE}_source", lambda name: tr(SOURCES[name])),
        horizontal=True,
        key=f"{PAGE}_source",
    )
    urlparams.write({"sample": source}, [SOURCE])
    if source == "trec":
        qrels, given = queries_data.sample_runs()
        st.caption(
            tr(
                "results.test answers topics 301–303; results.trunc is a shorter run without "
                "topic 302, which counts 0 for it here (every judged topic is compared). Three "
                "topics are far too few to tell two systems apart: watch the intervals."
            )
        )
    else:
        st.markdown(
            tr(
                "TREC format, read as trec_eval reads them (see /queries). A run is named by its "
                "file's name without the extension. Files up to {size} MB each.",
                size=count(int(CAP_MB)),
            )
        )
        queries_data.WORKERS.prepare()  # a big run then meets a worker whose imports are done
        left, right = st.columns([1, 2])
        qrels = queries_data.uploaded("qrels", left.file_uploader(tr("Qrels"), key=f"{PAGE}_qrels"))
        files = right.file_uploader(
            tr("Runs (two or more)"), accept_multiple_files=True, key=f"{PAGE}_runs"
        )
        given = queries_data.uploaded_runs(files)
        if qrels is None or len(given) < 2:
            st.info(tr("Upload the qrels and two runs or more to compare them."), icon="📁")
            return None
    try:
        with st.spinner(tr("Reading the runs…")):
            return queries_data.run_sets(qrels, given, CAP_MB)
    except ValueError as error:
        st.error(plain(retold_error(error)), icon="🚫")
        return None


def the_choices(names: list[str]) -> tuple[list[str], list[str] | None, str, str, int]:
    """Measures, baselines, test, correction and permutations, as chosen."""
    st.header(tr("2 · What is compared, and how"))
    measure_column, baseline_column = st.columns(2)
    measures = measure_column.multiselect(
        tr("Measures (trec_eval's names)"),
        MEASURES,
        default=["ndcg_cut.10"],
        key=f"{PAGE}_measures",
        help=tr("As python -m ndcg_core.trec -m takes them; lab_… are not trec_eval's."),
    )
    baseline = baseline_column.selectbox(
        tr("Baseline"), [*names, EVERY_PAIR], key=f"{PAGE}_baseline",
        format_func=language.worded(
            f"{PAGE}_baseline", lambda name: tr("every pair") if name == EVERY_PAIR else name
        ),
        help=tr("Every other run is compared with it; 'every pair' compares each run with each."),
    )  # fmt: skip
    test_column, correction_column = st.columns(2)
    with test_column:
        controls.from_link(f"{PAGE}_test", TEST)
        test = st.radio(
            tr("Test"),
            list(stats.TESTS),
            format_func=language.worded(f"{PAGE}_test", lambda name: tr(stats.TESTS[name])),
            key=f"{PAGE}_test",
        )
        permutations = PERMUTATIONS[1]
        if test == "randomization":
            permutations = st.select_slider(
                tr("Random sign patterns"), PERMUTATIONS, value=PERMUTATIONS[1],
                key=f"{PAGE}_permutations",
                format_func=language.worded(f"{PAGE}_permutations", count),
            )  # fmt: skip
    with correction_column:
        controls.from_link(f"{PAGE}_correction", CORRECTION, CORRECTION.default)
        correction = st.radio(
            tr("Correction for the family of tests"),
            list(stats.CORRECTIONS),
            format_func=language.worded(
                f"{PAGE}_correction", lambda name: tr(stats.CORRECTIONS[name])
            ),
            key=f"{PAGE}_correction",
            disabled=test == "tukey",
            help=tr("Tukey's HSD corrects for the pairs it compares itself."),
        )
    urlparams.write({"test": test, "correction": correction}, [TEST, CORRECTION])
    baselines = ["all"] if baseline == EVERY_PAIR else [baseline]
    return measures, baselines, test, correction, int(permutations)


def _number(value, digits: int = 4) -> str:
    """A number of the table in the page's language (0,3016 in Russian): the command line's
    `commands.compare` rounding, written by `ndcg_core.display`."""
    if value is None or pd.isna(value):
        return ""
    if digits == 4 and 0 < value < 5e-5:  # a p-value too small to write to 4 places
        return tr("< {number}", number=fixed(0.0001))
    return fixed(value, digits)


def _interval(low: str, high: str) -> str:
    """A confidence interval (Russian writes ';' between numbers with decimal commas)."""
    return tr("[{low}, {high}]", low=low, high=high)


def the_table(result: Comparison) -> None:
    st.header(tr("3 · Each run against the baseline"))
    st.info(
        tr("The family of comparisons: {family}.", family=plain(compare_command.family(result))),
        icon="🧮",
    )
    heads = {column: tr(head) for column, head in HEADS.items()}
    st.dataframe(
        compare_command.shown(result, _number, _interval).rename(columns=heads),
        hide_index=True,
        width="stretch",
        key=f"{PAGE}_table",
    )
    said = note(result)
    st.caption(plain(said))
    columns = st.columns(3)
    for column, (form, label, mime) in zip(columns, [
        ("csv", "CSV", "text/csv"), ("markdown", "Markdown", "text/markdown"),
        ("latex", "LaTeX", "application/x-latex"),
    ]):  # fmt: skip
        column.download_button(
            tr("Download the table ({form})", form=label),
            compare_command.text(result, form, heads=heads, said=said).encode(),
            file_name=f"comparison.{ {'markdown': 'md', 'latex': 'tex'}.get(form, form) }",
            mime=mime,
            key=f"{PAGE}_download_{form}",
        )
    with st.expander(tr("Why did the correction remove this mark?")):
        for said in why_unmarked(result):
            st.markdown(plain(said))


def query_by_query(result: Comparison, sets: dict) -> None:
    st.header(tr("4 · Query by query"))
    tested = result.rows.dropna(subset=["baseline"])
    pairs = list(dict.fromkeys(zip(tested["measure"], tested["run"], tested["baseline"])))
    chosen = st.selectbox(
        tr("Comparison"), range(len(pairs)), key=f"{PAGE}_pair",
        format_func=language.worded(f"{PAGE}_pair", lambda i: tr(
            "{run} against {baseline}, {measure}",
            run=pairs[i][1], baseline=pairs[i][2], measure=pairs[i][0],
        )),
    )  # fmt: skip
    measure, run, base = pairs[chosen]
    frame = result.per_query[measure]
    delta = (frame[run] - frame[base]).sort_values(kind="stable")
    charts.show(
        delta_bars(delta.index, delta.to_numpy(), run, base, measure),
        key=f"{PAGE}_deltas",
        alt=tr(
            "Bar chart: each query's {measure} difference, {run} minus {baseline}, sorted",
            measure=measure,
            run=run,
            baseline=base,
        ),
    )
    wins, losses = int((delta > 1e-9).sum()), int((delta < -1e-9).sum())
    tied = len(delta) - wins - losses
    st.caption(
        tr(
            "Queries won by {run}: {wins}; by {baseline}: {losses}; ties: {ties}. A mean "
            "difference can hide a few large losses: look at both ends.",
            run=plain(run),
            wins=count(wins),
            baseline=plain(base),
            losses=count(losses),
            ties=count(tied),
        )
    )
    query = st.selectbox(
        tr("A query, both rankings side by side (sorted from the largest loss)"),
        list(delta.index),
        key=f"{PAGE}_query",
        format_func=language.worded(f"{PAGE}_query", lambda q: f"{q}: Δ {signed(delta[q])}"),
    )
    for column, name in zip(st.columns(2), (run, base)):
        with column:
            st.markdown(f"{plain(name)}: {measure} = {fixed(frame.at[query, name])}")
            top = queries_data.top_ranked(sets[name], query, 10)
            if top is None:
                st.caption(tr("This run does not answer this query (it counts 0)."))
                continue
            st.dataframe(top.table, hide_index=True, key=f"{PAGE}_top_{name}")
            if top.ranked is not None:
                menu.page_link(
                    "playground",
                    params=urlparams.list_params(top.ranked),
                    label=tr(
                        "🎛️ Open {run}'s ranking of {query} in the playground",
                        run=plain(name),
                        query=plain(query),
                    ),
                )


def note(result: Comparison) -> str:
    """What the marks and columns mean, under the table and in its downloads (as
    `commands.compare.note` writes it for the command line)."""
    return tr(
        "{mark} Δ differs from the baseline's at α = {alpha} by a two-sided {test}, corrected "
        "for the family of comparisons: {family}. Δ = run − baseline; 95% CI: paired bootstrap "
        "of the queries ({resamples} resamples); d_z = mean Δ / standard deviation of Δ; W/T/L "
        "= queries the run wins / ties / loses.",
        mark=compare_command.MARK,
        alpha=exact(compare_command.ALPHA),
        test=tr(stats.TESTS[result.test]),
        family=compare_command.family(result),
        resamples=count(compare_command.RESAMPLES),
    )


def main() -> None:
    intro()
    sets = the_runs()
    if sets is None:
        return
    measures, baselines, test, correction, permutations = the_choices(list(sets))
    if not measures:
        st.info(tr("Choose a measure above."), icon="👆")
        return
    try:
        with st.spinner(tr("Scoring every query of every run…")):
            result = queries_data.comparison(
                sets, tuple(measures), tuple(baselines), test, correction, permutations
            )
    except ValueError as error:
        st.error(plain(str(error)), icon="🚫")
        return
    the_table(result)
    query_by_query(result, sets)


main()
