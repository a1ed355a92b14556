// The table in the browser: talks to the JSON API of `phom serve` and listens to the table's WebSocket;
// the cards are drawn by the server (phom.render, phom.tienlen.render), this script wires clicks to
// actions. A view says which game it is (view.game: "phom" or "tienlen").
// The seat (game id, seat, token) lives in the URL fragment, which browsers never send to a server, and
// in local storage: a refresh or an invite link keeps it.
"use strict";

const state = { id: null, seat: null, token: null, view: null, selected: new Set(), socket: null,
  retry: 0, closedOnPurpose: false };

const $ = (id) => document.getElementById(id);
const MAX_MOVE_BUTTONS = 40;

async function api(path, options = {}) {
  const headers = { "content-type": "application/json" };
  if (state.token) headers.authorization = `Bearer ${state.token}`;
  const response = await fetch(path, { ...options, headers });
  const data = await response.json();
  if (!response.ok) {
    const error = new Error(data.error || response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
}

async function whileBusy(task) {
  // the page is busy (aria-busy, moves disabled) from a click until its answer is drawn: no double moves
  document.body.setAttribute("aria-busy", "true");
  for (const button of document.querySelectorAll("#moves button")) button.disabled = true;
  try {
    await task();
  } finally {
    document.body.setAttribute("aria-busy", "false");
    for (const button of document.querySelectorAll("#moves button")) button.disabled = false;
  }
}

function say(text, refused = false) {
  const box = $("message");
  box.textContent = text;
  box.hidden = !text;
  box.className = refused ? "refused" : "";
}

// ---------------------------------------------------------------------------------------------
// The seat: URL fragment and local storage

function seatLink(id, seat, token) {
  return `${location.origin}${location.pathname}#game=${encodeURIComponent(id)}&seat=${seat}`
    + `&token=${encodeURIComponent(token)}`;
}

function readSeat() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.get("game") && fragment.get("token")) {
    return { id: fragment.get("game"), seat: Number(fragment.get("seat") || 0), token: fragment.get("token") };
  }
  try { return JSON.parse(localStorage.getItem("phom-seat") || "null"); } catch (error) { return null; }
}

function keepSeat() {
  const link = seatLink(state.id, state.seat, state.token);
  history.replaceState(null, "", link);
  try {
    localStorage.setItem("phom-seat", JSON.stringify({ id: state.id, seat: state.seat, token: state.token }));
  } catch (error) { /* private mode: the fragment still holds the seat */ }
}

// ---------------------------------------------------------------------------------------------
// Drawing a view

function myHandCards() {
  // the first part of the player's own seat is his hand
  const part = document.querySelector(`.phom-seat[data-seat="${state.view.player}"] .phom-part`);
  return part ? part.querySelectorAll("g.card") : [];
}

function render(view, missed = null) {
  const before = state.view ? state.view.version : 0;
  state.view = view;
  state.selected.clear();
  $("table").innerHTML = view.html;
  const mine = document.querySelector(`.phom-seat[data-seat="${view.player}"]`);
  if (mine) mine.classList.add("me");
  for (const seat of document.querySelectorAll(".phom-seat")) {
    const number = Number(seat.dataset.seat);
    if (number === view.player) continue;
    const who = document.createElement("span");
    who.className = "seat-who";
    who.textContent = view.humans.includes(number) ? "a person" : `bot: ${view.bots[number]}`;
    seat.querySelector("h4").appendChild(who);
  }
  const tienlen = view.game === "tienlen";
  $("game-title").textContent = tienlen ? "Tiến lên" : "Phỏm";
  for (const card of myHandCards()) {
    card.addEventListener("click", () => toggle(card));
    if (!tienlen) {
      card.addEventListener("dblclick", (event) => { event.preventDefault(); play(`discard ${card.dataset.card}`); });
    }
  }
  const yourTurn = view.to_move === view.player && !view.is_over;
  const doing = tienlen ? (view.table ? "beat the table or pass" : "lead a new round (any combination)")
    : (view.phase === "take" ? "take a card (draw, or eat the last discard)" : "play")
      + (view.turn_kind === "lay" ? " — your lay-down turn" : view.turn_kind === "tai" ? " — a tái turn" : "");
  $("status").textContent = view.is_over ? "The game is over."
    : yourTurn ? `Your turn (seat ${view.player}): ${doing}`
    : `Seat ${view.to_move} is playing${view.humans.includes(view.to_move) ? " (a person)" : " (a bot)"}…`;
  const moves = $("moves");
  moves.innerHTML = "";
  // a Tiến lên lead can have hundreds of plays: the buttons show the pass and the first ones, weakest
  // first; any other play is made by selecting its cards
  const shown = tienlen ? view.legal_actions.slice(0, MAX_MOVE_BUTTONS) : view.legal_actions;
  for (const action of shown) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = action.text;
    button.dataset.action = action.text;
    if (action.text === "autolay" || action.text === "u") button.className = "primary";
    button.addEventListener("click", () => play(action.text));
    moves.appendChild(button);
  }
  if (shown.length < view.legal_actions.length) {
    const more = document.createElement("span");
    more.className = "tip";
    more.textContent = `… and ${view.legal_actions.length - shown.length} more: select their cards and press “Play selected”.`;
    moves.appendChild(more);
  }
  $("lay-selected").hidden = tienlen;
  $("play-selected").hidden = !tienlen;
  $("card-tip").textContent = tienlen ? "Click your cards to select a play, then “Play selected”."
    : "Click your cards to select them; double-click a card to discard it.";
  $("controls").hidden = view.is_over;
  $("hint").disabled = $("look-ahead").disabled = !yourTurn;
  $("fairness").hidden = false;
  $("commitment").textContent = view.commitment;
  $("download-record").hidden = !view.is_over;
  $("review-game").hidden = !view.is_over;
  $("rules-line").hidden = false;
  $("rules-line").textContent = `House rules: ${view.rules_words.join(" · ")}`;
  if (!view.is_over) { $("review").hidden = true; $("review").innerHTML = ""; }
  renderLog(view, missed ? missed.length : Math.max(0, view.version - before));
  updateSelection();
  showResult(view);
}

