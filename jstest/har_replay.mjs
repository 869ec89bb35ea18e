// Replays a HAR that vouch recorded with Playwright's routeFromHAR, with
// the app that served it stopped, as a person would open the evidence
// offline; and checks the HAR with har-validator. Run by
// runner/har_replay_test.go:
//
//   CHROME=/usr/lib/chromium/chromium node jstest/har_replay.mjs FILE.har URL
//
// It prints one JSON object with what the replayed page showed; the Go
// test checks it. Playwright drives the Chromium given in CHROME: it never
// downloads a browser (playwright-core has none of its own).
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import harValidator from "har-validator";

const [file, url] = process.argv.slice(2);
const out = { valid: false, validationErrors: [], title: "", out: "", color: "", aborted: [] };

try {
  await harValidator.har(JSON.parse(readFileSync(file, "utf8")));
  out.valid = true;
} catch (e) {
  out.validationErrors = (e.errors || [e]).map((x) => x.message || String(x));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic"],
});
try {
  const context = await browser.newContext();
  // notFound "abort": a request the HAR cannot answer fails instead of
  // reaching the network, so what the page shows comes from the HAR alone.
  await context.routeFromHAR(file, { notFound: "abort" });
  const page = await context.newPage();
  page.on("requestfailed", (r) => out.aborted.push(r.url()));
  await page.goto(url, { timeout: 20_000 }).catch((e) => { out.gotoError = String(e.message || e).split("\n")[0]; });
  await page.waitForFunction(() => document.getElementById("out")?.textContent?.startsWith("items"), null, { timeout: 10_000 }).catch(() => {});
  out.title = await page.title();
  out.out = await page.evaluate(() => document.getElementById("out")?.textContent ?? "");
  out.color = await page.evaluate(() => getComputedStyle(document.querySelector("h1")).color);
} finally {
  await browser.close();
}
console.log(JSON.stringify(out));
