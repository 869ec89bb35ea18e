package console

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/webhook"
)

// The webhook pages: register an endpoint (its secret shown once), enable,
// disable or delete it, read its delivery log (or the chat channel's) and
// redeliver. Signing and delivery are the webhook package's; these pages
// only call its management methods.

// webhookRoutes adds the webhook pages to m when the console has a
// deliverer; without one the pages are not found.
func (c *Console) webhookRoutes(m *http.ServeMux) {
	if c.cfg.Webhooks == nil {
		return
	}
	m.HandleFunc("GET /console/webhooks", c.signedIn(c.webhooksPage))
	m.HandleFunc("POST /console/webhooks", c.signedIn(c.createWebhook))
	m.HandleFunc("GET /console/webhooks/{id}", c.signedIn(c.webhookPage))
	m.HandleFunc("POST /console/webhooks/{id}/enable", c.signedIn(c.setWebhookEnabled(true)))
	m.HandleFunc("POST /console/webhooks/{id}/disable", c.signedIn(c.setWebhookEnabled(false)))
	m.HandleFunc("POST /console/webhooks/{id}/delete", c.signedIn(c.deleteWebhook))
	m.HandleFunc("GET /console/webhooks/{id}/deliveries/{delivery}", c.signedIn(c.deliveryPage))
	m.HandleFunc("POST /console/webhooks/{id}/deliveries/{delivery}/redeliver", c.signedIn(c.redeliver))
}

// webhookFlashes are the messages after a redirect of the webhook pages.
var webhookFlashes = map[string]string{
	"webhook-enabled":  "Enabled. Pending deliveries resume.",
	"webhook-disabled": "Disabled. Nothing is sent to this endpoint until it is enabled again.",
	"webhook-deleted":  "Deleted. Its pending deliveries were cancelled.",
	"redelivered":      "Queued for redelivery with the same webhook-id; it is sent within seconds.",
}

type webhooksData struct {
	Endpoints  []*store.WebhookEndpoint
	EventTypes []string
	Channel    bool
	Form       webhookForm
	Error      string
	Field      string
}

type webhookForm struct{ URL, Description string }

func (c *Console) webhooksPage(w http.ResponseWriter, r *http.Request, s *session) {
	c.showWebhooks(w, r, s, http.StatusOK, webhookForm{}, nil)
}

func (c *Console) showWebhooks(w http.ResponseWriter, r *http.Request, s *session, status int, form webhookForm, formErr *service.Error) {
	eps, err := c.cfg.Webhooks.ListEndpoints(r.Context())
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	d := webhooksData{Endpoints: eps, EventTypes: webhook.EventTypes, Channel: c.cfg.Webhooks.NotifyURL() != "", Form: form}
	if formErr != nil {
		d.Error, d.Field = formErr.Message, formErr.Field
	}
	c.render(w, r, status, "webhooks", s, "Webhooks", d)
}

func (c *Console) createWebhook(w http.ResponseWriter, r *http.Request, s *session) {
	form := webhookForm{URL: r.PostFormValue("url"), Description: r.PostFormValue("description")}
	ep, err := c.cfg.Webhooks.CreateEndpoint(r.Context(), service.Principal{UserID: s.user.ID},
		webhook.NewEndpoint{URL: form.URL, Description: form.Description, Events: r.PostForm["events"]})
	if err != nil {
		var se *service.Error
		if errors.As(err, &se) && se.Code != service.CodeInternal {
			status := statusOf(se.Code)
			if se.Code == service.CodeInvalidRequest {
				status = http.StatusBadRequest
			}
			c.showWebhooks(w, r, s, status, form, se)
			return
		}
		c.failErr(w, r, err)
		return
	}
	// The secret is on this page only: the answer to the post, never
	// cached, never in a URL.
	c.render(w, r, http.StatusCreated, "webhook_created", s, "Endpoint registered", ep)
}

type webhookData struct {
	ID         string // the endpoint's id, or webhook.ChannelID
	Endpoint   *store.WebhookEndpoint
	Channel    bool
	Deliveries []*store.WebhookDelivery
}

func (c *Console) webhookPage(w http.ResponseWriter, r *http.Request, s *session) {
	id := r.PathValue("id")
	d := webhookData{ID: id}
	if id == webhook.ChannelID {
		d.Channel = true
	} else {
		ep, err := c.cfg.Webhooks.GetEndpoint(r.Context(), id)
		if err != nil {
			c.failErr(w, r, err)
			return
		}
		d.Endpoint = ep
	}
	ds, err := c.cfg.Webhooks.Deliveries(r.Context(), id, store.WebhookDeliveryFilter{Limit: 100, Before: r.URL.Query().Get("before")})
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	d.Deliveries = ds
	title := "Chat channel"
	if d.Endpoint != nil {
		title = d.Endpoint.URL
	}
	c.render(w, r, http.StatusOK, "webhook", s, title, d)
}

func (c *Console) setWebhookEnabled(on bool) func(http.ResponseWriter, *http.Request, *session) {
	return func(w http.ResponseWriter, r *http.Request, s *session) {
		id := r.PathValue("id")
		if _, err := c.cfg.Webhooks.UpdateEndpoint(r.Context(), id, webhook.EndpointUpdate{Enabled: &on}); err != nil {
			c.failErr(w, r, err)
			return
		}
		done := "webhook-disabled"
		if on {
			done = "webhook-enabled"
		}
		http.Redirect(w, r, "/console/webhooks/"+url.PathEscape(id)+"?done="+done, http.StatusSeeOther)
	}
}

func (c *Console) deleteWebhook(w http.ResponseWriter, r *http.Request, s *session) {
	if err := c.cfg.Webhooks.DeleteEndpoint(r.Context(), r.PathValue("id")); err != nil {
		c.failErr(w, r, err)
		return
	}
	http.Redirect(w, r, "/console/webhooks?done=webhook-deleted", http.StatusSeeOther)
}

type deliveryData struct {
	EndpointID string
	Delivery   *store.WebhookDelivery
	Attempts   []*store.WebhookAttempt
	Payload    string
}

func (c *Console) deliveryPage(w http.ResponseWriter, r *http.Request, s *session) {
	id := r.PathValue("id")
	d, attempts, err := c.cfg.Webhooks.Delivery(r.Context(), id, r.PathValue("delivery"))
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	c.render(w, r, http.StatusOK, "webhook_delivery", s, "Delivery "+d.ID,
		deliveryData{EndpointID: id, Delivery: d, Attempts: attempts, Payload: string(d.Payload)})
}

func (c *Console) redeliver(w http.ResponseWriter, r *http.Request, s *session) {
	id, did := r.PathValue("id"), r.PathValue("delivery")
	if _, err := c.cfg.Webhooks.Redeliver(r.Context(), id, did); err != nil {
		c.failErr(w, r, err)
		return
	}
	http.Redirect(w, r, "/console/webhooks/"+url.PathEscape(id)+"/deliveries/"+url.PathEscape(did)+"?done=redelivered", http.StatusSeeOther)
}
