package runner

import (
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// TestNativeDialogText: the message of a native dialog (alert, confirm)
// the latest action opened counts as a text the page showed, though the
// runner accepted it at once — for expect_text and expect_no_text alike —
// and one opened by an earlier action does not.
func TestNativeDialogText(t *testing.T) {
	for _, tc := range []struct {
		name  string
		steps string
		want  evidence.Decision
	}{
		{"confirm shown", `
      - visit: /dialogs
      - click: role=button[name="Delete"]
      - expect_text: Are you sure?
      - expect_text: Deleted`, evidence.Verified},
		{"confirm said absent", `
      - visit: /dialogs
      - click: role=button[name="Delete"]
      - expect_no_text: Are you sure?`, evidence.Failed},
		{"alert shown", `
      - visit: /dialogs
      - click: role=button[name="Warn"]
      - expect_text: Saved to drafts`, evidence.Verified},
		{"an earlier action's dialog", `
      - visit: /dialogs
      - click: role=button[name="Warn"]
      - click: role=button[name="Nothing"]
      - expect_text: Nothing happened
      - expect_no_text: Saved to drafts`, evidence.Verified},
		{"inside an element: the dialog is no element's text", `
      - visit: /dialogs
      - click: role=button[name="Delete"]
      - expect_text: {target: "testid=dialog-result", text: "Are you sure?"}`, evidence.Failed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := run(t, journeyPlan(t, strings.TrimPrefix(tc.steps, "\n")+"\n"), Options{})
			wantDecision(t, res, tc.want)
		})
	}
}
