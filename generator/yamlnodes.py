"""Reading a YAML file a person edits (quiz definitions, language catalogs) as a node tree.

PyYAML's ``safe_load`` keeps the last of two equal keys and forgets where each value was, so a
duplicated key in ``quizzes.yaml`` or a catalog silently replaced the first one, and a wrong value
could only be reported without its line. :func:`compose` reads the text into PyYAML's node tree
(every node keeps ``start_mark.line``), refuses a key given twice in any mapping with the line of
the second one, and turns every YAML error into one located :class:`InputError`. :func:`value`
then builds the plain Python value of a node. The file itself is read by
:func:`generator.table.limits.read_text` (with :data:`MAX_BYTES`).
"""

from __future__ import annotations

from typing import Any

import yaml

from generator.errors import InputError

#: No definitions file or catalog comes near this: a bigger file is refused unread.
MAX_BYTES = 1024 * 1024


#: libyaml's loader when PyYAML has it (ten times faster on a catalog), else PyYAML's own; both
#: give the same node tree, with lines.
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def line(node: yaml.Node) -> int:
    """The 1-based line a node starts on."""
    return int(node.start_mark.line) + 1


def compose(text: str, path: str) -> yaml.Node | None:
    """The node tree of ``text`` (``None`` when empty); a syntax error or a key given twice is
    an :class:`InputError` with the line."""
    try:
        root = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "not YAML"
        raise InputError(f"invalid YAML: {problem}", path,
                         mark.line + 1 if mark is not None else None) from None
    except yaml.YAMLError as exc:
        first = str(exc).strip().splitlines()
        raise InputError(f"invalid YAML: {first[0] if first else type(exc).__name__}",
                         path) from None
    except RecursionError:
        raise InputError("nested too deeply to be read", path) from None
    if root is not None:
        _refuse_duplicates(root, path)
    return root


def _refuse_duplicates(root: yaml.Node, path: str) -> None:
    todo = [root]
    seen_nodes: set[int] = set()
    while todo:
        node = todo.pop()
        if id(node) in seen_nodes:  # an alias: the node was checked where it was defined
            continue
        seen_nodes.add(id(node))
        if isinstance(node, yaml.MappingNode):
            keys: dict[Any, int] = {}
            for key_node, value_node in node.value:
                if isinstance(key_node, yaml.ScalarNode):
                    key = (key_node.tag, key_node.value)
                    if key in keys:
                        raise InputError(f"key '{key_node.value}' is given twice (first on line "
                                         f"{keys[key]})", path, line(key_node))
                    keys[key] = line(key_node)
                todo.extend((key_node, value_node))
        elif isinstance(node, yaml.SequenceNode):
            todo.extend(node.value)


def value(node: yaml.Node, path: str) -> Any:
    """The plain value of a node (safe tags only); an unknown tag is a located error."""
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise InputError(f"invalid YAML: {exc.problem or exc.context}", path,
                         mark.line + 1 if mark is not None else line(node)) from None
    except (yaml.YAMLError, ValueError, TypeError) as exc:
        raise InputError(f"invalid YAML: {exc}", path, line(node)) from None
    finally:
        loader.dispose()
