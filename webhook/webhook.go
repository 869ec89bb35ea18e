package webhook

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/vouchdev/vouch/api"
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
)

// Config configures webhook delivery.
type Config struct {
	// Store holds endpoints, the outbox and deliveries. Required.
	Store store.Store
	// Service reads verifications and plans for the event payload.
	// Required.
	Service *service.Service
	// PublicURL prefixes the links in payloads. Defaults to the service's
	// public URL.
	PublicURL string
	// Policy is the target policy every delivery's connection is checked
	// against at dial time, and every endpoint URL at registration.
	// Defaults to &netpolicy.Policy{}: link-local and cloud-metadata
	// addresses are refused, loopback and private ones allowed.
	Policy *netpolicy.Policy
	// NotifyURL is a chat channel's incoming-webhook URL (Slack's format)
	// that gets a short message per completed verification. Defaults to
	// none.
	NotifyURL string
	// Workers is how many deliveries are attempted at once. Defaults to 4.
	Workers int
	// Timeout bounds one attempt, from connecting to the end of the
	// answer's headers. Defaults to 15 s.
	Timeout time.Duration
	// Lease is how long a claimed delivery is held: a deliverer that dies
	// mid-attempt leaves it to be attempted again after this. Defaults to
	// twice Timeout.
	Lease time.Duration
	// InitialBackoff is the wait after the first failed attempt; each
	// further failure doubles it, up to MaxBackoff. Each wait is jittered
	// to between half of it and all of it. Defaults to 10 s.
	InitialBackoff time.Duration
	// MaxBackoff caps the wait between attempts. Defaults to 4 h.
	MaxBackoff time.Duration
	// RetryFor is how long a failing delivery keeps being retried: an
	// attempt that fails at least RetryFor after the event gives up.
	// Defaults to 24 h.
	RetryFor time.Duration
	// PollInterval is how often the outbox and the due deliveries are
	// checked when nothing wakes the deliverer. Defaults to 1 s.
	PollInterval time.Duration
	// SoleDeliverer says this process is the only one delivering from the
	// database (vouch serve on embedded SQLite): Start then makes every
	// delivery a crashed process left in flight due at once, instead of
	// after its lease. Defaults to false.
	SoleDeliverer bool
	// Now is the clock. Defaults to time.Now.
	Now func() time.Time
	// Jitter returns a number in [0, 1) that places each wait between half
	// of the backoff and all of it. Defaults to math/rand/v2's Float64.
	Jitter func() float64
	// Logger receives delivery logs. Defaults to slog.Default().
	Logger *slog.Logger
	// Requests are the request conventions of the registration API
	// (X-Request-Id, panic recovery, the request log). The server passes
	// the API's, so that its requests go to the API's batched request log;
	// defaults to the package's own, writing to Service's request log.
	Requests *api.Requests
}

// Webhooks delivers the outbox's events to registered endpoints and the
// chat channel, and manages endpoints. Create it with New.
type Webhooks struct {
	cfg    Config
	st     store.Store
	svc    *service.Service
	log    *slog.Logger
	base   string
	client *http.Client

	wake chan struct{}

	mu      sync.Mutex
	cancel  context.CancelFunc // stops the loop
	abort   context.CancelFunc // cuts attempts in flight
	stopped chan struct{}
}

