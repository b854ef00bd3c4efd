"""The reader of a chapter's ``{only}`` blocks (``chapterblocks.py``), which both chapter-edition
tests rest on, is not vacuous: on small samples it finds each code's blocks (indented ones in a
list item too), the roles of the shared text and the messages Sphinx would extract."""

from __future__ import annotations

from chapterblocks import ROLE, split
from chapterblocks import clause as clause_of
from chapterblocks import units as message_units


def test_the_checks_see_blocks_roles_and_messages() -> None:
    """The block and message readers are not vacuous on a small sample."""
    sample = ("Shared {law}`9A`.\n\n```{only} edition2017\nOne\nparagraph {law}`27B1a`.\n\n"
              "- an item\n  on two lines\n```\n\n1. A question\n\n"
              "   ```{only} edition1987\n   Old {law}`26A2`.\n   ```\n")
    blocks, shared = split(sample)
    assert sorted(blocks) == ["edition1987", "edition2017"]
    assert ROLE.findall(shared) == ["9A"]
    assert message_units(blocks["edition2017"][0]) == ["One paragraph {law}`27B1a`.",
                                                "an item on two lines"]
    assert message_units(blocks["edition1987"][0]) == ["Old {law}`26A2`."]
    assert clause_of("Law 26 <26A1>") == "26A1"


def test_the_readers_see_blocks_roles_and_messages() -> None:
    """The block and message readers are not vacuous on a small sample, indented blocks too."""
    sample = ("Shared {law}`64A1`.\n\n```{only} edition2017\nOne\nparagraph {law}`64B6`.\n\n"
              "- an item\n  on two lines\n```\n\n* item {law}`75D2`.\n\n  ```{only} edition1987\n"
              "  Old {law}`86A`\n  continued.\n  ```\n")
    blocks, shared = split(sample)
    assert sorted(blocks) == ["edition1987", "edition2017"]
    assert ROLE.findall(shared) == ["64A1", "75D2"]
    assert message_units(blocks["edition2017"][0]) == ["One paragraph {law}`64B6`.",
                                                "an item on two lines"]
    assert message_units(blocks["edition1987"][0]) == ["Old {law}`86A` continued."]
    assert clause_of("Law 26 <26A1>") == "26A1"
