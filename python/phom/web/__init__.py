"""``phom serve``: a JSON API for game servers, live tables and a table in the browser
(``pip install "phom[web]"``).

``phom.web.app.create_app()`` is the ASGI application; ``phom.web.api`` is its API document and the
schemas it checks bodies against; ``phom.web.hosting`` keeps the hosted games (seats, bots, fairness);
``phom.web.store`` writes them to SQLite; the page is ``static/index.html`` with its script and style.
"""
