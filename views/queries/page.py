"""Many queries: evaluate a whole run, see the spread behind the mean, compare two runs."""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cached_property

import streamlit as st

import i18n
from commands import trec as trec_command
from i18n import N_, retold, tr, trn
from lessons.latex import mean_over_queries
from ndcg_core import runs
from ndcg_core.display import count, csv_bytes, fixed, signed
from ndcg_core.libraries import PRESETS_BY_KEY
from ndcg_core.model import NO_CUTOFF, Scoring
from ndcg_core.options import (
    CUTS,
    DISCOUNTS,
    IDEALS,
    ON_ZERO,
    TIES,
    GainMap,
    Option,
    is_gain_map,
)
from ui import charts, controls, inputs, language, menu, page_state, share, tables, urlparams
from ui.charts.queries import paired_scatter, paired_table, spread_histogram, spread_table
from ui.text import plain
from views.queries import data as queries_data
from views.queries import files as set_files
from views.queries.data import SAMPLES, TREC_QRELS, Files

PAGE = "queries"
DEFAULT_K = 10
MAX_LINK_ROWS = 500  # queries whose rows get a playground link each
MAX_LINK_DOCS = MAX_LINK_ROWS * 100  # ranked documents, over all queries, for those links
MAX_PROBLEM_ROWS = 1000
ROW_PX, HEADER_PX = 35, 38  # a dataframe's row and header heights, to size tables to their rows
CAP_MB = float(st.get_option("server.maxUploadSize"))
LIBRARIES = ("sklearn", "lightgbm")  # whose conventions the run can be compared under

# Which queries a run's mean is taken over: trec_eval's default, or its -c
# (--complete_rel_info_wanted). Keyed by the core's `complete` keyword.
MEAN_OVER: dict[bool, Option] = {
    False: Option(
        name="answered",
        label=N_("The queries the run answers (trec_eval's default)"),
        short=N_("the queries the run answers"),
        description=N_(
            "The mean over the queries both the run and the judgments have. A judged query the "
            "run never answers is left out, so a run that skips its hardest queries looks "
            "better than it is."
        ),
        used_by=N_("trec_eval and pytrec_eval by default"),
    ),
    True: Option(
        name="judged",
        label=N_("Every judged query (trec_eval -c)"),
        short=N_("every judged query"),
        description=N_(
            "The mean over every query the judgments have: one the run never answers counts as "
            "an empty ranking, NDCG 0, so skipping a query costs what failing it would."
        ),
        used_by=N_("trec_eval -c (the option trec_eval's README gives for official TREC runs)"),
    ),
}

SAMPLE = urlparams.option("sample", SAMPLES, "movies", N_("source of the run"))
QRELS = urlparams.option("qrels", TREC_QRELS, "qrels.test", N_("qrels file of the sample"))
# The per-query download's column heads, in the page's language (English: the core's names).
CSV_HEADS = {
    "query": N_("query"),
    "n_items": N_("n_items"),
    "dcg": N_("dcg"),
    "idcg": N_("idcg"),
    "ndcg": N_("ndcg"),
}


@dataclass(frozen=True)
class Loaded:
    """The files of this view and the datasets joined from them."""

    source: str
    files: Files
    data_sets: dict[str, runs.Dataset]

    @property
    def run(self) -> runs.Dataset:
        return self.data_sets["run"]

    def key(self, role: str = "run") -> str:
        return f"{self.files.key}:{role}"

    @cached_property
    def other_qrels(self) -> tuple[str, Files, runs.Dataset] | None:
        """For trec_eval's sample: the other qrels file's name, files and dataset (the same
        run judged by it, which section 5 compares with)."""
        if self.source != "trec":
            return None
        name = next(name for name in TREC_QRELS if name != self.files.qrels[0])
        files = queries_data.sample_files("trec", name)
        return name, files, queries_data.load_datasets(files, CAP_MB)["run"]

    @cached_property
    def grades(self) -> tuple[float, ...]:
        """Every grade of every dataset the page scores with the chosen gain: the run, a second
        run, the other qrels of trec_eval's sample. The gain must take each of them."""
        scored = [*self.data_sets.values()]
        if self.other_qrels is not None:
            scored.append(self.other_qrels[2])
        return tuple(sorted({grade for data in scored for grade in data.grades}))