function renderLog(view, fresh) {
  const log = $("log");
  log.innerHTML = "";
  view.log.forEach((text, i) => {
    const item = document.createElement("li");
    item.textContent = text;
    if (i >= view.log.length - fresh) item.className = "new";
    log.appendChild(item);
  });
  $("log-box").hidden = false;
  $("log-box").scrollTop = $("log-box").scrollHeight;
  // the other seats' new moves, read out politely by screen readers (never a hidden card: the log
  // names only cards everyone has seen)
  const others = view.history.map((entry, i) => [entry, view.log[i]])
    .slice(view.log.length - fresh).filter(([entry]) => entry.player !== view.player).map(([, text]) => text);
  if (others.length) $("announce").textContent = others.join(". ");
}

function toggle(card) {
  const code = card.dataset.card;
  if (state.selected.has(code)) { state.selected.delete(code); card.classList.remove("picked"); }
  else { state.selected.add(code); card.classList.add("picked"); }
  updateSelection();
}

function updateSelection() {
  const codes = [...state.selected];
  $("selected").textContent = codes.length ? codes.join(" ") : "—";
  $("lay-selected").disabled = codes.length < 3;
  $("play-selected").disabled = codes.length < 1;
}

function showResult(view) {
  const box = $("result");
  if (!view.result) { box.hidden = true; box.innerHTML = ""; return; }
  if (view.game === "tienlen") { showTienLenResult(view, box); return; }
  const r = view.result;
  const places = ["nhất", "nhì", "ba", "bét"];
  let rows = "";
  for (let seat = 0; seat < r.net.length; seat++) {
    const place = r.u !== null ? (seat === r.u ? "ù" : "—")
      : (r.ranking.length ? (r.ranking.length < 4 && r.ranking.indexOf(seat) === r.ranking.length - 1
        ? "bét" : places[r.ranking.indexOf(seat)]) : "");
    const net = r.net[seat];
    rows += `<tr><td>Seat ${seat}${whoIs(view, seat)}</td><td>${place}</td>`
      + `<td>${r.points[seat]}${r.mom[seat] && r.u === null ? " (móm)" : ""}</td>`
      + `<td class="${net > 0 ? "win" : net < 0 ? "loss" : ""}">${net > 0 ? "+" : ""}${net}</td></tr>`;
  }
  const uNames = { u: "ù", u_tron: "ù tròn", u_khan: "ù khan" };
  const headline = r.u !== null ? `Seat ${r.u} wins by ${uNames[r.u_kind] || r.u_kind}.` : `Seat ${r.winner} is nhất.`;
  finishResult(view, box, headline, `<tr><th>seat</th><th>place</th><th>points</th><th>money</th></tr>${rows}`);
}

function whoIs(view, seat) {
  return seat === view.player ? " (you)" : view.humans.includes(seat) ? "" : ` (${view.bots[seat]})`;
}

