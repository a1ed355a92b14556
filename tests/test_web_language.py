"""The service in two languages: a view's words (?lang=vi), the live seat's frames, hints, the page's
first language from Accept-Language; API errors keep an English ``error`` and add a ``code`` and a
``message`` in the request's language; a bad language is refused."""

from __future__ import annotations

from web_helpers import bearer, make_client, new_game


def test_a_view_in_vietnamese_has_labels_log_and_table_in_vietnamese():
    client = make_client()
    game_id, tokens = new_game(client, humans=[0], bots=["greedy", "greedy", "greedy"])
    headers = bearer(tokens["0"])
    english = client.get(f"/api/games/{game_id}", headers=headers).json()
    view = client.get(f"/api/games/{game_id}?lang=vi", headers=headers).json()
    assert view["lang"] == "vi" and english["lang"] == "en"
    assert [a["text"] for a in view["legal_actions"]] == [a["text"] for a in english["legal_actions"]]
    assert all(a["label"].startswith("Đánh ") for a in view["legal_actions"])
    assert all(a["label"].startswith("discard ") for a in english["legal_actions"])
    assert 'lang="vi"' in view["html"] and "Ghế 1 (bạn)" in view["html"] and "Seat 1 (you)" in english["html"]
    assert [g["kind"] for g in view["hand_groups"]] == [g["kind"] for g in english["hand_groups"]]
    assert sorted(c for g in view["hand_groups"] for c in g["cards"]) == sorted(view["hand"].split())
    first = english["legal_actions"][0]["text"]
    after = client.post(f"/api/games/{game_id}/actions?lang=vi", headers=headers, json={"action": first}).json()
    assert after["log"][0].startswith("Ghế 1 đánh ") and after["rules_words"][1] == "được gửi ở lượt tái"
    again = client.get(f"/api/games/{game_id}", headers=headers).json()     # the cache keeps languages apart
    assert again["log"][0].startswith("Seat 1 discarded")


def test_a_bad_language_is_refused_with_an_english_error():
    client = make_client()
    game_id, tokens = new_game(client)
    response = client.get(f"/api/games/{game_id}?lang=fr", headers=bearer(tokens["0"]))
    assert response.status_code == 400 and response.json()["error"] == "lang must be en or vi"
    response = client.post("/api/hint", json={"game": game_id, "lang": "fr"}, headers=bearer(tokens["0"]))
    assert response.status_code == 400


def test_hints_in_both_languages_for_both_games():
    client = make_client()
    game_id, tokens = new_game(client)
    said = client.post("/api/hint", json={"game": game_id, "lang": "vi"}, headers=bearer(tokens["0"])).json()
    assert said["action"]["label"].startswith("Đánh ") and said["reason"].startswith("Đánh ")
    tienlen_id, tienlen_tokens = new_game(client, game="tienlen", humans=[0, 1, 2, 3])
    view = client.get(f"/api/games/{tienlen_id}", headers=bearer(tienlen_tokens["0"])).json()
    seat = str(view["to_move"])
    said = client.post("/api/hint", json={"game": tienlen_id, "lang": "vi"}, headers=bearer(tienlen_tokens[seat])).json()
    assert said["action"]["label"].startswith("Đánh ") and "lượt ra bài" in said["reason"]


def test_the_live_seat_speaks_the_language_it_asks_for():
    client = make_client()
    game_id, tokens = new_game(client)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_json({"token": tokens["0"], "lang": "vi", "html": False})
        frame = ws.receive_json()
        assert frame["lang"] == "vi" and frame["legal_actions"][0]["label"].startswith("Đánh ")
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_json({"token": tokens["0"], "lang": ["vi"]})
        assert "lang" in ws.receive_json()["error"]


def test_the_page_starts_in_the_browsers_language():
    client = make_client()
    vi = client.get("/", headers={"accept-language": "vi-VN,vi;q=0.9,en;q=0.5"})
    en = client.get("/", headers={"accept-language": "en-US,en;q=0.9"})
    assert '<html lang="vi">' in vi.text and '<html lang="en">' in en.text
    assert vi.headers["vary"] == "Accept-Language"
    assert client.get("/static/lang/vi.json").json()["next_game"] == "Ván tiếp"


def test_a_refused_move_names_the_rule_in_the_requests_language():
    client = make_client()
    game_id, tokens = new_game(client, game="phom", humans=[0])
    hand = client.get(f"/api/games/{game_id}", headers=bearer(tokens["0"])).json()["hand"].split()
    missing = next(code for code in ("KS", "QS", "JS", "10S", "9S") if code not in hand)
    said = {}
    for name, lang, headers in (("query", "vi", {}), ("vi", None, {"Accept-Language": "vi-VN,vi;q=0.9"}),
                                ("en", None, {"Accept-Language": "en-US"})):
        query = f"?lang={lang}" if lang else ""
        lay = client.post(f"/api/games/{game_id}/actions{query}", json={"action": "lay JS QS AC"},
                          headers={**bearer(tokens["0"]), **headers})
        held = client.post(f"/api/games/{game_id}/actions{query}", json={"action": f"discard {missing}"},
                           headers={**bearer(tokens["0"]), **headers})
        said[name] = (lay.json(), held.json())
        assert lay.status_code == 422 and held.status_code == 409
    assert said["query"] == said["vi"] and said["vi"][0]["message"] == "J♠ Q♠ A♣ không phải phỏm."
    assert said["vi"][0]["code"] == "not_a_phom" and "is not a phỏm" in said["vi"][0]["error"]
    assert said["en"][0]["message"] == "J♠ Q♠ A♣ is not a phỏm." and said["vi"][1]["message"].startswith("Bạn không có ")
    unknown = client.get("/api/games/nope?lang=vi", headers=bearer("x")).json()
    assert set(unknown) == {"error", "code", "message"} and unknown["message"].isprintable()
    tienlen_id, tienlen_tokens = new_game(client, game="tienlen", humans=[0, 1, 2, 3])
    view = client.get(f"/api/games/{tienlen_id}", headers=bearer(tienlen_tokens["0"])).json()
    seat = str(view["to_move"])
    opening = client.post(f"/api/games/{tienlen_id}/actions?lang=vi", json={"action": "pass"},
                          headers=bearer(tienlen_tokens[seat])).json()
    assert opening["code"] == "lead_cannot_pass" and opening["message"].startswith("Bạn đi đầu vòng này")