@dataclass(frozen=True)
class Conventions:
    """The conventions chosen on the page: the scoring, and the queries the mean is over."""

    scoring: Scoring
    complete: bool


def _height(rows: int, cap: int) -> int:
    return min(cap, HEADER_PX + ROW_PX * rows)


def _measure(scoring: Scoring) -> str:
    """NDCG@10, or NDCG without a cut-off."""
    return "NDCG" + scoring.suffix()


# ---------------------------------------------------------------------------------------------
# 1 · The data
# ---------------------------------------------------------------------------------------------


def intro() -> None:
    st.title(tr("📊 Many queries"))
    st.markdown(
        tr(
            "A system is usually summed up by one number, the **mean NDCG@k over its queries**. "
            "Load a run with its relevance judgments to see every query's value behind that "
            "mean, how sure the mean is, and how much it moves with the conventions."
        )
    )


def the_data() -> Loaded | None:
    """Where the run comes from, read and joined; None while there is nothing to evaluate."""
    st.header(tr("1 · The data"))
    controls.from_link(f"{PAGE}_source", SAMPLE)
    source = st.radio(
        tr("Where the run comes from"),
        list(SAMPLES),
        format_func=language.worded(f"{PAGE}_source", lambda name: tr(SAMPLES[name])),
        horizontal=True,
        key=f"{PAGE}_source",
    )
    files = _choose_files(source)
    if not files.complete:
        st.info(
            tr("Upload the files above to start; meanwhile the samples show what the page does."),
            icon="📁",
        )
        return None
    tables = _read(files)
    if tables is None or not _problems_settled(files, tables):
        return None
    try:
        data_sets = queries_data.load_datasets(files, CAP_MB)
    except ValueError as error:
        st.error(plain(str(error)), icon="🚫")
        return None
    loaded = Loaded(source, files, data_sets)
    if loaded.run.notes:
        with st.expander(
            trn(
                "How the data was read ({n} rule applied)",
                "How the data was read ({n} rules applied)",
                len(loaded.run.notes),
            ),
            expanded=True,
        ):
            for note in loaded.run.notes:
                st.markdown(f"- {plain(retold(note))}")
    return loaded


def _choose_files(source: str) -> Files:
    """The sample's files, or the upload widgets' (the link keeps the sample and its qrels)."""
    cap_text = tr(
        "Files up to {size} each are accepted (the server's `maxUploadSize`; a megabyte here is "
        "{bytes} bytes, as the upload box counts).",
        size=set_files.size_text(CAP_MB),
        bytes=count(1_000_000),
    )
    if source == "movies":
        urlparams.write({"sample": source}, [SAMPLE])
        st.caption(
            tr(
                "Ten friends, the movies two recommenders suggested, and how much each friend "
                "liked them (0–3). An empty score: a movie the friend rated that the recommender "
                "did not suggest."
            )
        )
        return queries_data.sample_files("movies")
    if source == "trec":
        controls.from_link(f"{PAGE}_qrels", QRELS)
        qrels_name = st.radio(
            tr("Judgments"),
            list(TREC_QRELS),
            format_func=language.worded(f"{PAGE}_qrels", lambda name: tr(TREC_QRELS[name])),
            key=f"{PAGE}_qrels",
        )
        urlparams.write({"sample": source, "qrels": qrels_name}, [SAMPLE, QRELS])
        st.caption(
            tr(
                "From trec_eval's test folder (v10.0): the values below match trec_eval's own "
                "output."
            )
        )
        return queries_data.sample_files("trec", qrels_name)
    urlparams.write({"sample": source}, [SAMPLE])
    queries_data.WORKERS.prepare()  # a big file then meets a worker whose imports are done
    if source == "csv":
        st.markdown(
            tr(
                "A CSV with a header line: `query_id, doc_id, relevance` and optionally `score` "
                "(higher first) or `rank` (1 first). Without either, rows are ranked in file "
                "order. A row with an empty `score` is a judged document the system did not rank. "
                "{limit}",
                limit=cap_text,
            )
        )
        run_column, second_column = st.columns(2)
        run = run_column.file_uploader(tr("Run (CSV)"), type=["csv", "txt"], key=f"{PAGE}_up_csv")
        second = second_column.file_uploader(
            tr("Optional: a second run to compare (CSV)"),
            type=["csv", "txt"],
            key=f"{PAGE}_up_csv2",
        )
        return Files(
            "csv",
            run=queries_data.uploaded("run", run),
            second_run=queries_data.uploaded("second_run", second),
        )
    st.markdown(
        tr(
            "TREC format, whitespace-separated: qrels lines `query_id 0 doc_id relevance`, run "
            "lines `query_id Q0 doc_id rank score run_name`, read as trec_eval reads them: ranked "
            "by `score` (the `rank` column is ignored), text after the run name ignored, lines "
            "starting with `#` skipped. {limit}",
            limit=cap_text,
        )
    )
    qrels_column, run_column, second_column = st.columns(3)
    qrels = qrels_column.file_uploader(tr("Qrels"), key=f"{PAGE}_up_qrels")
    run = run_column.file_uploader(tr("Run"), key=f"{PAGE}_up_run")
    second = second_column.file_uploader(tr("Optional: a second run"), key=f"{PAGE}_up_run2")
    return Files(
        "trec",
        run=queries_data.uploaded("run", run),
        qrels=queries_data.uploaded("qrels", qrels),
        second_run=queries_data.uploaded("second_run", second),
    )