// New checks cfg, fills its defaults and returns the deliverer; nothing
// is sent before Start or RunOnce.
func New(cfg Config) (*Webhooks, error) {
	if cfg.Store == nil {
		return nil, errors.New("webhook: Config.Store is required")
	}
	if cfg.Service == nil {
		return nil, errors.New("webhook: Config.Service is required")
	}
	if cfg.PublicURL == "" {
		cfg.PublicURL = cfg.Service.PublicURL()
	}
	if cfg.Policy == nil {
		cfg.Policy = &netpolicy.Policy{}
	}
	if err := cfg.Policy.Validate(); err != nil {
		return nil, fmt.Errorf("webhook: policy: %w", err)
	}
	if cfg.NotifyURL != "" {
		if _, err := cfg.Policy.CheckURL(cfg.NotifyURL); err != nil {
			return nil, fmt.Errorf("webhook: notify URL: %w", err)
		}
	}
	defaults := []struct {
		d   *time.Duration
		def time.Duration
	}{
		{&cfg.Timeout, 15 * time.Second},
		{&cfg.InitialBackoff, 10 * time.Second},
		{&cfg.MaxBackoff, 4 * time.Hour},
		{&cfg.RetryFor, 24 * time.Hour},
		{&cfg.PollInterval, time.Second},
	}
	for _, d := range defaults {
		if *d.d <= 0 {
			*d.d = d.def
		}
	}
	if cfg.Lease <= 0 {
		cfg.Lease = 2 * cfg.Timeout
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 4
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Jitter == nil {
		cfg.Jitter = rand.Float64
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	tr := cfg.Policy.Transport()
	tr.ResponseHeaderTimeout = cfg.Timeout
	w := &Webhooks{
		cfg: cfg, st: cfg.Store, svc: cfg.Service, log: cfg.Logger.With("component", "webhooks"),
		base: strings.TrimRight(cfg.PublicURL, "/"), wake: make(chan struct{}, 1),
		client: &http.Client{
			Transport: tr,
			Timeout:   cfg.Timeout,
			// A receiver's redirect is its answer, recorded as a failed
			// attempt: following it would send the signed event
			// somewhere nobody registered.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
	}
	return w, nil
}

// Start releases deliveries a crashed sole deliverer left in flight, then
// delivers in the background until Stop.
func (w *Webhooks) Start(ctx context.Context) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cancel != nil {
		return errors.New("webhook: already started")
	}
	if w.cfg.SoleDeliverer {
		n, err := w.st.ReleaseWebhookLeases(ctx, w.cfg.Now())
		if err != nil {
			return fmt.Errorf("webhook: releasing deliveries left in flight: %w", err)
		}
		if n > 0 {
			w.log.Info("deliveries left in flight by the last process are due again", "deliveries", n)
		}
	}
	loopCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	attemptCtx, abort := context.WithCancel(context.WithoutCancel(ctx))
	w.cancel, w.abort, w.stopped = cancel, abort, make(chan struct{})
	go w.loop(loopCtx, attemptCtx)
	return nil
}

// Stop stops taking new work and waits for the attempts in flight until
// ctx ends, then cuts them (their deliveries are attempted again later).
func (w *Webhooks) Stop(ctx context.Context) error {
	w.mu.Lock()
	cancel, abort, stopped := w.cancel, w.abort, w.stopped
	w.mu.Unlock()
	if cancel == nil {
		return nil
	}
	cancel()
	select {
	case <-stopped:
		abort()
		return nil
	case <-ctx.Done():
		abort()
		<-stopped
		return ctx.Err()
	}
}

// Kick makes the background deliverer look for work now rather than at
// its next poll.
func (w *Webhooks) Kick() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func (w *Webhooks) loop(ctx, attemptCtx context.Context) {
	defer close(w.stopped)
	t := time.NewTicker(w.cfg.PollInterval)
	defer t.Stop()
	for {
		if _, err := w.run(ctx, attemptCtx); err != nil && ctx.Err() == nil {
			w.log.Error("delivering webhooks", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-w.wake:
		}
	}
}

// RunOnce fans the outbox's new events out into deliveries and attempts
// every delivery that is due, then returns how many attempts it made.
// Tests drive delivery with it and an injected clock; Start calls it in a
// loop.
func (w *Webhooks) RunOnce(ctx context.Context) (int, error) { return w.run(ctx, ctx) }

func (w *Webhooks) run(ctx, attemptCtx context.Context) (int, error) {
	// A dispatch failure is reported, but due deliveries still go out.
	dispatchErr := w.dispatch(ctx)
	var (
		mu    sync.Mutex
		n     int
		errs  = []error{dispatchErr}
		wg    sync.WaitGroup
		claim sync.Mutex // one claim at a time: SQLite serialises them anyway
	)
	for range w.cfg.Workers {
		wg.Go(func() {
			for ctx.Err() == nil {
				now := w.cfg.Now()
				claim.Lock()
				d, err := w.st.ClaimWebhookDelivery(ctx, now, now.Add(w.cfg.Lease))
				claim.Unlock()
				if errors.Is(err, store.ErrNotFound) {
					return
				}
				if err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
					return
				}
				if err := w.attempt(attemptCtx, d); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
				mu.Lock()
				n++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return n, errors.Join(errs...)
}

// dispatch turns each new outbox event into one delivery per enabled
// endpoint that takes its type, plus one for the chat channel. An event
// that cannot be fanned out (its verification unreadable for a moment)
// stays in the outbox for the next pass and does not hold up the others.
func (w *Webhooks) dispatch(ctx context.Context) error {
	const batch = 100
	for {
		evs, err := w.st.UndispatchedOutbox(ctx, batch)
		if err != nil {
			return err
		}
		if len(evs) == 0 {
			return nil
		}
		eps, err := w.st.ListWebhookEndpoints(ctx)
		if err != nil {
			return err
		}
		var errs []error
		for _, ev := range evs {
			ds, err := w.fanOut(ctx, ev, eps)
			if err == nil {
				err = w.st.DispatchOutboxEvent(ctx, ev.ID, ds, w.cfg.Now())
			}
			if err != nil && !errors.Is(err, store.ErrConflict) {
				errs = append(errs, fmt.Errorf("event %s: %w", ev.ID, err))
			}
		}
		if len(errs) > 0 || len(evs) < batch {
			// Failed events are retried on the next pass, not in a loop.
			return errors.Join(errs...)
		}
	}
}

func (w *Webhooks) fanOut(ctx context.Context, ev *store.OutboxEvent, eps []*store.WebhookEndpoint) ([]*store.WebhookDelivery, error) {
	body, c, err := w.eventBody(ctx, ev)
	if err != nil {
		return nil, err
	}
	var ds []*store.WebhookDelivery
	for _, ep := range eps {
		if ep.Disabled || !subscribed(ep, ev.Type) {
			continue
		}
		ds = append(ds, &store.WebhookDelivery{EventType: ev.Type, EndpointID: ep.ID, URL: ep.URL, Payload: body})
	}
	if w.cfg.NotifyURL != "" && c != nil {
		msg, err := encode(channelMessage(c))
		if err != nil {
			return nil, err
		}
		ds = append(ds, &store.WebhookDelivery{EventType: ev.Type, URL: w.cfg.NotifyURL, Payload: msg})
	}
	return ds, nil
}

// eventBody builds the request body of an event, once: every endpoint and
// every attempt sends these same bytes. A verification.completed event is
// filled in from the stored verification; an event whose verification
// cannot be read is sent with the outbox's own payload as data.
func (w *Webhooks) eventBody(ctx context.Context, ev *store.OutboxEvent) ([]byte, *Completed, error) {
	out := Event{Type: ev.Type, Timestamp: ev.CreatedAt.UTC(), Data: json.RawMessage(ev.Payload)}
	var c *Completed
	if ev.Type == EventCompleted {
		var ref struct {
			ID string `json:"verification_id"`
		}
		_ = json.Unmarshal(ev.Payload, &ref)
		var err error
		if c, err = completed(ctx, w.svc, w.base, ref.ID); err != nil {
			if service.ErrorCode(err) != service.CodeNotFound {
				return nil, nil, err
			}
			w.log.Warn("the event's verification is gone; sending the outbox payload", "event", ev.ID, "verification", ref.ID)
			c = nil
		} else {
			out.Data = c
		}
	}
	body, err := encode(out)
	return body, c, err
}

func subscribed(ep *store.WebhookEndpoint, typ string) bool {
	for _, e := range ep.Events {
		if e == typ || e == "*" {
			return true
		}
	}
	return false
}

// maxResponse is how much of a receiver's answer is kept in the log.
const maxResponse = 1024

// attempt sends one claimed delivery and records the outcome.
func (w *Webhooks) attempt(ctx context.Context, d *store.WebhookDelivery) error {
	start := w.cfg.Now()
	log := w.log.With("delivery", d.ID, "event", d.EventID, "endpoint", d.EndpointID, "attempt", d.Attempts)
	res := store.WebhookAttemptResult{Attempt: store.WebhookAttempt{DeliveryID: d.ID, N: d.Attempts, At: start}}
	status, answer, err := w.send(ctx, d, start)
	res.Attempt.Duration = w.cfg.Now().Sub(start)
	res.Attempt.Status, res.Attempt.Response = status, answer
	switch {
	case err != nil && errors.Is(err, context.Canceled) && ctx.Err() != nil:
		// Shutting down: leave the lease to end, and the delivery to the
		// next start (which releases it at once as the sole deliverer).
		log.Info("attempt cut by shutdown")
		return nil
	case err != nil && isRefused(err):
		res.State, res.Attempt.Error = store.DeliveryFailed, "refused by the target policy: "+refusal(err)
	case err != nil:
		res.Attempt.Error = err.Error()
	case status >= 200 && status < 300:
		res.State = store.DeliveryDelivered
	case status == http.StatusGone:
		res.State, res.Attempt.Error = store.DeliveryFailed, "HTTP 410 Gone: the receiver asked to stop"
		if d.EndpointID != "" {
			res.DisableEndpoint = "the endpoint answered 410 Gone at " + start.UTC().Format(time.RFC3339)
			res.Attempt.Error += "; the endpoint is disabled"
		}
	case status >= 300 && status < 400:
		res.Attempt.Error = fmt.Sprintf("HTTP %d: redirects are not followed", status)
	default:
		res.Attempt.Error = fmt.Sprintf("HTTP %d", status)
	}
	if res.State == "" {
		// A failure that may pass: retry, until RetryFor after the event.
		if start.Sub(d.CreatedAt) >= w.cfg.RetryFor {
			res.State = store.DeliveryFailed
			res.Attempt.Error += fmt.Sprintf("; giving up after %d attempts over %s", d.Attempts, w.cfg.RetryFor)
		} else {
			res.State, res.NextAttemptAt = store.DeliveryPending, start.Add(w.Backoff(d.Attempts))
		}
	}
	if err := w.st.RecordWebhookAttempt(context.WithoutCancel(ctx), res); err != nil {
		if errors.Is(err, store.ErrLeaseLost) {
			log.Warn("the attempt outlived its lease; another attempt was made")
			return nil
		}
		return err
	}
	log.Info("webhook attempt", "state", res.State, "status", status, "error", res.Attempt.Error)
	return nil
}

// Backoff returns the jittered wait after the n-th failed attempt (n ≥ 1):
// InitialBackoff·2^(n-1), capped at MaxBackoff, scaled into [½, 1].
func (w *Webhooks) Backoff(n int) time.Duration {
	d := w.cfg.InitialBackoff
	for i := 1; i < n && d < w.cfg.MaxBackoff; i++ {
		d *= 2
	}
	d = min(d, w.cfg.MaxBackoff)
	return d/2 + time.Duration(w.cfg.Jitter()*float64(d/2))
}

// send makes one HTTP request and returns the status and the start of
// the answer.
func (w *Webhooks) send(ctx context.Context, d *store.WebhookDelivery, at time.Time) (int, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.URL, bytes.NewReader(d.Payload))
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "vouch-webhooks/1")
	if d.EndpointID != "" {
		ep, err := w.st.GetWebhookEndpoint(ctx, d.EndpointID)
		if err != nil {
			return 0, "", err
		}
		if err := setSignature(req.Header, ep.Secret, d.EventID, at, d.Payload); err != nil {
			return 0, "", err
		}
	}
	resp, err := w.client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	// Drain a little more so the connection can be reused; never much.
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	return resp.StatusCode, strings.ToValidUTF8(string(b), "\uFFFD"), nil
}

func isRefused(err error) bool {
	_, ok := netpolicy.IsRefused(err)
	return ok
}

func refusal(err error) string {
	if re, ok := netpolicy.IsRefused(err); ok {
		return re.Error()
	}
	return err.Error()
}
