package webhook

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/vouchdev/vouch/api"
	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
)

// APIHandler serves the endpoint registration API under /api/v1/webhooks
// and /v1/webhooks (docs/webhooks.md). Reading needs a key with scope
// read; registering, changing, deleting and redelivering need scope
// launch, because they decide where verification results are sent.
func (w *Webhooks) APIHandler() http.Handler {
	m := http.NewServeMux()
	routes := w.apiRoutes()
	for _, rt := range routes {
		h := http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			p, err := authenticateKey(w.svc, r, rt.scope)
			if err != nil {
				api.WriteError(rw, r, err)
				return
			}
			status, v, err := rt.handle(rw, r, p)
			if err != nil {
				api.WriteError(rw, r, err)
				return
			}
			api.WriteJSON(rw, status, v)
		})
		for _, prefix := range api.Prefixes {
			m.Handle(rt.method+" "+prefix+rt.path, h)
		}
	}
	req := w.cfg.Requests
	if req == nil {
		req = api.NewRequests(api.RequestsConfig{Service: w.svc, Logger: w.log, Now: w.cfg.Now})
	}
	return req.WithLogger(w.log).Handler(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if _, pattern := m.Handler(r); pattern != "" {
			m.ServeHTTP(rw, r)
			return
		}
		// The mux's own 404 and 405 become envelopes.
		probe := &probe{header: http.Header{}}
		m.ServeHTTP(probe, r)
		if probe.status == http.StatusMethodNotAllowed {
			rw.Header().Set("Allow", probe.header.Get("Allow"))
			api.WriteError(rw, r, apiErr(service.CodeMethodNotAllowed, "", "method "+r.Method+" is not allowed on "+r.URL.Path+"; allowed: "+probe.header.Get("Allow")))
			return
		}
		api.WriteError(rw, r, apiErr(service.CodeNotFound, "", "no such endpoint: "+r.Method+" "+r.URL.Path))
	}))
}

// apiRoute is one route of the registration API; its path is after the
// /api/v1 (or /v1) prefix.
type apiRoute struct {
	method, path string
	scope        auth.Scope
	handle       func(http.ResponseWriter, *http.Request, service.Principal) (int, any, error)
	// codes are the error codes handle may return beyond those every
	// route may (authentication, scope, routing, internal errors).
	codes []service.Code
}

// bodyCodes are the codes of decoding a JSON body (decodeBody).
var bodyCodes = []service.Code{service.CodeInvalidRequest, service.CodePayloadTooLarge, service.CodeUnsupportedMediaType}

func (w *Webhooks) apiRoutes() []apiRoute {
	nf := service.CodeNotFound
	return []apiRoute{
		{"POST", "/webhooks", auth.ScopeLaunch, w.apiCreate, append([]service.Code{service.CodeTargetNotAllowed, service.CodeConflict}, bodyCodes...)},
		{"GET", "/webhooks", auth.ScopeRead, w.apiList, nil},
		{"GET", "/webhooks/{id}", auth.ScopeRead, w.apiGet, []service.Code{nf}},
		{"PATCH", "/webhooks/{id}", auth.ScopeLaunch, w.apiUpdate, append([]service.Code{nf}, bodyCodes...)},
		{"DELETE", "/webhooks/{id}", auth.ScopeLaunch, w.apiDelete, []service.Code{nf}},
		{"GET", "/webhooks/{id}/deliveries", auth.ScopeRead, w.apiDeliveries, []service.Code{nf, service.CodeInvalidRequest}},
		{"GET", "/webhooks/{id}/deliveries/{delivery}", auth.ScopeRead, w.apiDelivery, []service.Code{nf}},
		{"POST", "/webhooks/{id}/deliveries/{delivery}/redeliver", auth.ScopeLaunch, w.apiRedeliver, []service.Code{nf, service.CodeConflict}},
	}
}

// Routes are the registration API's routes as api.Route, paths after the
// /api/v1 (or /v1) prefix, with every error code each may answer: the
// list APIHandler serves. The OpenAPI test of the assembled server holds
// api/openapi.json to them.
func Routes() []api.Route {
	var out []api.Route
	for _, rt := range (&Webhooks{}).apiRoutes() {
		codes := []service.Code{service.CodeUnauthorized, service.CodeMethodNotAllowed, service.CodeInternal}
		if rt.scope != auth.ScopeRead {
			codes = append(codes, service.CodeInsufficientScope)
		}
		codes = append(codes, rt.codes...)
		slices.Sort(codes)
		out = append(out, api.Route{Method: rt.method, Path: rt.path, Codes: slices.Compact(codes)})
	}
	return out
}

