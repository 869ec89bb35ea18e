package server

import (
	"context"
	"log/slog"

	"github.com/vouchdev/vouch/api"
	"github.com/vouchdev/vouch/chat"
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/store/backend"
	"github.com/vouchdev/vouch/webhook"
)

// ChannelsConfig configures the chat endpoint and webhook delivery.
type ChannelsConfig struct {
	// NotifyURL is a chat channel's incoming-webhook URL (Slack's format,
	// which Mattermost and others accept) that gets a short message per
	// completed verification. Defaults to none.
	NotifyURL string
	// ChatUpstream, if set, answers free-form chat with an
	// OpenAI-compatible model (chat.UpstreamFromEnv). Defaults to nil: the
	// built-in assistant only.
	ChatUpstream *chat.Upstream
	// WebhookPolicy is the target policy webhook deliveries obey. Defaults
	// to &netpolicy.Policy{} (link-local and metadata addresses refused);
	// AllowTargets, which is about deployments, does not apply to it.
	WebhookPolicy *netpolicy.Policy
	// CustomizeChat and CustomizeWebhooks, if set, may adjust the
	// configurations before use (tests shorten backoffs with them).
	CustomizeChat     func(*chat.Config)
	CustomizeWebhooks func(*webhook.Config)
}

// channels are the chat endpoint and the webhook deliverer of a server.
type channels struct {
	chat     *chat.Chat
	webhooks *webhook.Webhooks
}

// newChannels makes the chat endpoint and the webhook deliverer. Their
// requests go through req, the API's request conventions, so that
// they are logged once each in the API's request log.
func newChannels(cfg Config, st store.Store, svc *service.Service, publicURL string, log *slog.Logger, req *api.Requests) (*channels, error) {
	cc := chat.Config{Service: svc, Logger: log, Upstream: cfg.Channels.ChatUpstream, Requests: req}
	if cfg.RateLimit < 0 {
		cc.RateLimit = -1
	}
	if cfg.Channels.CustomizeChat != nil {
		cfg.Channels.CustomizeChat(&cc)
	}
	c, err := chat.New(cc)
	if err != nil {
		return nil, err
	}
	wc := webhook.Config{
		Store: st, Service: svc, PublicURL: publicURL, Policy: cfg.Channels.WebhookPolicy,
		NotifyURL: cfg.Channels.NotifyURL, Logger: log, Requests: req,
		// As with runs: vouch serve on SQLite is the only deliverer, so
		// deliveries a crash left in flight are due again at start.
		SoleDeliverer: !cfg.NoWorkers && !backend.IsPostgres(cfg.Database),
	}
	if cfg.Channels.CustomizeWebhooks != nil {
		cfg.Channels.CustomizeWebhooks(&wc)
	}
	w, err := webhook.New(wc)
	if err != nil {
		return nil, err
	}
	return &channels{chat: c, webhooks: w}, nil
}

// mountChannels adds the chat endpoint and the webhook registration API
// to m; their patterns are more specific than the API's prefixes, so they
// take precedence. The webhook pages are the console's.
func (s *Server) mountChannels(m muxer) {
	for _, p := range chat.Paths {
		m.mount(p, s.channels.chat, servedAt(p, chat.Routes()))
	}
	wapi := s.channels.webhooks.APIHandler()
	for _, p := range api.Prefixes {
		m.mount(p+"/webhooks", wapi, servedAt(p+"/webhooks", webhook.Routes()))
		m.mount(p+"/webhooks/", wapi, servedAt(p+"/webhooks/", webhook.Routes()))
	}
}

// Webhooks returns the webhook deliverer, for administration and tests.
func (s *Server) Webhooks() *webhook.Webhooks { return s.channels.webhooks }

func (c *channels) start(ctx context.Context) error { return c.webhooks.Start(ctx) }

func (c *channels) stop(ctx context.Context) error {
	if c == nil {
		return nil
	}
	return c.webhooks.Stop(ctx)
}