def _read(files: Files) -> dict[str, runs.Table] | None:
    """The files read (once per set, big ones in a worker process); the reason they cannot be
    read is shown in full, outside the collapsed status box."""
    problem = None
    with st.status(tr("Reading the files…"), expanded=False) as status:
        ahead = queries_data.WORKERS.busy
        if ahead:
            st.write(
                trn(
                    "{count} other upload is being read first; yours follows.",
                    "{count} other uploads are being read first; yours follows.",
                    ahead,
                    count=count(ahead),
                )
            )
        started = time.perf_counter()
        try:
            tables = queries_data.load_tables(files, CAP_MB)
        except ValueError as error:
            status.update(label=tr("The files could not be read"), state="error")
            problem = error
        else:
            lines = count(sum(len(t.rows) + t.problem_count for t in tables.values()))
            st.write(
                tr(
                    "Read {lines} lines in {seconds} s.",
                    lines=lines,
                    seconds=fixed(time.perf_counter() - started, 2),
                )
            )
            status.update(label=tr("Read {lines} lines", lines=lines), state="complete")
    if problem is not None:
        st.error(plain(i18n.retold_error(problem)), icon="🚫")
        return None
    return tables


def _problems_settled(files: Files, tables: dict[str, runs.Table]) -> bool:
    """Lines that could not be used are listed; the rest is evaluated once the user skips them.
    A file almost none of whose lines read is described instead; with no line left to read
    there is nothing to skip to."""
    problems = {role: table for role, table in tables.items() if table.problem_count}
    if not problems:
        return True
    total = sum(table.problem_count for table in problems.values())
    unusable = [table for table in problems.values() if table.rows.empty]
    if unusable:
        said = " ".join(
            plain(
                retold(t.summary)
                or tr("No line of {name} is left to evaluate: see why below.", name=t.name)
            )
            for t in unusable
        )
        st.error(
            tr("{said} Fix the file, or choose another, and upload it again.", said=said),
            icon="🚫",
        )
    else:
        st.error(
            tr(
                "{count} line(s) could not be used. Fix the file(s) and upload again, or skip "
                "these lines: nothing else is changed.",
                count=count(total),
            ),
            icon="⚠️",
        )
    key = files.key
    for role, table in problems.items():
        if table.summary and not table.rows.empty:
            st.warning(plain(retold(table.summary)), icon="🔎")
        # Built once per file, not on every rerun: a file can hold thousands of problems.
        shown = queries_data.problems_shown(f"{key}:{role}", table, MAX_PROBLEM_ROWS)
        st.markdown(
            tr(
                "**{count} problem line(s) in {name}**",
                count=count(table.problem_count),
                name=plain(table.name),
            )
        )
        st.dataframe(
            shown,
            hide_index=True,
            width="stretch",
            height=_height(len(shown), 250),
            key=f"{PAGE}_problems_{role}",
        )
        kept = len(table.problems)
        if table.problem_count > len(shown):
            st.caption(
                tr(
                    "The first {shown} are shown; the download holds the first {kept} and counts "
                    "the other {more}.",
                    shown=count(len(shown)),
                    kept=count(kept),
                    more=count(table.more_problems),
                )
                if table.more_problems
                else tr(
                    "The first {shown} are shown; the download holds the first {kept}.",
                    shown=count(len(shown)),
                    kept=count(kept),
                )
            )
        # Keyed by role: two files may well share a name. The CSV is made when downloaded.
        st.download_button(
            tr(
                "Download the first {count} problem line(s) of {name} (CSV)",
                count=count(kept),
                name=plain(table.name),
            )
            if table.more_problems
            else tr(
                "Download the {count} problem line(s) of {name} (CSV)",
                count=count(kept),
                name=plain(table.name),
            ),
            queries_data.problems_csv(table),
            file_name=f"problems_{table.name}.csv",
            mime="text/csv",
            key=f"{PAGE}_problems_download_{role}",
        )
    if unusable:
        return False
    # The choice belongs to these exact files: other bytes ask again.
    return st.checkbox(
        tr("Skip these {count} line(s) and evaluate the rest", count=count(total)),
        key=f"{PAGE}_skip_{key[:16]}",
    )


