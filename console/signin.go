package console

import (
	"net/http"
	"strings"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
)

// signInCookie carries the sign-in form's double-submit token: there is no
// session yet to hold a CSRF token, and this stops login CSRF from clients
// that send no Origin or Sec-Fetch-Site header.
const signInCookie = "vouch_signin"

type signInData struct {
	Next, Email, Error, Token string
}

func (c *Console) signInPage(w http.ResponseWriter, r *http.Request) {
	next := safeNext(r.URL.Query().Get("next"))
	if _, ok := c.lookup(r); ok {
		http.Redirect(w, r, next, http.StatusSeeOther)
		return
	}
	c.showSignIn(w, r, http.StatusOK, signInData{Next: next})
}

func (c *Console) showSignIn(w http.ResponseWriter, r *http.Request, status int, d signInData) {
	tok, err := auth.RandomToken(24)
	if err != nil {
		c.fail(w, r, http.StatusInternalServerError, "Something went wrong", "No randomness available.")
		return
	}
	d.Token = tok
	http.SetCookie(w, &http.Cookie{
		Name: signInCookie, Value: tok, Path: "/console/sign-in", MaxAge: 3600,
		HttpOnly: true, Secure: auth.IsSecure(r, c.cfg.PublicURL), SameSite: http.SameSiteLaxMode,
	})
	c.render(w, r, status, "sign_in", nil, "Sign in", d)
}

// signIn checks the email and password and starts a session. Whether the
// email exists or the password is wrong, the answer and its cost are the
// same.
func (c *Console) signIn(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	email := strings.TrimSpace(r.PostFormValue("email"))
	password := r.PostFormValue("password")
	next := safeNext(r.PostFormValue("next"))
	ck, err := r.Cookie(signInCookie)
	if err != nil || !auth.CheckCSRF(ck.Value, r.PostFormValue("csrf_token")) {
		c.showSignIn(w, r, http.StatusForbidden, signInData{Next: next, Email: email, Error: "The sign-in form expired. Please try again."})
		return
	}
	refuse := func() {
		c.showSignIn(w, r, http.StatusUnauthorized, signInData{Next: next, Email: email, Error: "Wrong email or password."})
	}
	if email == "" || password == "" {
		refuse()
		return
	}
	select {
	case c.hashing <- struct{}{}:
		defer func() { <-c.hashing }()
	case <-r.Context().Done():
		return
	}
	u, err := c.svc.GetUserByEmail(r.Context(), email)
	if err != nil {
		if code := service.ErrorCode(err); code != service.CodeNotFound && code != service.CodeUnauthorized {
			c.failErr(w, r, err)
			return
		}
		auth.DummyVerify(password)
		refuse()
		return
	}
	ok, err := auth.VerifyPassword(password, u.PasswordHash)
	if err != nil {
		c.log.Error("console: stored password hash is unreadable", "user", u.ID, "err", err)
	}
	if !ok || u.Disabled {
		refuse()
		return
	}
	tok, hash, err := auth.NewSessionToken()
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	csrf, err := auth.NewCSRFToken()
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	sess, err := c.svc.CreateSession(r.Context(), service.NewSession{TokenHash: hash, UserID: u.ID, CSRFToken: csrf, TTL: c.cfg.SessionTTL})
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	secure := auth.IsSecure(r, c.cfg.PublicURL)
	http.SetCookie(w, auth.SessionCookie(tok, sess.ExpiresAt, secure))
	http.SetCookie(w, &http.Cookie{Name: signInCookie, Path: "/console/sign-in", MaxAge: -1, HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode})
	http.Redirect(w, r, next, http.StatusSeeOther)
}

func (c *Console) signOut(w http.ResponseWriter, r *http.Request, s *session) {
	if err := c.svc.DeleteSession(r.Context(), s.s.ID); err != nil {
		c.failErr(w, r, err)
		return
	}
	http.SetCookie(w, auth.ClearSessionCookie(auth.IsSecure(r, c.cfg.PublicURL)))
	http.Redirect(w, r, "/console/sign-in", http.StatusSeeOther)
}
