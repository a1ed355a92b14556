// The table in the browser: talks to the JSON API of `phom serve` and listens to the table's WebSocket;
// the table is drawn by the server (each game's render), the player's own hand here, as a keyboard
// listbox the player arranges (xếp bài). The page never asks which game it is: a view says what differs
// (view.title; view.page: the ranks for sorting, the hand's sorts, what the chosen cards do, the group
// marks, what the seat is doing, the table's features; view.result_table: the result as the table shows it).
// Words: one catalog per language (static/lang/vi.json, en.json); Vietnamese when the browser prefers
// it, English otherwise, and the switch is remembered. English keeps the game's Vietnamese terms, marked
// lang="vi" for screen readers.
// The seat (game id, seat, token) lives in the URL fragment, which browsers never send to a server, and
// in local storage: a refresh or an invite link keeps it.
"use strict";

const state = { id: null, seat: null, token: null, view: null, selected: new Set(), socket: null,
  retry: 0, closedOnPurpose: false, lang: "en", catalogs: {}, order: [], active: null,
  // the table of people: the clock's offset from the server's (now_ms − Date.now()), the bubbles on the
  // seats, the sound switch and whether the player has touched the page (no sound before), the sounds made
  clockOffset: 0, clockTimer: null, bubbles: new Map(), sound: false, touched: false, audio: null, sounds: [],
  momentTimer: null, ownReaction: 0,
  // the ring on the seat to act (its whole time, per deadline), the last 10 s warned once (a vibration) and
  // ticked each second; the games this page has followed (the next game of the table); the socket's
  // reconnection (its timer and when it is due); the games the service offers (GET /api/kinds, or null)
  ring: { deadline: null, total: 0 }, warned: null, ticked: null, vibrations: 0, following: null,
  reconnectTimer: null, reconnectAt: 0, kinds: null };

const $ = (id) => document.getElementById(id);
const REACTIONS = ["nice", "hurry", "laugh", "sad", "thanks"];
const CARD_VERBS = ["discard", "play", "lay", "send"];
const RANK_CODES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUIT_CODES = "SCDH";
const SUIT_SYMBOLS = "♠♣♦♥";

// ---------------------------------------------------------------------------------------------
// Languages

// a {seat} is the API's seat (from 0): people count from 1; numbers follow the language (vi-VN: 39.680)
function shown(name, value) {
  if (name === "seat" && value !== "" && !Number.isNaN(Number(value))) return String(Number(value) + 1);
  if (typeof value === "number") return number(value);
  return String(value);
}

function number(value, digits) {
  const options = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return new Intl.NumberFormat(state.lang === "vi" ? "vi-VN" : "en-US", options).format(value).replace("-", "\u2212");
}

function t(key, vars = {}) {
  const catalog = state.catalogs[state.lang] || {};
  const text = catalog[key] !== undefined ? catalog[key] : (state.catalogs.en || {})[key] || key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? shown(name, vars[name]) : whole)).normalize("NFC");
}

function preferredLanguage() {
  try {
    const saved = localStorage.getItem("phom-lang");
    if (saved === "vi" || saved === "en") return saved;
  } catch (error) { /* private mode */ }
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
  return wanted.some((code) => String(code).toLowerCase().startsWith("vi")) ? "vi" : "en";
}

let termPattern = null;

function markTerms(root) {
  // English text keeps the Vietnamese game terms: each is wrapped in <span lang="vi"> for screen readers
  if (state.lang !== "en" || !termPattern) return;
  // a drawing's labels (phỏm, cạ, rác) are terms too: the whole <text> is marked
  for (const label of root.querySelectorAll("svg text:not([lang])")) {
    const words = label.textContent.trim();
    if (words && words.replace(termPattern, "").replace(/\d+/g, "").trim() === "") label.setAttribute("lang", "vi");
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement.closest("[lang=vi], svg, script, style, code, option, title")
      ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT) });
  const nodes = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  for (const node of nodes) {
    const parts = node.nodeValue.split(termPattern);
    if (parts.length < 2) continue;
    const fragment = document.createDocumentFragment();
    parts.forEach((part, i) => {
      if (i % 2 === 1) {
        const span = document.createElement("span");
        span.lang = "vi";
        span.className = "vi-term";
        span.textContent = part;
        fragment.appendChild(span);
      } else if (part) fragment.appendChild(document.createTextNode(part));
    });
    node.replaceWith(fragment);
  }
}

function setText(element, text) {
  element.textContent = text;
  markTerms(element);
}

function translatePage() {
  document.documentElement.lang = state.lang;
  $("lang-switch").value = state.lang;
  buildGameMenu();                                   // the games' titles in the page's language
  buildHouseRules();                                 // and their house rules' words
  for (const element of document.querySelectorAll("[data-i18n]")) setText(element, t(element.dataset.i18n));
  for (const element of document.querySelectorAll("[data-i18n-placeholder]")) element.placeholder = t(element.dataset.i18nPlaceholder);
  for (const element of document.querySelectorAll("[data-i18n-aria-label]")) element.setAttribute("aria-label", t(element.dataset.i18nAriaLabel));
  for (const option of document.querySelectorAll("#bot-seats option[data-level]")) {
    option.textContent = t("level", { number: option.dataset.level, name: t(`level_${option.dataset.level}`) });
  }
  for (const label of document.querySelectorAll("#bot-seats .bot-seat-name")) label.textContent = t("bot_seat", { seat: label.dataset.seat });
  for (const option of document.querySelectorAll("#turn-seconds option[data-seconds]")) {
    option.textContent = t("turn_seconds_n", { count: Number(option.dataset.seconds) });
  }
  drawSoundSwitch();
  drawNameButton();
  nameTheTab();                                      // the tab: the game, then the page (page_title)
}

async function loadCatalogs() {
  for (const lang of ["en", "vi"]) {
    const response = await fetch(`/static/lang/${lang}.json`);
    state.catalogs[lang] = await response.json();
  }
  const terms = [...state.catalogs.en._terms].sort((a, b) => b.length - a.length);
  termPattern = new RegExp(`(?<![\\p{L}])(${terms.map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\p{L}])`, "iu");
}

async function switchLanguage(lang) {
  state.lang = lang;
  try { localStorage.setItem("phom-lang", lang); } catch (error) { /* private mode */ }
  translatePage();
  if (state.id) {
    render(await api(`/api/games/${encodeURIComponent(state.id)}`));
    listen();
  }
}

// ---------------------------------------------------------------------------------------------
// Talking to the server

async function api(path, options = {}) {
  const headers = { "content-type": "application/json" };
  if (state.token) headers.authorization = `Bearer ${state.token}`;
  const joiner = path.includes("?") ? "&" : "?";
  const url = path.startsWith("/api/") ? `${path}${joiner}lang=${state.lang}` : path;
  let response;
  try {
    response = await fetch(url, { ...options, headers });
  } catch (failed) {
    throw new Error(t("no_server"));                // the network, not the server: never the browser's English
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    // message: the server's sentence in the page's language (error: its English, for logs, never shown)
    const error = new Error(data.message || t("server_trouble"));
    error.code = data.code;
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
    if (state.view) drawMoves(state.view);           // each button as the view and the chosen cards have it
    else for (const button of document.querySelectorAll("#moves button")) button.disabled = false;
  }
}