# ---------------------------------------------------------------------------------------------
# 2 · The conventions
# ---------------------------------------------------------------------------------------------


def _fit_k(k_max: int) -> None:
    """A k chosen for a longer run than this one is named and brought within reach. Only a k
    the page used: a k typed out of range is named by the box's reader, not changed."""
    chosen = inputs.last_whole_number(f"{PAGE}_k")
    if chosen is not None and chosen == st.session_state[f"{PAGE}_k"] and chosen > k_max:
        st.warning(
            tr(
                "k = {chosen} is deeper than this run's cut-offs go (up to {most}); k = {most} "
                "is used.",
                chosen=count(chosen),
                most=count(k_max),
            ),
            icon="✋",
        )
        st.session_state[f"{PAGE}_k"] = k_max


def the_conventions(data: runs.Dataset, grades: tuple[float, ...]) -> Conventions:
    """The conventions chosen; the gain must take `grades`, those of every dataset scored."""
    st.header(tr("2 · The conventions"))
    cut_column, formula_column, ranking_column = st.columns(3)
    k_max = max(data.longest, urlparams.MAX_ITEMS)
    k_param = urlparams.Param(
        "k", lambda text: urlparams.whole_number(text, 1, k_max, "k"), str, DEFAULT_K
    )
    with cut_column:
        controls.from_link(f"{PAGE}_whole", urlparams.WHOLE)
        whole = st.checkbox(
            tr("No cut-off (the whole list)"),
            key=f"{PAGE}_whole",
            help=tr(
                "{description} Used by {used_by}.",
                description=tr(CUTS[NO_CUTOFF].description),
                used_by=tr(CUTS[NO_CUTOFF].used_by),
            ),
        )
        controls.from_link(f"{PAGE}_k", k_param, DEFAULT_K)
        _fit_k(k_max)
        # A whole number read by the page, not Streamlit's integer box: see ui/inputs.py.
        k = inputs.whole_number(
            tr("Cut-off k"), f"{PAGE}_k", 1, k_max, what=tr("The cut-off k"), disabled=whole
        )
        if k is None:  # never a usable k in this session: the default, within reach
            k = min(DEFAULT_K, k_max)
        controls.from_link(f"{PAGE}_zero", urlparams.ZERO)
        zero = controls.choose(
            tr("A query with no relevant document scores"), ON_ZERO, f"{PAGE}_zero"
        )
    with formula_column:
        controls.from_link(f"{PAGE}_gain", urlparams.GAIN)
        gain = controls.gain(f"{PAGE}_gain", grades, menu=True)
        controls.from_link(f"{PAGE}_discount", urlparams.DISCOUNT)
        discount = controls.choose(tr("Discount"), DISCOUNTS, f"{PAGE}_discount", menu=True)
        controls.from_link(f"{PAGE}_base", urlparams.BASE, urlparams.LOG_BASE.default)
        base = controls.log_base(f"{PAGE}_base")
    with ranking_column:
        controls.from_link(f"{PAGE}_ideal", urlparams.IDEAL)
        ideal = controls.choose(tr("Ideal ranking built from"), IDEALS, f"{PAGE}_ideal")
        controls.from_link(f"{PAGE}_ties", urlparams.TIES_PARAM)
        ties = controls.choose(
            tr("Tied scores ordered"),
            TIES,
            f"{PAGE}_ties",
            disabled=not data.has_scores,
            **(
                {}
                if data.has_scores
                else {"help": tr("There are no scores, so there are no ties.")}
            ),
        )
        controls.from_link(f"{PAGE}_complete", urlparams.COMPLETE)
        complete = controls.choose(tr("The mean is taken over"), MEAN_OVER, f"{PAGE}_complete")
    if is_gain_map(gain):
        st.caption(plain(controls.map_lesson(GainMap.parse(gain), grades)))
    values = {
        "whole": whole,
        "k": int(k),
        "gain": gain,
        "discount": discount,
        "base": float(base),
        "ideal": ideal,
        "ties": ties,
        "zero": zero,
        "complete": complete,
    }
    urlparams.write(
        values,
        [
            urlparams.WHOLE,
            k_param,
            urlparams.GAIN,
            urlparams.DISCOUNT,
            urlparams.BASE,
            urlparams.IDEAL,
            urlparams.TIES_PARAM,
            urlparams.ZERO,
            urlparams.COMPLETE,
        ],
    )
    scoring = Scoring(
        k=NO_CUTOFF if whole else int(k),
        gain=gain,
        discount=discount,
        log_base=float(base),
        ideal=ideal,
        ties=ties,
        zero=zero,
    )
    return Conventions(scoring, bool(complete))


