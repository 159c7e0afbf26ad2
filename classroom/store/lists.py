"""Question lists saved by name on this server, for any class to load. Each remembers the teacher
key that saved it: only that key replaces or deletes it, or the administrator secret set in the
server's settings (`base.admin_secret`); their number is bounded (`peer.MAX_SAVED_LISTS` on the
server, `peer.MAX_LISTS_PER_CLASS` saved from one class), so no script can bury or erase a
teacher's lists."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select

from i18n import tr
from ndcg_core.display import count

from .. import peer, rooms
from .base import Base
from .records import NotAllowed, NotFound, Refused, read_plan
from .schema import list_table


class Lists(Base):
    def save_list(
        self,
        code: str,
        key: str,
        name: str,
        items: Sequence[peer.Item],
        *,
        admin: str | None = None,
    ) -> str:
        """Save a question list by name (a teacher's link saves it; any class can load it
        later). A list of that name is replaced only if this class's key saved it, or with the
        administrator secret (`admin`). Returns the name, read."""
        name = peer.read_list_name(name)
        items = peer.items_from_json([item.to_json() for item in items])
        self._teacher(code, key)
        owner = rooms.digest(key)
        spec, now = peer.items_text(items), self.clock()
        t = list_table
        with self.engine.begin() as db:
            # The server's lists are counted and replaced under one lock: two saves at once
            # cannot both take the last place.
            self._lock_lists(db)
            found = db.execute(select(t.c.owner).where(t.c.name == name)).first()
            if found is not None:
                self._may_change(found.owner, owner, admin, name, "replace")
                db.execute(t.update().where(t.c.name == name).values(spec=spec, saved=now))
                return name
            total, mine = db.execute(
                select(func.count(), func.count().filter(t.c.owner == owner))
            ).one()
            if total >= peer.MAX_SAVED_LISTS:
                raise Refused(
                    tr(
                        "This server keeps at most {most} saved question lists, and has that "
                        "many: delete one of yours, export this one as a file, or ask the "
                        "server's administrator.",
                        most=count(peer.MAX_SAVED_LISTS),
                    )
                )
            if mine >= peer.MAX_LISTS_PER_CLASS:
                raise Refused(
                    tr(
                        "One class saves at most {most} question lists: delete one saved from "
                        "this class, or export this one as a file.",
                        most=count(peer.MAX_LISTS_PER_CLASS),
                    )
                )
            db.execute(t.insert().values(name=name, spec=spec, saved=now, owner=owner))
        return name

    def saved_lists(self) -> list[str]:
        """The names of the question lists saved on this server, in alphabetical order."""
        with self.engine.connect() as db:
            return list(db.execute(select(list_table.c.name).order_by(list_table.c.name)).scalars())

    def saved_list(self, name: str) -> tuple[peer.Item, ...]:
        with self.engine.connect() as db:
            text_ = db.execute(select(list_table.c.spec).where(list_table.c.name == name)).scalar()
        if text_ is None:
            raise NotFound(tr("No question list is saved as “{name}”.", name=name))
        return read_plan(text_)

    def list_owned(self, key: str, name: str) -> bool:
        """Whether the list `name` was saved with this teacher key (it may replace or delete
        it)."""
        with self.engine.connect() as db:
            stored = db.execute(
                select(list_table.c.owner).where(list_table.c.name == name)
            ).scalar()
        return stored is not None and rooms.matches(key, stored)

    def delete_list(self, code: str, key: str, name: str, *, admin: str | None = None) -> None:
        """Delete a saved list: only the class whose key saved it may, or the administrator
        secret (`admin`)."""
        self._teacher(code, key)
        t = list_table
        with self.engine.begin() as db:
            found = db.execute(select(t.c.owner).where(t.c.name == name)).first()
            if found is None:
                raise NotFound(tr("No question list is saved as “{name}”.", name=name))
            self._may_change(found.owner, rooms.digest(key), admin, name, "delete")
            db.execute(t.delete().where(t.c.name == name))

    def _may_change(
        self, stored: str | None, owner: str, admin: str | None, name: str, what: str
    ) -> None:
        if stored is not None and rooms.matches_digest(owner, stored):
            return
        if self.is_admin(admin):
            return
        if what == "replace":
            raise NotAllowed(
                tr(
                    "“{name}” was saved from another class: only that class's teacher link, or "
                    "the server's administrator secret, can replace it. Save yours under another "
                    "name.",
                    name=name,
                )
            )
        raise NotAllowed(
            tr(
                "“{name}” was saved from another class: only that class's teacher link, or the "
                "server's administrator secret, can delete it.",
                name=name,
            )
        )

    def _lock_lists(self, db) -> None:
        """Serialise saves: PostgreSQL takes a transaction lock on the lists; SQLite's first
        write already holds the database's (one writer at a time)."""
        if self.dialect == "postgresql":
            db.exec_driver_sql("LOCK TABLE classroom_lists IN SHARE ROW EXCLUSIVE MODE")
        else:
            db.exec_driver_sql("UPDATE classroom_lists SET name = name WHERE 0")