function say(text, refused = false) {
  const box = $("message");
  setText(box, text);
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
// The hand: a listbox in the player's own order (xếp bài)

function handCodes(view) {
  if (!view.hand) return [];
  return Array.isArray(view.hand) ? view.hand : view.hand.split(/\s+/).filter(Boolean);
}

function cardName(code) {
  const rank = RANK_CODES.indexOf(code.slice(0, -1)) + 1;
  return t("card_name", { rank: t(`rank_${rank}`), suit: t(`suit_${code.slice(-1)}`) });
}

function groupOf(view) {
  // card code → its group's kind (a meld's kind, or a combination) and the group's number
  const found = {};
  (view.hand_groups || []).forEach((group, number) => {
    for (const code of group.cards) found[code] = { kind: group.kind, number };
  });
  return found;
}

function sortedHand(view, how) {
  // "rank" and "suit" by the game's ranks (view.page.ranks, weakest first); any other sort is the
  // server's arrangement (hand_groups)
  const codes = handCodes(view);
  const ranks = view.page.ranks;
  const rank = (code) => ranks.indexOf(code.slice(0, -1));
  const suit = (code) => SUIT_CODES.indexOf(code.slice(-1));
  if (how !== "rank" && how !== "suit") {
    const order = (view.hand_groups || []).flatMap((group) => group.cards);
    return [...order, ...codes.filter((code) => !order.includes(code))];
  }
  if (how === "suit") return [...codes].sort((a, b) => suit(a) - suit(b) || rank(a) - rank(b));
  return [...codes].sort((a, b) => rank(a) - rank(b) || suit(a) - suit(b));
}

function orderKey() {
  return `phom-order:${state.id}:${state.seat}`;
}

function savedOrder() {
  // the player's order of this game's seat, kept for the tab's life: a reload shows the hand as he left it
  try { return JSON.parse(sessionStorage.getItem(orderKey()) || "[]"); } catch (error) { return []; }
}

function saveOrder() {
  try { sessionStorage.setItem(orderKey(), JSON.stringify(state.order)); } catch (error) { /* private mode */ }
}

function keepOrder(view) {
  // the player's order survives every update and a reload: cards still in hand keep their places, new
  // ones go last (and are marked fresh: they arrive with a short animation)
  const codes = handCodes(view);
  state.fresh = new Set();
  state.dealing = false;
  if (!state.order.length) state.order = savedOrder().filter((code) => codes.includes(code));
  if (!state.order.length) {
    state.order = sortedHand(view, view.page.sorts[0]);      // the game's first sort is its default order
    state.dealing = !view.is_over && codes.length > 0;        // a hand just dealt: the cards are dealt in
  } else {
    const added = codes.filter((code) => !state.order.includes(code));
    state.fresh = new Set(added);
    state.order = [...state.order.filter((code) => codes.includes(code)), ...added];
  }
  saveOrder();
}

function drawHand(view) {
  const list = $("hand");
  const groups = groupOf(view);
  list.innerHTML = "";
  // on a phone the hand is held in one or two even rows, each card at least 44 px wide (CSS reads --per-row)
  const rows = Math.max(1, Math.ceil(state.order.length / 7));
  list.style.setProperty("--per-row", String(Math.max(1, Math.ceil(state.order.length / rows))));
  const own = view.history.filter((entry) => entry.player === view.player);
  const ate = own.length && own[own.length - 1].action.startsWith("eat ");
  state.order.forEach((code, index) => {
    const item = document.createElement("li");
    const group = groups[code];
    const picked = state.selected.has(code);
    item.id = `card-${code}`;
    item.setAttribute("role", "option");
    item.setAttribute("aria-selected", String(picked));
    item.dataset.card = code;
    item.draggable = true;
    item.className = `hand-card${"DH".includes(code.slice(-1)) ? " red" : ""}${picked ? " picked" : ""}`
      + (state.fresh && state.fresh.has(code) ? ` fresh${ate ? " eaten-in" : ""}` : "")
      + (state.dealing ? " dealt" : "")
      + (group && view.page.group_marks ? ` mark-${group.kind}` : "") + (group ? ` group-${group.number % 2}` : "");
    const mark = group && view.page.group_marks && group.kind !== "hand" ? `, ${t(`card_mark_${group.kind}`)}` : "";
    const eaten = (view.unlaid_eaten || "").split(/\s+/).includes(code) ? `, ${t("card_mark_eaten")}` : "";
    item.setAttribute("aria-label", `${cardName(code)}${mark}${eaten}`);
    item.innerHTML = `<span class="rank">${code.slice(0, -1)}</span><span class="suit">${SUIT_SYMBOLS[SUIT_CODES.indexOf(code.slice(-1))]}</span>`;
    item.addEventListener("click", () => { setActive(code); toggle(code); });
    item.addEventListener("dblclick", (event) => {
      event.preventDefault();
      if (view.page.double_tap) play(`${view.page.double_tap} ${code}`);
    });
    item.addEventListener("dragstart", (event) => { event.dataTransfer.setData("text/plain", code); });
    item.addEventListener("dragover", (event) => event.preventDefault());
    item.addEventListener("drop", (event) => {
      event.preventDefault();
      moveCardTo(event.dataTransfer.getData("text/plain"), state.order.indexOf(code));
    });
    if (state.dealing) item.style.animationDelay = `${index * 45}ms`;     // one card after another
    list.appendChild(item);
  });
  state.dealing = false;
  if (!state.order.includes(state.active)) state.active = state.order[0] || null;
  setActive(state.active);
}

function setActive(code) {
  state.active = code;
  const list = $("hand");
  for (const item of list.children) item.classList.toggle("active", item.dataset.card === code);
  if (code) list.setAttribute("aria-activedescendant", `card-${code}`);
  else list.removeAttribute("aria-activedescendant");
}

function moveCardTo(code, index) {
  const from = state.order.indexOf(code);
  if (from < 0 || index < 0 || index >= state.order.length) return;
  state.order.splice(from, 1);
  state.order.splice(index, 0, code);
  saveOrder();
  state.fresh = new Set();
  drawHand(state.view);
  $("hand").focus();
}

function onHandKey(event) {
  const codes = state.order;
  if (!codes.length) return;
  const at = Math.max(0, codes.indexOf(state.active));
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (step !== undefined) {
    event.preventDefault();
    const to = Math.min(codes.length - 1, Math.max(0, at + step));
    if (event.shiftKey) { const code = codes[at]; moveCardTo(code, to); setActive(code); }
    else setActive(codes[to]);
  } else if (event.key === "Home" || event.key === "End") {
    event.preventDefault();
    setActive(codes[event.key === "Home" ? 0 : codes.length - 1]);
  } else if (event.key === " ") {
    event.preventDefault();
    toggle(codes[at]);
  } else if (event.key === "Enter") {
    event.preventDefault();
    playSelected(codes[at]);
  }
}

function playSelected(fallback) {
  // Enter: the selected cards, one card by the game's verb for one (a discard, a play), several by its
  // verb for several (a phỏm to lay, a play)
  const codes = state.selected.size ? [...state.selected] : (fallback ? [fallback] : []);
  if (!codes.length) return;
  const ordered = state.order.filter((code) => codes.includes(code));
  const page = state.view.page;
  play(`${ordered.length === 1 ? page.card_verb : page.many_verb} ${ordered.join(" ")}`);
}

function toggle(code) {
  if (state.selected.has(code)) state.selected.delete(code);
  else state.selected.add(code);
  const item = $(`card-${code}`);
  if (item) {
    item.classList.toggle("picked", state.selected.has(code));
    item.setAttribute("aria-selected", String(state.selected.has(code)));
  }
  updateSelection();
}

function updateSelection() {
  const codes = state.order.filter((code) => state.selected.has(code));
  $("selected").textContent = codes.length ? codes.map((code) => code.slice(0, -1) + SUIT_SYMBOLS[SUIT_CODES.indexOf(code.slice(-1))]).join(" ") : "—";
  if (state.view) drawMoves(state.view);
}

// ---------------------------------------------------------------------------------------------
// Drawing a view

// what a view says of its game when it says nothing (a game whose view has no "page")
const PAGE_DEFAULTS = { ranks: RANK_CODES, sorts: ["rank", "suit"], card_verb: "play", many_verb: "play",
  double_tap: null, group_marks: false, doing: [], features: [] };

function render(view, missed = null) {
  const ownPage = Boolean(view.page);                 // a game that says how its page works
  view.page = { ...PAGE_DEFAULTS, ...(view.page || {}) };
  const previous = state.view;                     // null for a game just joined (join() clears it)
  const before = state.view ? state.view.version : 0;
  if (state.view && state.view.game !== view.game) state.order = [];
  if (!state.view || state.view.game !== view.game) syncSetup(view.game, view);
  state.view = view;
  if (view.clock) state.clockOffset = view.clock.now_ms - Date.now();
  // an update never clears the player's selection: only cards that left the hand leave it
  const codes = handCodes(view);
  for (const code of [...state.selected]) if (!codes.includes(code)) state.selected.delete(code);
  $("table").innerHTML = view.html;
  $("table").classList.toggle("playing", !view.is_over);   // while playing, the hand is the listbox
  markTerms($("table"));
  seatTheTable(view, Math.max(0, view.version - before));
  showGameTitle(view.title || view.game);                    // the game's name as its players write it
  keepOrder(view);
  drawHand(view);
  for (const button of document.querySelectorAll("#sorting button")) button.hidden = !view.page.sorts.includes(button.dataset.sort);
  const yourTurn = view.to_move === view.player && !view.is_over;
  // what the seat is doing: the first key's words, each later key wrapping them ("{doing}, lượt hạ")
  const doing = view.page.doing.reduce((words, key, i) => (i ? t(key, { doing: words }) : t(key)), "");
  setText($("status"), view.is_over ? t("status_over")
    : yourTurn ? t("your_turn", { seat: view.player, doing }).replace(/:\s*$/, "")
    : seatName(view, view.to_move) ? t("playing_named", { seat: view.to_move, name: seatName(view, view.to_move) })
    : view.humans.includes(view.to_move) ? t("playing_person", { seat: view.to_move })
    : t("playing_bot", { seat: view.to_move, name: botName(view, view.to_move) }));
  drawMoves(view);
  $("card-tip").hidden = !ownPage;                   // a game without a page's words has no tip for its cards
  $("controls").hidden = view.is_over;
  $("hint").disabled = $("look-ahead").disabled = !yourTurn;
  $("fairness").hidden = false;
  // the seal: a short code a person can compare (its first 8 characters, in two groups), the whole one
  // in the downloaded record; words say what it is
  $("commitment").textContent = `${view.commitment.slice(0, 4)} ${view.commitment.slice(4, 8)}`.toUpperCase();
  $("commitment").dataset.full = view.commitment;
  $("download-record").hidden = !view.is_over;
  document.body.classList.add("playing");           // the setup folds away: the table fills the screen
  $("setup-toggle").hidden = false;
  $("rules-line").hidden = false;
  setText($("rules-line"), t("rules_line", { rules: view.rules_words.join(" · ") }));
  if (!view.is_over) { $("review").hidden = true; $("review").innerHTML = ""; }
  renderLog(view, missed ? missed.length : Math.max(0, view.version - before));
  updateSelection();
  showResult(view);
  drawPeople(view);
  announceMoments(view, previous ? before : null);
  soundsFor(view, previous);
}

function cardsOf(action) {
  // the cards an action names (a gửi names one card and a target)
  const [verb, ...rest] = action.text.split(" ");
  return verb === "send" ? rest.slice(0, 1) : rest;
}

function drawMoves(view) {
  // the moves without cards each have a button (Bốc, Ăn, Hạ phỏm, Ù, Bỏ lượt); the cards' moves are made
  // by tapping the cards, then one “Đánh” button (and a Gửi or Hạ button for what the chosen cards can do)
  const moves = $("moves");
  moves.innerHTML = "";
  const picked = state.order.filter((code) => state.selected.has(code));
  const same = (cards) => cards.length === picked.length && cards.every((code) => picked.includes(code));
  const add = (text, label, className = "") => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = capital(label);             // a button: “Draw”, as “Bốc”
    button.dataset.action = text;
    if (className) button.className = className;
    if (label.length > 10) button.classList.add("wide");   // a long label: two columns on a phone
    button.addEventListener("click", () => play(button.dataset.action));
    moves.appendChild(button);
    return button;
  };
  const layTurn = view.legal_actions.some((a) => a.text === "autolay");
  for (const action of view.legal_actions) {
    const verb = action.text.split(" ")[0];
    if (CARD_VERBS.includes(verb)) continue;
    const obvious = action.text === "autolay" || action.text === "u" || action.text === "u-khan";
    add(action.text, action.label || action.text, obvious ? "primary obvious" : "");
  }
  // Gửi and Hạ for the chosen cards
  for (const action of view.legal_actions) {
    const verb = action.text.split(" ")[0];
    if ((verb === "send" || verb === "lay") && picked.length && same(cardsOf(action))) {
      add(action.text, verb === "send" ? sendWords(view, action.text) : action.label || action.text);
    }
  }
  const verb = view.page.card_verb;
  if (view.legal_actions.some((a) => a.text.startsWith(`${verb} `))) {
    // one “Đánh”: the chosen card, or cards where the game plays several by the same verb; the referee
    // answers a play it refuses
    const legal = view.legal_actions.find((a) => a.text.startsWith(`${verb} `) && same(cardsOf(a)));
    const chosen = legal ? legal.text : picked.length === 1 || (picked.length && view.page.many_verb === verb)
      ? `${verb} ${picked.join(" ")}` : verb;
    const button = add(chosen, t(`${verb}_button`), `play-one${layTurn ? "" : " primary"}`);
    button.id = "play-one";
    if (button.dataset.action === verb) { button.disabled = true; button.classList.remove("primary"); }
  }
  const yourTurn = view.to_move === view.player && !view.is_over;
  const autolay = view.legal_actions.find((a) => a.text === "autolay");
  setText($("card-tip"), autolay ? t("lay_turn_tip", { lay: capital(autolay.label || t("last_autolay")) })
    : t(`card_tip_${verb}`));
  $("card-tip").classList.toggle("lay-turn", Boolean(autolay));
  moves.classList.toggle("your-turn", yourTurn);
}

