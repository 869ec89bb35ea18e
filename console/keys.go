package console

import (
	"net/http"
	"strings"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
)

// Any signed-in person manages keys: a key can do no more than a person
// (it can never approve), and people are the team that runs vouch.
// Administrators alone manage people.

type keysData struct {
	Keys  []*service.Key
	Name  string
	Scope string
	Error string
}

func (c *Console) keysPage(w http.ResponseWriter, r *http.Request, s *session) {
	c.showKeys(w, r, s, http.StatusOK, keysData{Scope: string(auth.ScopeRead)})
}

func (c *Console) showKeys(w http.ResponseWriter, r *http.Request, s *session, status int, d keysData) {
	ks, err := c.svc.ListKeys(r.Context())
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	d.Keys = ks
	c.render(w, r, status, "keys", s, "API keys", d)
}

type keyCreated struct {
	Key    *service.Key
	Secret string
}

// createKey makes a key and shows its secret on the answer to the post
// only: never stored, never in a URL, never cached.
func (c *Console) createKey(w http.ResponseWriter, r *http.Request, s *session) {
	name := strings.TrimSpace(r.PostFormValue("name"))
	d := keysData{Name: name, Scope: r.PostFormValue("scope")}
	scope, err := auth.ParseScope(d.Scope)
	switch {
	case name == "":
		d.Error = "Give the key a name, so you know later where it is used."
	case len(name) > 100:
		d.Error = "The name is too long: at most 100 characters."
	case err != nil:
		d.Error, d.Scope = "Choose a scope: read or launch.", string(auth.ScopeRead)
	}
	if d.Error != "" {
		c.showKeys(w, r, s, http.StatusBadRequest, d)
		return
	}
	k, err := auth.GenerateKey()
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	sk, err := c.svc.CreateKey(r.Context(), service.NewKey{Prefix: k.Prefix, Hash: k.Hash, Scope: string(scope), Name: name})
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	c.render(w, r, http.StatusCreated, "key_created", s, "Key created", keyCreated{Key: sk, Secret: k.Secret})
}

func (c *Console) revokeKey(w http.ResponseWriter, r *http.Request, s *session) {
	id := r.PathValue("id")
	// By id only: the service also revokes by a unique prefix, which a
	// form has no reason to use.
	if !strings.HasPrefix(id, "key_") {
		c.fail(w, r, http.StatusNotFound, "Not found", "There is no key "+id+".")
		return
	}
	if _, err := c.svc.RevokeKey(r.Context(), id); err != nil {
		c.failErr(w, r, err)
		return
	}
	http.Redirect(w, r, "/console/keys?done=revoked", http.StatusSeeOther)
}