type probe struct {
	header http.Header
	status int
}

func (p *probe) Header() http.Header { return p.header }
func (p *probe) WriteHeader(c int) {
	if p.status == 0 {
		p.status = c
	}
}
func (p *probe) Write(b []byte) (int, error) { return len(b), nil }

// endpointRecord is an endpoint as the API shows it. Secret is set only
// in the answer to its creation.
type endpointRecord struct {
	ID             string     `json:"id"`
	URL            string     `json:"url"`
	Description    string     `json:"description"`
	Events         []string   `json:"events"`
	Enabled        bool       `json:"enabled"`
	DisabledReason string     `json:"disabled_reason,omitempty"`
	DisabledAt     *time.Time `json:"disabled_at,omitempty"`
	CreatedAt      time.Time  `json:"created_at"`
	Secret         string     `json:"secret,omitempty"`
}

func endpointView(ep *store.WebhookEndpoint) endpointRecord {
	return endpointRecord{
		ID: ep.ID, URL: ep.URL, Description: ep.Description, Events: ep.Events, Enabled: !ep.Disabled,
		DisabledReason: ep.DisabledReason, DisabledAt: timePtr(ep.DisabledAt), CreatedAt: ep.CreatedAt.UTC(),
	}
}

// deliveryRecord is a delivery in an endpoint's log.
type deliveryRecord struct {
	ID            string     `json:"id"`
	EndpointID    string     `json:"endpoint_id"` // "channel" for the chat channel
	WebhookID     string     `json:"webhook_id"`  // the webhook-id header: the event's id
	EventType     string     `json:"event_type"`
	URL           string     `json:"url,omitempty"`
	State         string     `json:"state"`
	Attempts      int        `json:"attempts"`
	CreatedAt     time.Time  `json:"created_at"`
	NextAttemptAt *time.Time `json:"next_attempt_at,omitempty"`
	LastAttemptAt *time.Time `json:"last_attempt_at,omitempty"`
	LastStatus    int        `json:"last_status,omitempty"`
	LastError     string     `json:"last_error,omitempty"`
	DeliveredAt   *time.Time `json:"delivered_at,omitempty"`
}

// deliveryDetail is one delivery with its body and every attempt.
type deliveryDetail struct {
	deliveryRecord
	Payload     json.RawMessage `json:"payload"`
	AttemptList []attemptRecord `json:"attempt_log"`
}

type attemptRecord struct {
	N          int       `json:"n"`
	At         time.Time `json:"at"`
	DurationMS float64   `json:"duration_ms"`
	Status     int       `json:"status,omitempty"`
	Error      string    `json:"error,omitempty"`
	Response   string    `json:"response,omitempty"`
}

func deliveryView(d *store.WebhookDelivery) deliveryRecord {
	out := deliveryRecord{
		ID: d.ID, EndpointID: d.EndpointID, WebhookID: d.EventID, EventType: d.EventType, State: d.State,
		Attempts: d.Attempts, CreatedAt: d.CreatedAt.UTC(), LastAttemptAt: timePtr(d.LastAttemptAt),
		LastStatus: d.LastStatus, LastError: d.LastError, DeliveredAt: timePtr(d.DeliveredAt),
	}
	if d.EndpointID == "" {
		// The channel's URL is itself a credential: never shown.
		out.EndpointID = ChannelID
	} else {
		out.URL = d.URL
	}
	if d.State == store.DeliveryPending {
		out.NextAttemptAt = timePtr(d.NextAttemptAt)
	}
	return out
}

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	u := t.UTC()
	return &u
}

type createBody struct {
	URL         string   `json:"url"`
	Description string   `json:"description,omitempty"`
	Events      []string `json:"events,omitempty"`
}

func (w *Webhooks) apiCreate(rw http.ResponseWriter, r *http.Request, p service.Principal) (int, any, error) {
	var b createBody
	if err := decodeBody(rw, r, &b, false); err != nil {
		return 0, nil, err
	}
	ep, err := w.CreateEndpoint(r.Context(), p, NewEndpoint(b))
	if err != nil {
		return 0, nil, err
	}
	out := endpointView(ep)
	out.Secret = ep.Secret
	return http.StatusCreated, out, nil
}

