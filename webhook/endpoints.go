package webhook

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
)

// ChannelID names the chat channel where an endpoint id is expected: its
// deliveries are listed and redelivered like an endpoint's.
const ChannelID = "channel"

// Limits on registration.
const (
	MaxEndpoints      = 100
	MaxDescriptionLen = 200
	MaxURLLen         = 2048
)

// NewEndpoint asks CreateEndpoint to register a receiver.
type NewEndpoint struct {
	URL         string
	Description string
	// Events to send; Defaults to every event type (verification.completed).
	Events []string
}

// EndpointUpdate changes an endpoint; nil fields are left alone.
type EndpointUpdate struct {
	Description *string
	Events      []string // nil: unchanged
	Enabled     *bool
}

// CreateEndpoint registers an endpoint with a fresh secret. The returned
// endpoint's Secret is the only time the secret leaves vouch through the
// API and the console.
func (w *Webhooks) CreateEndpoint(ctx context.Context, by service.Principal, n NewEndpoint) (*store.WebhookEndpoint, error) {
	u, err := w.checkURL(n.URL)
	if err != nil {
		return nil, err
	}
	if err := checkDescription(n.Description); err != nil {
		return nil, err
	}
	events, err := checkEvents(n.Events)
	if err != nil {
		return nil, err
	}
	eps, err := w.st.ListWebhookEndpoints(ctx)
	if err != nil {
		return nil, err
	}
	if len(eps) >= MaxEndpoints {
		return nil, &service.Error{Code: service.CodeConflict,
			Message: fmt.Sprintf("there are already %d endpoints, the most vouch keeps; delete one first", MaxEndpoints)}
	}
	secret, err := NewSecret()
	if err != nil {
		return nil, err
	}
	tok, err := auth.RandomToken(12)
	if err != nil {
		return nil, err
	}
	ep := &store.WebhookEndpoint{
		ID: "whe_" + tok, URL: u, Description: strings.TrimSpace(n.Description), Secret: secret, Events: events,
		CreatedBy: store.Principal{KeyID: by.KeyID, UserID: by.UserID}, CreatedAt: w.cfg.Now().UTC(),
	}
	if err := w.st.CreateWebhookEndpoint(ctx, ep); err != nil {
		return nil, err
	}
	w.log.Info("webhook endpoint registered", "endpoint", ep.ID, "url", ep.URL, "key", by.KeyID, "user", by.UserID)
	return ep, nil
}

// checkURL checks an endpoint URL against the target policy: an address
// that would be refused at delivery is refused at registration, with the
// policy's reason.
func (w *Webhooks) checkURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", &service.Error{Code: service.CodeInvalidRequest, Field: "url", Message: "url is required: the https URL that receives the events"}
	}
	if len(raw) > MaxURLLen {
		return "", &service.Error{Code: service.CodeInvalidRequest, Field: "url", Message: fmt.Sprintf("url is longer than %d characters", MaxURLLen)}
	}
	u, err := w.cfg.Policy.CheckURL(raw)
	if err != nil {
		re, ok := netpolicy.IsRefused(err)
		if ok {
			switch re.Rule {
			case netpolicy.RuleInvalid, netpolicy.RuleScheme, netpolicy.RuleUserinfo, netpolicy.RuleNoHost:
				// The URL itself is wrong, whatever the policy.
			default:
				return "", &service.Error{Code: service.CodeTargetNotAllowed, Field: "url", Message: re.Error()}
			}
		}
		return "", &service.Error{Code: service.CodeInvalidRequest, Field: "url", Message: "url must be an absolute http or https URL without user:password@: " + err.Error()}
	}
	if u.Fragment != "" {
		return "", &service.Error{Code: service.CodeInvalidRequest, Field: "url", Message: "url must not have a #fragment"}
	}
	return u.String(), nil
}

func checkDescription(d string) error {
	if utf8.RuneCountInString(d) > MaxDescriptionLen {
		return &service.Error{Code: service.CodeInvalidRequest, Field: "description",
			Message: fmt.Sprintf("description is longer than %d characters", MaxDescriptionLen)}
	}
	return nil
}