// ---------------------------------------------------------------------------------------------
// The table of people: the clock, away seats, names, reactions, the big moments and sounds

function drawPeople(view) {
  const away = view.away || [];
  const meAway = away.includes(view.player) && !view.is_over;
  $("away-line").hidden = !meAway;
  drawNameButton();
  drawOwnAvatar(view);
  tickClock();
  if (!state.clockTimer) state.clockTimer = setInterval(tickClock, 250);
  for (const [seat, bubble] of state.bubbles) if (bubble.until > Date.now()) placeBubble(seat, bubble.key);
}

function tickClock() {
  // the countdown of the seat to act: whole seconds left by the server's clock (deadline_ms, with the
  // offset now_ms − Date.now() taken when the view arrived), on the seat's avatar a ring that empties as
  // the time runs; the last 10 seconds red, ticked each second on the player's own turn (with sound on)
  // and the phone vibrates once where it can
  const view = state.view;
  const clock = view && !view.is_over ? view.clock : null;
  let element = document.querySelector("[data-clock]");
  for (const ring of document.querySelectorAll(".avatar.timed")) {
    if (!clock || Number(ring.dataset.avatarSeat) !== clock.seat) ring.classList.remove("timed", "last10");
  }
  if (!clock) { if (element) element.remove(); return; }
  const home = clock.seat === view.player ? $("my-clock-home")
    : document.querySelector(`#table .phom-seat[data-seat="${clock.seat}"] h4`);
  if (!home) return;
  if (!element || element.parentElement !== home) {
    if (element) element.remove();
    element = document.createElement("span");
    element.className = "clock";
    element.setAttribute("role", "timer");
    home.appendChild(element);
  }
  const leftMs = Math.max(0, clock.deadline_ms - (Date.now() + state.clockOffset));
  if (state.ring.deadline !== clock.deadline_ms) {
    // the ring's whole: the table's turn, or more where this turn was given more (the first of a game)
    state.ring = { deadline: clock.deadline_ms, total: Math.max(leftMs, 1000 * (view.turn_seconds || 0), 1) };
  }
  const left = Math.ceil(leftMs / 1000);
  const ring = clock.seat === view.player ? document.querySelector("#my-clock-home .avatar")
    : document.querySelector(`#table .phom-seat[data-seat="${clock.seat}"] .avatar`);
  if (ring) {
    ring.classList.add("timed");
    ring.classList.toggle("last10", left <= 10);
    ring.querySelector(".ring-left").setAttribute("stroke-dashoffset", String(100 * (1 - leftMs / state.ring.total)));
    ring.dataset.left = String(left);
  }
  if (element.dataset.clock !== String(left)) {
    element.dataset.clock = String(left);
    element.textContent = t("turn_seconds_n", { count: left });
    element.setAttribute("aria-label", t("seconds_left", { count: left }));
    element.classList.toggle("urgent", left <= 10);
    if (clock.seat === view.player && left <= 10 && left > 0) warnClock(clock, left);
  }
}

function warnClock(clock, left) {
  // the player's own last 10 s: one vibration for the turn, a tick each second
  const key = `${state.id}:${clock.deadline_ms}`;
  if (state.warned !== key) {
    state.warned = key;
    if (navigator.vibrate && state.touched) {
      try { navigator.vibrate(200); state.vibrations += 1; } catch (error) { /* not on this browser */ }
    }
  }
  if (state.ticked !== `${key}:${left}`) {
    state.ticked = `${key}:${left}`;
    sound(left <= 3 ? "tock" : "tick");
  }
}

// a face for each seat: the first letter of its name (a grapheme, as a person counts letters), the
// bot's level, or the seat's number; one colour per seat; the ring of the clock around it
function firstLetter(text) {
  const trimmed = text.trim();
  if (!trimmed) return "";
  if (typeof Intl.Segmenter === "function") {
    const first = new Intl.Segmenter(state.lang, { granularity: "grapheme" }).segment(trimmed)[Symbol.iterator]().next();
    if (!first.done) return first.value.segment.toLocaleUpperCase(state.lang);
  }
  return Array.from(trimmed)[0].toLocaleUpperCase(state.lang);
}

function makeAvatar(view, seat) {
  const name = seatName(view, seat);
  const bot = !view.humans.includes(seat);
  const level = (view.bot_levels || {})[String(seat)];
  const face = document.createElement("span");
  face.className = `avatar seat-colour-${seat % 6}${bot ? " bot" : ""}`;
  face.dataset.avatarSeat = String(seat);
  face.setAttribute("aria-hidden", "true");
  const svgNS = "http://www.w3.org/2000/svg";
  const ring = document.createElementNS(svgNS, "svg");
  ring.setAttribute("viewBox", "0 0 40 40");
  ring.setAttribute("class", "ring");
  for (const part of ["ring-track", "ring-left"]) {
    const circle = document.createElementNS(svgNS, "circle");
    circle.setAttribute("cx", "20");
    circle.setAttribute("cy", "20");
    circle.setAttribute("r", "18");
    circle.setAttribute("class", part);
    circle.setAttribute("pathLength", "100");
    circle.setAttribute("stroke-dasharray", "100");
    circle.setAttribute("stroke-dashoffset", "0");
    ring.appendChild(circle);
  }
  const letter = document.createElement("span");
  letter.className = "avatar-letter";
  letter.textContent = name ? firstLetter(name) : bot && typeof level === "number" ? String(level) : String(seat + 1);
  face.append(ring, letter);
  return face;
}

function drawOwnAvatar(view) {
  const home = $("my-clock-home");
  for (const old of home.querySelectorAll(".avatar")) old.remove();
  home.prepend(makeAvatar(view, view.player));
}

function seatName(view, seat) {
  // a name the seat chose (text, never markup), or ""
  const names = view.names || {};
  return typeof names[String(seat)] === "string" ? names[String(seat)] : "";
}

