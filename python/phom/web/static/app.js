// The table in the browser: talks to the JSON API of `phom serve`; the cards are drawn by the server
// (phom.render), this script only wires clicks to actions.
"use strict";

const state = { id: null, token: null, view: null, selected: new Set() };

const $ = (id) => document.getElementById(id);

async function api(path, options = {}) {
  const response = await fetch(path, {
    headers: { "content-type": "application/json" },
    ...options,
  });
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

function myHandCards() {
  // the first part of the player's own seat is his hand
  const part = document.querySelector(`.phom-seat[data-seat="${state.view.player}"] .phom-part`);
  return part ? part.querySelectorAll("g.card") : [];
}

function render(view) {
  state.view = view;
  state.selected.clear();
  $("table").innerHTML = view.html;
  const mine = document.querySelector(`.phom-seat[data-seat="${view.player}"]`);
  if (mine) mine.classList.add("me");
  for (const card of myHandCards()) {
    card.addEventListener("click", () => toggle(card));
    card.addEventListener("dblclick", (event) => { event.preventDefault(); play(`discard ${card.dataset.card}`); });
  }
  const yourTurn = view.to_move === view.player && !view.is_over;
  $("status").textContent = view.is_over ? "The game is over."
    : yourTurn ? `Your turn: ${view.phase === "take" ? "take a card (draw, or eat the last discard)" : "play"}`
      + (view.turn_kind === "lay" ? " — your lay-down turn" : view.turn_kind === "tai" ? " — a tái turn" : "")
    : `Seat ${view.to_move} is playing…`;
  const moves = $("moves");
  moves.innerHTML = "";
  for (const action of view.legal_actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = action.text;
    button.dataset.action = action.text;
    if (action.text === "autolay" || action.text === "u") button.className = "primary";
    button.addEventListener("click", () => play(action.text));
    moves.appendChild(button);
  }
  $("controls").hidden = view.is_over;
  $("hint").disabled = $("look-ahead").disabled = !yourTurn;
  updateSelection();
  showResult(view);
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
}

function showResult(view) {
  const box = $("result");
  if (!view.result) { box.hidden = true; box.innerHTML = ""; return; }
  const r = view.result;
  const places = ["nhất", "nhì", "ba", "bét"];
  let rows = "";
  for (let seat = 0; seat < r.net.length; seat++) {
    const place = r.u !== null ? (seat === r.u ? "ù" : "—")
      : (r.ranking.length ? (r.ranking.length < 4 && r.ranking.indexOf(seat) === r.ranking.length - 1
        ? "bét" : places[r.ranking.indexOf(seat)]) : "");
    const net = r.net[seat];
    rows += `<tr><td>Seat ${seat}${seat === view.player ? " (you)" : ""}</td><td>${place}</td>`
      + `<td>${r.points[seat]}${r.mom[seat] && r.u === null ? " (móm)" : ""}</td>`
      + `<td class="${net > 0 ? "win" : net < 0 ? "loss" : ""}">${net > 0 ? "+" : ""}${net}</td></tr>`;
  }
  const headline = r.u !== null ? `Seat ${r.u} wins by ${r.u_kind.replace("_", " ")}.` : `Seat ${r.winner} is nhất.`;
  box.innerHTML = `<h2>Result</h2><p>${headline}</p><table id="result-table"><tr><th>seat</th><th>place</th>`
    + `<th>points</th><th>money</th></tr>${rows}</table>`
    + `<button type="button" class="primary" id="play-again">New game</button>`;
  box.hidden = false;
  $("play-again").addEventListener("click", newGame);
}

async function play(text) {
  if (document.body.getAttribute("aria-busy") === "true") return;
  await whileBusy(async () => {
    try {
      say("");
      render(await api(`/api/games/${state.id}/actions`, {
        method: "POST", body: JSON.stringify({ token: state.token, action: text }) }));
    } catch (error) {
      say(`Not allowed: ${error.message}`, true);
    }
  });
}

async function advise(search) {
  say(search ? "Looking ahead…" : "");
  try {
    const hint = await api("/api/hint", {
      method: "POST", body: JSON.stringify({ game: state.id, token: state.token, search }) });
    say(`Hint: ${hint.action.text} — ${hint.reason}`);
  } catch (error) {
    say(`No hint: ${error.message}`, true);
  }
}

async function newGame(event) {
  if (event) event.preventDefault();
  const bot = $("bot-kind").value;
  say("");
  await whileBusy(async () => {
    try {
      const created = await api("/api/games", { method: "POST", body: JSON.stringify({ bots: [bot, bot, bot] }) });
      state.id = created.id;
      state.token = created.tokens["0"];
      render(await api(`/api/games/${state.id}?token=${encodeURIComponent(state.token)}`));
    } catch (error) {
      say(`Could not start a game: ${error.message}`, true);
    }
  });
}

$("new-game").addEventListener("submit", newGame);
$("lay-selected").addEventListener("click", () => play(`lay ${[...state.selected].join(" ")}`));
$("clear-selection").addEventListener("click", () => render(state.view));
$("hint").addEventListener("click", () => advise(false));
$("look-ahead").addEventListener("click", () => advise(true));