# ---------------------------------------------------------------------------------------------
# 3 · The mean and how sure it is
# ---------------------------------------------------------------------------------------------


def the_mean(conventions: Conventions, result, elapsed: float) -> None:
    scoring = conventions.scoring
    measure = _measure(scoring)
    st.header(tr("3 · Mean {measure} and where it comes from", measure=measure))
    values = result.per_query["ndcg"]
    evaluated = int(values.count())  # NaN: a query the all-zero rule leaves out
    mean_column, interval_column, queries_column, empty_column = st.columns([1, 1.5, 1, 1])
    mean_column.metric(tr("Mean {measure}", measure=measure), fixed(result.mean))
    interval = queries_data.interval(values.dropna().to_numpy()) if evaluated else None
    if interval is not None:
        interval_column.metric(
            tr("95% bootstrap interval"), f"{fixed(interval.low)} – {fixed(interval.high)}"
        )
    queries_column.metric(
        tr("Queries in the mean"),
        tr("{part} of {whole}", part=count(evaluated), whole=count(len(values))),
        help=tr("The mean is taken over {which}.", which=tr(MEAN_OVER[conventions.complete].short)),
    )
    empty_column.metric(
        tr("Nothing relevant"),
        count(result.queries_without_relevant),
        help=tr(
            "Queries with no relevant judged document: IDCG = 0, so the all-zero rule decides."
        ),
    )
    formula, filled = mean_over_queries(values.to_numpy(), result.mean, runs.cut_for(scoring))
    st.latex(formula)
    if filled is None:
        return
    st.latex(filled)
    st.caption(
        tr(
            "The interval: the queries were resampled with replacement {times} times (seed 0) and "
            "the middle 95% of the resampled means kept. Few queries → a wide interval. "
            "Evaluated in {ms} ms.",
            times=count(queries_data.BOOTSTRAP_RESAMPLES),
            ms=fixed(elapsed * 1000, 0),
        )
    )
    charts.show(
        spread_histogram(
            values.dropna().to_numpy(), result.mean, interval.low, interval.high, measure
        ),
        key=f"{PAGE}_hist",
        alt=tr(
            "Histogram: how many queries score each {measure}, with the mean marked",
            measure=measure,
        ),
    )
    st.caption(
        tr(
            "Each bar counts the queries in a 0.05-wide band; the dashed line is the mean and the "
            "shaded band its 95% interval. Notice how few queries sit near the mean itself."
        )
    )
    folded = page_state.fold(PAGE, tr("The histogram as a table"), "hist_table")
    with folded:
        if folded.open:
            st.dataframe(
                spread_table(values.dropna().to_numpy(), measure),
                hide_index=True,
                key=f"{PAGE}_hist_table",
            )


