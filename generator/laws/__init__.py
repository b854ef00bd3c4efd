"""Edition-specific judgement: rulings, the law index, and the scoring tables.

One module per law (``law27.py``, ``law77.py`` ...). Every ruling cites :class:`~refs.LawRef`
values that must exist in the edition's law index (``data/index_<edition>.yaml``).
"""
