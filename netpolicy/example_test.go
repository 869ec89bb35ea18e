package netpolicy_test

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/vouchdev/vouch/netpolicy"
)

func ExamplePolicy_CheckURL() {
	allow, err := netpolicy.Parse("staging.example.com, *.preview.example.com, 10.0.0.0/8")
	if err != nil {
		panic(err)
	}
	p := &netpolicy.Policy{Allow: allow}
	for _, u := range []string{
		"https://staging.example.com/login",
		"http://169.254.169.254/latest/meta-data/",
		"http://11.0.0.1/",
		"file:///etc/passwd",
	} {
		_, err := p.CheckURL(u)
		var re *netpolicy.RefusedError
		if errors.As(err, &re) {
			fmt.Printf("%s: %s\n", re.Rule, err)
			continue
		}
		fmt.Println("ok:", u)
	}
	// Output:
	// ok: https://staging.example.com/login
	// metadata: netpolicy: refused 169.254.169.254: cloud metadata endpoint; vouch never reaches such addresses
	// not-allowed: netpolicy: refused 11.0.0.1: the address is not in the allow list; add it to --allow-targets to allow it
	// scheme: netpolicy: refused: scheme "file" is not http or https
}

// A webhook delivery: every connection, including redirects the client
// follows, is checked at dial time.
func ExamplePolicy_Transport() {
	p := &netpolicy.Policy{DenyPrivate: true}
	client := &http.Client{Transport: p.Transport(), Timeout: 30 * time.Second}
	_ = client // client.Post(receiverURL, "application/json", body)
}

// The browser runner starts one proxy per journey and points the journey's
// browser context at it (target.CreateBrowserContextParams):
// ProxyServer "http://"+addr, ProxyBypassList "<-loopback>".
func ExampleNewProxy() {
	proxy := netpolicy.NewProxy(&netpolicy.Policy{Allow: []string{"*.example.com"}})
	proxy.OnBlock(func(b netpolicy.Blocked) {
		fmt.Println("blocked", b.Target, b.Rule)
	})
	addr, err := proxy.Start()
	if err != nil {
		panic(err)
	}
	defer proxy.Close()
	_ = "http://" + addr
}
