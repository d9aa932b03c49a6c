// The cute playground. Every call to the evaluator goes through `cute` below, so that a
// WebAssembly build can replace the HTTP calls with local ones.
"use strict";

const builtIn = window.CUTE_DATA; // null on the server's page; {answer, options} in `cute html`

// The one function that talks to the evaluator:
// `cute("eval", {expr, color, coords, highlight, elem_bytes})`,
// `cute("ops")`, `cute("gallery")`. Resolves to {ok: true, data} or {ok: false, error}.
async function cute(what, params = {}) {
  if (builtIn) {
    return what === "eval" ? { ok: true, data: builtIn.answer } : { ok: true, data: [] };
  }
  try {
    const response = await fetch(`/api/${what}?${new URLSearchParams(params)}`);
    const data = await response.json();
    return response.ok ? { ok: true, data } : { ok: false, error: data.error || response.statusText };
  } catch (e) {
    return { ok: false, error: `cannot reach the cute server: ${e}` };
  }
}

const $ = (id) => document.getElementById(id);
const exprBox = $("expr"), colorBox = $("color"), coordsBox = $("coords");
const highlightBox = $("highlight"), bytesBox = $("elem-bytes");
let ops = [];

// ---- state <-> URL (the share link restores the expression and the options)
function stateFromPage() {
  const s = { expr: exprBox.value.trim() };
  if (colorBox.value !== "offset") s.color = colorBox.value;
  if (coordsBox.checked) s.coords = "1";
  if (highlightBox.value.trim()) s.highlight = highlightBox.value.trim();
  if (bytesBox.value.trim()) s.elem_bytes = bytesBox.value.trim();
  return s;
}
function stateToPage(s) {
  exprBox.value = s.expr || "";
  const known = [...colorBox.options].some((o) => o.value === s.color);
  colorBox.value = known ? s.color : "offset";
  coordsBox.checked = s.coords === "1" || s.coords === true;
  highlightBox.value = s.highlight || "";
  bytesBox.value = s.elem_bytes || "";
}
function stateFromHash() {
  return Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
}
function shareUrl(s) {
  return `${location.origin}${location.pathname}#${new URLSearchParams(s)}`;
}

// The example the page opens on, evaluated (a link with an expression opens on that instead).
const EXAMPLE = "blocked_product((2,2):(1,2), (3,4):(1,3))";

// ---- evaluation (`record`: put the expression into the address and the history)
async function evaluate(record = true) {
  const state = stateFromPage();
  if (!state.expr) return;
  $("picture").innerHTML = ""; // no stale picture while the answer comes
  if (!builtIn && record) {
    const url = shareUrl(state);
    if (url !== location.href) history.pushState(null, "", url);
    $("share").href = url;
  }
  const answer = await cute("eval", state);
  if (!answer.ok) {
    $("error").textContent = answer.error;
    $("error").hidden = false;
    $("out").hidden = true;
    return;
  }
  $("error").hidden = true;
  show(answer.data);
}

function show(a) {
  $("out").hidden = false;
  $("linear-line").hidden = !a.linear;
  $("linear").textContent = a.linear || "";
  $("notes").innerHTML = "";
  for (const n of a.notes || []) {
    const li = document.createElement("li");
    li.textContent = n;
    $("notes").append(li);
  }
  $("notes").hidden = !a.notes;
  $("result").textContent = a.result;
  $("kind").textContent = a.kind;
  $("picture").innerHTML = a.svg || "";
  $("picture-error").hidden = !a.picture_error;
  $("picture-error").textContent = a.picture_error ? `No picture: ${a.picture_error}` : "";
  $("explain").textContent = a.explain || "(no derivation: a literal, or an operation without steps)";
  if (a.svg) attachHover(a.cells);
}

// ---- hover: the cells of the result's panels (one per slab of a rank > 2 layout), matched to
// the answer's `cells` (slab after slab, each row-major); an atom's figure has none
function cellRects(svg, n) {
  const groups = [...svg.querySelectorAll("g[stroke='black']")];
  if (groups.length === 0) return [...svg.querySelectorAll("rect[stroke='black']:not(.highlight)")]; // TV picture
  const title = svg.querySelector("title")?.textContent;
  const rects = (g) => [...g.querySelectorAll("rect:not(.highlight)")];
  const heading = (g) => g.previousElementSibling?.previousElementSibling?.textContent || "";
  // the result's first panel is headed by the title (its first slab: "TITLE, slab (_,_,0)");
  // its other slabs follow it
  let first = groups.findIndex((g) => heading(g) === title || heading(g).startsWith(`${title}, slab `));
  if (first < 0) first = groups.findIndex((g) => rects(g).length === n);
  if (first < 0) return [];
  const out = [];
  for (const g of groups.slice(first)) {
    if (out.length >= n) break;
    out.push(...rects(g));
  }
  return out;
}