function drawNameButton() {
  const button = $("name-edit");
  if (!button) return;
  const name = state.view ? seatName(state.view, state.view.player) : "";
  button.textContent = "✎ ";
  const shown = document.createElement("bdi");
  shown.textContent = name || t("name_set");
  button.appendChild(shown);
  button.setAttribute("aria-label", name ? `${t("name_label")}: ${name}` : t("name_set"));
}

async function saveName(event) {
  event.preventDefault();
  const name = $("name-input").value;
  try {
    const answer = await api(`/api/games/${encodeURIComponent(state.id)}/name`, { method: "PUT", body: JSON.stringify({ name }) });
    $("name-form").hidden = true;
    $("name-edit").setAttribute("aria-expanded", "false");
    if (answer && answer.names && state.view) { state.view.names = answer.names; render(state.view); }
    say(t("name_saved", { name: seatName(state.view, state.view.player) || name.trim() }));
  } catch (error) {
    say(t("no_name", { error: error.message }), true);
  }
}

async function comeBack() {
  try {
    const view = await api(`/api/games/${encodeURIComponent(state.id)}/back`, { method: "POST", body: "{}" });
    if (view && view.version !== undefined) render(view);
    else $("away-line").hidden = true;
    say(t("welcome_back"));
  } catch (error) {
    say(t("no_back", { error: error.message }), true);
  }
}

async function react(key) {
  $("reaction-bar").hidden = true;
  $("react-toggle").setAttribute("aria-expanded", "false");
  try {
    await api(`/api/games/${encodeURIComponent(state.id)}/react`, { method: "POST", body: JSON.stringify({ reaction: key }) });
    state.ownReaction = Date.now();
    showReaction({ seat: state.view.player, key });
  } catch (error) {
    say(t("no_reaction", { error: error.message }), true);
  }
}

function showReaction(reaction) {
  // a short bubble on the seat (yours beside your moves) for three seconds; only the fixed set's words
  if (!reaction || !REACTIONS.includes(reaction.key) || !Number.isInteger(reaction.seat)) return;
  const until = Date.now() + 3000;
  state.bubbles.set(reaction.seat, { key: reaction.key, until });
  placeBubble(reaction.seat, reaction.key);
  setTimeout(() => {
    const bubble = state.bubbles.get(reaction.seat);
    if (bubble && bubble.until <= Date.now()) {
      state.bubbles.delete(reaction.seat);
      for (const element of document.querySelectorAll(`.bubble[data-bubble-seat="${reaction.seat}"]`)) element.remove();
    }
  }, 3050);
}

function placeBubble(seat, key) {
  for (const element of document.querySelectorAll(`.bubble[data-bubble-seat="${seat}"]`)) element.remove();
  const home = state.view && seat === state.view.player ? $("my-bubble-home")
    : document.querySelector(`#table .phom-seat[data-seat="${seat}"]`);
  if (!home) return;
  const bubble = document.createElement("span");
  bubble.className = "bubble";
  bubble.dataset.bubbleSeat = String(seat);
  bubble.dataset.reaction = key;
  bubble.textContent = t(`reaction_${key}`);
  home.appendChild(bubble);
}

function announceMoments(view, before) {
  // the newest big moment made since the last view, said on the table for a moment (and read out)
  // (a moment's index is the move that made it; a tới trắng, before any move, has -1: said on arrival)
  const fresh = (view.moments || []).filter((m) => (before === null ? m.index < 0 : m.index >= before));
  if (!fresh.length) return;
  const newest = fresh[fresh.length - 1];
  const box = $("moment");
  setText(box, namedText(view, newest.text));
  setText($("announce"), fresh.map((m) => namedText(view, m.text)).join(" "));
  box.dataset.kind = newest.kind;
  box.hidden = false;
  box.classList.remove("show");
  void box.offsetWidth;                       // restart the animation
  box.classList.add("show");
  clearTimeout(state.momentTimer);
  state.momentTimer = setTimeout(() => { box.hidden = true; }, 2600);
}

// sounds: Web Audio tones, no files; only after the player has touched the page, and only when the
// switch (remembered) is on
const TONES = {
  turn: [[660, 0, 0.09], [880, 0.11, 0.12]],
  eat: [[520, 0, 0.08], [390, 0.09, 0.1]],
  chat: [[180, 0, 0.16, "square"], [120, 0.14, 0.22, "square"]],
  u: [[523, 0, 0.1], [659, 0.1, 0.1], [784, 0.2, 0.1], [1047, 0.3, 0.25]],
  end: [[784, 0, 0.14], [659, 0.15, 0.14], [523, 0.3, 0.3]],
  tick: [[1200, 0, 0.04, "square"]],
  tock: [[1500, 0, 0.06, "square"]],
};

function sound(name) {
  if (!state.sound || !state.touched) return;
  state.sounds.push(name);
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    state.audio = state.audio || new Context();
    const now = state.audio.currentTime;
    for (const [frequency, start, length, type] of TONES[name]) {
      const tone = state.audio.createOscillator();
      const gain = state.audio.createGain();
      tone.type = type || "sine";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.2, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      tone.connect(gain).connect(state.audio.destination);
      tone.start(now + start);
      tone.stop(now + start + length + 0.02);
    }
  } catch (error) { /* no sound on this browser */ }
}

function soundsFor(view, previous) {
  if (!previous) return;
  const fresh = view.history.slice(previous.history.length);
  const kinds = (view.moments || []).filter((m) => m.index >= previous.history.length).map((m) => m.kind);
  if (view.is_over && !previous.is_over) sound(kinds.some((k) => k.startsWith("u")) ? "u" : "end");
  else if (kinds.includes("chat")) sound("chat");
  else if (fresh.some((entry) => entry.action.startsWith("eat "))) sound("eat");
  else if (view.to_move === view.player && previous.to_move !== view.player && !view.is_over) sound("turn");
}

function drawSoundSwitch() {
  const button = $("sound-switch");
  button.textContent = "";
  const icon = document.createElement("span");
  icon.className = "sound-icon";
  icon.setAttribute("aria-hidden", "true");
  icon.textContent = "♪";
  const words = document.createElement("span");
  words.className = "sound-words";
  words.textContent = t(state.sound ? "sound_on" : "sound_off");
  button.append(icon, " ", words);
  button.classList.toggle("off", !state.sound);
  button.setAttribute("aria-pressed", String(state.sound));
}

function switchSound() {
  state.sound = !state.sound;
  try { localStorage.setItem("phom-sound", state.sound ? "on" : "off"); } catch (error) { /* private mode */ }
  drawSoundSwitch();
}

function syncSetup(game, shown = state.view) {
  // the setup form names the game at the table and shows that game's house rules
  if (game) $("game-kind").value = game;
  updateSeatCounts($("game-kind").value, !game);
  if (game && shown) {                            // the form opens on the table as it is
    $("seat-count").value = String(shown.players || (shown.hand_sizes || []).length || 4);
    updateSeatCounts(game);
  }
  updateBotSeats();
  showHouseRules();
  if (!state.view) {                              // no table yet: the heading names the game chosen
    const kind = kindOf($("game-kind").value);
    const titles = (kind && kind.titles) || {};
    if (kind) showGameTitle(titles[state.lang] || titles.vi || titles.en || kind.name);
  }
}

function showGameTitle(title) {
  // the heading and the tab name the game at the table (or chosen in the form): "Xì dách — phom: …"
  $("game-title").textContent = title;
  nameTheTab();
}

function nameTheTab() {
  document.title = `${$("game-title").textContent} — ${t("page_title")}`;
}

// ---------------------------------------------------------------------------------------------
// The table: the other seats around it, named from the player's seat, each with its latest move

const PLACE_NAMES = { right: "next_seat", left: "previous_seat", top: "across_seat" };
// at a table of five or six the seats across have no name of their own: they are named by their number

function placeOf(seat, player, players) {
  // play goes round to the right (nhà dưới), as at a Vietnamese table; with two, the other sits across
  const step = (seat - player + players) % players;
  if (step === 0) return "me";
  if (players === 2) return "top";
  if (players === 3) return step === 1 ? "right" : "left";
  if (players === 5) return ["me", "right", "top-right", "top-left", "left"][step];
  if (players >= 6) return ["me", "right", "top-right", "top", "top-left", "left"][Math.min(step, 5)];
  return ["me", "right", "top", "left"][step];
}

function shortWho(view, seat) {
  // who sits there, as the setup form named it: a person, or the bot by its one name ("Cấp 4 · Khá")
  if (view.humans.includes(seat)) return t("a_person");
  return botName(view, seat);
}

function cardsText(codes) {
  return codes.map((code) => code.slice(0, -1) + SUIT_SYMBOLS[SUIT_CODES.indexOf(code.slice(-1))]).join(" ");
}

