package console

import (
	"context"
	"fmt"
	"html/template"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/vouchdev/vouch/service"
)

// consoleCSP is the policy of every console page. Script comes only from
// /console/static/ (no inline script, so no nonce to manage); fetches go
// to the console's own progress endpoint; frames show only the console's
// own sandboxed evidence views.
const consoleCSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; frame-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// evidenceCSP replaces consoleCSP on evidence files: captured pages are
// hostile, so a DOM snapshot or report opened from the console runs no
// script, has an opaque origin, sends no form and fetches nothing from
// the console's origin (images only as data: URIs, as the report embeds
// them), whether framed by the result page or opened in a tab.
const evidenceCSP = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'; frame-ancestors 'self'"

// reportCSP is evidenceCSP for report.html, which shows the screenshots
// beside it: same-origin images (sent with the session cookie), still no
// script of any kind.
const reportCSP = "sandbox allow-same-origin; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'; frame-ancestors 'self'"

// routes adds the pages of this file's siblings to m; New calls it before
// the catch-all 404.
func (c *Console) routes(m *http.ServeMux) {
	m.HandleFunc("GET /console/new", c.signedIn(c.newPage))
	m.HandleFunc("POST /console/new", c.signedIn(c.newPlan))
	m.HandleFunc("POST /console/plans/{id}/run", c.signedIn(c.startRun))
	m.HandleFunc("GET /console/verifications", c.signedIn(c.verificationsPage))
	m.HandleFunc("GET /console/verifications/{id}", c.signedIn(c.verificationPage))
	m.HandleFunc("GET /console/verifications/{id}/progress", c.signedIn(c.progress))
	m.HandleFunc("GET /console/verifications/{id}/files/{name}", c.signedIn(c.evidenceFile))
	m.HandleFunc("GET /console/verifications/{id}/evidence.zip", c.signedIn(c.evidenceZip))
	m.HandleFunc("POST /console/verifications/{id}/recheck", c.signedIn(c.recheck))
	m.HandleFunc("GET /console/keys", c.signedIn(c.keysPage))
	m.HandleFunc("POST /console/keys", c.signedIn(c.createKey))
	m.HandleFunc("POST /console/keys/{id}/revoke", c.signedIn(c.revokeKey))
	m.HandleFunc("GET /console/usage", c.signedIn(c.usagePage))
	m.HandleFunc("GET /console/requests", c.signedIn(c.requestsPage))
	m.HandleFunc("GET /console/people", c.signedIn(c.admin(c.peoplePage)))
	m.HandleFunc("POST /console/people", c.signedIn(c.admin(c.addPerson)))
	m.HandleFunc("POST /console/people/{id}/disable", c.signedIn(c.admin(c.setDisabled(true))))
	m.HandleFunc("POST /console/people/{id}/enable", c.signedIn(c.admin(c.setDisabled(false))))
}

// admin wraps a handler for administrators only; others get 403 (the
// page exists, so 404 would mislead).
func (c *Console) admin(h func(http.ResponseWriter, *http.Request, *session)) func(http.ResponseWriter, *http.Request, *session) {
	return func(w http.ResponseWriter, r *http.Request, s *session) {
		if !s.user.Admin {
			c.fail(w, r, http.StatusForbidden, "Administrators only", "Only an administrator can manage people. Ask one to add or disable accounts.")
			return
		}
		h(w, r, s)
	}
}

// navFor returns the header links a person sees.
func navFor(u *service.User) []navItem {
	out := make([]navItem, 0, len(nav))
	for _, n := range nav {
		if !n.Admin || u.Admin {
			out = append(out, n)
		}
	}
	return out
}

// moreFlashes are the messages after a redirect of the pages of this
// file's siblings; flashText shows only these known values.
var moreFlashes = map[string]string{
	"created":   "Plan derived. Nothing runs and nothing is charged until a person approves it and starts a run.",
	"run":       "Run started and billed as one verification. Progress shows below.",
	"rechecked": "Re-run started and billed as one verification. Progress shows below.",
	"revoked":   "Key revoked. Requests with it are refused from now on.",
	"added":     "Person added. They can sign in now.",
	"disabled":  "Account disabled and signed out everywhere.",
	"enabled":   "Account enabled. They can sign in again.",
}