function describe(c) {
  if (c.thread !== undefined) return `tile (${c.row},${c.col})\nthread ${c.thread}, value ${c.value}`;
  const slab = c.slab === undefined ? "" : `, slab ${c.slab}`;
  if (c.holds !== undefined) return `${c.coord} -> ${c.holds}\nrow ${c.row}, column ${c.col}${slab}`; // a tensor of coordinates
  if (c.offset === undefined) return `tile (${c.row},${c.col})\nno thread`;
  const bank = c.bank === undefined ? "" : `\nbank ${c.bank}`;
  return `${c.coord} -> ${c.offset}\nrow ${c.row}, column ${c.col}${slab}${bank}`;
}

function attachHover(cells) {
  const svg = $("picture").querySelector("svg");
  const tip = $("tip");
  const rects = cellRects(svg, cells.length);
  if (rects.length !== cells.length) return;
  rects.forEach((r, i) => {
    const c = cells[i];
    r.classList.add("cell");
    r.dataset.row = c.row;
    r.dataset.col = c.col;
    if (c.offset !== undefined) r.dataset.offset = c.offset;
    if (c.holds !== undefined) r.dataset.holds = c.holds;
    if (c.bank !== undefined) r.dataset.bank = c.bank;
    if (c.thread !== undefined) { r.dataset.thread = c.thread; r.dataset.value = c.value; }
    r.addEventListener("mousemove", (e) => {
      tip.textContent = describe(c);
      tip.style.left = `${e.clientX + 14}px`;
      tip.style.top = `${e.clientY + 14}px`;
      tip.hidden = false;
    });
    r.addEventListener("mouseleave", () => { tip.hidden = true; });
  });
}

// ---- completion of operation names, with their signatures
const list = $("complete");
let active = -1;
function wordBeforeCursor() {
  const before = exprBox.value.slice(0, exprBox.selectionStart);
  const m = before.match(/[A-Za-z_][A-Za-z0-9_]*$/);
  return m ? m[0] : "";
}
function refreshCompletion() {
  const word = wordBeforeCursor();
  list.innerHTML = "";
  active = -1;
  const hits = word.length === 0 ? [] : ops.filter((o) =>
    o.name.startsWith(word) || o.aliases.some((a) => a.startsWith(word))).slice(0, 12);
  for (const op of hits) {
    const li = document.createElement("li");
    li.setAttribute("role", "option");
    li.dataset.name = op.name;
    li.textContent = op.signature;
    const s = document.createElement("span");
    s.className = "summary";
    s.textContent = op.summary;
    li.append(s);
    li.addEventListener("mousedown", (e) => { e.preventDefault(); accept(op.name); });
    list.append(li);
  }
  list.hidden = hits.length === 0 || (hits.length === 1 && hits[0].name === word);
}
function accept(name) {
  const word = wordBeforeCursor();
  const at = exprBox.selectionStart;
  const after = exprBox.value.slice(at);
  const paren = after.startsWith("(") ? "" : "(";
  exprBox.value = exprBox.value.slice(0, at - word.length) + name + paren + after;
  const cursor = at - word.length + name.length + paren.length;
  exprBox.setSelectionRange(cursor, cursor);
  list.hidden = true;
}
function move(step) {
  const items = [...list.children];
  if (items.length === 0) return;
  items[active]?.classList.remove("active");
  active = (active + step + items.length) % items.length;
  items[active].classList.add("active");
  items[active].scrollIntoView({ block: "nearest" });
}
exprBox.addEventListener("input", refreshCompletion);
exprBox.addEventListener("blur", () => { list.hidden = true; });
exprBox.addEventListener("keydown", (e) => {
  if (list.hidden) return;
  if (e.key === "ArrowDown") { move(1); e.preventDefault(); }
  else if (e.key === "ArrowUp") { move(-1); e.preventDefault(); }
  else if (e.key === "Escape") { list.hidden = true; }
  else if ((e.key === "Tab" || e.key === "Enter") && active >= 0) {
    accept(list.children[active].dataset.name);
    e.preventDefault();
  }
});

