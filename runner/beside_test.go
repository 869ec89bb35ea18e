package runner

import (
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// besidePage pairs labels with values the ways apps lay them out: a table
// row whose th holds an icon and the label (Syncthing), a definition list,
// a label element followed by its value (an inspector), "Label: value" in
// one element, and a table whose header row names columns. "Never" also
// stands alone elsewhere on the page, and "Shared" is a label twice.
const besidePage = `<!doctype html><html lang="en"><head><title>Pairs</title></head><body>
<table>
  <tr><th><span class="icon"></span>&nbsp;<span>Last seen</span></th><td><span>Never</span></td></tr>
  <tr><th>Address</th><td>dynamic</td><td>tcp://127.0.0.1:1</td></tr>
  <tr><th>Sync Status</th><td>Up to Date</td></tr>
</table>
<dl><dt>License</dt><dd>MIT</dd><dt>Author:</dt><dd>Luis Ortega</dd></dl>
<div class="row"><div class="label">Hash:</div><div class="value">None</div></div>
<div class="row"><div class="label">Location:</div><div class="value"></div><div class="value">/srv/data</div></div>
<p>Version: 5.4.1</p>
<p><b>Build:</b> 2026.12</p>
<table><thead><tr><th>Name</th><th>Status</th></tr></thead><tbody><tr><td>disk</td><td>up</td></tr></tbody></table>
<div><span>Shared</span><span>yes</span></div><div><span>Shared</span><span>no</span></div>
<div><span>Ratio:</span><span>None</span></div><div><span>Ratio:</span><span>None</span></div>
<div class="section"><div class="title">Current Session</div><div class="row"><div>Uploaded:</div><div>0 B</div></div></div>
<div class="section"><div class="title">Total</div><div class="row"><div>Uploaded:</div><div>5 MB</div></div></div>
<p>Never mind the rest.</p>
<h4><span class="badge">Paused</span> <span>Camera Uploads</span> <span>3 files</span></h4>
<div><label>Folder</label> <input value="Never"></div>
<div><span>Owner</span><input value="ann"></div>
<div><span>Mode</span><span>fast</span></div>
<p>Lonely label</p>
</body></html>`

// TestBeside: beside= keeps the matches in the value the page pairs with a
// label: a value shown elsewhere does not count, a label the page lacks,
// one it pairs nothing with (a column heading), or one shown twice with
// values that differ on the text blocks the step rather than deciding it.
func TestBeside(t *testing.T) {
	srv := servePages(t, map[string]string{"/": besidePage})
	runStepCases(t, srv.URL, []stepCase{
		{`expect_visible: "text=Never beside=\"Last seen\""`, evidence.Verified, ""},
		{`expect_visible: "text=\"tcp://127.0.0.1:1\" beside=\"Address\""`, evidence.Verified, ""},
		{`expect_visible: "text=MIT beside=\"license\""`, evidence.Verified, ""},
		{`expect_visible: "text=\"Luis Ortega\" beside=\"Author\""`, evidence.Verified, ""},
		{`expect_visible: "text=None beside=\"Hash\""`, evidence.Verified, ""},
		{`expect_visible: "text=/srv/data beside=\"Location\""`, evidence.Verified, ""},
		{`expect_visible: "text=5.4.1 beside=\"Version\""`, evidence.Verified, ""},
		// A value shown elsewhere on the page is not the label's.
		{`expect_visible: "text=Never beside=\"Hash\""`, evidence.Failed, ""},
		{`expect_visible: "text=\"Up to Date\" beside=\"Last seen\""`, evidence.Failed, ""},
		{`expect_visible: "text=MIT beside=\"Author\""`, evidence.Failed, ""},
		{`expect_hidden: "text=\"Up to Date\" beside=\"Last seen\""`, evidence.Verified, ""},
		{`expect_hidden: "text=Never beside=\"Last seen\""`, evidence.Failed, ""},
		// Nothing to read the value from: blocked, never failed.
		{`expect_visible: "text=Never beside=\"Last connected\""`, evidence.Blocked, `the page shows no label "Last connected"`},
		{`expect_hidden: "text=Never beside=\"Last connected\""`, evidence.Blocked, `the page shows no label "Last connected"`},
		{`expect_visible: "text=up beside=\"Status\""`, evidence.Blocked, `pairs no value with it`},
		{`expect_visible: "text=yes beside=\"Shared\""`, evidence.Blocked, `shows the label "Shared" 2 times`},
		{`expect_hidden: "text=yes beside=\"Shared\""`, evidence.Blocked, `shows the label "Shared" 2 times`},
		// A label shown twice whose values agree: either reading decides
		// the same.
		{`expect_visible: "text=None beside=\"Ratio\""`, evidence.Verified, ""},
		{`expect_visible: "text=maybe beside=\"Shared\""`, evidence.Failed, ""},
		{`expect_hidden: "text=maybe beside=\"Shared\""`, evidence.Verified, ""},
		// The other modifiers keep the label too: one section's value.
		{`expect_visible: "text=\"0 B\" beside=\"Uploaded\" within=\"Current Session\""`, evidence.Verified, ""},
		{`expect_visible: "text=\"5 MB\" beside=\"Uploaded\" within=\"Total\""`, evidence.Verified, ""},
		{`expect_visible: "text=\"5 MB\" beside=\"Uploaded\" within=\"Current Session\""`, evidence.Failed, ""},
		{`expect_visible: "text=\"0 B\" beside=\"Uploaded\""`, evidence.Blocked, `shows the label "Uploaded" 2 times`},
		{`expect_visible: "text=anything beside=\"Lonely label\""`, evidence.Blocked, `pairs no value with it`},
		{`expect_visible: "text=fast beside=\"Mode\""`, evidence.Verified, ""},
		{`expect_visible: "text=2026.12 beside=\"Build\""`, evidence.Verified, ""},
		// A name with a status before it and more after: no pair.
		{`expect_visible: "text=Paused beside=\"Camera Uploads\""`, evidence.Blocked, `pairs no value with it`},
		// A field's label: its value is no text shown beside it.
		{`expect_visible: "text=Never beside=\"Folder\""`, evidence.Blocked, `pairs no value with it`},
		{`expect_visible: "text=ann beside=\"Owner\""`, evidence.Blocked, `pairs no value with it`},
	})
}