function moveWords(action) {
  // a move as the table says it, short, for the line under a seat ("Đánh 7♦", "Bỏ lượt")
  const [verb, ...rest] = action.split(" ");
  // the cards in the game's order (a straight or đôi thông read in order: 8♠ 8♦ 9♣ 9♥ 10♠ 10♥)
  const ranks = (state.view && state.view.page && state.view.page.ranks) || RANK_CODES;
  const codes = rest.filter((word) => /^(10|[2-9AJQK])[SCDH]$/.test(word)).sort((a, b) =>
    ranks.indexOf(a.slice(0, -1)) - ranks.indexOf(b.slice(0, -1)) || SUIT_CODES.indexOf(a.slice(-1)) - SUIT_CODES.indexOf(b.slice(-1)));
  const key = { draw: "last_draw", eat: "last_eat", discard: "last_discard", lay: "last_lay", send: "last_send",
    autolay: "last_autolay", u: "last_u", "u-khan": "last_u_khan", play: "last_play", pass: "last_pass" }[verb];
  return key ? t(key, { cards: cardsText(codes) }) : action;
}

function moveKnown(action) {
  return ["draw", "eat", "discard", "lay", "send", "autolay", "u", "u-khan", "play", "pass"].includes(action.split(" ")[0]);
}

function sendWords(view, text) {
  // a gửi as the table is drawn: "Gửi 8♥ vào phỏm 1 của nhà dưới" (the phỏm numbered under its seat)
  const [, code, target] = text.split(" ");
  const [seat, meld] = target.split(":").map(Number);
  const players = view.players || view.hand_sizes.length;
  const place = placeOf(seat, view.player, players);
  return place === "me" ? t("send_button_own", { card: cardsText([code]), meld: meld + 1 })
    : t("send_button", { card: cardsText([code]), meld: meld + 1,
      owner: `owner_${place}` in (state.catalogs.en || {}) && !(place === "top" && players > 4) ? t(`owner_${place}`)
        : seatName(view, seat) || t("seat", { seat }).toLocaleLowerCase(state.lang) });
}

function moveKind(action) {
  const verb = action.split(" ")[0];
  return { autolay: "lay", send: "lay", u: "lay", "u-khan": "lay" }[verb] || verb;
}

function seatTheTable(view, fresh) {
  const table = document.querySelector("#table .phom-table");
  const seats = [...document.querySelectorAll("#table .phom-seat")];
  if (!table) return;
  table.classList.add(`players-${seats.length}`, ...(view.page.features || []));   // e.g. fold-own-seat
  table.classList.toggle("over", view.is_over);
  const latest = view.history.length ? view.history[view.history.length - 1].player : null;
  const moved = new Map(view.history.slice(Math.max(0, view.history.length - fresh)).map((e) => [e.player, e.action]));
  for (const seat of seats) {
    const number = Number(seat.dataset.seat);
    const place = placeOf(number, view.player, seats.length);
    seat.classList.add(`pos-${place}`);
    const head = seat.querySelector("h4");
    if (head) head.before(makeAvatar(view, number));
    if (place === "me") {
      seat.classList.add("me");
      const chosen = seatName(view, number);
      const head = seat.querySelector("h4");
      if (chosen && head) {                           // your own name, beside “Ghế 1 (bạn)”
        const named = document.createElement("bdi");
        named.className = "seat-name";
        named.textContent = chosen;
        head.append(" · ", named);
      }
    } else {
      // "Nhà dưới", then who sits there
      const head = seat.querySelector("h4");
      head.textContent = "";
      const name = document.createElement("span");
      name.className = "seat-place";
      name.textContent = PLACE_NAMES[place] && !(place === "top" && seats.length > 4) ? t(PLACE_NAMES[place])
        : t("seat", { seat: number });
      const who = document.createElement("span");
      who.className = "seat-who";
      // "ghế 2: Cấp 4 · Khá": the seat number the log uses, then the one name, which moves to a line of
      // its own as a whole when the seat is narrow (a person by the name the seat chose, as text, never
      // markup, and isolated: a right-to-left name leaves the line as it is)
      const chosen = seatName(view, number);
      const tag = chosen ? "bdi" : "span";
      const whoName = document.createElement(tag);
      whoName.className = chosen ? "who-name seat-name" : "who-name";
      whoName.textContent = chosen || shortWho(view, number);
      who.append(`${t("seat", { seat: number }).toLowerCase()}: `, whoName);
      head.append(name, " ", who);
      if ((view.away || []).includes(number) && !view.is_over) {
        const away = document.createElement("span");
        away.className = "seat-away";
        away.textContent = t("away");
        away.title = t("away_tip");
        head.append(" ", away);
        seat.classList.add("away");
      }
      if (view.to_move === number && !view.is_over) {
        const turn = document.createElement("span");
        turn.className = "seat-turn";
        turn.textContent = t("seat_to_move");
        head.append(" ", turn);
      }
      if (!view.is_over && view.hand_sizes) {       // the seat's cards, face down (a phone shows these)
        const backs = document.createElement("span");
        backs.className = "backs";
        backs.setAttribute("aria-hidden", "true");
        for (let i = 0; i < Math.min(view.hand_sizes[number], 13); i++) backs.appendChild(document.createElement("i"));
        head.after(backs);
      }
    }
    const own = view.history.filter((entry) => entry.player === number);
    if (own.length && !view.is_over) {
      const last = document.createElement("p");
      last.className = `seat-last${number === latest ? " latest" : ""}`;
      const entry = own[own.length - 1];
      // the page's short words for a move it knows, else the server's own words for it (a game of its own)
      const said = view.log[view.history.lastIndexOf(entry)];
      const words = moveKnown(entry.action) || !said ? moveWords(entry.action)
        : capital(String(said).replace(seatPattern(true), "").replace(/^\s*[:·–-]\s*/u, "").trim());
      last.textContent = entry.by === "clock" ? t(place === "me" ? "standin_you_did" : "standin_did", { move: words })
        : place === "me" ? t("you_did", { move: words }) : words;
      if (entry.by === "clock") last.classList.add("by-clock");
      seat.querySelector("h4").after(last);
    }
    if (moved.has(number)) seat.classList.add("moved", `moved-${moveKind(moved.get(number))}`);
    // the seat as a row: its face, then its words (name; last move, count and backs on one line), then
    // its cards on the table (discards, eaten, laid)
    const line = document.createElement("div");
    line.className = "seat-line";
    for (const part of seat.querySelectorAll(":scope > .seat-last, :scope > .phom-status, :scope > .backs")) line.appendChild(part);
    if (seat.querySelector("h4")) seat.querySelector("h4").after(line);
    else seat.appendChild(line);
    const cards = document.createElement("div");
    cards.className = "seat-cards";
    for (const part of seat.querySelectorAll(":scope > .phom-part")) cards.appendChild(part);
    seat.appendChild(cards);
    markTerms(seat);
  }
}

function renderLog(view, fresh) {
  const log = $("log");
  log.innerHTML = "";
  const named = new Map();
  for (const moment of view.moments || []) {
    if (!named.has(moment.index)) named.set(moment.index, []);
    named.get(moment.index).push(moment);
  }
  const nameMoments = (item, index) => {
    for (const moment of named.get(index) || []) {
      const line = document.createElement("span");
      line.className = "moment-name";
      line.dataset.kind = moment.kind;
      setText(line, namedText(view, moment.text));
      item.append(line);
    }
  };
  if (named.has(-1)) {                              // a tới trắng: before any move
    const item = document.createElement("li");
    item.className = "moment-only";
    nameMoments(item, -1);
    log.appendChild(item);
  }
  view.log.forEach((text, i) => {
    const item = document.createElement("li");
    item.dataset.seat = String(view.history[i] ? view.history[i].player : "");
    const said = document.createElement("span");
    setText(said, logLine(view, i));
    if (view.history[i] && view.history[i].by === "clock") said.className = "by-clock";   // the stand-in's move
    item.appendChild(said);
    nameMoments(item, i);
    if (named.has(i)) item.classList.add("moment");
    if (i >= view.log.length - fresh) item.classList.add("new");
    log.appendChild(item);
  });
  $("log-box").hidden = false;
  $("log-box").scrollTop = $("log-box").scrollHeight;
  // the other seats' new moves, read out politely by screen readers (never a hidden card: the log
  // names only cards everyone has seen)
  const others = view.history.map((entry, i) => [entry, view.log[i]])
    .slice(view.log.length - fresh).filter(([entry]) => entry.player !== view.player)
    .map(([entry]) => logLine(view, view.history.indexOf(entry)));
  if (others.length) setText($("announce"), others.join(". "));
}

function showResult(view) {
  // the result as the game's table shows it (view.result_table): a headline, then one row per seat, each
  // cell by its column (a seat; a place, a Vietnamese term; points with their note; money won or lost)
  const box = $("result");
  const table = view.result ? view.result_table : null;
  if (!table) { box.hidden = true; box.innerHTML = ""; return; }
  const cell = (column, row) => {
    if (column === "col_seat") return `<td>${seatCell(view, row.seat)}</td>`;
    if (column === "col_place") return `<td lang="vi">${row.place}</td>`;
    if (column === "col_points") return `<td>${number(row.points)}${row.note || ""}</td>`;
    const net = row.money;
    return `<td class="${net > 0 ? "win" : net < 0 ? "loss" : ""}">${net > 0 ? "+" : ""}${number(net)}</td>`;
  };
  const rows = table.rows.map((row) => `<tr>${table.columns.map((column) => cell(column, row)).join("")}</tr>`).join("");
  const { key, ...words } = table.headline;
  finishResult(view, box, namedText(view, t(key, words)),
    `<tr>${table.columns.map((column) => `<th>${t(column)}</th>`).join("")}</tr>${rows}`);
}