def which_queries(loaded: Loaded, conventions: Conventions) -> None:
    """The two query sets trec_eval can average over, and the queries that set them apart."""
    st.markdown(tr("**Which queries the mean is taken over**"))
    gap = queries_data.complete_gap(loaded.key(), loaded.run, conventions.scoring)
    answered_column, complete_column, gap_column = st.columns(3)
    answered_column.metric(
        tr("Over the queries answered ({count})", count=count(gap.answered_queries)),
        fixed(gap.answered),
    )
    judged = gap.answered_queries + len(gap.unanswered)
    complete_column.metric(
        tr("Over every judged query, -c ({count})", count=count(judged)), fixed(gap.complete)
    )
    gap_column.metric(tr("Difference"), signed(gap.difference))
    if gap.unanswered.empty:
        st.caption(
            tr(
                "The run answers every judged query, so both means are the same. Leaving a hard "
                "query out would raise the first and not the second: that is what trec_eval's -c "
                "guards against."
            )
        )
        return
    shown = gap.unanswered.reset_index()
    shown["query"] = shown["query"].astype(str)
    st.caption(
        tr(
            "{count} judged query(ies) have no ranking in the run. trec_eval leaves them out by "
            "default; with -c each counts as an empty ranking (0 under its conventions), so they "
            "are the whole difference. A run that skips its hard queries looks better without "
            "-c. Now used: {which}.",
            count=count(len(shown)),
            which=tr(MEAN_OVER[conventions.complete].short),
        )
    )
    counts_as = tr("counts in the -c mean as")
    st.dataframe(
        shown.rename(
            columns={
                "query": tr("query"),
                "judged": tr("judged documents"),
                "relevant": tr("relevant documents"),
                "ndcg": counts_as,
            }
        ),
        hide_index=True,
        width="stretch",
        height=_height(len(shown), 250),
        key=f"{PAGE}_unanswered",
        column_config={counts_as: tables.NUMBER},
    )


def how_the_mean_moves(loaded: Loaded, conventions: Conventions) -> None:
    st.markdown(tr("**How the mean moves with the all-zero rule and the ideal ranking**"))
    scoring = conventions.scoring
    grid = queries_data.convention_grid(loaded.key(), loaded.run, scoring, conventions.complete)
    shown = grid.means.rename(
        index=lambda z: tr(ON_ZERO[z].short),
        columns=lambda i: tr("ideal: {source}", source=tr(IDEALS[i].short)),
    )
    shown.index.name = tr("all-zero rule (IDCG = 0)")
    shown.columns.name = None
    st.dataframe(
        shown,
        width="stretch",
        key=f"{PAGE}_moves",
        column_config=dict.fromkeys(shown.columns, tables.NUMBER),
    )
    st.caption(
        tr(
            "The same run under six conventions: the mean spans {spread}. Your current choice: "
            "{zero}, with the ideal from {ideal}.",
            spread=fixed(grid.spread),
            zero=tr(ON_ZERO[scoring.zero].short),
            ideal=tr(IDEALS[scoring.ideal].short),
        )
    )


# ---------------------------------------------------------------------------------------------
# 4 · Every query
# ---------------------------------------------------------------------------------------------


