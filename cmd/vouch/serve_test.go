package main

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for a writer and a reader goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// On an empty database, serve says how to create the first person and key;
// cancelling its context (SIGTERM in main) stops it with exit 0.
func TestServeFirstStartAndStop(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- Main(ctx, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }},
			[]string{"serve", "--addr", "127.0.0.1:0", "--data", dir})
	}()
	for !strings.Contains(out.String(), "vouch serving on") {
		select {
		case code := <-done:
			t.Fatalf("serve exited %d early:\n%s\n%s", code, out.String(), errb.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	for _, want := range []string{"No person can sign in yet", "vouch users add", "--password-stdin", "vouch keys create --scope launch", dir} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("first-start output lacks %q:\n%s", want, out.String())
		}
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d after stop:\n%s\n%s", code, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "vouch: stopped") {
		t.Errorf("no stop message:\n%s", out.String())
	}
}