func (w *Webhooks) apiList(rw http.ResponseWriter, r *http.Request, _ service.Principal) (int, any, error) {
	eps, err := w.ListEndpoints(r.Context())
	if err != nil {
		return 0, nil, err
	}
	out := struct {
		Webhooks []endpointRecord `json:"webhooks"`
		Channel  bool             `json:"channel_configured"`
	}{Webhooks: []endpointRecord{}, Channel: w.cfg.NotifyURL != ""}
	for _, ep := range eps {
		out.Webhooks = append(out.Webhooks, endpointView(ep))
	}
	return http.StatusOK, out, nil
}

func (w *Webhooks) apiGet(rw http.ResponseWriter, r *http.Request, _ service.Principal) (int, any, error) {
	ep, err := w.GetEndpoint(r.Context(), r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, endpointView(ep), nil
}

type updateBody struct {
	Description *string  `json:"description,omitempty"`
	Events      []string `json:"events,omitempty"`
	Enabled     *bool    `json:"enabled,omitempty"`
}

func (w *Webhooks) apiUpdate(rw http.ResponseWriter, r *http.Request, _ service.Principal) (int, any, error) {
	var b updateBody
	if err := decodeBody(rw, r, &b, false); err != nil {
		return 0, nil, err
	}
	ep, err := w.UpdateEndpoint(r.Context(), r.PathValue("id"), EndpointUpdate(b))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, endpointView(ep), nil
}

func (w *Webhooks) apiDelete(rw http.ResponseWriter, r *http.Request, _ service.Principal) (int, any, error) {
	id := r.PathValue("id")
	if err := w.DeleteEndpoint(r.Context(), id); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]any{"id": id, "deleted": true}, nil
}

func (w *Webhooks) apiDeliveries(rw http.ResponseWriter, r *http.Request, _ service.Principal) (int, any, error) {
	q := r.URL.Query()
	f := store.WebhookDeliveryFilter{State: q.Get("state"), Before: q.Get("before")}
	for k := range q {
		if k != "state" && k != "before" && k != "limit" {
			return 0, nil, apiErr(service.CodeInvalidRequest, k, "unknown query parameter "+quote(k)+"; known: state, before, limit")
		}
	}
	if f.State != "" && f.State != store.DeliveryPending && f.State != store.DeliveryDelivered && f.State != store.DeliveryFailed && f.State != store.DeliveryCancelled {
		return 0, nil, apiErr(service.CodeInvalidRequest, "state", "state must be pending, delivered, failed or cancelled")
	}
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 100 {
			return 0, nil, apiErr(service.CodeInvalidRequest, "limit", "limit must be a number from 1 to 100")
		}
		f.Limit = n
	}
	ds, err := w.Deliveries(r.Context(), r.PathValue("id"), f)
	if err != nil {
		return 0, nil, err
	}
	out := struct {
		Deliveries []deliveryRecord `json:"deliveries"`
	}{Deliveries: []deliveryRecord{}}
	for _, d := range ds {
		out.Deliveries = append(out.Deliveries, deliveryView(d))
	}
	return http.StatusOK, out, nil
}

func detailView(d *store.WebhookDelivery, attempts []*store.WebhookAttempt) deliveryDetail {
	out := deliveryDetail{deliveryRecord: deliveryView(d), Payload: json.RawMessage(d.Payload), AttemptList: []attemptRecord{}}
	for _, a := range attempts {
		out.AttemptList = append(out.AttemptList, attemptRecord{N: a.N, At: a.At.UTC(),
			DurationMS: float64(a.Duration.Microseconds()) / 1000, Status: a.Status, Error: a.Error, Response: a.Response})
	}
	return out
}

func (w *Webhooks) apiDelivery(rw http.ResponseWriter, r *http.Request, _ service.Principal) (int, any, error) {
	d, attempts, err := w.Delivery(r.Context(), r.PathValue("id"), r.PathValue("delivery"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, detailView(d, attempts), nil
}

func (w *Webhooks) apiRedeliver(rw http.ResponseWriter, r *http.Request, _ service.Principal) (int, any, error) {
	d, err := w.Redeliver(r.Context(), r.PathValue("id"), r.PathValue("delivery"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusAccepted, deliveryView(d), nil
}