function capital(text) {
  return text.charAt(0).toLocaleUpperCase(state.lang) + text.slice(1);
}

function seatPattern(anchored = false) {
  // "ghế 2" / "seat 2" as the page's catalog writes a seat (any case), its number caught
  const [before, after] = t("seat", { seat: "\u0000" }).split("\u0000");
  const escape = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${anchored ? "^" : "(?<![\\p{L}\\d])"}${escape(before)}(\\d+)${escape(after)}(?![\\d])`, "giu");
}

function namedText(view, text) {
  // a server's sentence as the page says it: each seat by the name it chose ("ghế 2" → "Lan"), the
  // reader's own seat as "bạn", and a capital letter to start it
  const said = String(text).replace(seatPattern(), (whole, n) => {
    const seat = Number(n) - 1;
    if (seat === view.player) return t("you_word");
    return seatName(view, seat) || whole;
  });
  return capital(said.trim());
}

function whoWords(view, seat) {
  // a seat named in a sentence: "bạn", the name it chose, else "ghế 2"
  if (seat === view.player) return t("you_word");
  return seatName(view, seat) || t("seat", { seat }).toLocaleLowerCase(state.lang);
}

function logLine(view, i) {
  // a move of the log: the server's words with the seats' names; the stand-in's moves said as its own
  // ("Máy đánh hộ Lan: đánh Q♥")
  const text = view.log[i];
  const entry = view.history[i];
  if (entry && entry.by === "clock") {
    const move = String(text).replace(seatPattern(true), "").trim();
    return t("standin_for", { who: whoWords(view, entry.player), move });
  }
  return namedText(view, text);
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function whoIs(view, seat) {
  // the names of the table: "Ghế 2 (Cấp 4 · Khá)", "Ghế 3 · Lan" (escaped by the caller)
  const name = seatName(view, seat);
  return (name ? ` · ${name}` : "") + (seat === view.player ? t("you") : view.humans.includes(seat) ? "" : ` (${shortWho(view, seat)})`);
}

function seatCell(view, seat) {
  // a seat in the result's tables: "Ghế 2 (Cấp 4 · Khá)", the name in brackets moving to a line of its
  // own as a whole when the column is narrow (a name a person chose wraps as it may)
  const who = whoIs(view, seat).trim();
  const kept = seatName(view, seat) ? "" : ' class="who"';
  return `${escapeHtml(t("seat", { seat }))}${who ? ` <span${kept}>${escapeHtml(who)}</span>` : ""}`;
}

function botName(view, seat) {
  // a seat's bot by its one name on the page (as the setup form names it; seats, status, result): the
  // level that plays like it, as the server says (view.bot_levels: phom.levels.level_of), "Cấp 4 ·
  // Khá"; else the page's name for a style no level plays like (Săn bài, Tự học), else "máy"
  const number = (view.bot_levels || {})[String(seat)];
  if (typeof number === "number") return t("level", { number, name: t(`level_${number}`) });
  const key = `bot_name_${String(view.bots[seat] || "").split(":")[0]}`;
  return key in (state.catalogs.en || {}) ? t(key) : t("a_bot");
}

function finishResult(view, box, headline, rows) {
  const series = state.view.series;
  const totals = series.totals.map((money, seat) => `<tr><td>${seatCell(state.view, seat)}</td>`
    + `<td class="${money > 0 ? "win" : money < 0 ? "loss" : ""}">${money > 0 ? "+" : ""}${number(money)}</td></tr>`).join("");
  const payments = (view.payments || []).map((line) => `<li>${escapeHtml(namedText(view, line.text))}</li>`).join("");
  // the way on, first: the next game, the review (one tap) and a new table, above the tables and the money
  box.innerHTML = `<h2>${t("result")}</h2><p>${escapeHtml(headline)} ${t("face_up")}</p>`
    + `<div class="result-actions"><button type="button" class="primary" id="next-game">${t(series.next ? "go_next" : "next_game")}</button>`
    + `<button type="button" id="review-game">${t("review_game")}</button>`
    + `<button type="button" id="play-again">${t("new_table")}</button></div>`
    + `<div class="result-tables"><table id="result-table">${rows}</table>`
    + `<table id="series-table"><caption>${t("series_caption", { number: series.number })}</caption>`
    + `<tr><th>${t("col_seat")}</th><th>${t("col_money")}</th></tr>${totals}</table></div>`
    + (payments ? `<h3 id="payments-title">${t("payments_title")}</h3><ul id="payments">${payments}</ul>` : "");
  markTerms(box);
  box.hidden = false;
  $("play-again").addEventListener("click", newGame);
  $("next-game").addEventListener("click", nextGame);
  $("review-game").addEventListener("click", reviewGame);
}

function nextOf(view) {
  // the id of the table's next game, once someone dealt it (the view's next_id, or its series' next)
  return view && view.is_over ? view.next_id || (view.series && view.series.next) || null : null;
}

async function follow(id) {
  // the table's next game was dealt (by anyone at the table): this page moves there, same seat and token
  if (!id || id === state.id || state.following === id) return;
  state.following = id;
  try {
    await join({ id, seat: state.seat, token: state.token });
    say(t("next_followed", { number: state.view.series.number }));
  } catch (error) {
    state.following = null;
    say(t("no_next", { error: error.message }), true);
  }
}

async function nextGame() {
  // the same seat and token at the table's next game (every seat that asks gets the same one)
  try {
    const next = await api(`/api/games/${encodeURIComponent(state.id)}/next`, { method: "POST" });
    state.following = next.id;
    await join({ id: next.id, seat: state.seat, token: state.token });
    // who went first, as the game's own rules chose (Tiến lên's and Phỏm's winner, a banker game's next
    // seat): the first move of its history, the bots' moves having come in with the view
    const view = state.view;
    const first = view.history.length ? view.history[0].player : view.to_move;
    say(t("next_led", { number: view.series.number, who: whoWords(view, first) }));
  } catch (error) {
    say(t("no_next", { error: error.message }), true);
  }
}

// ---------------------------------------------------------------------------------------------
// Live updates

// a socket refused or dropped is opened again after 1, 2, 4 … seconds (at most 30), and the page says so
const RETRY_SECONDS = [1, 2, 4, 8, 16, 30];
const CLOSE_WORDS = { 1001: "closed_going_away", 1006: "closed_network", 1011: "closed_server", 1012: "closed_restart",
  4400: "closed_bad", 4403: "closed_token", 4404: "closed_no_game", 4429: "closed_too_many" };

function listen() {
  clearTimeout(state.reconnectTimer);
  state.reconnectTimer = null;
  if (state.socket) { state.closedOnPurpose = true; state.socket.close(); }
  state.closedOnPurpose = false;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(state.id)}/ws`);
  state.socket = socket;
  socket.addEventListener("open", () => {
    const first = { token: state.token, lang: state.lang };
    if (state.view) first.since = state.view.version;
    socket.send(JSON.stringify(first));
    $("live").textContent = t("live");
  });
  socket.addEventListener("message", (event) => {
    const frame = JSON.parse(event.data);
    if (frame.error) { say(frame.message || t("live_refused"), true); return; }   // its error is English, for logs
    if (socket === state.socket && (state.retry || !$("connection").hidden)) {
      state.retry = 0;                                  // back: the table is live again
      sayConnection(t("reconnected"));
      setTimeout(() => { if (state.retry === 0) sayConnection(""); }, 3000);
    }
    if (frame.version === undefined) {            // not a view: the next game, a reaction, or a message this page does not know
      if (frame.next && typeof frame.next.id === "string") { follow(frame.next.id); return; }
      if (frame.reaction && !(frame.reaction.seat === state.view?.player && Date.now() - state.ownReaction < 3000)) {
        showReaction(frame.reaction);
      }
      return;
    }
    if (frame.lang !== state.lang) return;          // a frame sent before a language switch
    if (nextOf(frame)) { follow(nextOf(frame)); return; }
    if (!state.view || frame.version !== state.view.version || frame.is_over !== state.view.is_over) {
      if (document.body.getAttribute("aria-busy") !== "true") render(frame, frame.missed || null);
      else state.pending = frame;
    }
  });
  socket.addEventListener("close", (event) => {
    if (state.closedOnPurpose || socket !== state.socket) return;
    const seconds = RETRY_SECONDS[Math.min(state.retry, RETRY_SECONDS.length - 1)];
    state.retry += 1;
    const key = CLOSE_WORDS[event.code];
    // the reason in the page's words (the server's own reason is English, for logs: shown in English only)
    const reason = key ? t(key) : event.reason && state.lang === "en" ? event.reason : t("closed_code", { code: event.code });
    $("live").textContent = t("reconnecting");
    state.reconnectAt = Date.now() + seconds * 1000;
    const tell = () => {
      const left = Math.max(0, Math.ceil((state.reconnectAt - Date.now()) / 1000));
      sayConnection(t("connection_lost", { reason, count: left }));
    };
    tell();
    const counting = setInterval(() => { if (socket === state.socket && state.reconnectTimer) tell(); else clearInterval(counting); }, 1000);
    state.reconnectTimer = setTimeout(() => {
      clearInterval(counting);
      sayConnection(t("connection_retrying", { reason }));
      listen();
    }, seconds * 1000);
  });
}

