package netpolicy_test

import (
	"bufio"
	"context"
	"crypto/sha1"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/vouchdev/vouch/netpolicy"
)

const chromium = "/usr/lib/chromium/chromium"

// wsHello answers a WebSocket handshake, sends one text frame "hello" and
// waits for the client to go away: just enough WebSocket to prove the
// connection was made.
func wsHello(w http.ResponseWriter, r *http.Request) {
	sum := sha1.Sum([]byte(r.Header.Get("Sec-WebSocket-Key") + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
	conn, brw, err := http.NewResponseController(w).Hijack()
	if err != nil {
		return
	}
	defer conn.Close()
	fmt.Fprintf(brw, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: %s\r\n\r\n",
		base64.StdEncoding.EncodeToString(sum[:]))
	brw.Write([]byte{0x81, 5}) // FIN + text frame, unmasked, 5 bytes
	brw.WriteString("hello")
	brw.Flush()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	io.Copy(io.Discard, bufio.NewReader(brw))
}

// page references the canary in every way a page can reach a host.
const page = `<!doctype html><html><head><title>loading</title>
<link rel="stylesheet" href="{{C}}/style.css">
<link rel="prefetch" href="{{C}}/prefetch">
<script src="{{C}}/script.js"></script>
</head><body>
<img src="{{C}}/img.png">
<img src="/redirect">
<img src="https://{{CH}}/tls.png">
<iframe src="{{C}}/frame"></iframe>
<script>
function ws(u) {
  return new Promise(res => {
    const s = new WebSocket(u);
    s.onmessage = e => { res("message " + e.data); s.close(); };
    s.onerror = () => res("error");
    setTimeout(() => res("timeout"), 3000);
  });
}
async function run() {
  const r = {};
  // A refused fetch still resolves (the proxy's 403 is a response): the
  // canary's counters, not this page, say whether it was reached.
  await fetch("{{C}}/fetch", {mode: "no-cors"}).catch(() => {});
  navigator.sendBeacon("{{C}}/beacon", "x");
  window.open("{{C}}/popup");
  const wk = new Worker(URL.createObjectURL(new Blob(['fetch("{{C}}/worker", {mode: "no-cors"}).catch(() => {})'])));
  r.canaryWS = await ws("ws://{{CH}}/ws");
  r.localWS = await ws("ws://" + location.host + "/ws");
  r.localFetch = await (await fetch("/hello")).text();
  document.title = "done " + JSON.stringify(r);
}
window.addEventListener("load", run);
</script></body></html>`

// TestChromiumThroughProxy loads a page on 127.0.0.1 that reaches for a
// canary on 127.0.0.2 through images, scripts, styles, an iframe, a
// redirect, fetch, a beacon, a worker, a popup and WebSockets. Through the
// proxy the canary must see nothing while the page and its own WebSocket
// work; without the proxy (the control) the same page reaches the canary.
func TestChromiumThroughProxy(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium")
	}
	if _, err := os.Stat(chromium); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no Chromium, and CI=true: %v", err)
		}
		t.Skipf("skipping: no Chromium: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("cannot listen on 127.0.0.2: %v", err)
	}
	var canaryConns, canaryHits atomic.Int64
	canary := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		canaryHits.Add(1)
		if r.URL.Path == "/ws" {
			wsHello(w, r)
			return
		}
		w.Write([]byte("canary"))
	}))
	canary.Listener.Close()
	canary.Listener = ln
	canary.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			canaryConns.Add(1)
		}
	}
	canary.Start()
	defer canary.Close()
	canaryHost := ln.Addr().String()

	html := strings.NewReplacer("{{C}}", "http://"+canaryHost, "{{CH}}", canaryHost).Replace(page)
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, html)
	})
	mux.HandleFunc("/redirect", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://"+canaryHost+"/redirected", http.StatusFound)
	})
	mux.HandleFunc("/hello", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "hello") })
	mux.HandleFunc("/ws", wsHello)
	mux.HandleFunc("/favicon.ico", http.NotFound)
	app := httptest.NewServer(mux)
	defer app.Close()

	proxy := netpolicy.NewProxy(&netpolicy.Policy{Deny: []string{"127.0.0.2"}})
	proxyAddr, err := proxy.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer proxy.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true))
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer acancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("start Chromium: %v", err)
	}
	defer chromedp.Cancel(bctx)

	// load opens the page in a fresh browser context and returns the
	// page's report from its title.
	load := func(t *testing.T, viaProxy bool) string {
		t.Helper()
		jctx, jcancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext(func(p *target.CreateBrowserContextParams) {
			if viaProxy {
				p.ProxyServer = "http://" + proxyAddr
				p.ProxyBypassList = "<-loopback>" // else Chromium sends loopback traffic direct
			}
		}))
		defer jcancel()
		if err := chromedp.Do(jctx); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(jctx, 30*time.Second)
		defer cancel()
		if err := chromedp.Do(ctx, chromedp.Navigate(app.URL+"/")); err != nil {
			t.Fatalf("navigate: %v", err)
		}
		title, err := chromedp.Run(ctx, chromedp.Poll[string](`document.title.startsWith("done") && document.title`,
			chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second)))
		if err != nil {
			t.Fatalf("page did not finish: %v", err)
		}
		if viaProxy {
			// A direct navigation to the canary: the proxy's 403 page.
			if err := chromedp.Do(ctx, chromedp.Navigate("http://"+canaryHost+"/navigate")); err != nil {
				t.Logf("navigate to canary: %v", err)
			}
			body, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
			if err != nil || !strings.Contains(body, "vouch blocked this request") {
				t.Errorf("canary navigation shows %q (%v), want the proxy's refusal", body, err)
			}
		}
		time.Sleep(300 * time.Millisecond) // let stragglers (beacon, worker, popup) arrive
		return title
	}

	title := load(t, true)
	t.Logf("through the proxy: %s", title)
	for _, want := range []string{`"canaryWS":"error"`, `"localWS":"message hello"`, `"localFetch":"hello"`} {
		if !strings.Contains(title, want) {
			t.Errorf("page report %s lacks %s", title, want)
		}
	}
	if n, h := canaryConns.Load(), canaryHits.Load(); n != 0 || h != 0 {
		t.Errorf("through the proxy the canary saw %d connections and %d requests, want none", n, h)
	}
	seen := map[string]bool{}
	for _, b := range proxy.Blocked() {
		seen[strings.TrimPrefix(b.Target, "http://"+canaryHost)] = true
		if b.Rule != netpolicy.RuleDenied {
			t.Errorf("blocked %s by %s, want %s", b.Target, b.Rule, netpolicy.RuleDenied)
		}
	}
	t.Logf("proxy refused %d requests: %v", len(proxy.Blocked()), seen)
	for _, want := range []string{"/img.png", "/script.js", "/style.css", "/redirected", "/fetch", "/beacon", "/worker", "/popup", "/frame", "/navigate", canaryHost} {
		if !seen[want] {
			t.Errorf("proxy did not record a refusal of %s", want)
		}
	}

	// Control: the same page without the proxy does reach the canary, so
	// the zero above is the proxy's doing.
	title = load(t, false)
	t.Logf("control, no proxy: %s; canary requests %d", title, canaryHits.Load())
	if canaryHits.Load() < 5 {
		t.Errorf("control run reached the canary %d times; the page does not exercise it", canaryHits.Load())
	}
}
