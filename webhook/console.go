package webhook

import (
	"embed"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
)

//go:embed templates/*.html
var templateFS embed.FS

// pages are the console's webhook pages, each parsed with the layout.
var pages = map[string]string{
	"list":     "templates/list.html",
	"created":  "templates/created.html",
	"endpoint": "templates/endpoint.html",
	"delivery": "templates/delivery.html",
	"error":    "templates/error.html",
}

// ConsoleHandler serves the webhook pages for signed-in people under
// /console/webhooks: register an endpoint (its secret shown once), enable,
// disable or delete it, read its delivery log and redeliver. They follow
// the console's rules: the session cookie alone signs a person in, every
// form carries the session's CSRF token and cross-origin posts are
// refused; the pages use the console's stylesheet and no script.
func (w *Webhooks) ConsoleHandler() http.Handler {
	funcs := template.FuncMap{
		"fmtTime": func(t time.Time) string {
			if t.IsZero() {
				return ""
			}
			return t.UTC().Format("2006-01-02 15:04:05 UTC")
		},
		"ms": func(d time.Duration) string { return d.Round(time.Millisecond).String() },
	}
	tmpl := map[string]*template.Template{}
	for name, file := range pages {
		tmpl[name] = template.Must(template.New(name).Funcs(funcs).ParseFS(templateFS, "templates/layout.html", file))
	}
	c := &consolePages{w: w, tmpl: tmpl}
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		c.fail(rw, r, nil, http.StatusForbidden, "Request refused", "This form was sent from another site, so it was refused.")
	}))
	m := http.NewServeMux()
	m.HandleFunc("GET /console/webhooks", c.signedIn(c.list))
	m.HandleFunc("POST /console/webhooks", c.signedIn(c.create))
	m.HandleFunc("GET /console/webhooks/{id}", c.signedIn(c.endpoint))
	m.HandleFunc("POST /console/webhooks/{id}/enable", c.signedIn(c.setEnabled(true)))
	m.HandleFunc("POST /console/webhooks/{id}/disable", c.signedIn(c.setEnabled(false)))
	m.HandleFunc("POST /console/webhooks/{id}/delete", c.signedIn(c.remove))
	m.HandleFunc("GET /console/webhooks/{id}/deliveries/{delivery}", c.signedIn(c.delivery))
	m.HandleFunc("POST /console/webhooks/{id}/deliveries/{delivery}/redeliver", c.signedIn(c.redeliver))
	m.HandleFunc("/console/webhooks/", c.signedIn(func(rw http.ResponseWriter, r *http.Request, s *person) {
		c.fail(rw, r, s, http.StatusNotFound, "Not found", "There is no page at "+r.URL.Path+".")
	}))
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		h := rw.Header()
		h.Set("Content-Security-Policy", "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("Cache-Control", "no-store")
		cop.Handler(m).ServeHTTP(rw, r)
	})
}

type consolePages struct {
	w    *Webhooks
	tmpl map[string]*template.Template
}

// person is the signed-in person of a request.
type person struct {
	user *service.User
	csrf string
}