function sayConnection(text) {
  const box = $("connection");
  setText(box, text);
  box.hidden = !text;
}

// ---------------------------------------------------------------------------------------------
// Actions

async function play(text) {
  if (document.body.getAttribute("aria-busy") === "true") return;
  const handHadFocus = document.activeElement === $("hand");
  await whileBusy(async () => {
    try {
      say("");
      // the move says which view it was chosen on: a table that moved on meanwhile refuses it (409 stale)
      const body = { action: text, version: state.view.version };
      const view = await api(`/api/games/${state.id}/actions`, { method: "POST", body: JSON.stringify(body) });
      state.pending = null;
      for (const code of text.split(" ").slice(1)) state.selected.delete(code);
      render(view);
    } catch (error) {
      if (error.status === 409 && error.code === "stale") {
        // the table moved on before the tap arrived: the table as it is now, and a gentle word
        state.pending = null;
        try { render(await api(`/api/games/${encodeURIComponent(state.id)}`)); } catch (again) { /* the socket will bring it */ }
        say(t("stale_move"));
      } else {
        say(t("not_allowed", { error: error.message }), true);
      }
    }
  });
  if (state.pending) { const frame = state.pending; state.pending = null; if (frame.version > state.view.version) render(frame); }
  if (handHadFocus && !$("controls").hidden) $("hand").focus();
}

async function advise(search) {
  say(search ? t("looking_ahead") : "");
  try {
    const hint = await api("/api/hint", { method: "POST", body: JSON.stringify({ game: state.id, search, lang: state.lang }) });
    const action = hint.action.label || hint.action.text;
    const reason = String(hint.reason || "");
    // a reason that starts by naming the move is said once: “Gợi ý: Đánh 8♣: …”, not “Đánh 8♣ — Đánh 8♣: …”
    say(reason.toLocaleLowerCase().startsWith(action.toLocaleLowerCase()) ? t("hint_said", { reason })
      : t("hint_text", { action: capital(action), reason }));
  } catch (error) {
    say(t("no_hint", { error: error.message }), true);
  }
}

async function join(seat) {
  state.id = seat.id;
  state.seat = seat.seat;
  state.token = seat.token;
  state.view = null;
  state.order = [];
  state.selected.clear();
  $("moment").hidden = true;                         // a moment of the game left behind is not this game's
  keepSeat();
  render(await api(`/api/games/${encodeURIComponent(state.id)}`));
  listen();
  if (nextOf(state.view)) follow(nextOf(state.view));     // a finished game whose next is dealt: go there
}

function showInvites(created) {
  const list = $("invite-list");
  list.innerHTML = "";
  const others = Object.keys(created.tokens).filter((seat) => seat !== "0");
  for (const seat of others) {
    const item = document.createElement("li");
    const link = seatLink(created.id, seat, created.tokens[seat]);
    const label = document.createElement("label");
    label.textContent = `${t("seat", { seat })}: `;
    const input = document.createElement("input");
    input.readOnly = true;
    input.className = "invite";
    input.dataset.seat = seat;
    input.value = link;
    input.addEventListener("focus", (event) => event.target.select());
    label.appendChild(input);
    const copy = document.createElement("button");
    copy.type = "button";
    copy.className = "copy-link";
    copy.textContent = t("copy_link");
    copy.setAttribute("aria-label", `${t("copy_link")}: ${t("seat", { seat })}`);
    copy.addEventListener("click", () => copyLink(input));
    item.append(label, copy);
    list.appendChild(item);
  }
  $("invites").hidden = others.length === 0;
}

async function copyLink(input) {
  // the clipboard where the browser allows it (a secure page), else the old copy command on the
  // selected link; if both fail, the link stays selected for the player's own copy
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(input.value);
      copied = true;
    }
  } catch (error) { copied = false; }
  if (!copied) {
    input.focus();
    input.select();
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
  }
  say(t(copied ? "copied" : "copy_failed"), !copied);
}

function houseRules(game) {
  // the house rules chosen in the form, as the game's Rules fields (each switch sets its field on or off)
  const rules = {};
  for (const label of document.querySelectorAll("#house-rules label")) {
    if (label.dataset.game !== game) continue;
    const box = label.querySelector("input");
    rules[box.dataset.field] = JSON.parse(box.checked ? box.dataset.on : box.dataset.off);
  }
  return rules;
}

function buildHouseRules() {
  // every game's house rules as switches, as the service lists them (GET /api/kinds), in the page's
  // language; a switch the person already set keeps its state
  const box = $("house-rules");
  const set = {};
  for (const input of box.querySelectorAll("label input")) set[`${input.closest("label").dataset.game} ${input.name}`] = input.checked;
  for (const label of box.querySelectorAll("label")) label.remove();
  for (const kind of state.kinds || []) {
    for (const rule of Array.isArray(kind.house_rules) ? kind.house_rules : []) {
      const label = document.createElement("label");
      label.dataset.game = kind.name;
      const input = document.createElement("input");
      input.type = "checkbox";
      input.name = rule.name;
      input.dataset.field = rule.field || rule.name;
      input.dataset.on = JSON.stringify(rule.on === undefined ? true : rule.on);
      input.dataset.off = JSON.stringify(rule.off === undefined ? false : rule.off);
      const key = `${kind.name} ${rule.name}`;
      input.checked = key in set ? set[key] : Boolean(rule.checked);
      const words = document.createElement("span");
      const said = rule.words || {};
      setText(words, said[state.lang] || said.en || rule.name);
      label.append(input, " ", words);
      box.appendChild(label);
    }
  }
  showHouseRules();
}

function showHouseRules() {
  // the chosen game's switches; no "house rules" at all for a game that has none
  const chosen = $("game-kind").value;
  let any = false;
  for (const label of document.querySelectorAll("#house-rules label")) {
    label.hidden = label.dataset.game !== chosen;
    any = any || !label.hidden;
  }
  $("house-rules").hidden = !any;
}

const MAX_SEATS = 6;                        // a phone's table holds six seats at most

function kindOf(game) {
  // the game as the service describes it (GET /api/kinds), or null before it answers or without it
  return (state.kinds || []).find((kind) => kind.name === game) || null;
}

function levelsOf(kind) {
  // the measured ladder the service offers for a game (its levels, as numbers), else the eight levels
  const levels = kind && kind.levels;
  // a list of the bots that play each level (the weakest first): levels 1 … its length
  if (Array.isArray(levels) && levels.length && levels.every((level) => typeof level === "string" && !/^(level:)?\d+$/.test(level))) {
    return levels.slice(0, 8).map((_, i) => i + 1);
  }
  const numbers = Array.isArray(levels) ? levels.map((level) => (typeof level === "object" && level !== null
    ? Number(level.level ?? level.number) : Number(String(level).replace(/^level:/, ""))))
    : levels && typeof levels === "object" ? Object.keys(levels).map(Number) : [];
  const measured = numbers.filter((n) => Number.isInteger(n) && n >= 1 && n <= 8);
  return measured.length ? [...new Set(measured)].sort((a, b) => a - b) : [1, 2, 3, 4, 5, 6, 7, 8];
}

async function loadKinds() {
  // the games the service plays, their seats and levels: the menu and the seat counts are made from them
  try {
    const response = await fetch(`/api/kinds?lang=${state.lang}`);
    if (!response.ok) return;
    const data = await response.json();
    const list = Array.isArray(data) ? data : data && data.kinds;
    if (!Array.isArray(list) || !list.length || !list.every((kind) => kind && typeof kind.name === "string")) return;
    state.kinds = list;
    // a game's own words (its Vietnamese title and move words) are terms too: marked lang="vi" in English
    const terms = new Set(state.catalogs.en._terms);
    for (const kind of list) {
      if (kind.titles && kind.titles.vi) terms.add(kind.titles.vi);
      for (const words of Object.values((kind.verbs || {}).vi || {})) for (const word of words) terms.add(word);
    }
    const sorted = [...terms].filter((term) => typeof term === "string" && term.trim()).sort((a, b) => b.length - a.length);
    termPattern = new RegExp(`(?<![\\p{L}])(${sorted.map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\p{L}])`, "iu");
  } catch (error) { /* an older service: the page's own menu stays */ }
}

function buildGameMenu() {
  if (!state.kinds) return;
  const menu = $("game-kind");
  const chosen = menu.value;
  menu.textContent = "";
  for (const kind of state.kinds) {
    const option = document.createElement("option");
    option.value = kind.name;
    const titles = kind.titles || {};
    option.textContent = titles[state.lang] || titles.vi || titles.en || kind.title || kind.name;
    if (titles.vi && option.textContent === titles.vi) option.lang = "vi";
    menu.appendChild(option);
  }
  menu.value = state.kinds.some((kind) => kind.name === chosen) ? chosen : state.kinds[0].name;
}

