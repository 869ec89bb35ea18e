package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The bash script completes commands, each command's own flags (read from
// its --help), fixed arguments and paths, in a real bash.
func TestCompletionBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("bash is not installed, and CI=true")
		}
		t.Skip("skipping: bash is not installed")
	}
	code, script, errs := newCLIBare(t).run("completion", "bash")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "vouch.bash")
	if err := os.WriteFile(f, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "plan.yaml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		words []string // the line, the last word being completed
		want  []string
		not   []string
	}{
		{[]string{"vouch", "ver"}, []string{"verify"}, []string{"result"}},
		{[]string{"vouch", "re"}, []string{"recheck", "replay", "result"}, []string{"verify"}},
		{[]string{"vouch", "verify", "--"}, []string{"--url", "--claim", "--json", "--no-wait", "--timeout", "--server", "--key", "--plan"}, []string{"--download", "--headed"}},
		{[]string{"vouch", "result", "ver_1", "--d"}, []string{"--download"}, nil},
		{[]string{"vouch", "replay", "ver_1", "--he"}, []string{"--headed"}, nil},
		{[]string{"vouch", "recheck", "--"}, []string{"--url", "--json", "--no-wait"}, []string{"--claim"}},
		{[]string{"vouch", "init", "--"}, []string{"--server", "--key-env"}, nil},
		{[]string{"vouch", "completion", ""}, []string{"bash", "zsh", "fish"}, nil},
		{[]string{"vouch", "result", "ver_1", "--download", dir + "/pl"}, []string{dir + "/plan.yaml"}, nil},
		{[]string{"vouch", "run", dir + "/pl"}, []string{dir + "/plan.yaml"}, nil},
		{[]string{"vouch", "verify", "--claim", ""}, nil, []string{"--url"}}, // a value: nothing to offer
		{[]string{"vouch", "help", "ve"}, []string{"verify"}, nil},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.words, " "), func(t *testing.T) {
			var words []string
			for _, w := range tt.words {
				words = append(words, "'"+w+"'")
			}
			prog := "source " + f + "; COMP_WORDS=(" + strings.Join(words, " ") + "); COMP_CWORD=" +
				strconv.Itoa(len(tt.words)-1) + "; _vouch; printf '%s\\n' \"${COMPREPLY[@]}\""
			out, err := exec.Command(bash, "--norc", "-c", prog).CombinedOutput()
			if err != nil {
				t.Fatalf("bash: %v\n%s", err, out)
			}
			got := strings.Fields(string(out))
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("completions %v lack %q", got, w)
				}
			}
			for _, w := range tt.not {
				if slices.Contains(got, w) {
					t.Errorf("completions %v offer %q", got, w)
				}
			}
		})
	}
}

// zsh and fish scripts name every command and the client commands'
// flags; their syntax is checked by the shells when installed.
func TestCompletionZshFish(t *testing.T) {
	tests := []struct {
		shell string
		want  []string
		check []string // the shell's syntax check
	}{
		{"zsh", []string{"#compdef vouch", "'verify:", "'--claim=[", "'--json[", "'--download=[", ":path:_files'", "compdef _vouch vouch"}, []string{"zsh", "-n"}},
		{"fish", []string{"complete -c vouch -n __fish_use_subcommand -a verify", "-l claim -r", "-l download -r -F", "-l json -d"}, []string{"fish", "--no-execute"}},
	}
	for _, tt := range tests {
		t.Run(tt.shell, func(t *testing.T) {
			code, script, errs := newCLIBare(t).run("completion", tt.shell)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			for _, w := range tt.want {
				if !strings.Contains(script, w) {
					t.Errorf("script lacks %q", w)
				}
			}
			for name := range commands {
				if !strings.Contains(script, name) {
					t.Errorf("script lacks command %s", name)
				}
			}
			sh, err := exec.LookPath(tt.check[0])
			if err != nil {
				t.Logf("%s is not installed: syntax not checked", tt.check[0])
				return
			}
			f := filepath.Join(t.TempDir(), "script")
			if err := os.WriteFile(f, []byte(script), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(sh, append(tt.check[1:], f)...).CombinedOutput(); err != nil {
				t.Fatalf("%s syntax: %v\n%s", tt.shell, err, out)
			}
		})
	}
	if code, _, _ := newCLIBare(t).run("completion", "tcsh"); code != exitUsage {
		t.Fatalf("unknown shell: exit %d", code)
	}
	if code, _, _ := newCLIBare(t).run("completion"); code != exitUsage {
		t.Fatalf("no shell: exit %d", code)
	}
}

// Every client command's --help names its flags and exits 0; the help
// lists the exit codes.
func TestClientCommandsHelp(t *testing.T) {
	tests := []struct {
		cmd  string
		want []string
	}{
		{"verify", []string{"--url URL --claim", "-no-wait", "-timeout", "-server", "-key", "-plan", "Exit codes:", "5 plan rejected"}},
		{"recheck", []string{"ID [--url URL]", "-no-wait", "Exit codes:"}},
		{"result", []string{"ID [--json] [--download DIR]", "-download", "Exit codes:"}},
		{"replay", []string{"ID [--url BASE] [--headed]", "-headed", "-out", "not billed"}},
		{"init", []string{"--server URL [--key-env NAME]", "-key-env"}},
		{"mcp", []string{"svc_verify", "-server"}},
		{"completion", []string{"bash|zsh|fish", "source <(vouch completion bash)"}},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			code, out, errs := newCLIBare(t).run(tt.cmd, "--help")
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("help lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// newCLIBare runs commands with an empty environment.
func newCLIBare(t *testing.T) *cli { return &cli{t: t, vars: map[string]string{}} }
