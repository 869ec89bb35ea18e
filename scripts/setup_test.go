package scripts

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// nobody is the unprivileged user of Debian (uid and gid 65534).
const nobody = "65534"

func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true: %s is not installed (.ci/run installs it)", name)
		}
		t.Skipf("skipping: %s is not installed", name)
	}
	return p
}

func TestSetupIsShellcheckClean(t *testing.T) {
	sc := needTool(t, "shellcheck")
	if out, err := exec.Command(sc, "setup").CombinedOutput(); err != nil {
		t.Errorf("shellcheck setup: %v\n%s", err, out)
	}
}

// setupCopy copies the script where any user can run it.
func setupCopy(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("setup")
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "vouch-setup-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "setup")
	if err := os.WriteFile(p, b, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// The set-up command chooses its commands by who runs it: as root, apt-get
// itself; as another user, through sudo, or a clear refusal without sudo.
// Both update the package lists before installing (a fresh machine has
// never fetched them). The script runs for real, in its dry-run mode, as
// root and as the unprivileged user.
func TestSetupCommandsAsRootAndAsUser(t *testing.T) {
	needTool(t, "apt-get")
	script := setupCopy(t)
	install := "env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-headless-shell"
	_, sudoErr := exec.LookPath("sudo")
	userWant, userCode, userErr := "+ sudo apt-get update\n+ sudo "+install+"\n", 0, ""
	if sudoErr != nil {
		userWant, userCode, userErr = "", 1, "needs root: run scripts/setup as root, or install sudo"
	}
	// Without --reinstall, only missing packages are installed, and
	// nothing is done (no sudo, no update) when none is missing.
	var missing []string
	for _, p := range []string{"chromium", "chromium-headless-shell"} {
		out, err := exec.Command("dpkg-query", "-W", "-f=${Status}", p).Output()
		if err != nil || !strings.Contains(string(out), "ok installed") {
			missing = append(missing, p)
		}
	}
	asIs := "setup: chromium chromium-headless-shell already installed\n"
	if len(missing) > 0 {
		asIs = "+ apt-get update\n+ env DEBIAN_FRONTEND=noninteractive apt-get install -y " + strings.Join(missing, " ") + "\n"
	}
	tests := []struct {
		name     string
		root     bool
		args     []string
		want     string // standard output
		code     int
		stderrIn string
	}{
		{"root", true, []string{"--dry-run", "--reinstall"}, "+ apt-get update\n+ " + install + "\n", 0, ""},
		{"user", false, []string{"--dry-run", "--reinstall"}, userWant, userCode, userErr},
		{"as the machine is", true, []string{"--dry-run"}, asIs, 0, ""},
		{"unknown option", true, []string{"--yes"}, "", 2, "unknown option --yes"},
		{"help", false, []string{"--help"}, "usage: scripts/setup", 0, ""},
	}
	amRoot := os.Geteuid() == 0
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var cmd *exec.Cmd
			switch {
			case tt.root == amRoot:
				cmd = exec.Command(script, tt.args...)
			case amRoot: // run as nobody
				setpriv := needTool(t, "setpriv")
				cmd = exec.Command(setpriv, append([]string{"--reuid=" + nobody, "--regid=" + nobody, "--clear-groups", script}, tt.args...)...)
			default: // run as root through sudo, when allowed without a password
				if exec.Command("sudo", "-n", "true").Run() != nil {
					if os.Getenv("CI") == "true" {
						t.Fatal("CI=true: cannot run the script as root (sudo -n fails)")
					}
					t.Skip("skipping: not root, and sudo -n is not allowed")
				}
				cmd = exec.Command("sudo", append([]string{"-n", script}, tt.args...)...)
			}
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tt.code || !strings.HasPrefix(stdout.String(), tt.want) || (tt.want == "" && stdout.Len() > 0) ||
				(strings.HasPrefix(tt.want, "+") || strings.HasSuffix(tt.want, "installed\n")) && stdout.String() != tt.want || !strings.Contains(stderr.String(), tt.stderrIn) {
				t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit %d, stdout:\n%s\nstderr with %q", code, stdout.String(), stderr.String(), tt.code, tt.want, tt.stderrIn)
			}
		})
	}
}

// README's first command is the set-up script, which works with or without
// sudo, never a bare sudo (absent on root-only machines).
func TestReadmeFirstCommandIsSetup(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "```sh\n")
	if !ok {
		t.Fatal("README.md has no sh block")
	}
	first, _, _ := strings.Cut(rest, "\n")
	if !strings.HasPrefix(first, "scripts/setup && ") || strings.HasPrefix(first, "sudo") {
		t.Errorf("README's first command is %q, want scripts/setup && …", first)
	}
}
