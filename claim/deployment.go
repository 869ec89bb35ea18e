package claim

import (
	"fmt"
	"net/url"
	"path"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// pageExts are the file endings that make a URL's last segment a page
// rather than a directory of the app.
var pageExts = map[string]bool{".html": true, ".htm": true, ".php": true, ".asp": true,
	".aspx": true, ".jsp": true, ".shtml": true, ".xhtml": true, ".cfm": true}

// SplitDeployment reads a deployment URL that names one page, such as
// https://example.com/site/about.html: the plan runs against the
// directory (https://example.com/site/) and page is the named page as a
// plan path ("/about.html"). For any other URL base is u and page is "".
func SplitDeployment(u *url.URL) (base *url.URL, page string) {
	if u == nil {
		return nil, ""
	}
	dir, file := path.Split(u.Path)
	if file == "" || !pageExts[strings.ToLower(path.Ext(file))] {
		return u, ""
	}
	b := *u
	b.Path, b.RawPath, b.RawQuery, b.Fragment = dir, "", "", ""
	return &b, "/" + file
}

// otherSite is the address the claim names whose host is not the
// deployment's (www. aside), where the plan would visit its path on the
// deployment: "https://github.com/acme shows 'GitHub'" is not /acme of
// the app. "" when there is none or no deployment is known.
func otherSite(d Derivation, deployment *url.URL) string {
	if deployment == nil || deployment.Host == "" {
		return ""
	}
	for _, n := range notedURLs(d) {
		if !n.checked && siteHost(n.u.Host) != siteHost(deployment.Host) {
			return n.u.Scheme + "://" + n.u.Host
		}
	}
	return ""
}

// notedURL is an address a derivation's notes say it took as a path of
// the deployment, or checked with its host.
type notedURL struct {
	raw     string
	u       *url.URL
	checked bool // "is checked with its host": the run must end up there
}

// notedURLs are the addresses d's notes name, in order.
func notedURLs(d Derivation) []notedURL {
	var out []notedURL
	for _, n := range d.Notes {
		taken, checked := strings.Contains(n, " on the base URL the plan runs against."), strings.Contains(n, " is checked with its host")
		if !taken && !checked {
			continue
		}
		raw, ok := firstQuoted(n)
		if !ok {
			continue
		}
		if u, err := url.Parse(raw); err == nil && u.Host != "" {
			out = append(out, notedURL{raw, u, checked})
		}
	}
	return out
}

// siteHost is a host as a site: lower case, www. aside.
func siteHost(h string) string { return strings.TrimPrefix(strings.ToLower(h), "www.") }

// twoSites: a claim that names addresses on two hosts ("On
// https://app.test, has a link to https://twitter.com/acme") had each taken
// as a path of the one deployment, so a link to /acme, or to / for
// "https://example.com", passed for a link to another site. The reason,
// or "" when the claim names one host at most.
func twoSites(d Derivation) string {
	var first *notedURL
	other := ""
	for _, n := range notedURLs(d) {
		switch {
		case first == nil:
			first = &n
		case n.checked && siteHost(n.u.Host) != siteHost(first.u.Host):
			// a link's destination on another site, checked with its
			// host (the run ends up there or is blocked)
		case siteHost(n.u.Host) != siteHost(first.u.Host), !strings.EqualFold(n.u.Scheme, first.u.Scheme):
			// (http:// and https:// of one host are two addresses the
			// plan cannot both run against: "http://x redirects to
			// https://x" visited the base URL's scheme only)
			other = n.raw
		}
	}
	if other == "" {
		return ""
	}
	return fmt.Sprintf("the claim names two sites (or one site by two schemes), %s and %s, and the plan would look for both paths on the one deployment it runs against: name the link that goes to the other site (\"the 'Twitter' link goes to https://twitter.com/acme\"), or name a page of the deployment", first.raw, other)
}

// DeriveAt derives a claim for a deployment URL. When the URL names a page
// (…/about.html), that page is the page the claim means by "the home
// page", "the app" or no page at all, and by its own name ("the about
// page"); base is then the directory to run the plan against. Otherwise
// it is Derive, and base is the deployment URL.
func DeriveAt(text string, deployment *url.URL) (Derivation, *url.URL, error) {
	d, err := Derive(text)
	if err != nil {
		return Derivation{}, nil, err
	}
	if other := otherSite(d, deployment); other != "" {
		return Derivation{}, nil, refuseWith(text, "out_of_reach", fmt.Sprintf("%s is another site than the deployment (%s): vouch checks only the deployment, and its path would be looked for there; name a page of the deployment", other, deployment.Host), nil, true)
	}
	base, page := SplitDeployment(deployment)
	if page == "" {
		return d, deployment, nil
	}
	stem := "/" + strings.TrimSuffix(strings.TrimPrefix(page, "/"), path.Ext(page))
	// The same plan, with the named page where the claim meant it.
	p := *d.Plan
	p.Journeys = make([]plan.Journey, len(d.Plan.Journeys))
	changed := false
	for i, j := range d.Plan.Journeys {
		j.Steps = append([]plan.Step(nil), j.Steps...)
		for k := range j.Steps {
			s := &j.Steps[k]
			if (s.Kind == plan.Visit || s.Kind == plan.ExpectURL) && (s.Value == "/" || strings.EqualFold(s.Value, stem)) {
				s.Value = page
				changed = true
			}
		}
		j.Name = onPage(j.Name, stem, page)
		p.Journeys[i] = j
	}
	if !changed {
		return d, base, nil
	}
	p.Requirements = append([]plan.Requirement(nil), d.Plan.Requirements...)
	for i := range p.Requirements {
		p.Requirements[i].Text = onPage(p.Requirements[i].Text, stem, page)
	}
	notes := []string{fmt.Sprintf("The deployment URL names the page %s: the home page and %q mean it, and the plan runs against %s.", strings.TrimPrefix(page, "/"), strings.TrimPrefix(stem, "/")+" page", base.String())}
	for _, n := range d.Notes {
		if strings.Contains(n, " taken as "+stem+",") || strings.Contains(n, " taken as /.") {
			continue
		}
		notes = append(notes, n)
	}
	out, err := Trace(d.Claim, &p, notes)
	if err != nil {
		return Derivation{}, nil, err
	}
	return out, base, nil
}

// onPage rewrites a requirement's "On /about," or "On /," to the page.
func onPage(s, stem, page string) string {
	for _, from := range []string{stem, "/"} {
		for _, sep := range []string{",", ":"} {
			if strings.Contains(s, "On "+from+sep) {
				return strings.Replace(s, "On "+from+sep, "On "+page+sep, 1)
			}
		}
	}
	return s
}