// ---- atoms: the list under the box (what the error hints point to), and their completion
const atoms = window.CUTE_ATOMS || [];
function insertAtCursor(text) {
  const at = exprBox.selectionStart ?? exprBox.value.length;
  exprBox.value = exprBox.value.slice(0, at) + text + exprBox.value.slice(exprBox.selectionEnd ?? at);
  exprBox.setSelectionRange(at + text.length, at + text.length);
  exprBox.focus();
}
function listAtoms() {
  for (const a of atoms) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = `atom ${a.kind}`;
    b.textContent = a.name;
    b.title = a.kind === "mma" ? "an MMA operation: make_tiled_mma(NAME)" : "a copy operation: Copy_Atom<NAME,T>";
    b.addEventListener("click", () => insertAtCursor(a.name));
    li.append(b);
    $("atoms").append(li);
  }
  $("atoms-section").hidden = atoms.length === 0;
}

// ---- gallery
async function loadGallery() {
  const g = await cute("gallery");
  if (!g.ok || g.data.length === 0) { $("gallery-section").hidden = true; return; }
  for (const f of g.data) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    const state = { expr: f.expr, color: f.color };
    a.href = `#${new URLSearchParams(state)}`;
    a.innerHTML = "<b></b>";
    a.firstChild.textContent = f.name;
    a.append(f.expr);
    a.addEventListener("click", (e) => { e.preventDefault(); stateToPage(state); evaluate(); });
    li.append(a);
    $("gallery").append(li);
  }
}

// ---- the Triton tab: a layout in Triton's text over a shape, its CuTe form, picture and notes
function setTab(name) {
  const triton = name === "triton";
  $("tab-cute").setAttribute("aria-selected", String(!triton));
  $("tab-triton").setAttribute("aria-selected", String(triton));
  $("form").hidden = triton;
  $("triton-form").hidden = !triton;
  $("gallery-section").hidden = triton;
}
async function convertTriton(record = true) {
  const state = { tab: "triton", triton: $("triton-layout").value.trim(), shape: $("triton-shape").value.trim() };
  if (!state.triton) return;
  $("picture").innerHTML = "";
  if (record) {
    const url = shareUrl(state);
    if (url !== location.href) history.pushState(null, "", url);
  }
  const answer = await cute("eval", { triton: state.triton, shape: state.shape });
  $("triton-error").hidden = answer.ok;
  if (!answer.ok) {
    $("triton-error").textContent = answer.error;
    $("out").hidden = true;
    return;
  }
  show(answer.data);
}
function restore(s) {
  if (s.tab === "triton") {
    setTab("triton");
    $("triton-layout").value = s.triton || "";
    $("triton-shape").value = s.shape || "";
    return convertTriton(false);
  }
  setTab("cute");
  stateToPage(s);
  return evaluate();
}
$("tab-cute").addEventListener("click", () => setTab("cute"));
$("tab-triton").addEventListener("click", () => setTab("triton"));
$("triton-form").addEventListener("submit", (e) => { e.preventDefault(); convertTriton(); });

// ---- start
$("form").addEventListener("submit", (e) => { e.preventDefault(); list.hidden = true; evaluate(); });
for (const box of [colorBox, coordsBox, highlightBox, bytesBox]) box.addEventListener("change", evaluate);
window.addEventListener("popstate", () => restore(stateFromHash()));
window.addEventListener("hashchange", () => restore(stateFromHash()));

async function start() {
  if (builtIn) {
    // `cute html`: one answer, no editing chrome (no box, controls, atoms or gallery)
    document.body.classList.add("standalone");
    $("sub").textContent = "CuTe's layout algebra: an expression, its value, picture and derivation (written by cute html).";
    $("form").hidden = true;
    $("gallery-section").hidden = true;
    document.querySelector(".tabs").hidden = true;
    $("shown-expr").textContent = builtIn.answer.expr;
    $("shown").hidden = false;
    show(builtIn.answer);
    return;
  }
  const o = await cute("ops");
  if (o.ok) ops = o.data.concat(atoms.map((a) => ({
    name: a.name, aliases: [], signature: a.name,
    summary: a.kind === "mma" ? "MMA operation" : "copy operation",
  })));
  listAtoms();
  loadGallery();
  const s = stateFromHash();
  if (s.expr || s.tab === "triton") await restore(s);
  else { stateToPage({ expr: EXAMPLE }); await evaluate(false); }
}
start().then(() => { document.body.dataset.ready = "1"; });
