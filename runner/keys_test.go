package runner

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// keyLogPage writes every keydown, keypress and keyup the document sees as
// "type:key:code:keyCode:which:charCode:location", the fields old and new
// handlers read (jQuery's event.which, event.keyCode, event.key).
const keyLogPage = `<!doctype html><html lang="en"><head><title>Keys</title></head><body>
<input id="box" aria-label="Box"><pre id="log"></pre>
<script>
const log = [];
for (const t of ['keydown', 'keypress', 'keyup'])
  document.addEventListener(t, (e) => {
    log.push([t, e.key === ' ' ? 'Space' : e.key, e.code, e.keyCode, e.which, e.charCode, e.location].join(':'));
    document.getElementById('log').textContent = '[' + log.join(' ') + ']';
  }, true);
</script></body></html>`

// TestPressDeliversKeys checks the DOM events each named key (and a letter
// and modifier chords) produces, as a keyboard delivers them: the events
// Playwright's keyboard.press sends on the same Chromium, and the left
// modifier keys at location 1 (DOM_KEY_LOCATION_LEFT), where a keyboard has
// them. A printable key, Enter and Space fire keypress; the others do not.
func TestPressDeliversKeys(t *testing.T) {
	tests := []struct {
		press string
		want  string
	}{
		{"Enter", "keydown:Enter:Enter:13:13:0:0 keypress:Enter:Enter:13:13:13:0 keyup:Enter:Enter:13:13:0:0"},
		{"Tab", "keydown:Tab:Tab:9:9:0:0 keyup:Tab:Tab:9:9:0:0"},
		{"Escape", "keydown:Escape:Escape:27:27:0:0 keyup:Escape:Escape:27:27:0:0"},
		{"Backspace", "keydown:Backspace:Backspace:8:8:0:0 keyup:Backspace:Backspace:8:8:0:0"},
		{"Delete", "keydown:Delete:Delete:46:46:0:0 keyup:Delete:Delete:46:46:0:0"},
		{"Space", "keydown:Space:Space:32:32:0:0 keypress:Space:Space:32:32:32:0 keyup:Space:Space:32:32:0:0"},
		{"ArrowUp", "keydown:ArrowUp:ArrowUp:38:38:0:0 keyup:ArrowUp:ArrowUp:38:38:0:0"},
		{"ArrowDown", "keydown:ArrowDown:ArrowDown:40:40:0:0 keyup:ArrowDown:ArrowDown:40:40:0:0"},
		{"ArrowLeft", "keydown:ArrowLeft:ArrowLeft:37:37:0:0 keyup:ArrowLeft:ArrowLeft:37:37:0:0"},
		{"ArrowRight", "keydown:ArrowRight:ArrowRight:39:39:0:0 keyup:ArrowRight:ArrowRight:39:39:0:0"},
		{"Home", "keydown:Home:Home:36:36:0:0 keyup:Home:Home:36:36:0:0"},
		{"End", "keydown:End:End:35:35:0:0 keyup:End:End:35:35:0:0"},
		{"PageUp", "keydown:PageUp:PageUp:33:33:0:0 keyup:PageUp:PageUp:33:33:0:0"},
		{"PageDown", "keydown:PageDown:PageDown:34:34:0:0 keyup:PageDown:PageDown:34:34:0:0"},
		{"/", "keydown:/:Slash:191:191:0:0 keypress:/:Slash:47:47:47:0 keyup:/:Slash:191:191:0:0"},
		{"Control+a", "keydown:Control:ControlLeft:17:17:0:1 keydown:a:KeyA:65:65:0:0 keyup:a:KeyA:65:65:0:0 keyup:Control:ControlLeft:17:17:0:1"},
		{"Shift+Tab", "keydown:Shift:ShiftLeft:16:16:0:1 keydown:Tab:Tab:9:9:0:0 keyup:Tab:Tab:9:9:0:0 keyup:Shift:ShiftLeft:16:16:0:1"},
		{"Alt+ArrowLeft", "keydown:Alt:AltLeft:18:18:0:1 keydown:ArrowLeft:ArrowLeft:37:37:0:0 keyup:ArrowLeft:ArrowLeft:37:37:0:0 keyup:Alt:AltLeft:18:18:0:1"},
	}
	var b strings.Builder
	b.WriteString("version: 1\nname: keys\njourneys:\n")
	for _, tc := range tests {
		// The brackets make the check the whole log: a stray event fails it.
		fmt.Fprintf(&b, "  - name: %q\n    steps:\n      - visit: /\n      - press: {target: label=Box, key: %q}\n      - expect_text: {target: 'css=#log', text: %q}\n",
			tc.press, tc.press, "["+tc.want+"]")
	}
	srv := servePages(t, map[string]string{"/": keyLogPage})
	res := run(t, mustPlan(t, b.String()), Options{BaseURL: srv.URL})
	for i, j := range res.Manifest.Journeys {
		if j.Decision != evidence.Verified {
			t.Errorf("press %s: %s %s", tests[i].press, j.Decision, j.Reason)
		}
	}
}

// fadeDialogPage opens a dialog on "/" as jQuery UI does with show: 'fade':
// the dialog fades in for about 650 ms and only then takes focus, and its
// Escape handler listens on the dialog (keydown, event.keyCode), so Escape
// closes it only once the fade has ended. A person presses Escape after
// seeing the dialog finish appearing.
const fadeDialogPage = `<!doctype html><html lang="en"><head><title>Fade</title></head><body>
<p>Press / for the hotkeys</p>
<div role="dialog" aria-label="Hotkeys" id="dlg" style="display:none"><p>Toggle turtle mode</p><button id="close">Close</button></div>
<script>
const dlg = document.getElementById('dlg');
dlg.addEventListener('keydown', (e) => { if (e.keyCode === 27) dlg.style.display = 'none'; });
document.addEventListener('keydown', (e) => {
  if (e.which !== 191 || dlg.style.display !== 'none') return;
  e.preventDefault();
  dlg.style.opacity = 0;
  dlg.style.display = 'block';
  let o = 0;
  const t = setInterval(() => {
    o += 0.02;
    dlg.style.opacity = Math.min(o, 1);
    if (o >= 1) { clearInterval(t); document.getElementById('close').focus(); }
  }, 13);
});
</script></body></html>`

// TestPressWaitsForThePageToSettle checks that a press waits for the page
// to stop changing, as a person presses a key only after the page has
// finished reacting: pressed while the dialog still fades in, Escape
// reaches the body, which ignores it (Transmission's dialogs).
func TestPressWaitsForThePageToSettle(t *testing.T) {
	srv := servePages(t, map[string]string{"/": fadeDialogPage})
	res := run(t, journeyPlan(t, `      - visit: /
      - press: /
      - expect_visible: role=dialog[name="Hotkeys"]
      - press: Escape
      - expect_hidden: role=dialog[name="Hotkeys"]
`), Options{BaseURL: srv.URL})
	wantDecision(t, res, evidence.Verified)
}
