package claim

import (
	"errors"
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

// TestDeriveAtOtherSite: an address on another host than the deployment's
// is never visited as the deployment's path; the deployment's own host
// (www. aside) is.
func TestDeriveAtOtherSite(t *testing.T) {
	dep, _ := url.Parse("https://www.example.com/")
	for _, tc := range []struct {
		claim string
		visit string // "" when refused
	}{
		{"https://github.com/acme shows 'GitHub'", ""},
		{"https://example.com/about shows 'Our team'", "/about"},
		{"https://www.example.com/about shows 'Our team'", "/about"},
	} {
		d, _, err := DeriveAt(tc.claim, dep)
		if tc.visit == "" {
			var np *NotProvableError
			if !errors.As(err, &np) || !strings.Contains(np.Reason, "another site") || len(np.Suggestions) > 0 {
				t.Errorf("%q: %v, want refused as another site with no suggestion", tc.claim, err)
			}
			continue
		}
		if err != nil || d.Plan.Journeys[0].Steps[0].Value != tc.visit {
			t.Errorf("%q: %v, want a visit to %s", tc.claim, err, tc.visit)
		}
	}
	// nor is a link's destination offered as the page to visit
	for _, s := range Suggestions("The external 'GitHub' link points to https://github.com/acme") {
		if strings.HasPrefix(strings.ToLower(s), "https://") {
			t.Errorf("suggestion %q visits a link's destination", s)
		}
	}
}