def every_query(loaded: Loaded, conventions: Conventions, result) -> None:
    st.header(tr("4 · Every query"))
    scoring = conventions.scoring
    measure = _measure(scoring)
    at = measure.removeprefix("NDCG")
    per_query = result.per_query
    table = per_query.reset_index().rename(
        columns={
            "query": tr("query"),
            "n_items": tr("ranked"),
            "dcg": f"DCG{at}",
            "idcg": f"IDCG{at}",
            "ndcg": measure,
        }
    )
    query_head, playground_head = tr("query"), tr("playground")
    table[query_head] = table[query_head].astype(str)
    answered = loaded.run.queries  # a query the run never answers has no list to open
    with_links = len(table) <= MAX_LINK_ROWS and len(loaded.run.ranked) <= MAX_LINK_DOCS
    links = []
    if with_links:
        links = queries_data.playground_links(
            loaded.key(), loaded.run, tuple(answered), scoring, lang=i18n.language()
        )
        by_query = dict(zip(answered, (link for link, _ in links)))
        table[playground_head] = [
            share.keep_presenting(by_query[query]) if by_query.get(query) else None
            for query in per_query.index
        ]
    # A progress bar writes its number at 0.9 × the grid's text: below the 24 px the back row
    # needs in presenter view, which shows the plain number instead.
    if share.is_presenting():
        measure_column = st.column_config.NumberColumn(measure, format=tables.NUMBER_FORMAT)
    else:
        measure_column = st.column_config.ProgressColumn(
            measure, format=tables.NUMBER_FORMAT, min_value=0.0, max_value=1.0
        )
    event = st.dataframe(
        table,
        hide_index=True,
        width="stretch",
        height=_height(len(table), 420),
        on_select="rerun",
        selection_mode="single-row",
        key=f"{PAGE}_table",
        column_config={
            measure: measure_column,
            f"DCG{at}": tables.NUMBER,
            f"IDCG{at}": tables.NUMBER,
            playground_head: st.column_config.LinkColumn(
                tr("open in playground"), display_text=tr("open ↗")
            ),
        },
    )
    said = [
        tr(
            "Click a column header to sort (the worst queries are where a system can improve); "
            "select a row to open that query in the playground with its full breakdown."
        )
    ]
    if not with_links:
        said.append(
            tr(
                "Links in every row are shown for up to {queries} queries and {documents} ranked "
                "documents.",
                queries=count(MAX_LINK_ROWS),
                documents=count(MAX_LINK_DOCS),
            )
        )
    noted = sum(1 for _, notes in links if notes)
    if noted:
        said.append(
            tr(
                "The playground will not show exactly this table's value for {count} "
                "query(ies): select one to see why.",
                count=count(noted),
            )
        )
    st.caption(" ".join(said))
    selected = event.selection.rows if event is not None else []
    if selected:
        _open_in_playground(loaded, scoring, result, per_query.index[selected[0]])
    csv_column, trec_column = st.columns(2)
    csv_column.download_button(
        tr("Download the per-query table (CSV)"),
        csv_bytes(
            per_query.reset_index().rename(
                columns={column: tr(head) for column, head in CSV_HEADS.items()}
            )
        ),
        file_name=f"{measure.lower().replace('@', '_at_')}_per_query.csv",
        mime="text/csv",
        key=f"{PAGE}_download",
    )
    same = trec_command.equivalent(scoring, conventions.complete)
    trec_column.download_button(
        tr("Download in trec_eval's output format"),
        trec_command.output([(same.measure, result)]).encode(),
        file_name=f"{same.measure}.trec_eval.txt",
        mime="text/plain",
        key=f"{PAGE}_download_trec",
    )
    said = tr(
        "trec_eval's format: one line per query, `measure`, `query` and `value` separated by "
        "tabs, then the `all` line of the mean, to diff against `{command}`.",
        command=same.command,
    )
    if same.cannot:
        said += " " + tr(
            "trec_eval has no option for {options}: its numbers will differ from these.",
            options=", ".join(same.cannot),
        )
    trec_column.caption(said)  # no user text in it: the command and the options' words


def _open_in_playground(loaded: Loaded, scoring: Scoring, result, query) -> None:
    value = result.per_query.at[query, "ndcg"]
    st.markdown(
        tr(
            "Query {query}: {measure} = {value}",
            query=plain(query),
            measure=_measure(scoring),
            value=fixed(value),
        )
    )
    if query not in loaded.run.queries:
        st.caption(
            tr(
                "The run has no ranking for this judged query: it counts as an empty ranking in "
                "the mean over every judged query, so there is no list to open."
            )
        )
        return
    try:
        found = queries_data.playground_list(loaded.run, query, scoring)
    except ValueError as error:  # a list the playground cannot score: said, not raised
        st.caption(plain(tr("This query cannot be opened in the playground: {error}", error=error)))
        return
    menu.page_link(
        "playground",
        params=urlparams.list_params(found.ranked),
        label=tr("🎛️ Open this query in the playground"),
    )
    for note in found.notes:
        st.caption(plain(note))
    if scoring.ties == "average":
        st.caption(
            tr("The playground shows one order: tied documents appear in trec_eval's order.")
        )


# ---------------------------------------------------------------------------------------------
# 5 · Compare query by query
# ---------------------------------------------------------------------------------------------


