//go:build bench

// A benchmark, not a check: built only with -tags bench, so the test list
// of a normal run (and CI) holds no test that always skips.

package e2e

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestBenchmarkAPI measures create (dry run) and read requests per second
// with their p99 latency, against a bare net/http handler answering the
// same JSON in the same run. It prints lines such as
//
//	create(dry_run): 812 req/s p99 21.3 ms (0.09× baseline)
//
// It is built only with -tags bench (it asserts nothing about speed):
//
//	go test -tags bench ./e2e -run TestBenchmarkAPI -v
func TestBenchmarkAPI(t *testing.T) {
	e := start(t, options{noWorkers: true})
	const conc = 8
	n := 2000
	dry := req{method: "POST", path: "/api/v1/verifications", key: e.read, body: map[string]any{"deployment_url": e.appURL, "claim": homeClaim, "dry_run": true}}
	sample := e.do(dry)
	if sample.status != 200 {
		t.Fatalf("dry run: %d %s", sample.status, sample.body)
	}
	planID := sample.str(t, "plan_id")
	read := req{method: "GET", path: "/api/v1/verifications/plans/" + planID, key: e.read}
	readSample := e.do(read)

	// The baseline: net/http answering the same bytes on loopback.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	bs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		body := readSample.body
		if r.Method == "POST" {
			body = sample.body
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	})}
	go bs.Serve(ln)
	defer bs.Close()
	baseURL := "http://" + ln.Addr().String()

	measure := func(base string, r req, n int) (float64, time.Duration) {
		hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conc}}
		lat := make([]time.Duration, n)
		var next sync.Mutex
		i := 0
		var wg sync.WaitGroup
		begin := time.Now()
		for range conc {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					next.Lock()
					k := i
					i++
					next.Unlock()
					if k >= n {
						return
					}
					s := time.Now()
					res, err := tryDo(hc, base, r)
					if err != nil || res.status >= 300 {
						t.Errorf("request: %v %d %s", err, res.status, res.body)
						return
					}
					lat[k] = time.Since(s)
				}
			}()
		}
		wg.Wait()
		el := time.Since(begin)
		slices.Sort(lat)
		return float64(n) / el.Seconds(), lat[n*99/100]
	}
	// Warm up connections and caches.
	measure(e.base, read, 200)
	measure(baseURL, read, 200)

	type line struct {
		name     string
		rps      float64
		p99      time.Duration
		baseline float64
	}
	var out []line
	bcr, bcp := measure(baseURL, dry, n)
	cr, cp := measure(e.base, dry, n)
	out = append(out, line{"create(dry_run)", cr, cp, bcr})
	brr, brp := measure(baseURL, read, 2*n)
	rr, rp := measure(e.base, read, 2*n)
	out = append(out, line{"read(plan)", rr, rp, brr})
	var b strings.Builder
	for _, l := range out {
		fmt.Fprintf(&b, "%s: %.0f req/s p99 %.1f ms (%.2f× baseline)\n", l.name, l.rps, ms(l.p99), l.rps/l.baseline)
	}
	fmt.Fprintf(&b, "baseline net/http same JSON (POST): %.0f req/s p99 %.1f ms\n", bcr, ms(bcp))
	fmt.Fprintf(&b, "baseline net/http same JSON (GET): %.0f req/s p99 %.1f ms\n", brr, ms(brp))
	fmt.Fprintf(&b, "(%d concurrent clients, %d creates, %d reads, GOMAXPROCS from the machine)\n", conc, n, 2*n)
	fmt.Print(b.String())
	t.Log("\n" + b.String())
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