// signedIn runs h for a signed-in person. Without a session a GET goes to
// sign-in and comes back; a form post is refused. Posts need the
// session's CSRF token.
func (c *consolePages) signedIn(h func(http.ResponseWriter, *http.Request, *person)) http.HandlerFunc {
	return func(rw http.ResponseWriter, r *http.Request) {
		p := c.lookup(r)
		if p == nil {
			if r.Method == http.MethodGet || r.Method == http.MethodHead {
				http.Redirect(rw, r, "/console/sign-in?next="+url.QueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
				return
			}
			c.fail(rw, r, nil, http.StatusUnauthorized, "Signed out", "Your session has ended. Sign in again, then repeat what you were doing.")
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			r.Body = http.MaxBytesReader(rw, r.Body, 64<<10)
			if !auth.CheckCSRF(p.csrf, r.PostFormValue("csrf_token")) {
				c.fail(rw, r, p, http.StatusForbidden, "Request refused", "The form's security token is missing or stale. Reload the page and try again.")
				return
			}
		}
		h(rw, r, p)
	}
}

func (c *consolePages) lookup(r *http.Request) *person {
	tok := auth.SessionToken(r)
	if tok == "" {
		return nil
	}
	s, u, err := c.w.svc.GetSession(r.Context(), auth.HashSessionToken(tok))
	if err != nil {
		if service.ErrorCode(err) != service.CodeUnauthorized {
			c.w.log.Error("console: session lookup", "err", err)
		}
		return nil
	}
	return &person{user: u, csrf: s.CSRFToken}
}

// view is what every page template receives.
type view struct {
	Title  string
	Person *service.User
	CSRF   string
	Flash  string
	Data   any
}

func (c *consolePages) render(rw http.ResponseWriter, status int, page string, p *person, title, flash string, data any) {
	v := view{Title: title, Flash: flash, Data: data}
	if p != nil {
		v.Person, v.CSRF = p.user, p.csrf
	}
	var b strings.Builder
	if err := c.tmpl[page].ExecuteTemplate(&b, "layout", v); err != nil {
		c.w.log.Error("console: render", "page", page, "err", err)
		http.Error(rw, "internal error", http.StatusInternalServerError)
		return
	}
	rw.Header().Set("Content-Type", "text/html; charset=utf-8")
	rw.WriteHeader(status)
	_, _ = rw.Write([]byte(b.String()))
}

func (c *consolePages) fail(rw http.ResponseWriter, r *http.Request, p *person, status int, title, msg string) {
	c.render(rw, status, "error", p, title, "", map[string]string{"Message": msg})
}

// failErr shows an error as a page: a domain error with its message,
// anything else as a logged internal error.
func (c *consolePages) failErr(rw http.ResponseWriter, r *http.Request, p *person, err error) {
	var se *service.Error
	if errors.As(err, &se) && se.Code != service.CodeInternal {
		status := http.StatusBadRequest
		switch se.Code {
		case service.CodeNotFound:
			status = http.StatusNotFound
		case service.CodeConflict:
			status = http.StatusConflict
		case service.CodeTargetNotAllowed:
			status = http.StatusUnprocessableEntity
		}
		c.fail(rw, r, p, status, "Not possible", se.Message)
		return
	}
	c.w.log.Error("console", "path", r.URL.Path, "err", err)
	c.fail(rw, r, p, http.StatusInternalServerError, "Something went wrong", "The request failed on the server. It has been logged.")
}

// flashes are the messages shown after a redirect (?done=…); only known
// values are shown, so the query string cannot inject text.
var flashes = map[string]string{
	"enabled":     "Enabled. Pending deliveries resume.",
	"disabled":    "Disabled. Nothing is sent to this endpoint until it is enabled again.",
	"deleted":     "Deleted. Its pending deliveries were cancelled.",
	"redelivered": "Queued for redelivery with the same webhook-id; it is sent within seconds.",
}

type listData struct {
	Endpoints  []*store.WebhookEndpoint
	EventTypes []string
	Channel    bool
	Form       createForm
	Error      string
	Field      string
}

type createForm struct{ URL, Description string }

func (c *consolePages) list(rw http.ResponseWriter, r *http.Request, p *person) {
	c.showList(rw, r, p, http.StatusOK, createForm{}, nil)
}

func (c *consolePages) showList(rw http.ResponseWriter, r *http.Request, p *person, status int, form createForm, formErr *service.Error) {
	eps, err := c.w.ListEndpoints(r.Context())
	if err != nil {
		c.failErr(rw, r, p, err)
		return
	}
	d := listData{Endpoints: eps, EventTypes: EventTypes, Channel: c.w.cfg.NotifyURL != "", Form: form}
	if formErr != nil {
		d.Error, d.Field = formErr.Message, formErr.Field
	}
	c.render(rw, status, "list", p, "Webhooks", flashes[r.URL.Query().Get("done")], d)
}

func (c *consolePages) create(rw http.ResponseWriter, r *http.Request, p *person) {
	form := createForm{URL: r.PostFormValue("url"), Description: r.PostFormValue("description")}
	ep, err := c.w.CreateEndpoint(r.Context(), service.Principal{UserID: p.user.ID},
		NewEndpoint{URL: form.URL, Description: form.Description, Events: r.PostForm["events"]})
	if err != nil {
		var se *service.Error
		if errors.As(err, &se) && se.Code != service.CodeInternal {
			status := api422or400(se.Code)
			c.showList(rw, r, p, status, form, se)
			return
		}
		c.failErr(rw, r, p, err)
		return
	}
	// The secret is on this page only: the answer to the post, never
	// cached, never in a URL.
	c.render(rw, http.StatusCreated, "created", p, "Endpoint registered", "", ep)
}

func api422or400(code service.Code) int {
	if code == service.CodeTargetNotAllowed {
		return http.StatusUnprocessableEntity
	}
	if code == service.CodeConflict {
		return http.StatusConflict
	}
	return http.StatusBadRequest
}

type endpointData struct {
	ID         string // the endpoint's id, or "channel"
	Endpoint   *store.WebhookEndpoint
	Channel    bool
	Deliveries []*store.WebhookDelivery
}

func (c *consolePages) endpoint(rw http.ResponseWriter, r *http.Request, p *person) {
	id := r.PathValue("id")
	d := endpointData{ID: id}
	if id == ChannelID {
		d.Channel = true
	} else {
		ep, err := c.w.GetEndpoint(r.Context(), id)
		if err != nil {
			c.failErr(rw, r, p, err)
			return
		}
		d.Endpoint = ep
	}
	ds, err := c.w.Deliveries(r.Context(), id, store.WebhookDeliveryFilter{Limit: 100, Before: r.URL.Query().Get("before")})
	if err != nil {
		c.failErr(rw, r, p, err)
		return
	}
	d.Deliveries = ds
	title := "Chat channel"
	if d.Endpoint != nil {
		title = d.Endpoint.URL
	}
	c.render(rw, http.StatusOK, "endpoint", p, title, flashes[r.URL.Query().Get("done")], d)
}

func (c *consolePages) setEnabled(on bool) func(http.ResponseWriter, *http.Request, *person) {
	return func(rw http.ResponseWriter, r *http.Request, p *person) {
		id := r.PathValue("id")
		if _, err := c.w.UpdateEndpoint(r.Context(), id, EndpointUpdate{Enabled: &on}); err != nil {
			c.failErr(rw, r, p, err)
			return
		}
		done := "disabled"
		if on {
			done = "enabled"
		}
		http.Redirect(rw, r, "/console/webhooks/"+url.PathEscape(id)+"?done="+done, http.StatusSeeOther)
	}
}

func (c *consolePages) remove(rw http.ResponseWriter, r *http.Request, p *person) {
	if err := c.w.DeleteEndpoint(r.Context(), r.PathValue("id")); err != nil {
		c.failErr(rw, r, p, err)
		return
	}
	http.Redirect(rw, r, "/console/webhooks?done=deleted", http.StatusSeeOther)
}

type deliveryData struct {
	EndpointID string
	Delivery   *store.WebhookDelivery
	Attempts   []*store.WebhookAttempt
	Payload    string
}

func (c *consolePages) delivery(rw http.ResponseWriter, r *http.Request, p *person) {
	id := r.PathValue("id")
	d, attempts, err := c.w.Delivery(r.Context(), id, r.PathValue("delivery"))
	if err != nil {
		c.failErr(rw, r, p, err)
		return
	}
	c.render(rw, http.StatusOK, "delivery", p, "Delivery "+d.ID, flashes[r.URL.Query().Get("done")],
		deliveryData{EndpointID: id, Delivery: d, Attempts: attempts, Payload: string(d.Payload)})
}

func (c *consolePages) redeliver(rw http.ResponseWriter, r *http.Request, p *person) {
	id, did := r.PathValue("id"), r.PathValue("delivery")
	if _, err := c.w.Redeliver(r.Context(), id, did); err != nil {
		c.failErr(rw, r, p, err)
		return
	}
	http.Redirect(rw, r, "/console/webhooks/"+url.PathEscape(id)+"/deliveries/"+url.PathEscape(did)+"?done=redelivered", http.StatusSeeOther)
}
