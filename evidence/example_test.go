package evidence_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/vouchdev/vouch/evidence"
)

// A runner stores each artifact as it is produced and lists them in the
// manifest at the end.
func ExampleWriter() {
	dir, err := os.MkdirTemp("", "vouch-run-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)

	w, err := evidence.NewWriter(dir, []string{"hunter2"})
	if err != nil {
		panic(err)
	}
	console, _ := evidence.EncodeConsole([]evidence.ConsoleEntry{
		{Level: "warning", Text: "signing in with hunter2", Source: "console"},
	})
	a := w.Put(evidence.Console, "json", "application/json", console, 1, 0, "")
	errText := w.Mask("wrong password hunter2")
	if err := w.Close(); err != nil {
		panic(err)
	}

	m := &evidence.Manifest{
		PlanName: "Sign in works",
		Decision: evidence.Combine(evidence.Failed, evidence.Verified),
		Journeys: []evidence.JourneyResult{{Index: 1, Name: "Sign in", Decision: evidence.Failed,
			Reason: errText, Console: a.File}},
		Artifacts: w.Artifacts(),
	}
	if err := w.WriteManifest(m); err != nil {
		panic(err)
	}
	stored, _ := os.ReadFile(dir + "/" + a.File)
	fmt.Println(a.Kind, a.File == a.SHA256+".json")
	fmt.Println(strings.Contains(string(stored), "signing in with ••••"))
	fmt.Println(errText)
	fmt.Println(m.Decision, evidence.VerifyDir(dir))
	// Output:
	// console true
	// true
	// wrong password ••••
	// failed <nil>
}

func ExampleCombine() {
	fmt.Println(evidence.Combine(evidence.Verified, evidence.Verified))
	fmt.Println(evidence.Combine(evidence.Verified, evidence.Blocked))
	fmt.Println(evidence.Combine(evidence.Blocked, evidence.Failed))
	fmt.Println(evidence.Combine())
	// Output:
	// verified
	// blocked
	// failed
	// blocked
}
