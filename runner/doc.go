// Package runner executes plans in headless Chromium and decides.
//
// A Runner owns one Chromium process, started on the first Run and kept warm
// (restarted after a crash). Every journey runs in a fresh, isolated browser
// context — cookies and storage are never shared — whose traffic goes
// through a netpolicy.Proxy, so redirects, subresources, popups and
// WebSockets all pass the target policy. Journeys run concurrently, bounded
// by Config.Workers across all runs; steps run in the written order, once
// each: no retries of actions, nothing re-derived. Browser contexts are
// prepared for the journeys a run announces while others run (as many at
// once as Config.Workers), so a journey rarely waits for one and none is
// made that no journey takes.
//
// # Targets
//
// Targets use the plan's syntax (plan.ParseTarget). One JavaScript
// evaluation finds the candidates: role= by tag, implicit ARIA role or role
// attribute, with a simple accessible name (aria-labelledby, aria-label,
// <label>, alt, value of input buttons, text content for roles named by
// content, title, placeholder), excluding aria-hidden and inert subtrees;
// text= the deepest elements whose rendered text matches; label= form
// controls by their labels; placeholder=, alt=, testid= (data-testid) and
// css=. Text-like values match case-insensitively on whitespace-normalised
// text, a quoted value or the s flag exactly and case-sensitively. When any
// candidate matches the whole text, only whole-text matches count;
// otherwise substring matches do. Visible matches are preferred, then
// document order. Visibility is checkVisibility() (display, visibility)
// and a non-empty box; opacity 0 counts as visible, as in Playwright.
//
// Actions wait for their target to be visible and enabled (editable for
// fill, a <select> for select), polling in the page on every animation
// frame within the step's budget, then act with trusted input: mouse events
// at the centre of the element's content quad (after a hit test, so an
// overlay is not clicked through), focus and select-all in one call then
// Input.insertText for fill (then a Shift key-up: key-up filters see the
// text, typeaheads stay shut), Input.dispatchKeyEvent with key, code and key
// code for press (Enter submits forms; modifiers are the left keys, at
// location 1, as a keyboard sends them). An input that starts a navigation waits for the new page
// to parse, then for its load event for at most 1 s more, before the step
// ends. A visit waits for the page to parse, then
// for its load event for at most 3 s more: a page that waits on a slow
// image is usable, one that never parses is not.
//
// A click or double-click whose target is hidden inside a visible list
// item, row or card (a delete button shown only on hover) first hovers that
// item, then waits for the target as usual. dblclick sends two presses with
// click counts 1 and 2, as a person's double-click does. reload and go_back
// wait for the page they load to parse, like an input that navigates.
// Targets with within= keep the matches inside the smallest item whose text
// holds the text; nth= picks one match (steps_more.go, locator.js); in=
// keeps the matches inside a header, footer, nav, aside, main or dialog (tag or
// landmark role), and a page with none of that part blocks the step
// rather than failing it (page.go noRegionError); under= keeps them in
// the section under a heading (to the next heading of its level or
// higher), and a page that shows no such heading blocks the step too
// (noHeadingError); beside= keeps them in the value the page pairs with a
// label (the later cells of its row, the dd after its dt, the element
// after it, the rest of "Label: value"), and a page that shows no such
// label, pairs no value with it, or shows it twice blocks the step
// (besideError).
//
// # Assertions
//
// Assertions wait too: they pass as soon as they hold within the step's
// budget. expect_text and expect_no_text look at the page's rendered text
// (innerText) or the target's, case-insensitively, whitespace-normalised,
// as substrings. expect_title compares the whole title exactly and
// case-sensitively after whitespace normalisation: a title is one string a
// plan copies verbatim. expect_url compares the path on the deployment (or
// an absolute URL's origin and path), the query and fragment only when the
// value has them, ignores a trailing slash, and takes * as a wildcard.
// expect_count counts visible matches. expect_status is the status of the
// last main-frame document navigation, including those a click or a form
// submission caused. expect_no_console_errors counts console.error and
// console.assert failures, uncaught exceptions and unhandled rejections, and
// the browser's own error entries (failed subresource loads, CSP
// violations), as the DevTools console shows them in red, except the
// browser's own failed request for /favicon.ico; a failed request is
// reported with the request's URL and status, as DevTools names it (the
// browser's entry carries the URL and line of the script that made a
// synchronous XHR instead). A failed request counts even when the app
// retries it with success (Transmission's 409 session handshake): DevTools
// shows it in red and Playwright reports it as a console error.
//
// expect_value, expect_checked, expect_enabled (and their negations),
// expect_focused, expect_style and expect_order poll like the others and,
// on failure, report what the element held instead ("it holds \"milk\"",
// "font-weight is 400", "the order is \"B\", \"A\""). expect_style
// compares computed style: bold is a weight of 600 or more, colours are
// compared as rgb after the browser parses the expected one, line-through
// may be set on an ancestor, and dark or light backgrounds are judged on
// the first non-transparent background behind the element. An
// expect_count may compare with a count remember_count kept earlier in the
// journey.
//
// expect_options (steps_options.go) reads a drop-down's option labels: a
// <select>'s, option groups flattened, or a listbox's role=option elements
// (a combobox's through aria-controls or aria-owns). It polls like
// expect_value; a target that is no drop-down blocks the journey, as
// select does.
//
// expect_json reads the document the last visit loaded as JSON (the text
// of the <pre> a browser shows a JSON or plain-text response in; an HTML
// or XML document is no JSON) and compares the value at a JSON pointer by
// type and value, or counts its items. It reads once, without polling: the
// response went through the journey's cookies, target policy and network
// log like any page, and does not change on its own.
//
// Negative assertions (expect_hidden, expect_no_text) and expect_count,
// remember_count, expect_no_console_errors first let the page settle — no request in flight
// and no DOM mutation for 100 ms, waiting at most 1 s (and a third of the
// step's budget) — so that they do not pass before the page has finished
// updating; then they wait like the others. A press settles first too, as
// a person presses a key once the page has stopped changing: a dialog
// that fades in takes focus, and with it its Escape handler, only when the
// fade ends (jQuery UI's show: 'fade').
//
// # Decisions
//
// A journey is verified when every step passed. It failed when the app was
// reached and contradicted the plan: an assertion did not hold, an action's
// target was missing or never actionable, a visit answered an HTTP error the
// journey does not expect (as Cypress's visit does), a page never finished
// parsing (a script that spins is stopped with Runtime.terminateExecution),
// or the server did not answer within the step's budget. It is blocked when
// no verdict was possible for a reason outside the claim: DNS, connection or
// TLS failures, a 401 or 403 on the journey's first page that the plan does
// not expect (a login wall), a target refused by the policy, a secret the
// run was not given, a browser or renderer crash, the journey's or run's
// budget spent, or cancellation. The run's decision is evidence.Combine of
// the journeys'. Steps after the first that does not pass are skipped.
//
// Hostile pages never hang a worker: dialogs are accepted and recorded,
// popups closed and recorded (a target=_blank link the plan clicks is
// followed in the journey's own tab instead, as a person reads the page it
// opens, and the step says so), downloads refused per browser context and
// recorded, and every step, journey and run has a budget.
//
// # Evidence
//
// With EvidenceFull, every step leaves a JPEG (or WebP) screenshot; assertions and
// failures a DOM snapshot; every journey a HAR 1.2 network log built from
// the Network events the tab sends anyway and a console log; the run
// manifest.json and report.html (package evidence). Secret values are
// masked in every text artifact and result; screenshots are pixels and are
// not masked. Each failed or blocked journey carries a repair prompt (see
// RepairPrompt).
//
// A capture waits for the page's next frame. It runs alongside the DOM
// snapshot, and, when the next step is an assertion (which only reads the
// page), alongside that step; it is collected before any later step acts,
// so a screenshot never shows the effect of a later action. A passing
// assertion after which nothing can have changed since the previous capture
// was requested lists that capture again (the same content-addressed file,
// noted "the page is unchanged since step N") instead of taking a new one:
// no navigation, request, load or dialog event since, no request in flight
// then, and the same page state — no DOM mutation, scroll, input, focus
// change or resize seen by an observer, the same URL, scroll position and
// form values, and nothing that changes on its own (animations,
// transitions, canvas, media, frames, images still loading, custom
// elements or shadow roots). Failures always get a fresh capture.
package runner
