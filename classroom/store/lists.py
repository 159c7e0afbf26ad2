"""Question lists saved by name on this server, for any class to load."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite

from .. import peer
from .base import Base
from .records import NotFound, read_plan
from .schema import list_table


class Lists(Base):
    # -- question lists saved on this server ------------------------------------------------

    def save_list(self, code: str, key: str, name: str, items: Sequence[peer.Item]) -> str:
        """Save a question list by name (a teacher's link saves it; any class can load it
        later); a list of that name is replaced. Returns the name, read."""
        name = peer.read_list_name(name)
        items = peer.items_from_json([item.to_json() for item in items])
        self._teacher(code, key)
        insert = (postgresql if self.dialect == "postgresql" else sqlite).insert(list_table)
        statement = insert.values(name=name, spec=peer.items_text(items), saved=self.clock())
        statement = statement.on_conflict_do_update(
            index_elements=["name"],
            set_={"spec": statement.excluded.spec, "saved": statement.excluded.saved},
        )
        with self.engine.begin() as db:
            db.execute(statement)
        return name

    def saved_lists(self) -> list[str]:
        """The names of the question lists saved on this server, in alphabetical order."""
        with self.engine.connect() as db:
            return list(db.execute(select(list_table.c.name).order_by(list_table.c.name)).scalars())

    def saved_list(self, name: str) -> tuple[peer.Item, ...]:
        with self.engine.connect() as db:
            text_ = db.execute(select(list_table.c.spec).where(list_table.c.name == name)).scalar()
        if text_ is None:
            raise NotFound(f"No question list is saved as {name!r}.")
        return read_plan(text_)

    def delete_list(self, code: str, key: str, name: str) -> None:
        self._teacher(code, key)
        with self.engine.begin() as db:
            db.execute(list_table.delete().where(list_table.c.name == name))
