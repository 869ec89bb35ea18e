//go:build linux

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal pair, so that bash runs interactively
// with readline, which is what performs file-name completion.
func openPTY() (master, slave *os.File, err error) {
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, err
	}
	fd := int(m.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		return nil, nil, err
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		m.Close()
		return nil, nil, err
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		return nil, nil, err
	}
	return m, s, nil
}

// Paths complete as bash completes them: typed into an interactive bash
// with Tab, a directory gets "/" (not a space) and a name with spaces
// stays one argument. A function named vouch prints the arguments it
// gets.
func TestCompletionBashPaths(t *testing.T) {
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
	if err := os.MkdirAll(filepath.Join(dir, "sub dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sub dir", "my plan.yaml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	rc := filepath.Join(t.TempDir(), "rc")
	rcText := script + "\nvouch() { printf '[%s]' \"$@\"; printf ' END\\n'; }\nPS1='$ '\nbind 'set bell-style none' 2>/dev/null\n"
	if err := os.WriteFile(rc, []byte(rcText), 0o644); err != nil {
		t.Fatal(err)
	}
	m, s, err := openPTY()
	if err != nil {
		t.Skipf("skipping: no pseudo-terminal: %v", err)
	}
	defer m.Close()
	cmd := exec.Command(bash, "--noprofile", "--rcfile", rc, "-i")
	cmd.Dir = dir
	cmd.Env = []string{"TERM=dumb", "HOME=" + dir, "INPUTRC=/dev/null", "PATH=" + os.Getenv("PATH")}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = s, s, s
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s.Close()
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()

	var mu sync.Mutex
	var out bytes.Buffer
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := m.Read(buf)
			mu.Lock()
			out.Write(buf[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	// "su<Tab>" must become "sub\ dir/", so that "my<Tab>" completes
	// inside it; with a space after the directory, "my" would be a word
	// of its own.
	if _, err := m.WriteString("vouch run su\t"); err != nil {
		t.Fatal(err)
	}
	// Bounds so that a stuck shell fails the test with what it printed.
	waitFor := func(what string) string {
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			mu.Lock()
			got := out.String()
			mu.Unlock()
			if strings.Contains(got, what) {
				return got
			}
			time.Sleep(20 * time.Millisecond)
		}
		mu.Lock()
		defer mu.Unlock()
		t.Fatalf("the terminal never showed %q:\n%s", what, out.String())
		return ""
	}
	waitFor(`vouch run sub\ dir/`)
	if _, err := m.WriteString("my\t\n"); err != nil {
		t.Fatal(err)
	}
	got := waitFor(" END")
	if want := "[run][sub dir/my plan.yaml] END"; !strings.Contains(got, want) {
		t.Fatalf("completed line ran as %q, want %q\nterminal:\n%s", lastLine(got, " END"), want, got)
	}
}

func lastLine(s, marker string) string {
	i := strings.LastIndex(s, marker)
	j := strings.LastIndex(s[:i], "\n")
	return strings.TrimSpace(s[j+1 : i+len(marker)])
}

// Cursor movement is drawn only on a terminal that takes it: TERM=dumb
// or no TERM gets plain lines, as do pipes and files.
func TestCanDraw(t *testing.T) {
	m, s, err := openPTY()
	if err != nil {
		t.Skipf("skipping: no pseudo-terminal: %v", err)
	}
	defer m.Close()
	defer s.Close()
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tests := []struct {
		name string
		w    *os.File
		term string
		want bool
	}{
		{"terminal", s, "xterm-256color", true},
		{"dumb terminal", s, "dumb", false},
		{"no TERM", s, "", false},
		{"file", f, "xterm-256color", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := func(k string) string {
				if k == "TERM" {
					return tt.term
				}
				return ""
			}
			if got := canDraw(tt.w, getenv); got != tt.want {
				t.Errorf("canDraw = %v, want %v", got, tt.want)
			}
		})
	}
}
