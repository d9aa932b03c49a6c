// End-to-end tests of `cute serve` and `cute html` in Debian's Chromium, driven by
// playwright-core. Run: `npm ci && npm test` in web-tests/ (builds the cute binary with cargo
// unless CUTE_BIN names one). Screenshots go to target/screenshots/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = fileURLToPath(new URL("..", import.meta.url));
const shots = join(root, "target", "screenshots");
const cute = process.env.CUTE_BIN || join(root, "target", "debug", "cute");
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
let server, base, context, profile;

/** Starts `cute serve --port 0` and resolves to the address it prints. */
function startServer() {
  server = spawn(cute, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((ok, fail) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`cute serve did not start: ${out}`)), 20000);
    server.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) { clearTimeout(timer); ok(m[0]); }
    });
    server.on("exit", (code) => fail(new Error(`cute serve exited with ${code}: ${out}`)));
  });
}

before(async () => {
  if (!process.env.CUTE_BIN) {
    const b = spawnSync("cargo", ["build", "--quiet", "-p", "cute-cli"], { cwd: root, stdio: "inherit" });
    assert.equal(b.status, 0, "cargo build -p cute-cli");
  }
  mkdirSync(shots, { recursive: true });
  base = await startServer();
  profile = mkdtempSync(join(tmpdir(), "cute-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1100, height: 900 },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--disable-quic"],
  });
});

