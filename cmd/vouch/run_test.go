package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// With --json, a plan that is refused (or a target refused) prints the
// error as JSON on stdout, with the exit code and each problem's place, so
// that a script reading stdout always gets JSON; stderr keeps the text.
func TestRunJSONErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("version: 1\nname: x\njourneys:\n  - name: j\n    steps:\n      - visitt: /\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.yaml")
	if err := os.WriteFile(good, []byte("version: 1\nname: x\njourneys:\n  - name: j\n    steps:\n      - visit: /\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		args  []string
		exit  int
		code  string
		field string
	}{
		{"invalid plan", []string{"run", bad, "--url", "http://127.0.0.1:1", "--json"}, exitRefused, "invalid_plan", "visitt"},
		{"missing file", []string{"run", filepath.Join(dir, "nope.yaml"), "--url", "http://127.0.0.1:1", "--json"}, exitUsage, "usage", ""},
		{"refused target", []string{"run", good, "--url", "http://169.254.169.254/", "--json"}, exitUsage, "target_not_allowed", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := newCLIBare(t).run(tt.args...)
			if code != tt.exit {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.exit, out, errs)
			}
			var doc struct {
				Error struct {
					Code     string `json:"code"`
					Message  string `json:"message"`
					Problems []struct {
						Journey int    `json:"journey"`
						Step    int    `json:"step"`
						Field   string `json:"field"`
						Message string `json:"message"`
					} `json:"problems"`
				} `json:"error"`
				ExitCode int `json:"exit_code"`
			}
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Fatalf("stdout is not JSON: %v\n%q", err, out)
			}
			if doc.Error.Code != tt.code || doc.Error.Message == "" || doc.ExitCode != tt.exit {
				t.Errorf("error %+v exit_code %d", doc.Error, doc.ExitCode)
			}
			if tt.field != "" && (len(doc.Error.Problems) == 0 || doc.Error.Problems[0].Field != tt.field ||
				doc.Error.Problems[0].Journey != 1 || doc.Error.Problems[0].Step != 1) {
				t.Errorf("problems %+v, want the first at journey 1 step 1 field %s", doc.Error.Problems, tt.field)
			}
			if strings.TrimSpace(errs) == "" {
				t.Error("stderr lost the text error")
			}
		})
	}
}
