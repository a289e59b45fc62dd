"""The four games' pure rules, one module per game (no Flask, no OpenCV, no I/O, no clock).

What the server knows of each game (its words, reducer, page, results) is declared once in
`assistant.registry`.
"""
