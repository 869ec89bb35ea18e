package service_test

import (
	"net/url"
	"testing"

	"github.com/vouchdev/vouch/service"
)

// A deployment URL that names a page is the page the claim means: the
// plan starts there and runs against the page's directory.
func TestRulesDeriverNamedPage(t *testing.T) {
	u, _ := url.Parse("https://app.example.test/site/about.html")
	d, base, err := service.RulesDeriver{}.DeriveAt("The about page shows 'Our team'", u)
	if err != nil {
		t.Fatal(err)
	}
	if base.String() != "https://app.example.test/site/" {
		t.Errorf("base = %s", base)
	}
	if v := d.Plan.Journeys[0].Steps[0].Value; v != "/about.html" {
		t.Errorf("the plan visits %s, not the page the deployment URL names", v)
	}
	if len(d.Requirements) != 1 || len(d.Requirements[0].ProvenBy) == 0 {
		t.Errorf("requirements = %+v", d.Requirements)
	}
}
