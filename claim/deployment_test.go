package claim

import (
	"net/url"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/plan"
)

func TestDeriveAtNamedPage(t *testing.T) {
	tests := []struct {
		deployment, claim string
		base, visit       string
	}{
		{"https://example.com/about.html", "The about page shows 'Our team'", "https://example.com/", "/about.html"},
		{"https://example.com/site/about.html", "The home page shows 'Our team'", "https://example.com/site/", "/about.html"},
		{"https://example.com/site/about.html", "The app shows 'Our team'", "https://example.com/site/", "/about.html"},
		{"https://example.com/site/about.html", "/contact shows 'Write to us'", "https://example.com/site/", "/contact"},
		{"https://example.com/app/", "The about page shows 'Our team'", "https://example.com/app/", "/about"},
		{"https://example.com/", "The home page shows 'Welcome'", "https://example.com/", "/"},
	}
	for _, tc := range tests {
		u, _ := url.Parse(tc.deployment)
		d, base, err := DeriveAt(tc.claim, u)
		if err != nil {
			t.Fatalf("%s %q: %v", tc.deployment, tc.claim, err)
		}
		if base.String() != tc.base {
			t.Errorf("%s %q: base %s, want %s", tc.deployment, tc.claim, base, tc.base)
		}
		if got := d.Plan.Journeys[0].Steps[0]; got.Kind != plan.Visit || got.Value != tc.visit {
			t.Errorf("%s %q: first step %v, want visit %s", tc.deployment, tc.claim, got, tc.visit)
		}
		if tc.visit == "/about.html" && !strings.Contains(strings.Join(d.Notes, " "), "names the page about.html") {
			t.Errorf("%s %q: no note says the deployment URL names the page: %q", tc.deployment, tc.claim, d.Notes)
		}
		if tc.visit == "/about.html" && !strings.Contains(d.Requirements[0].Text, "/about.html") {
			t.Errorf("%s %q: requirement %q does not name the page", tc.deployment, tc.claim, d.Requirements[0].Text)
		}
	}
}
