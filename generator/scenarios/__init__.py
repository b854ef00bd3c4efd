"""Scenario generator: random, realistic irregularity situations with verified rulings.

``deals`` draws seeded deals from endplay's dealer; ``bidding`` and ``play`` are small natural
models so that the calls and cards before an irregularity read like real bridge; ``recipes``
inject one irregularity of a given kind; ``verify`` lets the engine rule and checks the ruling;
``questions`` turns a verified scenario into quiz questions; ``bank`` writes a stable bank.
"""
