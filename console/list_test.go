package console_test

import (
	"context"
	"html"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vouchdev/vouch/service"
)

// The verifications list filters and pages in the store: a run older than
// a few thousand newer ones that do not match is found on the first page,
// and the pages of an unfiltered list follow one another without gaps or
// repeats.
func TestVerificationsListFiltersInStore(t *testing.T) {
	var mu sync.Mutex
	// Two days ago, then yesterday: sessions follow the real clock.
	day0 := time.Now().UTC().Truncate(24 * time.Hour).Add(-2 * 24 * time.Hour)
	now := day0.Add(10 * time.Hour)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	e := start(t, options{customize: func(c *service.Config) { c.Now = clock }})
	p := e.approvedPlan(`The home page shows "Welcome to testapp"`)
	ctx := context.Background()
	u, err := e.svc.GetUserByEmail(ctx, e.email)
	if err != nil {
		t.Fatal(err)
	}
	who := service.Principal{UserID: u.ID}
	startRun := func() *service.Verification {
		v, err := e.svc.StartRun(ctx, who, service.CreateRequest{ReviewedPlanID: p.ID})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	old := startRun()
	const newer = 2100 // more than a scan of the newest rows would read
	for i := range newer {
		mu.Lock()
		now = day0.Add(34*time.Hour + time.Duration(i)*time.Millisecond)
		mu.Unlock()
		startRun()
	}
	mu.Lock()
	now = time.Now()
	mu.Unlock()
	me := e.signIn(e.email, e.password)
	rowRe := regexp.MustCompile(`<a href="/console/verifications/(ver_[^"]+)">`)
	nextRe := regexp.MustCompile(`<a href="(/console/verifications\?[^"]+)">Older verifications</a>`)

	q := "from=" + day0.Format(time.DateOnly) + "&to=" + day0.Format(time.DateOnly)
	r := me.get("/console/verifications?" + q)
	if got := rowRe.FindAllStringSubmatch(r.body, -1); len(got) != 1 || got[0][1] != old.ID {
		t.Errorf("%s lists %d rows, want only %s", q, len(got), old.ID)
	}
	if nextRe.MatchString(r.body) {
		t.Error("a list with one match offers an older page")
	}

	seen := map[string]bool{}
	path, pages := "/console/verifications?decision=queued", 0
	for path != "" && pages < 30 {
		r := me.get(path)
		if r.status != http.StatusOK {
			t.Fatalf("GET %s: %d", path, r.status)
		}
		rows := rowRe.FindAllStringSubmatch(r.body, -1)
		if len(rows) == 0 {
			t.Fatalf("GET %s: an empty page", path)
		}
		for _, m := range rows {
			if seen[m[1]] {
				t.Fatalf("GET %s: %s listed twice", path, m[1])
			}
			seen[m[1]] = true
		}
		pages++
		path = ""
		if m := nextRe.FindStringSubmatch(r.body); m != nil {
			path = html.UnescapeString(m[1])
			if !strings.Contains(path, "decision=queued") {
				t.Fatalf("the next page %s drops the filter", path)
			}
		}
	}
	if len(seen) != newer+1 || pages != (newer+1+99)/100 || !seen[old.ID] {
		t.Errorf("%d pages listed %d runs, want %d pages of %d runs", pages, len(seen), (newer+1+99)/100, newer+1)
	}

	if r := me.get("/console/verifications?before=ver_gone"); r.status != http.StatusOK || !strings.Contains(r.body, "no longer exists") {
		t.Errorf("an unknown cursor: %d, no message", r.status)
	}
}
