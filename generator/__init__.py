"""tdcourse: a rules engine, scenario generator and course on the Laws of Duplicate Contract Bridge.

The package is layered (see README): ``model`` holds pure bridge values, ``table`` records what
happened at a table and classifies irregular actions, ``laws`` holds edition-specific judgement
(rulings, scoring tables), and the command line in ``cli`` ties them together.
"""

__version__ = "0.1.0"