after(async () => {
  await context?.close();
  server?.kill();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** A fresh page at `url` (default: the playground), loaded and started. */
async function open(url = base) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector("body[data-ready='1']");
  return page;
}

/** Types `expr` into the box and submits it. */
async function submit(page, expr) {
  await page.fill("#expr", expr);
  await page.press("#expr", "Escape");
  await page.click("#go");
}

const DIVIDE = "logical_divide((4,2,3):(2,1,8), 4:2)";

test("an expression shows its result, its picture's cells and its derivation", async () => {
  const page = await open();
  await submit(page, DIVIDE);
  await page.waitForSelector("#result:text('((2,2),(2,3)):((4,1),(2,8))')");
  assert.equal(await page.textContent("#kind"), "layout");
  const cells = page.locator("#picture svg rect.cell");
  assert.equal(await cells.count(), 24);
  // row-major over 4 rows and 6 columns: cell (m, n) is L(m + 4n)
  const offsets = await cells.evaluateAll((rs) => rs.map((r) => Number(r.dataset.offset)));
  assert.deepEqual(offsets.slice(0, 6), [0, 2, 8, 10, 16, 18]);
  assert.deepEqual(offsets.slice(6, 12), [4, 6, 12, 14, 20, 22]);
  assert.match(await page.textContent("#explain"), /logical_divide/);
  await page.screenshot({ path: join(shots, "result.png"), fullPage: true });
  await page.close();
});

test("hovering a cell shows its coordinate and offset", async () => {
  const page = await open();
  await submit(page, DIVIDE);
  await page.waitForSelector("#picture svg rect.cell");
  await page.locator("#picture svg rect.cell").nth(6).hover(); // row 1, column 0: index 1
  await page.waitForSelector("#tip:not([hidden])");
  const tip = await page.textContent("#tip");
  assert.match(tip, /^\(\(1,0\),\(0,0\)\) -> 4\nrow 1, column 0$/);
  await page.screenshot({ path: join(shots, "hover.png") });
  await page.close();
});

test("a TV layout's cells show their thread and value", async () => {
  const page = await open();
  await submit(page, "make_layout_tv((_2,_2):(_2,_1), (_1,_2):(_2,_1))");
  await page.waitForSelector("#picture svg rect.cell");
  assert.equal(await page.locator("#picture svg rect.cell").count(), 8);
  await page.locator("#picture svg rect.cell").first().hover();
  await page.waitForSelector("#tip:not([hidden])");
  assert.match(await page.textContent("#tip"), /^tile \(0,0\)\nthread \d+, value \d+$/);
  await page.screenshot({ path: join(shots, "tv.png") });
  await page.close();
});

test("hovering a cell of a rank-3 layout's slabs shows its coordinate and offset", async () => {
  const page = await open();
  await submit(page, "(2,3,2):(1,2,6)");
  await page.waitForSelector("#picture svg rect.cell");
  // two slabs of 2x3 cells, each row-major
  assert.equal(await page.locator("#picture svg rect.cell").count(), 12);
  await page.locator("#picture svg rect.cell").nth(6 + 4).hover(); // slab 1, row 1, column 1
  await page.waitForSelector("#tip:not([hidden])");
  assert.match(await page.textContent("#tip"), /^\(1,1,1\) -> 9\nrow 1, column 1, slab \(_,_,1\)$/);
  await page.screenshot({ path: join(shots, "hover-slabs.png") });
  await page.close();
});

test("a tiled MMA's get_layoutC_TV is drawn as its TV picture", async () => {
  const page = await open();
  await submit(page, "get_layoutC_TV(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)))");
  await page.waitForSelector("#picture svg rect.cell");
  assert.equal(await page.locator("#picture svg rect.cell").count(), 32 * 16);
  await page.locator("#picture svg rect.cell").nth(1).hover(); // row 0, column 1
  await page.waitForSelector("#tip:not([hidden])");
  assert.match(await page.textContent("#tip"), /^tile \(0,1\)\nthread 0, value 1$/);
  await page.screenshot({ path: join(shots, "tv-mma.png") });
  await page.close();
});

test("an identity tensor is its grid of coordinates, with hover; a tiled MMA its figure", async () => {
  const page = await open();
  await submit(page, "make_identity_tensor((2,3,2))");
  await page.waitForSelector("#picture svg rect.cell");
  assert.equal(await page.textContent("#kind"), "identity tensor");
  // two slabs of 2x3 cells, each row-major, each cell the coordinate it holds
  assert.equal(await page.locator("#picture svg rect.cell").count(), 12);
  await page.locator("#picture svg rect.cell").nth(6 + 4).hover(); // slab 1, row 1, column 1
  await page.waitForSelector("#tip:not([hidden])");
  assert.match(await page.textContent("#tip"), /^\(1,1,1\) -> \(1,1,1\)\nrow 1, column 1, slab \(_,_,1\)$/);
  await page.screenshot({ path: join(shots, "identity-tensor.png"), fullPage: true });
  await submit(page, "make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN,(_1,_2,_1))");
  await page.waitForSelector("#kind:text('tiled MMA')");
  await page.waitForSelector("#picture svg g.panel");
  assert.match(await page.textContent("#picture svg"), /T63/);
  assert.equal(await page.locator("#picture svg rect.cell").count(), 0);
  assert.equal(await page.isHidden("#picture-error"), true);
  await page.screenshot({ path: join(shots, "tiled-mma.png"), fullPage: true });
  await page.close();
});

test("the box completes operation names with their signatures", async () => {
  const page = await open();
  await page.fill("#expr", ""); // the box holds the example the page opened on
  await page.click("#expr");
  await page.keyboard.type("logical_d");
  await page.waitForSelector("#complete:not([hidden]) li");
  assert.match(await page.textContent("#complete"), /logical_divide\(/);
  await page.screenshot({ path: join(shots, "completion.png") });
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  assert.equal(await page.inputValue("#expr"), "logical_divide(");
  await page.close();
});

test("a share link restores the expression and the options", async () => {
  const page = await open();
  await page.selectOption("#color", "tile");
  await submit(page, DIVIDE);
  await page.waitForSelector("#result:text('((2,2),(2,3)):((4,1),(2,8))')");
  const link = await page.getAttribute("#share", "href");
  assert.match(link, /#expr=.*&color=tile/);
  await page.close();
  const shared = await open(link);
  await shared.waitForSelector("#result:text('((2,2),(2,3)):((4,1),(2,8))')");
  assert.equal(await shared.inputValue("#expr"), DIVIDE);
  assert.equal(await shared.inputValue("#color"), "tile");
  assert.match(await shared.textContent("#picture svg"), /colored by the tile/);
  await shared.screenshot({ path: join(shots, "shared.png"), fullPage: true });
  await shared.close();
});

test("bad input shows the full error next to the box, and the page works on", async () => {
  const page = await open();
  await submit(page, "complement((2,2):(2,3), 8)");
  await page.waitForSelector("#error:not([hidden])");
  const error = await page.textContent("#error");
  assert.match(error, /^complement/);
  assert.match(error, /hint/);
  assert.equal(await page.isHidden("#out"), true);
  await page.screenshot({ path: join(shots, "error.png") });
  await submit(page, "(4,2):(2,1)");
  await page.waitForSelector("#result:text('(4,2):(2,1)')");
  assert.equal(await page.isHidden("#error"), true);
  await page.close();
});

test("the page opens on an evaluated example, without touching the address", async () => {
  const page = await open();
  assert.equal(await page.inputValue("#expr"), "blocked_product((2,2):(1,2), (3,4):(1,3))");
  assert.equal(await page.textContent("#result"), "((2,3),(2,4)):((1,4),(2,12))");
  assert.ok(await page.locator("#picture svg rect.cell").count() > 0);
  assert.match(await page.textContent("#explain"), /blocked_product/);
  assert.equal(new URL(page.url()).hash, "");
  await page.screenshot({ path: join(shots, "first-load.png"), fullPage: true });
  await page.close();
});

test("an unknown atom's hint names the page's atom list, whose atoms insert themselves", async () => {
  const page = await open();
  await submit(page, "make_tiled_mma(SM80_NO_SUCH_ATOM)");
  await page.waitForSelector("#error:not([hidden])");
  const error = await page.textContent("#error");
  assert.match(error, /unknown atom/);
  assert.match(error, /hint: the Atoms list/);
  assert.doesNotMatch(error, /cute atoms/);
  await page.click("#atoms-section summary");
  await page.fill("#expr", "make_tiled_mma()");
  await page.focus("#expr");
  await page.evaluate(() => document.getElementById("expr").setSelectionRange(15, 15));
  await page.click("#atoms button.atom.mma >> text=SM80_16x8x16_F32F16F16F32_TN");
  assert.equal(await page.inputValue("#expr"), "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN)");
  await page.click("#go");
  await page.waitForSelector("#result:text-matches('^TiledMMA')");
  // the box completes atom names too
  await page.fill("#expr", "");
  await page.type("#expr", "SM75_U32x4_LDSM");
  await page.waitForSelector("#complete:not([hidden]) li[data-name='SM75_U32x4_LDSM_N']");
  await page.close();
});

test("an unknown operation's hint names the box's completion, not cute ops", async () => {
  const page = await open();
  await submit(page, "nosuchop(1)");
  await page.waitForSelector("#error:not([hidden])");
  const error = await page.textContent("#error");
  assert.match(error, /completes operation names/);
  assert.doesNotMatch(error, /cute ops/);
  await page.close();
});

test("a gallery figure is one click", async () => {
  const page = await open();
  const first = page.locator("#gallery a").first();
  await first.click();
  await page.waitForSelector("#picture svg rect.cell");
  assert.equal(await page.inputValue("#color"), "tile");
  assert.ok((await page.textContent("#result")).length > 0);
  await page.screenshot({ path: join(shots, "gallery.png"), fullPage: true });
  await page.close();
});

test("cute html writes one self-contained page with hover", async () => {
  const file = join(mkdtempSync(join(tmpdir(), "cute-html-")), "divide.html");
  const r = spawnSync(cute, ["html", DIVIDE, "--color", "tile", "-o", file]);
  assert.equal(r.status, 0, String(r.stderr));
  const page = await context.newPage();
  const requests = [];
  page.on("request", (q) => requests.push(q.url()));
  await page.goto(`file://${file}`);
  await page.waitForSelector("body[data-ready='1']");
  assert.equal(await page.textContent("#result"), "((2,2),(2,3)):((4,1),(2,8))");
  await page.locator("#picture svg rect.cell").nth(6).hover();
  await page.waitForSelector("#tip:not([hidden])");
  assert.match(await page.textContent("#tip"), /-> 4/);
  assert.deepEqual(requests.filter((u) => !u.startsWith("file:")), []);
  // no editing chrome: the expression is shown, not a disabled box with its controls
  assert.equal(await page.textContent("#shown-expr"), DIVIDE);
  for (const id of ["#form", "#expr", "#go", "#color", "#share", "#atoms-section", "#gallery-section"]) {
    assert.equal(await page.isVisible(id), false, id);
  }
  assert.doesNotMatch(await page.textContent("header"), /type a layout/);
  await page.screenshot({ path: join(shots, "html.png"), fullPage: true });
  await page.close();
});

test("the color menu offers every coloring of the renderer, and thread coloring colors rows", async () => {
  const page = await open();
  const names = await page.locator("#color option").evaluateAll((os) => os.map((o) => o.value));
  for (const c of ["offset", "tile", "thread", "value", "bank", "warp"]) assert.ok(names.includes(c), c);
  await page.selectOption("#color", "thread");
  await submit(page, "(4,8):(1,4)");
  await page.waitForSelector("#picture svg rect.cell");
  const fills = await page.locator("#picture svg rect.cell").evaluateAll((rs) => rs.map((r) => r.getAttribute("fill")));
  assert.equal(fills.length, 32);
  // row-major cells: a row is one thread (mode 0), one color; the next row another
  assert.equal(new Set(fills.slice(0, 8)).size, 1);
  assert.notEqual(fills[0], fills[8]);
  await page.selectOption("#color", "warp");
  await page.waitForURL(/color=warp/);
  // warps of 32 elements: the first 32 (4 rows x 8 columns: all of them) share one color
  await page.waitForFunction(() => {
    const fills = [...document.querySelectorAll("#picture svg rect.cell")].map((r) => r.getAttribute("fill"));
    return fills.length === 32 && new Set(fills).size === 1;
  });
  await page.close();
});

test("a shared-memory view shows the bank of a cell on hover", async () => {
  const page = await open();
  await page.selectOption("#color", "bank");
  await page.fill("#elem-bytes", "2");
  await submit(page, "(8,8):(8,1)");
  await page.waitForSelector("#picture svg rect.cell[data-bank]");
  // row 0, column 3: offset 3, bank 3*2/4 = 1; row 2, column 0: offset 16, bank 8
  await page.locator("#picture svg rect.cell").nth(3).hover();
  await page.waitForSelector("#tip:not([hidden])");
  assert.match(await page.textContent("#tip"), /^\(0,3\) -> 3\nrow 0, column 3\nbank 1$/);
  await page.locator("#picture svg rect.cell").nth(16).hover();
  await page.waitForFunction(() => /bank 8$/.test(document.querySelector("#tip").textContent));
  await page.screenshot({ path: join(shots, "bank.png") });
  await page.close();
});

test("a picture coloured by bank writes each cell's bank and a legend; the hover still works", async () => {
  const page = await open();
  await page.selectOption("#color", "bank");
  await page.fill("#elem-bytes", "2");
  await submit(page, "(4,8):(8,1)");
  await page.waitForSelector("#picture svg g.legend");
  // every cell's note is the bank of its offset (2-byte elements: offset / 2), counted here
  const notes = await page.$$eval("#picture svg rect.cell", (rects) =>
    rects.map((r) => [r.nextElementSibling.textContent, r.nextElementSibling.nextElementSibling?.textContent]));
  assert.equal(notes.length, 32);
  for (const [offset, note] of notes) assert.equal(note, `b${Math.floor(Number(offset) / 2) % 32}`);
  // the legend: what the colour is, one swatch per bank present, none taken for a cell
  const legend = await page.$$eval("#picture svg g.legend text", (ts) => ts.map((t) => t.textContent));
  assert.equal(legend[0], "banks (2-byte elements, bank = byte offset / 4 mod 32)");
  assert.deepEqual(legend.slice(1), [...Array(16).keys()].map((b) => `b${b}`));
  assert.equal(await page.locator("#picture svg g.legend rect.cell").count(), 0);
  await page.locator("#picture svg rect.cell").nth(5).hover();
  await page.waitForSelector("#tip:not([hidden])");
  assert.match(await page.textContent("#tip"), /bank 2$/);
  // a TV layout coloured by bank: its cells are still found, and its legend is drawn
  await submit(page, "make_layout_tv((_4,_8):(_8,_1),(_1,_2):(_1,_1))");
  await page.waitForFunction(() => document.querySelectorAll("#picture svg rect.cell[data-thread]").length === 64);
  assert.equal(await page.locator("#picture svg g.legend rect.swatch").count(), 32);
  await page.screenshot({ path: join(shots, "bank-legend.png") });
  await page.close();
});

test("the highlight box highlights a tile, and the hover still works", async () => {
  const page = await open();
  await page.selectOption("#color", "tile");
  await page.fill("#highlight", "tile:1");
  await submit(page, DIVIDE);
  await page.waitForSelector("#picture svg rect.highlight");
  // tile 1 of logical_divide((4,2,3):(2,1,8), 4:2): the 4 cells of column 1, and the 4
  // cells of A they select (outlined in A's panel too)
  assert.equal(await page.locator("#picture svg rect.highlight").count(), 4 + 4);
  assert.equal(await page.locator("#picture svg rect.cell").count(), 24);
  await page.locator("#picture svg rect.cell").nth(6).hover();
  await page.waitForSelector("#tip:not([hidden])");
  assert.match(await page.textContent("#tip"), /-> 4/);
  await page.screenshot({ path: join(shots, "highlight.png"), fullPage: true });
  await page.fill("#highlight", "warp:1");
  await page.click("#go");
  await page.waitForSelector("#error:not([hidden])");
  assert.match(await page.textContent("#error"), /highlight/);
  await page.close();
});

test("a share link restores the coloring, the highlight and the element size", async () => {
  const page = await open();
  await page.selectOption("#color", "bank");
  await page.fill("#highlight", "(_,3)");
  await page.fill("#elem-bytes", "2");
  await submit(page, "(8,8):(8,1)");
  await page.waitForSelector("#picture svg rect.highlight");
  const link = await page.getAttribute("#share", "href");
  await page.close();
  const shared = await open(link);
  await shared.waitForSelector("#picture svg rect.highlight");
  assert.equal(await shared.inputValue("#color"), "bank");
  assert.equal(await shared.inputValue("#highlight"), "(_,3)");
  assert.equal(await shared.inputValue("#elem-bytes"), "2");
  assert.equal(await shared.locator("#picture svg rect.highlight").count(), 8);
  assert.equal(await shared.locator("#picture svg rect.cell[data-bank]").count(), 64);
  await shared.close();
});

test("a tuple morphism is drawn as its diagram", async () => {
  const page = await open();
  await submit(page, "(4,4) -> (4,8,4) over (1,3)");
  await page.waitForSelector("#picture svg g.arrow");
  assert.equal(await page.textContent("#kind"), "morphism");
  assert.equal(await page.locator("#picture svg g.arrow").count(), 2);
  assert.equal(await page.locator("#picture svg g.codomain").count(), 3);
  await page.screenshot({ path: join(shots, "morphism.png"), fullPage: true });
  await page.close();
});

// ---- the Triton tab (issue 30): a Triton layout pasted in, its CuTe form, picture and notes
const BLOCKED = "#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0], CGALayout = [[1, 0]]}>";

test("the Triton tab shows a layout's CuTe form, its picture and the notes", async () => {
  const page = await open();
  await page.click("#tab-triton");
  assert.equal(await page.isVisible("#form"), false);
  await page.fill("#triton-layout", BLOCKED);
  await page.fill("#triton-shape", "16,8");
  await page.click("#triton-go");
  await page.waitForSelector("#notes li");
  assert.equal(await page.textContent("#linear"),
    "register=[[0,1]] lane=[[0,2],[0,4],[1,0],[2,0],[4,0]] warp=[] block=[[8,0]] -> dim0=16 dim1=8");
  // two CTAs: a TV layout of the cluster's 16x8 tile, thread mode (thread, cta)
  assert.equal(await page.textContent("#result"), "((_16,_8),(((_4,_8),_2),_2):(((_32,_1),_8),_16))");
  const notes = await page.locator("#notes li").allTextContents();
  assert.match(notes[0], /^linear layout: register=/);
  assert.match(notes[1], /^2 CTAs \(a cluster\)/);
  assert.match(notes[2], /^CuTe form: the TV layout /);
  await page.waitForSelector("#picture svg rect.cell");
  assert.equal(await page.locator("#picture svg rect.cell").count(), 128);
  await page.screenshot({ path: join(shots, "triton.png"), fullPage: true });
  // the share link restores the tab, the layout and the shape
  const link = page.url();
  await page.close();
  const shared = await open(link);
  await shared.waitForSelector("#notes li");
  assert.equal(await shared.isVisible("#triton-form"), true);
  assert.equal(await shared.inputValue("#triton-shape"), "16,8");
  await shared.close();
});

test("the Triton tab reads Triton's other text forms and names what it cannot read", async () => {
  const page = await open();
  await page.click("#tab-triton");
  // LinearLayout::toString(): an F2 form (the bases share bits)
  await page.fill("#triton-layout", "offset=[[1,0],[0,1],[1,3]] -> dim0=2 dim1=4");
  await page.fill("#triton-shape", "");
  await page.click("#triton-go");
  await page.waitForSelector("#notes li");
  assert.equal(await page.textContent("#result"), "(_2,(_2,_2)):(_1^,(_2^,_7^))");
  assert.match((await page.locator("#notes li").allTextContents())[1], /^CuTe form: the F2-stride layout/);
  // a named layout without its shape
  await page.fill("#triton-layout", BLOCKED);
  await page.click("#triton-go");
  await page.waitForSelector("#triton-error:not([hidden])");
  assert.match(await page.textContent("#triton-error"), /needs the tensor's shape/);
  await page.close();
});
