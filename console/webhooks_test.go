package console_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vouchdev/vouch/server/servertest"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/webhook"
)

// receiver is a webhook endpoint answering the given statuses in turn
// (the last one repeats).
type receiver struct {
	mu       sync.Mutex
	statuses []int
	got      int
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.got++
	status := rc.statuses[0]
	if len(rc.statuses) > 1 {
		rc.statuses = rc.statuses[1:]
	}
	w.WriteHeader(status)
}

// chrome is everything of a page outside its content: the head and the
// header, with the title and the current link taken out.
func chrome(body string) string {
	head, _, _ := strings.Cut(body, `<main`)
	head = regexp.MustCompile(`<title>[^<]*</title>`).ReplaceAllString(head, "")
	return strings.ReplaceAll(head, ` aria-current="page"`, "")
}

// The webhook pages are console pages with the console's one layout: a
// person registers an endpoint and sees its secret once, reads the
// delivery log of a real run's event and redelivers, disables and
// deletes it; posts need the CSRF token and nothing shows without a
// session.
func TestWebhookPages(t *testing.T) {
	needChrome(t)
	e := start(t, options{workers: true})
	me := e.signIn(e.email, e.password)
	layout := chrome(me.get("/console/plans").body)

	if r := e.anonymous().get("/console/webhooks"); r.status != http.StatusSeeOther || !strings.HasPrefix(r.header.Get("Location"), "/console/sign-in?next=") {
		t.Errorf("without a session: %d to %q", r.status, r.header.Get("Location"))
	}
	list := me.get("/console/webhooks")
	if list.status != http.StatusOK || !strings.Contains(list.body, "Register an endpoint") {
		t.Fatalf("list page: %d\n%s", list.status, list.body)
	}
	checkLayout := func(p page) {
		t.Helper()
		if got := chrome(p.body); got != layout {
			t.Errorf("%s is not in the console's layout:\n%s\nwant:\n%s", p.url.Path, got, layout)
		}
		if !strings.Contains(p.body, `<a href="/console/webhooks" aria-current="page">Webhooks</a>`) {
			t.Errorf("%s does not mark Webhooks as the current page", p.url.Path)
		}
		if csp := p.header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe") {
			t.Errorf("%s: CSP %q", p.url.Path, csp)
		}
	}
	checkLayout(list)

	rc := &receiver{statuses: []int{500, 200}}
	rcv := httptest.NewServer(rc)
	t.Cleanup(rcv.Close)
	if r := me.post("/console/webhooks", url.Values{"url": {rcv.URL}}); r.status != http.StatusForbidden {
		t.Errorf("post without a CSRF token: %d", r.status)
	}
	if r := me.postForm("/console/webhooks", url.Values{"url": {"http://169.254.169.254/"}}); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "169.254.169.254") {
		t.Errorf("metadata address: %d\n%s", r.status, r.body)
	}
	created := me.postForm("/console/webhooks", url.Values{"url": {rcv.URL}, "description": {"bot"}, "events": {webhook.EventCompleted}})
	secret := regexp.MustCompile(`>(whsec_[^<]+)<`).FindStringSubmatch(created.body)
	if created.status != http.StatusCreated || secret == nil || !strings.Contains(created.body, "not shown again") {
		t.Fatalf("register: %d\n%s", created.status, created.body)
	}
	checkLayout(created)
	wh := e.srv.Webhooks()
	eps, _ := wh.ListEndpoints(context.Background())
	if len(eps) != 1 || eps[0].Secret != strings.ReplaceAll(secret[1], "&#43;", "+") {
		t.Fatalf("the secret shown is not the one stored")
	}
	id := eps[0].ID
	if r := me.get("/console/webhooks"); strings.Contains(r.body, "whsec_") {
		t.Error("the list page shows a secret")
	}

	// A real run (blocked: nothing listens there) makes the event.
	ctx := context.Background()
	u, _ := e.svc.GetUserByEmail(ctx, e.email)
	who := service.Principal{UserID: u.ID}
	p, err := e.svc.CreatePlan(ctx, who, service.CreateRequest{DeploymentURL: servertest.ClosedPort(t), Claim: `The home page shows "Welcome to testapp"`})
	if err != nil {
		t.Fatal(err)
	}
	if p, err = e.svc.Approve(ctx, who, p.ID, p.ContractID); err != nil {
		t.Fatal(err)
	}
	v, err := e.svc.StartRun(ctx, who, service.CreateRequest{ReviewedPlanID: p.ID})
	if err != nil {
		t.Fatal(err)
	}
	e.waitDone(v.ID)
	if _, err := wh.RunOnce(ctx); err != nil {
		t.Fatal(err)
	}
	ep := me.get("/console/webhooks/" + id)
	did := regexp.MustCompile(`/deliveries/(whd_[a-z0-9]+)"`).FindStringSubmatch(ep.body)
	if ep.status != http.StatusOK || did == nil || !strings.Contains(ep.body, "HTTP 500") || !strings.Contains(ep.body, "Redeliver") {
		t.Fatalf("endpoint page: %d\n%s", ep.status, ep.body)
	}
	checkLayout(ep)
	re := me.postForm("/console/webhooks/"+id+"/deliveries/"+did[1]+"/redeliver", nil)
	if re.status != http.StatusOK || !strings.Contains(re.url.RawQuery, "done=redelivered") || !strings.Contains(re.body, "Queued for redelivery") {
		t.Fatalf("redeliver: %d at %s", re.status, re.url)
	}
	// Redeliver also wakes the server's own delivery worker, which may take
	// the attempt first: wait (bounded) for whichever makes it to finish.
	var d page
	for i := 0; i < 100; i++ {
		if _, err := wh.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		d = me.get("/console/webhooks/" + id + "/deliveries/" + did[1])
		if strings.Contains(d.body, `id="delivery-state">delivered<`) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if d.status != http.StatusOK || !strings.Contains(d.body, `id="delivery-state">delivered<`) || !strings.Contains(d.body, "HTTP 200") {
		t.Errorf("delivery page: %d\n%s", d.status, d.body)
	}
	checkLayout(d)
	if r := me.postForm("/console/webhooks/"+id+"/disable", nil); r.status != http.StatusOK || !strings.Contains(r.body, "Nothing is sent to this endpoint") {
		t.Errorf("disable: %d", r.status)
	}
	if got, _ := wh.GetEndpoint(ctx, id); got == nil || !got.Disabled {
		t.Error("the endpoint is not disabled")
	}
	if r := me.get("/console/webhooks/whe_nope"); r.status != http.StatusNotFound {
		t.Errorf("missing endpoint page: %d", r.status)
	}
	if r := me.postForm("/console/webhooks/"+id+"/delete", nil); r.status != http.StatusOK || !strings.Contains(r.body, "Deleted.") {
		t.Errorf("delete: %d", r.status)
	}
	if eps, _ := wh.ListEndpoints(ctx); len(eps) != 0 {
		t.Errorf("endpoints after delete: %d", len(eps))
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.got != 2 {
		t.Errorf("the receiver got %d requests, want 2", rc.got)
	}
}
