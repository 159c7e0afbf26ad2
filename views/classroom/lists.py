"""Question lists prepared before class: built from the questions asked (`asking`), saved by name
on this server (only the class that saved a list, or the server's administrator secret, replaces
or deletes it), exported as a file and imported again, loaded into a class and posed with Next;
and a list sent to every screen."""

from __future__ import annotations

import re

import streamlit as st

from classroom import peer
from classroom.store import Room, Store
from i18n import N_, tr, trn
from lessons.described import describe
from ndcg_core.display import count
from ndcg_core.model import RankedList
from ui import page_state, urlparams
from ui.text import plain
from ui.typed import parse_relevances

from . import common, show
from .common import PAGE

DRAFT = f"{PAGE}_draft"  # the question list being built on this screen: `peer.Item`s
IMPORTED = f"{PAGE}_imported"  # the uploaded file last read, so a rerun does not read it again
UNNAMED = N_("Question list")  # a list's name in its file while the box is empty
ADMIN = f"{PAGE}_admin"  # the administrator secret, as typed (only on a server that has one)


def draft() -> list[peer.Item]:
    return st.session_state.setdefault(DRAFT, [])


def _list_name() -> str:
    return st.session_state.get(f"{PAGE}_list_name", "")


def _save_list(code: str, key: str) -> None:
    try:
        name = common.store().save_list(code, key, _list_name(), draft(), admin=_admin())
    except ValueError as error:
        common.say("error", str(error))
        return
    common.say(
        "success",
        tr(
            "Saved as “{name}”: any class on this server can load it; only this class's "
            "teacher link replaces or deletes it.",
            name=name,
        ),
    )


def _use_list(code: str, key: str, items) -> None:
    try:
        common.store().load_plan(code, key, tuple(items))
    except ValueError as error:
        common.say("error", str(error))
        return
    if items:
        common.say(
            "success",
            trn(
                "Loaded: {count} question; Next poses them in turn.",
                "Loaded: {count} questions; Next poses them in turn.",
                len(items),
                count=count(len(items)),
            ),
        )


def _load_saved(code: str, key: str) -> None:
    name = st.session_state.get(f"{PAGE}_saved_pick")
    if name is None:
        return
    try:
        items = common.store().saved_list(name)
    except ValueError as error:
        common.say("error", str(error))
        return
    st.session_state[DRAFT] = list(items)
    st.session_state[f"{PAGE}_list_name"] = name
    _use_list(code, key, items)


def _delete_saved(code: str, key: str) -> None:
    name = st.session_state.get(f"{PAGE}_saved_pick")
    if name is None:
        return
    try:
        common.store().delete_list(code, key, name, admin=_admin())
    except ValueError as error:
        common.say("error", str(error))
        return
    st.session_state.pop(f"{PAGE}_saved_pick", None)
    common.say("success", tr("“{name}” is deleted from this server.", name=name))


def _admin() -> str | None:
    return st.session_state.get(ADMIN) or None


def _import(upload) -> None:
    """Read a question list's file once (a rerun keeps the upload but must not read it again);
    what is wrong with it is said, and the list being built is kept."""
    if upload is None or st.session_state.get(IMPORTED) == upload.file_id:
        return
    st.session_state[IMPORTED] = upload.file_id
    try:
        name, items = peer.read_list(upload.getvalue())
    except ValueError as error:
        st.error(
            tr(
                "{file} could not be imported: {problem}",
                file=plain(upload.name),
                problem=plain(error),
            )
        )
        return
    st.session_state[DRAFT] = list(items)
    st.session_state[f"{PAGE}_list_name"] = name
    st.success(
        trn(
            "Imported “{name}”: {count} question, below.",
            "Imported “{name}”: {count} questions, below.",
            len(items),
            name=plain(name),
            count=count(len(items)),
        )
    )


