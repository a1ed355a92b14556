"""``phom serve``: a JSON API for game servers and a table in the browser (``pip install "phom[web]"``).

``phom.web.app.create_app()`` is the ASGI application; ``phom.web.hosting`` keeps the hosted games;
the page is ``static/index.html`` with its script and style, served by the package.
"""