function showTienLenResult(view, box) {
  const r = view.result;
  const n = r.net.length;
  const placeName = (i) => (i === n - 1 ? "bét" : ["nhất", "nhì", "ba"][i]);
  let rows = "";
  r.places.forEach((seat, i) => {
    const net = r.net[seat];
    const tag = r.cong.includes(seat) ? " (cóng)" : "";
    rows += `<tr><td>Seat ${seat}${whoIs(view, seat)}</td><td>${r.toi_trang && i > 0 ? "—" : placeName(i)}${tag}</td>`
      + `<td class="${net > 0 ? "win" : net < 0 ? "loss" : ""}">${net > 0 ? "+" : ""}${net}</td></tr>`;
  });
  const headline = r.toi_trang ? `Seat ${r.winner} wins at once (tới trắng).` : `Seat ${r.winner} is nhất.`;
  finishResult(view, box, headline, `<tr><th>seat</th><th>place</th><th>money</th></tr>${rows}`);
}

function finishResult(view, box, headline, rows) {
  const series = state.view.series;
  const totals = series.totals.map((money, seat) => `<tr><td>Seat ${seat}${whoIs(state.view, seat)}</td>`
    + `<td class="${money > 0 ? "win" : money < 0 ? "loss" : ""}">${money > 0 ? "+" : ""}${money}</td></tr>`).join("");
  box.innerHTML = `<h2>Result</h2><p>${headline} Every hand is shown face up on the table.</p>`
    + `<div class="result-tables"><table id="result-table">${rows}</table>`
    + `<table id="series-table"><caption>Game ${series.number} of this table: totals</caption>`
    + `<tr><th>seat</th><th>money</th></tr>${totals}</table></div>`
    + `<button type="button" class="primary" id="next-game">${series.next ? "Go to the next game" : "Next game"}</button> `
    + `<button type="button" id="play-again">New table</button>`;
  box.hidden = false;
  $("play-again").addEventListener("click", newGame);
  $("next-game").addEventListener("click", nextGame);
}

async function nextGame() {
  // the same seat and token at the table's next game (every seat that asks gets the same one)
  try {
    const next = await api(`/api/games/${encodeURIComponent(state.id)}/next`, { method: "POST" });
    await join({ id: next.id, seat: state.seat, token: state.token });
    say(`Game ${state.view.series.number} at this table: the previous game's nhất leads.`);
  } catch (error) {
    say(`No next game: ${error.message}`, true);
  }
}

// ---------------------------------------------------------------------------------------------
// Live updates

