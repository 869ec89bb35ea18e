package webhook

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vouchdev/vouch/service"
)

// EventCompleted is the one event type vouch sends.
const EventCompleted = "verification.completed"

// EventTypes lists the event types an endpoint may enable.
var EventTypes = []string{EventCompleted}

// Event is the body of every webhook request (docs/webhooks.md): the
// Standard Webhooks shape of a type, a timestamp and the data.
type Event struct {
	Type      string    `json:"type"`
	Timestamp time.Time `json:"timestamp"` // when the event happened
	Data      any       `json:"data"`
}

// Completed is the data of a verification.completed event: the
// verification as GET /api/v1/verifications/{id} shows it once complete,
// with the claim and links for people and for the API.
type Completed struct {
	ID            string                      `json:"id"`
	State         string                      `json:"state"` // "completed"
	Decision      string                      `json:"decision"`
	Reason        string                      `json:"reason,omitempty"`
	Claim         string                      `json:"claim"`
	DeploymentURL string                      `json:"deployment_url"`
	PlanID        string                      `json:"plan_id"`
	ContractID    string                      `json:"contract_id,omitempty"`
	Requirements  []service.RequirementResult `json:"requirements"`
	RepairPrompt  *string                     `json:"repair_prompt"`
	Evidence      *Evidence                   `json:"evidence"`
	RecheckOf     *string                     `json:"recheck_of"`
	HumanReviewed bool                        `json:"human_reviewed"`
	// ResultURL is the console page of the result; URL the API record.
	ResultURL   string    `json:"result_url"`
	URL         string    `json:"url"`
	CreatedAt   time.Time `json:"created_at"`
	CompletedAt time.Time `json:"completed_at"`
}

// Evidence links a completed verification's evidence files. The files
// are served by the API and need a read key.
type Evidence struct {
	ManifestURL string     `json:"manifest_url"`
	ReportURL   string     `json:"report_url,omitempty"`
	Artifacts   []Artifact `json:"artifacts"`
}

// Artifact is one evidence file.
type Artifact struct {
	Kind      string `json:"kind"`
	URL       string `json:"url"`
	SHA256    string `json:"sha256"`
	Size      int64  `json:"size"`
	MediaType string `json:"media_type"`
	Journey   int    `json:"journey,omitempty"`
	Step      int    `json:"step,omitempty"`
}

// completed builds the data of a verification.completed event from the
// stored verification and its plan.
func completed(ctx context.Context, svc *service.Service, base, id string) (*Completed, error) {
	v, err := svc.GetVerification(ctx, id)
	if err != nil {
		return nil, err
	}
	p, err := svc.GetPlan(ctx, v.PlanID)
	if err != nil {
		return nil, err
	}
	out := &Completed{
		ID: v.ID, State: v.State, Decision: v.Decision, Reason: v.Reason, Claim: p.Claim,
		DeploymentURL: v.DeploymentURL, PlanID: v.PlanID, ContractID: v.ContractID,
		Requirements: v.Requirements, HumanReviewed: v.HumanReviewed,
		ResultURL: ResultURL(base, v.ID), URL: base + "/api/v1/verifications/" + v.ID,
		CreatedAt: v.CreatedAt.UTC(), CompletedAt: v.CompletedAt.UTC(),
	}
	if out.Requirements == nil {
		out.Requirements = []service.RequirementResult{}
	}
	if v.RepairPrompt != "" {
		out.RepairPrompt = &v.RepairPrompt
	}
	if v.RecheckOf != "" {
		out.RecheckOf = &v.RecheckOf
	}
	if e := v.Evidence; e != nil {
		ev := &Evidence{ManifestURL: EvidenceURL(base, v.ID, e.ManifestFile), Artifacts: []Artifact{}}
		if e.ReportFile != "" {
			ev.ReportURL = EvidenceURL(base, v.ID, e.ReportFile)
		}
		for _, a := range e.Artifacts {
			ev.Artifacts = append(ev.Artifacts, Artifact{Kind: a.Kind, URL: EvidenceURL(base, v.ID, a.File),
				SHA256: a.SHA256, Size: a.Size, MediaType: a.MediaType, Journey: a.Journey, Step: a.Step})
		}
		out.Evidence = ev
	}
	return out, nil
}

// ResultURL is the console page of a verification's result.
func ResultURL(base, id string) string { return base + "/console/verifications/" + id }

// EvidenceURL is where the API serves an evidence file.
func EvidenceURL(base, id, file string) string {
	return base + "/api/v1/verifications/" + id + "/evidence/" + file
}

// encode marshals v without HTML escaping, so that URLs and claims stay
// readable in the body a receiver logs.
func encode(v any) ([]byte, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return []byte(strings.TrimSuffix(b.String(), "\n")), nil
}

// slackMessage is the Slack incoming-webhook body (which Mattermost,
// Rocket.Chat, Discord's /slack endpoint and others accept): a short text
// in Slack's mrkdwn with a link to the result page.
type slackMessage struct {
	Text string `json:"text"`
}

// channelMessage writes the chat channel's message about a completed
// verification: the decision by symbol and word, the claim, the site and
// the link, and for failed or blocked the first line of the reason.
func channelMessage(c *Completed) slackMessage {
	mark := map[string]string{"verified": "✅", "failed": "❌", "blocked": "⚠️"}[c.Decision]
	if mark == "" {
		mark = "•"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s *%s*: %s\n", mark, c.Decision, slackEscape(quoteClaim(c.Claim)))
	fmt.Fprintf(&b, "%s · <%s|%s>", slackEscape(c.DeploymentURL), c.ResultURL, c.ID)
	if c.RecheckOf != nil {
		fmt.Fprintf(&b, " (re-check of %s)", *c.RecheckOf)
	}
	if c.Decision != "verified" && c.Reason != "" {
		fmt.Fprintf(&b, "\n%s", slackEscape(truncate(firstLine(c.Reason), 200)))
	}
	return slackMessage{Text: b.String()}
}

func quoteClaim(s string) string { return "“" + truncate(s, 300) + "”" }

// slackEscape escapes the three characters Slack's mrkdwn reserves.
func slackEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// truncate shortens s to at most n runes, marking the cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
