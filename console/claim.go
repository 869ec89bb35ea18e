package console

import (
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/vouchdev/vouch/service"
)

// newData is the New verification page: the form, and after a refusal
// the reason, repair prompt and provable rephrasings, with the claim kept
// in the form for editing.
type newData struct {
	DeploymentURL, Claim string
	MaxClaim             int
	Error                string // a refusal or a bad field, for the person
	Field                string // the field at fault: "deployment_url" or "claim"
	Refused              bool   // claim_not_provable
	RepairPrompt         string
	Suggestions          []string
}

func (c *Console) newPage(w http.ResponseWriter, r *http.Request, s *session) {
	q := r.URL.Query()
	// A suggestion's link fills the form; nothing is derived until the
	// person presses the button.
	d := newData{DeploymentURL: q.Get("deployment_url"), Claim: q.Get("claim"), MaxClaim: service.MaxClaimLength}
	c.render(w, r, http.StatusOK, "new", s, "New verification", d)
}

// newPlan derives and stores a plan from the form, then shows it on its
// plan page, where it can be approved. Nothing runs and nothing is
// charged; a refused claim comes back with its repair prompt.
func (c *Console) newPlan(w http.ResponseWriter, r *http.Request, s *session) {
	d := newData{
		DeploymentURL: strings.TrimSpace(r.PostFormValue("deployment_url")),
		Claim:         strings.TrimSpace(r.PostFormValue("claim")),
		MaxClaim:      service.MaxClaimLength,
	}
	p, err := c.svc.CreatePlan(r.Context(), service.Principal{UserID: s.user.ID},
		service.CreateRequest{DeploymentURL: d.DeploymentURL, Claim: d.Claim})
	if err != nil {
		var se *service.Error
		if !errors.As(err, &se) || se.Code == service.CodeInternal {
			c.failErr(w, r, err)
			return
		}
		d.Error, d.Field = se.Message, se.Field
		if se.Code == service.CodeClaimNotProvable {
			d.Refused, d.RepairPrompt, d.Suggestions, d.Field = true, se.RepairPrompt, se.Suggestions, "claim"
		}
		c.render(w, r, statusOf(se.Code), "new", s, "New verification", d)
		return
	}
	http.Redirect(w, r, "/console/plans/"+url.PathEscape(p.ID)+"?done=created", http.StatusSeeOther)
}

// startRun starts a run of an approved plan as the signed-in person, who
// is its payer: the charge is the person's in the ledger and on the usage
// page, as a key's would be the key's.
func (c *Console) startRun(w http.ResponseWriter, r *http.Request, s *session) {
	v, err := c.svc.StartRun(r.Context(), service.Principal{UserID: s.user.ID},
		service.CreateRequest{ReviewedPlanID: r.PathValue("id")})
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	http.Redirect(w, r, "/console/verifications/"+url.PathEscape(v.ID)+"?done=run", http.StatusSeeOther)
}