def compare(loaded: Loaded, conventions: Conventions, result) -> None:
    st.header(tr("5 · Compare query by query"))
    scoring, complete = conventions.scoring, conventions.complete
    data = loaded.run
    choices = {}
    if "second_run" in loaded.data_sets:
        choices["run"] = tr("another run: {name}", name=loaded.data_sets["second_run"].name)
    other_qrels = loaded.other_qrels
    if other_qrels is not None:
        choices["qrels"] = tr("the same run, judged by {qrels}", qrels=other_qrels[0])
    for library in LIBRARIES:
        choices[library] = tr(
            "the same run, {library}'s conventions", library=PRESETS_BY_KEY[library].library
        )
    against = st.radio(
        tr("Compare the run above (A) with (B)"),
        list(choices),
        format_func=language.worded(f"{PAGE}_against", lambda choice: plain(choices[choice])),
        horizontal=True,
        key=f"{PAGE}_against",
    )
    # Each B is scored in its own branch; one that cannot be is named, as A's mean is.
    try:
        if against == "run":
            other = loaded.data_sets["second_run"]
            b_name = other.name
            b_result = queries_data.per_query_ndcg(
                loaded.key("second_run"), other, scoring, complete
            )
        elif against == "qrels":
            qrels_name, files, other = other_qrels
            b_name = tr("{run} judged by {qrels}", run=other.name, qrels=qrels_name)
            b_result = queries_data.per_query_ndcg(f"{files.key}:run", other, scoring, complete)
        else:
            preset = PRESETS_BY_KEY[against]
            b_name = tr("{run}, {library}'s conventions", run=data.name, library=preset.library)
            b_scoring = preset.scoring(scoring.k)
            b_result = queries_data.per_query_ndcg(loaded.key(), data, b_scoring, complete)
    except ValueError as error:
        st.warning(
            plain(tr("B ({name}) cannot be scored: {error}", name=b_name, error=error)), icon="✋"
        )
        return
    pairing = runs.pair_queries(result, b_result)
    if pairing.compared == 0:
        st.warning(tr("No query has a value in both A and B, so there is nothing to compare."))
        return
    test = queries_data.paired(pairing.a, pairing.b)
    difference, outcomes, p_value, compared = st.columns(4)
    difference.metric(tr("Mean of A − B"), signed(test.mean_difference))
    outcomes.metric(
        tr("A better / B better / equal"),
        f"{count(test.wins)} / {count(test.losses)} / {count(test.ties)}",
    )
    p_value.metric(tr("p-value (randomization)"), fixed(test.p_value))
    compared.metric(tr("Queries compared"), count(test.n))
    charts.show(
        paired_scatter(
            pairing.queries, pairing.a, pairing.b, test.outcome_masks, data.name, b_name
        ),
        key=f"{PAGE}_scatter",
        alt=tr("Scatter chart: each query's value under A against its value under B"),
    )
    how = (
        tr("all 2^n sign patterns, exactly")
        if test.exact
        else tr(
            "{count} random sign patterns, seed 0",
            count=count(queries_data.RANDOMIZATION_RESAMPLES),
        )
    )
    said = [
        tr(
            "One mark per query: ▲ above the dotted diagonal A did better, ▼ below it B did. The "
            "test flips the sign of each query's difference at random ({how}) and asks how often "
            "the mean difference comes out at least as large in size as the one observed, in "
            "either direction (a two-sided test): a small p-value says the gap is unlikely to be "
            "luck.",
            how=how,
        )
    ]
    if pairing.left_out:
        said.append(
            tr(
                "{count} query(ies) are in only one of A and B and are left out.",
                count=count(pairing.left_out),
            )
        )
    st.caption(" ".join(said))
    folded = page_state.fold(PAGE, tr("The chart as a table"), "scatter_table")
    with folded:
        if folded.open:
            st.dataframe(
                paired_table(pairing.queries, pairing.a, pairing.b, test.outcome_masks),
                hide_index=True,
                column_config=dict.fromkeys(("A", "B"), tables.NUMBER),
                key=f"{PAGE}_scatter_table",
            )


# ---------------------------------------------------------------------------------------------
# The page, in reading order
# ---------------------------------------------------------------------------------------------


def main() -> None:
    intro()
    loaded = the_data()
    if loaded is None:
        return
    conventions = the_conventions(loaded.run, loaded.grades)
    with st.spinner(tr("Evaluating every query…")):
        started = time.perf_counter()
        try:
            result = queries_data.per_query_ndcg(
                loaded.key(), loaded.run, conventions.scoring, conventions.complete
            )
        except ValueError as error:  # e.g. relevances whose sums overflow a float
            st.error(plain(tr("The run cannot be scored: {error}", error=error)), icon="🚫")
            return
        elapsed = time.perf_counter() - started
    the_mean(conventions, result, elapsed)
    which_queries(loaded, conventions)
    how_the_mean_moves(loaded, conventions)
    every_query(loaded, conventions, result)
    compare(loaded, conventions, result)


main()