function listen() {
  if (state.socket) { state.closedOnPurpose = true; state.socket.close(); }
  state.closedOnPurpose = false;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(state.id)}/ws`);
  state.socket = socket;
  socket.addEventListener("open", () => {
    const first = { token: state.token };
    if (state.view) first.since = state.view.version;
    socket.send(JSON.stringify(first));
    state.retry = 0;
    $("live").textContent = "live";
  });
  socket.addEventListener("message", (event) => {
    const frame = JSON.parse(event.data);
    if (frame.error) { say(frame.error, true); return; }
    if (!state.view || frame.version !== state.view.version || frame.is_over !== state.view.is_over) {
      if (document.body.getAttribute("aria-busy") !== "true") render(frame, frame.missed || null);
      else state.pending = frame;
    }
  });
  socket.addEventListener("close", (event) => {
    $("live").textContent = "reconnecting…";
    if (state.closedOnPurpose || socket !== state.socket || event.code >= 4400) {
      if (event.code >= 4400) $("live").textContent = "";
      return;
    }
    state.retry = Math.min(state.retry + 1, 6);
    setTimeout(listen, 250 * 2 ** state.retry);
  });
}

// ---------------------------------------------------------------------------------------------
// Actions

async function play(text) {
  if (document.body.getAttribute("aria-busy") === "true") return;
  await whileBusy(async () => {
    try {
      say("");
      const view = await api(`/api/games/${state.id}/actions`, { method: "POST", body: JSON.stringify({ action: text }) });
      state.pending = null;
      render(view);
    } catch (error) {
      say(`Not allowed: ${error.message}`, true);
    }
  });
  if (state.pending) { const frame = state.pending; state.pending = null; if (frame.version > state.view.version) render(frame); }
}

async function advise(search) {
  say(search ? "Looking ahead…" : "");
  try {
    const hint = await api("/api/hint", { method: "POST", body: JSON.stringify({ game: state.id, search }) });
    say(`Hint: ${hint.action.text} — ${hint.reason}`);
  } catch (error) {
    say(`No hint: ${error.message}`, true);
  }
}

async function join(seat) {
  state.id = seat.id;
  state.seat = seat.seat;
  state.token = seat.token;
  state.view = null;
  keepSeat();
  render(await api(`/api/games/${encodeURIComponent(state.id)}`));
  listen();
}

function showInvites(created) {
  const list = $("invite-list");
  list.innerHTML = "";
  const others = Object.keys(created.tokens).filter((seat) => seat !== "0");
  for (const seat of others) {
    const item = document.createElement("li");
    const link = seatLink(created.id, seat, created.tokens[seat]);
    item.innerHTML = `Seat ${seat}: <input readonly class="invite" data-seat="${seat}">`;
    item.querySelector("input").value = link;
    item.querySelector("input").addEventListener("focus", (event) => event.target.select());
    list.appendChild(item);
  }
  $("invites").hidden = others.length === 0;
}

function houseRules(game) {
  // the house rules chosen in the form, as the game's Rules fields
  const rules = {};
  for (const label of document.querySelectorAll("#house-rules label")) {
    if (label.dataset.game !== game) continue;
    const box = label.querySelector("input");
    if (box.name === "eight_cards") rules.hand_size = box.checked ? 8 : 9;
    else rules[box.name] = box.checked;
  }
  return rules;
}

async function newGame(event) {
  if (event) event.preventDefault();
  const humans = Number($("human-count").value);
  const game = $("game-kind").value;
  const option = $("bot-kind").selectedOptions[0];
  const bot = option.dataset.game && option.dataset.game !== game ? "greedy" : option.value;
  const body = { game, humans: [...Array(humans).keys()], bots: Array(4 - humans).fill(bot), rules: houseRules(game) };
  if ($("client-seed").value) body.client_seed = $("client-seed").value;
  say("");
  await whileBusy(async () => {
    try {
      state.token = null;
      const created = await api("/api/games", { method: "POST", body: JSON.stringify(body) });
      showInvites(created);
      await join({ id: created.id, seat: 0, token: created.tokens["0"] });
    } catch (error) {
      say(`Could not start a game: ${error.message}`, true);
    }
  });
}

async function downloadRecord() {
  try {
    const record = await api(`/api/games/${encodeURIComponent(state.id)}/record`);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([JSON.stringify(record, null, 1)], { type: "application/json" }));
    link.download = `phom-${state.id}.json`;   // a Tiến lên record verifies the same way
    link.click();
    say(`Saved phom-${state.id}.json: check it with "phom verify phom-${state.id}.json".`);
  } catch (error) {
    say(`No record: ${error.message}`, true);
  }
}

async function reviewGame() {
  // the review is computed once by the server (202 + Retry-After while it runs), then kept with the game
  const box = $("review");
  $("review-game").disabled = true;
  box.hidden = false;
  box.setAttribute("aria-busy", "true");
  box.textContent = "Reviewing every decision of the game…";
  try {
    for (;;) {
      const response = await fetch(`/api/games/${state.id}/review`, { headers: { authorization: `Bearer ${state.token}` } });
      const data = await response.json();
      if (response.status === 202) {
        await new Promise((done) => setTimeout(done, 1000 * Number(response.headers.get("retry-after") || 2)));
        continue;
      }
      if (!response.ok) throw new Error(data.error || response.statusText);
      const lang = document.documentElement.lang === "vi" ? "vi" : "en";
      box.innerHTML = data.html[lang];
      break;
    }
  } catch (error) {
    box.textContent = `No review: ${error.message}`;
  } finally {
    box.setAttribute("aria-busy", "false");
    $("review-game").disabled = false;
  }
}

$("new-game").addEventListener("submit", newGame);
$("review-game").addEventListener("click", reviewGame);
$("lay-selected").addEventListener("click", () => play(`lay ${[...state.selected].join(" ")}`));
$("play-selected").addEventListener("click", () => play(`play ${[...state.selected].join(" ")}`));
$("game-kind").addEventListener("change", () => {
  // the Phỏm-only bots are not offered for Tiến lên
  const game = $("game-kind").value;
  for (const option of $("bot-kind").options) option.hidden = Boolean(option.dataset.game) && option.dataset.game !== game;
  if ($("bot-kind").selectedOptions[0].hidden) $("bot-kind").value = "greedy";
  for (const label of document.querySelectorAll("#house-rules label")) label.hidden = label.dataset.game !== game;
});
$("clear-selection").addEventListener("click", () => render(state.view));
$("hint").addEventListener("click", () => advise(false));
$("look-ahead").addEventListener("click", () => advise(true));
$("download-record").addEventListener("click", downloadRecord);
window.addEventListener("hashchange", () => { const seat = readSeat(); if (seat && seat.token !== state.token) join(seat); });

const saved = readSeat();
if (saved) {
  join(saved).catch((error) => {
    say(`Could not rejoin the table: ${error.message}`, true);
    try { localStorage.removeItem("phom-seat"); } catch (e) { /* ignore */ }
  });
}
