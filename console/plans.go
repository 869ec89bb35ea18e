package console

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/vouchdev/vouch/service"
)

type historyRow struct {
	Action, By, Hash, Reason string
	At                       time.Time
}

type planData struct {
	Plan      *service.Plan
	StateText string
	CreatedBy string
	History   []historyRow
	// Runs are the plan's verifications, newest first (runs.go).
	Runs []*service.Verification
}

func (c *Console) planPage(w http.ResponseWriter, r *http.Request, s *session) {
	p, err := c.svc.GetPlan(r.Context(), r.PathValue("id"))
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	d := planData{Plan: p, CreatedBy: c.creator(r, p.CreatedBy)}
	switch p.State {
	case "pending":
		d.StateText = "Waiting for a person's review"
	case "approved":
		d.StateText = "Approved"
	case "rejected":
		d.StateText = "Rejected"
	default:
		d.StateText = p.State
	}
	if ap := p.Approval; ap != nil {
		by := ap.UserEmail
		if by == "" {
			by = ap.UserID
		}
		h := ap.PlanHash
		if !strings.HasPrefix(h, "sha256:") {
			h = "sha256:" + h
		}
		action := "Approved"
		if ap.State == "rejected" {
			action = "Rejected"
		}
		d.History = append(d.History, historyRow{Action: action, By: by, Hash: h, Reason: ap.Reason, At: ap.At})
	}
	if p.State == "approved" {
		d.Runs, _ = c.svc.ListVerifications(r.Context(), service.VerificationFilter{PlanID: p.ID, Limit: 50})
	}
	title := "Plan " + p.ID
	if p.Plan != nil && p.Plan.Name != "" {
		title = p.Plan.Name
	}
	c.render(w, r, http.StatusOK, "plan", s, title, d)
}

// creator names who created a plan: a person by email, a key by id.
func (c *Console) creator(r *http.Request, p service.Principal) string {
	if p.UserID != "" {
		if u, err := c.svc.GetUser(r.Context(), p.UserID); err == nil {
			return u.Email
		}
		return p.UserID
	}
	if p.KeyID != "" {
		return "API key " + p.KeyID
	}
	return "unknown"
}

// decide approves or rejects a plan as the signed-in person, then shows
// the plan again (post/redirect/get, so a reload does not post twice).
func (c *Console) decide(approve bool) func(http.ResponseWriter, *http.Request, *session) {
	return func(w http.ResponseWriter, r *http.Request, s *session) {
		id := r.PathValue("id")
		who := service.Principal{UserID: s.user.ID}
		var err error
		done := "approved"
		if approve {
			_, err = c.svc.Approve(r.Context(), who, id, r.PostFormValue("plan_hash"))
		} else {
			done = "rejected"
			_, err = c.svc.Reject(r.Context(), who, id, strings.TrimSpace(r.PostFormValue("reason")))
		}
		if err != nil {
			c.failErr(w, r, err)
			return
		}
		http.Redirect(w, r, "/console/plans/"+id+"?done="+done, http.StatusSeeOther)
	}
}

type plansData struct {
	Pending, Recent []*service.Plan
}

func (c *Console) plansPage(w http.ResponseWriter, r *http.Request, s *session) {
	pending, err := c.svc.ListPlans(r.Context(), "pending", 100)
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	all, err := c.svc.ListPlans(r.Context(), "", 50)
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	d := plansData{Pending: pending}
	for _, p := range all {
		if p.State != "pending" {
			d.Recent = append(d.Recent, p)
		}
	}
	c.render(w, r, http.StatusOK, "plans", s, "Review", d)
}

// proof is the part of "R2 is proven by journey 1, steps 4–5" that names
// one journey.
type proof struct {
	Journey int
	Text    string // "journey 1, steps 4–5"
}

// proofs groups a requirement's proving steps by journey, in plan order,
// with runs of consecutive steps as ranges: "journey 1, steps 2, 4–6".
func proofs(refs []service.StepRef) []proof {
	var out []proof
	for i := 0; i < len(refs); {
		j := refs[i].Journey
		var steps []string
		n := 0
		for i < len(refs) && refs[i].Journey == j {
			k := i
			for k+1 < len(refs) && refs[k+1].Journey == j && refs[k+1].Step == refs[k].Step+1 {
				k++
			}
			if k > i {
				steps = append(steps, fmt.Sprintf("%d–%d", refs[i].Step, refs[k].Step))
			} else {
				steps = append(steps, fmt.Sprint(refs[i].Step))
			}
			n += k - i + 1
			i = k + 1
		}
		word := "steps"
		if n == 1 {
			word = "step"
		}
		out = append(out, proof{Journey: j, Text: fmt.Sprintf("journey %d, %s %s", j, word, strings.Join(steps, ", "))})
	}
	return out
}