def question_list(db: Store, room: Room, key: str) -> None:
    with st.expander(tr("Question list: prepare, save, load, export"), expanded=bool(room.plan)):
        st.caption(
            tr(
                "Build a sequence of questions before class (Ask a question → *Add it to the "
                "question list*), save it by name on this server or export it as a file, and "
                "load it in any later class: *Next* then poses its questions in turn."
            )
        )
        if room.plan:
            st.markdown(tr("**Loaded in this class**"))
            st.text(
                "\n".join(
                    f"{'→' if n == room.plan_next else ('✓' if n < room.plan_next else ' ')} "
                    f"{n + 1}. {item.describe()}"
                    for n, item in enumerate(room.plan)
                )
            )
            st.button(
                tr("Unload it"),
                key=f"{PAGE}_unload",
                on_click=_use_list,
                args=(room.code, key, ()),
            )
        _import(
            st.file_uploader(
                tr("Import a list (a JSON file this page exported)"),
                type=["json"],
                key=f"{PAGE}_import",
            )
        )
        saved = db.saved_lists()
        if saved:
            pick, load, forget = st.columns([2, 1, 1], vertical_alignment="bottom")
            pick.selectbox(tr("Saved on this server"), saved, key=f"{PAGE}_saved_pick")
            load.button(
                tr("Load into this class"),
                key=f"{PAGE}_load_saved",
                on_click=_load_saved,
                args=(room.code, key),
            )
            picked = st.session_state.get(f"{PAGE}_saved_pick") or saved[0]
            mine = db.list_owned(key, picked)
            forget.button(
                tr("Delete it"),
                key=f"{PAGE}_delete_saved",
                on_click=_delete_saved,
                args=(room.code, key),
                disabled=not (mine or db.has_admin),
                help=tr(
                    "Deletes the saved list from this server (a class it is loaded in keeps its "
                    "copy)."
                )
                if mine
                else tr(
                    "Saved from another class: only its teacher link, or the server's "
                    "administrator secret, deletes it."
                ),
            )
            if db.has_admin:
                st.text_input(
                    tr("Administrator secret (replaces or deletes any saved list)"),
                    type="password",
                    key=ADMIN,
                    help=tr("Set in the server's settings (NDCG_CLASSROOM_ADMIN); see the README."),
                )
        building = draft()
        if not building:
            st.caption(tr("The list you build shows here."))
            return
        st.markdown(
            trn(
                "**The list you are building** ({count} question)",
                "**The list you are building** ({count} questions)",
                len(building),
                count=count(len(building)),
            )
        )
        # A text element: the lists and titles show exactly as they are.
        st.text("\n".join(f"{n}. {item.describe()}" for n, item in enumerate(building, start=1)))
        last, clear = st.columns(2)
        last.button(tr("Remove the last"), key=f"{PAGE}_draft_pop", on_click=building.pop)
        clear.button(tr("Clear the list"), key=f"{PAGE}_draft_clear", on_click=building.clear)
        st.text_input(
            tr("Its name"),
            max_chars=peer.NAME_LIMIT,
            placeholder=tr("Week 3: gains"),
            key=f"{PAGE}_list_name",
        )
        save, use, export = st.columns(3)
        save.button(
            tr("Save on this server"),
            key=f"{PAGE}_save_list",
            on_click=_save_list,
            args=(room.code, key),
        )
        use.button(
            tr("Use it in this class"),
            key=f"{PAGE}_use_list",
            on_click=lambda: _use_list(room.code, key, tuple(draft())),
        )
        try:
            name = peer.read_list_name(_list_name())
        except ValueError:
            name = tr(UNNAMED)
        export.download_button(
            tr("Export as a file"),
            peer.write_list(name, building),
            file_name=f"{re.sub(r'[^a-z0-9]+', '-', name.lower()).strip('-')[:40] or 'questions'}.json",
            mime="application/json",
            key=f"{PAGE}_export_list",
        )


def _push(code: str, key: str, ranked) -> None:
    try:
        common.store().push(code, key, None if ranked is None else urlparams.list_params(ranked))
    except ValueError as error:
        common.say("error", str(error))
        return
    if ranked is not None:
        common.say("success", tr("Sent: every student's screen shows it within a few seconds."))


def send_a_list(room: Room, key: str) -> None:
    with st.expander(tr("Send a list to every screen")):
        st.caption(
            tr("Every student sees it with its NDCG and a link to open it in the playground.")
        )
        shared = st.session_state.get(page_state.SHARED)
        if shared is not None:
            st.button(
                tr("Send the list from your playground: {values}", values=describe(shared)),
                key=f"{PAGE}_push_shared",
                on_click=_push,
                args=(room.code, key, shared),
            )
        text = st.text_input(
            tr("Or type one: relevances, top first"), "3, 2, 3, 0, 1, 2", key=f"{PAGE}_push_text"
        )
        send, stop = st.columns(2)
        if send.button(tr("Send to every screen"), key=f"{PAGE}_push"):
            try:
                parsed = parse_relevances(text, max_items=urlparams.MAX_ITEMS)
                ranked = RankedList(parsed.values, parsed.labels if parsed.labelled else ())
            except ValueError as error:
                st.error(plain(error))
            else:
                _push(room.code, key, ranked)
                st.rerun()
        if room.pushed:
            stop.button(
                tr("Stop showing it"),
                key=f"{PAGE}_unpush",
                on_click=_push,
                args=(room.code, key, None),
            )
            st.caption(tr("Showing now:"))
            show.show_pushed_list(room.pushed)
