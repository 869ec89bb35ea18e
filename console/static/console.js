// vouch console: live progress and copy buttons. Every page works without
// this file (progress falls back to a <noscript> refresh, copying to
// selecting the text), and it is loaded from the console's origin only:
// the CSP allows no inline script.
(function () {
  "use strict";

  // Copy buttons: <button data-copy="ID" hidden> copies the text of #ID.
  // They are hidden until this script shows them.
  function selectText(el) {
    var range = document.createRange();
    range.selectNodeContents(el);
    var sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
  }
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var id = button.getAttribute("data-copy");
    var source = document.getElementById(id);
    if (!source) {
      return;
    }
    var status = document.querySelector('[data-copied-for="' + id + '"]');
    var say = function (text) {
      if (status) {
        status.textContent = text;
      }
    };
    button.hidden = false;
    button.addEventListener("click", function () {
      var text = source.textContent;
      var fallback = function () {
        selectText(source);
        var ok = false;
        try {
          ok = document.execCommand("copy");
        } catch (e) {
          ok = false;
        }
        say(ok ? "Copied." : "Selected: press Ctrl+C (⌘C) to copy.");
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () {
          say("Copied.");
        }, fallback);
      } else {
        fallback();
      }
    });
  });

  // Lists with runs in progress (data-reload-every="SECONDS") reload
  // themselves, unless the person is using a form on the page.
  var reloading = document.querySelector("[data-reload-every]");
  if (reloading) {
    var every = 1000 * Number(reloading.getAttribute("data-reload-every"));
    var again = function () {
      var a = document.activeElement;
      if (a && a.closest && a.closest("form")) {
        setTimeout(again, every);
        return;
      }
      location.reload();
    };
    setTimeout(again, every);
  }

  // Live progress: the result page of a running verification carries
  // data-progress-url; poll it each second, update each journey's state and
  // steps, and reload once the verification has completed.
  var box = document.querySelector("[data-progress-url]");
  if (!box) {
    return;
  }
  var url = box.getAttribute("data-progress-url");
  var words = { pending: "Waiting", queued: "Queued", running: "Running", verified: "Verified", failed: "Failed", blocked: "Blocked" };
  var icons = { pending: "…", queued: "…", running: "◔", verified: "✓", failed: "✗", blocked: "⊘" };
  var note = document.getElementById("progress-note");
  function badge(state) {
    var b = document.createElement("span");
    b.className = "badge badge-" + state;
    var i = document.createElement("span");
    i.className = "icon";
    i.setAttribute("aria-hidden", "true");
    i.textContent = icons[state] || "…";
    b.appendChild(i);
    b.appendChild(document.createTextNode(" " + (words[state] || state)));
    return b;
  }
  function update(p) {
    var items = box.querySelectorAll("li[data-journey]");
    if (p.journeys.length && p.journeys.length !== items.length) {
      location.reload();
      return false;
    }
    if (note && p.state === "running") {
      note.textContent = "Running in headless Chromium. This page updates by itself.";
    }
    p.journeys.forEach(function (j, i) {
      var li = items[i];
      var state = j.decision || j.state;
      var cell = li.querySelector('[data-field="state"]');
      if (cell.getAttribute("data-shown") !== state) {
        cell.replaceChildren(badge(state));
        cell.setAttribute("data-shown", state);
      }
      var bar = li.querySelector("progress");
      bar.max = j.steps;
      bar.value = j.step;
      bar.textContent = j.step + " of " + j.steps;
      li.querySelector('[data-field="steps"]').textContent = j.step + " of " + j.steps + " steps";
    });
    return true;
  }
  function tick() {
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) {
        return r.ok ? r.json() : null;
      })
      .then(function (p) {
        if (!p) {
          setTimeout(tick, 3000);
          return;
        }
        if (p.state === "completed") {
          location.reload();
          return;
        }
        if (update(p)) {
          setTimeout(tick, 1000);
        }
      })
      .catch(function () {
        setTimeout(tick, 3000);
      });
  }
  setTimeout(tick, 1000);
})();