// statusOf is the HTTP status of a domain error on a console page; the
// same mapping as the API's, for the codes a page can meet.
func statusOf(code service.Code) int {
	switch code {
	case service.CodeNotFound, service.CodeEvidenceNotAvailable:
		return http.StatusNotFound
	case service.CodeInvalidRequest:
		return http.StatusBadRequest
	case service.CodeClaimNotProvable, service.CodeTargetNotAllowed, service.CodeRecheckHostMismatch, service.CodeIdempotencyKeyReused:
		return http.StatusUnprocessableEntity
	case service.CodePlanRequiresHuman, service.CodeInsufficientScope:
		return http.StatusForbidden
	case service.CodeRecheckLimitReached, service.CodeRateLimited:
		return http.StatusTooManyRequests
	case service.CodeUnauthorized:
		return http.StatusUnauthorized
	case service.CodeServiceUnavailable:
		return http.StatusServiceUnavailable
	}
	return http.StatusConflict
}

// pageFuncs are the template functions of the pages of this file's
// siblings.
var pageFuncs = template.FuncMap{
	"decisionWord": decisionWord,
	"proofs":       proofs,
	// current reports whether the page at path is under the link to p.
	"current": func(path, p string) bool { return path == p || strings.HasPrefix(path, p+"/") },
	// took is how long a run took, or "" while it has not finished.
	"took": func(start, end time.Time) string {
		if start.IsZero() || end.IsZero() {
			return ""
		}
		d := end.Sub(start)
		if d < time.Minute {
			return fmt.Sprintf("%.1f s", d.Seconds())
		}
		return d.Round(time.Second).String()
	},
	"ms": func(v float64) string {
		if v < 0 {
			return "—"
		}
		if v >= 10000 {
			return fmt.Sprintf("%.1f s", v/1000)
		}
		return fmt.Sprintf("%.0f ms", v)
	},
	"dur": func(d time.Duration) string {
		switch {
		case d < 0:
			return "—"
		case d < 10*time.Millisecond:
			return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
		case d < time.Second:
			return fmt.Sprintf("%d ms", d.Milliseconds())
		case d < time.Minute:
			return fmt.Sprintf("%.1f s", d.Seconds())
		}
		return d.Round(time.Second).String()
	},
	// sentence starts a message with a capital letter.
	"sentence": func(s string) string {
		if s == "" {
			return s
		}
		r, n := utf8.DecodeRuneInString(s)
		return string(unicode.ToUpper(r)) + s[n:]
	},
	"size": func(n int64) string {
		switch {
		case n >= 1<<20:
			return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
		case n >= 1<<10:
			return fmt.Sprintf("%.0f KB", float64(n)/(1<<10))
		}
		return fmt.Sprintf("%d B", n)
	},
	"short": func(s string, n int) string {
		if len(s) <= n {
			return s
		}
		return s[:n] + "…"
	},
	"ago": func(t time.Time) string {
		if t.IsZero() {
			return "never"
		}
		return t.UTC().Format("2006-01-02 15:04 UTC")
	},
	"statusClass": func(code int) string {
		switch {
		case code == 0 || code >= 500:
			return "bad"
		case code >= 400:
			return "warn"
		}
		return "ok"
	},
}

// decisionWord is the word of a decision or state on a badge.
func decisionWord(d string) string {
	switch d {
	case "verified":
		return "Verified"
	case "failed":
		return "Failed"
	case "blocked":
		return "Blocked"
	case "queued":
		return "Queued"
	case "running":
		return "Running"
	case "pending":
		return "Waiting"
	}
	if d == "" {
		return "—"
	}
	return strings.ToUpper(d[:1]) + d[1:]
}

// names turns principals into what a person recognises: an email for a
// person, the key's prefix and name for a key. It caches per request.
type names struct {
	c     *Console
	ctx   context.Context
	users map[string]string
	keys  map[string]*service.Key
}

func (c *Console) names(ctx context.Context) *names {
	return &names{c: c, ctx: ctx, users: map[string]string{}}
}

func (n *names) user(id string) string {
	if e, ok := n.users[id]; ok {
		return e
	}
	e := id
	if u, err := n.c.svc.GetUser(n.ctx, id); err == nil {
		e = u.Email
	}
	n.users[id] = e
	return e
}

func (n *names) key(id string) *service.Key {
	if n.keys == nil {
		n.keys = map[string]*service.Key{}
		if ks, err := n.c.svc.ListKeys(n.ctx); err == nil {
			for _, k := range ks {
				n.keys[k.ID] = k
			}
		}
	}
	return n.keys[id]
}

// keyLabel is a key's prefix, and its name when it has one.
func (n *names) keyLabel(id string) string {
	k := n.key(id)
	if k == nil {
		return id
	}
	if k.Name != "" {
		return k.Name + " (" + k.Prefix + "…)"
	}
	return k.Prefix + "…"
}

// principal names who did something.
func (n *names) principal(p service.Principal) string {
	switch {
	case p.UserID != "":
		return n.user(p.UserID)
	case p.KeyID != "":
		return "API key " + n.keyLabel(p.KeyID)
	}
	return "unknown"
}