function seatRange(game) {
  const kind = kindOf(game);
  const seats = kind && Array.isArray(kind.seats) ? kind.seats.map(Number) : [2, 4];
  const fewest = Math.max(2, seats[0] || 2);
  const most = Math.min(MAX_SEATS, Math.max(fewest, seats[1] || 4));
  const usual = kind && Number.isInteger(Number(kind.default_seats)) ? Number(kind.default_seats) : Math.min(4, most);
  return { fewest, most, usual: Math.min(most, Math.max(fewest, usual)) };
}

function updateSeatCounts(game, keep = true) {
  // the seat counts the game allows (up to six on a phone), and as many people as seats
  const { fewest, most, usual } = seatRange(game);
  const seats = $("seat-count");
  const before = Number(seats.value);
  seats.textContent = "";
  for (let n = fewest; n <= most; n++) seats.appendChild(new Option(String(n), String(n)));
  seats.value = String(keep && before >= fewest && before <= most ? before : usual);
  const humans = $("human-count");
  const people = Number(humans.value);
  humans.textContent = "";
  for (let n = 1; n <= Number(seats.value); n++) humans.appendChild(new Option(String(n), String(n)));
  humans.value = String(Math.min(people || 1, Number(seats.value)));
}

function buildBotSeats() {
  // one choice per seat that may hold a bot (seats 2–6; the people take the first seats)
  const box = $("bot-seats");
  for (let seat = 1; seat < MAX_SEATS; seat++) {
    const label = document.createElement("label");
    const name = document.createElement("span");
    name.className = "bot-seat-name";
    name.dataset.seat = seat;
    const select = document.createElement("select");
    select.id = `bot-${seat}`;
    select.appendChild($("bot-options").content.cloneNode(true));
    label.append(name, select);
    box.appendChild(label);
  }
  updateBotSeats();
}

function updateBotSeats() {
  const game = $("game-kind").value;
  const levels = levelsOf(kindOf(game));
  const seats = Number($("seat-count").value);
  const humans = Number($("human-count").value);
  const usual = levels.includes(4) ? 4 : levels[Math.floor((levels.length - 1) / 2)];
  for (let seat = 1; seat < MAX_SEATS; seat++) {
    const select = $(`bot-${seat}`);
    select.closest("label").hidden = seat < humans || seat >= seats;
    // the levels measured for this game; the Phỏm-only bots are not offered for Tiến lên
    for (const option of select.options) {
      option.hidden = option.dataset.level ? !levels.includes(Number(option.dataset.level))
        : Boolean(option.dataset.game) && option.dataset.game !== game;
    }
    if (select.selectedOptions[0].hidden) select.value = `level:${usual}`;
  }
}

async function newGame(event) {
  if (event) event.preventDefault();
  const humans = Number($("human-count").value);
  const game = $("game-kind").value;
  const seats = Number($("seat-count").value);
  const bots = [];
  for (let seat = humans; seat < seats; seat++) bots.push($(`bot-${seat}`).value);
  const rules = houseRules(game);
  if (seats !== seatRange(game).usual) rules.players = seats;   // a table of another size than the game's own
  const body = { game, humans: [...Array(humans).keys()], bots, rules };
  if ($("client-seed").value) body.client_seed = $("client-seed").value;
  const seconds = $("turn-seconds").value;           // "" keeps the game's default
  if (seconds === "none") body.turn_seconds = null;
  else if (seconds) body.turn_seconds = Number(seconds);
  say("");
  await whileBusy(async () => {
    try {
      state.token = null;
      const created = await api("/api/games", { method: "POST", body: JSON.stringify(body) });
      showInvites(created);
      await join({ id: created.id, seat: 0, token: created.tokens["0"] });
    } catch (error) {
      say(t("could_not_start", { error: error.message }), true);
    }
  });
}

async function downloadRecord() {
  try {
    const record = await api(`/api/games/${encodeURIComponent(state.id)}/record`);
    const link = document.createElement("a");
    const file = `phom-${state.id}.json`;               // a Tiến lên record verifies the same way
    link.href = URL.createObjectURL(new Blob([JSON.stringify(record, null, 1)], { type: "application/json" }));
    link.download = file;
    link.click();
    say(t("saved_record", { file }));
  } catch (error) {
    say(t("no_record", { error: error.message }), true);
  }
}

async function reviewGame() {
  // the review is computed once by the server (202 + Retry-After while it runs), then kept with the game
  const box = $("review");
  if ($("review-game")) $("review-game").disabled = true;
  box.hidden = false;
  box.setAttribute("aria-busy", "true");
  box.textContent = t("reviewing");
  box.scrollIntoView({ block: "start" });            // the review opens where the player looks
  try {
    for (;;) {
      const response = await fetch(`/api/games/${state.id}/review?lang=${state.lang}`, { headers: { authorization: `Bearer ${state.token}` } });
      const data = await response.json().catch(() => ({}));
      if (response.status === 202) {
        await new Promise((done) => setTimeout(done, 1000 * Number(response.headers.get("retry-after") || 2)));
        continue;
      }
      if (!response.ok) throw new Error(data.message || t("server_trouble"));
      box.innerHTML = data.html[state.lang];
      markTerms(box);
      break;
    }
  } catch (error) {
    box.textContent = t("no_review", { error: error.message });
  } finally {
    box.setAttribute("aria-busy", "false");
    if ($("review-game")) $("review-game").disabled = false;
    box.scrollIntoView({ block: "start" });          // its first screen: the biggest mistakes, in words
  }
}

async function start() {
  await loadCatalogs();
  state.lang = preferredLanguage();
  await loadKinds();
  buildGameMenu();
  updateSeatCounts($("game-kind").value, false);
  buildBotSeats();
  translatePage();
  $("new-game").addEventListener("submit", newGame);
  $("setup-toggle").addEventListener("click", () => {
    const open = document.body.classList.toggle("playing");
    $("setup-toggle").setAttribute("aria-expanded", String(!open));
    if (!open && state.view) syncSetup(state.view.game);      // the form opens on the game at the table
  });
  $("lang-switch").addEventListener("change", () => switchLanguage($("lang-switch").value));
  // sound is on (heard once the player has touched the page) unless the player turned it off
  try { state.sound = localStorage.getItem("phom-sound") !== "off"; } catch (error) { state.sound = true; }
  drawSoundSwitch();
  $("sound-switch").addEventListener("click", switchSound);
  for (const kind of ["pointerdown", "keydown"]) {
    document.addEventListener(kind, () => { state.touched = true; }, { capture: true, passive: true });
  }
  $("come-back").addEventListener("click", comeBack);
  $("name-form").addEventListener("submit", saveName);
  $("name-edit").addEventListener("click", () => {
    const form = $("name-form");
    form.hidden = !form.hidden;
    $("name-edit").setAttribute("aria-expanded", String(!form.hidden));
    if (!form.hidden) { $("name-input").value = state.view ? seatName(state.view, state.view.player) : ""; $("name-input").focus(); }
  });
  $("react-toggle").addEventListener("click", () => {
    const bar = $("reaction-bar");
    bar.hidden = !bar.hidden;
    $("react-toggle").setAttribute("aria-expanded", String(!bar.hidden));
  });
  for (const button of document.querySelectorAll("#reaction-bar button")) {
    button.addEventListener("click", () => react(button.dataset.reaction));
  }
  const drawer = (open) => {
    document.body.classList.toggle("log-open", open);
    $("log-toggle").setAttribute("aria-expanded", String(open));
    if (open) { $("log-box").focus(); $("log-box").scrollTop = $("log-box").scrollHeight; }
  };
  $("log-toggle").addEventListener("click", () => drawer(!document.body.classList.contains("log-open")));
  $("log-close").addEventListener("click", () => { drawer(false); $("log-toggle").focus(); });
  $("hand").addEventListener("keydown", onHandKey);
  for (const button of document.querySelectorAll("#sorting button")) {
    button.addEventListener("click", () => {
      state.order = sortedHand(state.view, button.dataset.sort);
      saveOrder();
      state.fresh = new Set();
      drawHand(state.view);
    });
  }
  $("human-count").addEventListener("change", updateBotSeats);
  $("seat-count").addEventListener("change", () => { updateSeatCounts($("game-kind").value); updateBotSeats(); });
  $("game-kind").addEventListener("change", () => syncSetup(null));
  $("clear-selection").addEventListener("click", () => { state.selected.clear(); drawHand(state.view); updateSelection(); });
  $("hint").addEventListener("click", () => advise(false));
  $("look-ahead").addEventListener("click", () => advise(true));
  $("download-record").addEventListener("click", downloadRecord);
  window.addEventListener("hashchange", () => { const seat = readSeat(); if (seat && seat.token !== state.token) join(seat); });
  const saved = readSeat();
  if (saved) {
    join(saved).catch((error) => {
      say(t("could_not_rejoin", { error: error.message }), true);
      try { localStorage.removeItem("phom-seat"); } catch (e) { /* ignore */ }
    });
  }
}

start();