func checkEvents(events []string) ([]string, error) {
	if len(events) == 0 {
		return slices.Clone(EventTypes), nil
	}
	var out []string
	for i, e := range events {
		if !slices.Contains(EventTypes, e) {
			return nil, &service.Error{Code: service.CodeInvalidRequest, Field: fmt.Sprintf("events[%d]", i),
				Message: fmt.Sprintf("unknown event type %q; known: %s", e, strings.Join(EventTypes, ", "))}
		}
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return out, nil
}

// ListEndpoints returns the registered endpoints, oldest first.
func (w *Webhooks) ListEndpoints(ctx context.Context) ([]*store.WebhookEndpoint, error) {
	return w.st.ListWebhookEndpoints(ctx)
}

// GetEndpoint returns a registered endpoint (not a deleted one).
func (w *Webhooks) GetEndpoint(ctx context.Context, id string) (*store.WebhookEndpoint, error) {
	ep, err := w.st.GetWebhookEndpoint(ctx, id)
	if err == nil && !ep.DeletedAt.IsZero() {
		err = store.ErrNotFound
	}
	if errors.Is(err, store.ErrNotFound) {
		return nil, &service.Error{Code: service.CodeNotFound, Message: "no webhook endpoint " + quote(id)}
	}
	return ep, err
}

// UpdateEndpoint changes an endpoint's description, events or enabled
// state. Enabling an endpoint that a 410 disabled resumes its pending
// deliveries.
func (w *Webhooks) UpdateEndpoint(ctx context.Context, id string, u EndpointUpdate) (*store.WebhookEndpoint, error) {
	ep, err := w.GetEndpoint(ctx, id)
	if err != nil {
		return nil, err
	}
	if u.Description != nil {
		if err := checkDescription(*u.Description); err != nil {
			return nil, err
		}
		ep.Description = strings.TrimSpace(*u.Description)
	}
	if u.Events != nil {
		if ep.Events, err = checkEvents(u.Events); err != nil {
			return nil, err
		}
	}
	if u.Enabled != nil && *u.Enabled == ep.Disabled {
		if *u.Enabled {
			ep.Disabled, ep.DisabledAt, ep.DisabledReason = false, time.Time{}, ""
		} else {
			ep.Disabled, ep.DisabledAt, ep.DisabledReason = true, w.cfg.Now().UTC(), "disabled by hand"
		}
	}
	if err := w.st.UpdateWebhookEndpoint(ctx, ep); err != nil {
		return nil, err
	}
	if !ep.Disabled {
		w.Kick()
	}
	return ep, nil
}

// DeleteEndpoint removes an endpoint: it gets nothing more, its pending
// deliveries are cancelled, and its delivery log stays readable by id.
func (w *Webhooks) DeleteEndpoint(ctx context.Context, id string) error {
	if _, err := w.GetEndpoint(ctx, id); err != nil {
		return err
	}
	return w.st.DeleteWebhookEndpoint(ctx, id, w.cfg.Now().UTC())
}

// Deliveries returns an endpoint's delivery log (or the chat channel's,
// for ChannelID), newest first.
func (w *Webhooks) Deliveries(ctx context.Context, endpointID string, f store.WebhookDeliveryFilter) ([]*store.WebhookDelivery, error) {
	if endpointID == ChannelID {
		f.Channel, f.EndpointID = true, ""
	} else {
		if _, err := w.GetEndpoint(ctx, endpointID); err != nil {
			return nil, err
		}
		f.EndpointID = endpointID
	}
	return w.st.ListWebhookDeliveries(ctx, f)
}

// Delivery returns one delivery of an endpoint (or of the channel) with
// its attempts.
func (w *Webhooks) Delivery(ctx context.Context, endpointID, id string) (*store.WebhookDelivery, []*store.WebhookAttempt, error) {
	d, attempts, err := w.st.GetWebhookDelivery(ctx, id)
	if err == nil && d.EndpointID != ownerID(endpointID) {
		err = store.ErrNotFound
	}
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, &service.Error{Code: service.CodeNotFound, Message: "no delivery " + quote(id) + " for " + quote(endpointID)}
	}
	return d, attempts, err
}

// Redeliver sends a delivery again now, with the same webhook-id and
// body, whatever its state. A delivery that had given up gets one more
// attempt; if it fails, it gives up again.
func (w *Webhooks) Redeliver(ctx context.Context, endpointID, id string) (*store.WebhookDelivery, error) {
	if _, _, err := w.Delivery(ctx, endpointID, id); err != nil {
		return nil, err
	}
	d, err := w.st.RedeliverWebhook(ctx, id, w.cfg.Now())
	if errors.Is(err, store.ErrConflict) {
		return nil, &service.Error{Code: service.CodeConflict, Message: "delivery " + id + " is being attempted right now; look at its log again in a moment"}
	}
	if err != nil {
		return nil, err
	}
	w.Kick()
	return d, nil
}

// ownerID is the EndpointID stored on deliveries of endpointID.
func ownerID(endpointID string) string {
	if endpointID == ChannelID {
		return ""
	}
	return endpointID
}

// NotifyURL returns the configured chat channel URL ("" for none).
func (w *Webhooks) NotifyURL() string { return w.cfg.NotifyURL }

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }
