package console

import (
	"errors"
	"net/http"
	"net/mail"
	"strings"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
)

// minPassword is the shortest password an administrator may set.
const minPassword = 12

type peopleData struct {
	People []*service.User
	Me     string
	Email  string
	Admin  bool
	Error  string
	Field  string
}

func (c *Console) peoplePage(w http.ResponseWriter, r *http.Request, s *session) {
	c.showPeople(w, r, s, http.StatusOK, peopleData{})
}

func (c *Console) showPeople(w http.ResponseWriter, r *http.Request, s *session, status int, d peopleData) {
	us, err := c.svc.ListUsers(r.Context())
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	d.People, d.Me = us, s.user.ID
	c.render(w, r, status, "people", s, "People", d)
}

// addPerson creates an account with the password the administrator
// chose; they hand it over and the person signs in with it.
func (c *Console) addPerson(w http.ResponseWriter, r *http.Request, s *session) {
	d := peopleData{Email: strings.TrimSpace(r.PostFormValue("email")), Admin: r.PostFormValue("admin") == "1"}
	pw := r.PostFormValue("password")
	if a, err := mail.ParseAddress(d.Email); err != nil || a.Address != d.Email {
		d.Error, d.Field = "Enter an email address like ann@example.com.", "email"
	} else if len([]rune(pw)) < minPassword {
		d.Error, d.Field = "The password must be at least 12 characters long.", "password"
	}
	if d.Error != "" {
		c.showPeople(w, r, s, http.StatusBadRequest, d)
		return
	}
	select {
	case c.hashing <- struct{}{}:
	case <-r.Context().Done():
		return
	}
	hash, err := auth.HashPassword(pw)
	<-c.hashing
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	if _, err := c.svc.CreateUser(r.Context(), service.NewUser{Email: d.Email, PasswordHash: hash, Admin: d.Admin}); err != nil {
		var se *service.Error
		if errors.As(err, &se) && se.Code == service.CodeConflict {
			d.Error, d.Field = "Someone with the email "+d.Email+" already has an account.", "email"
			c.showPeople(w, r, s, http.StatusConflict, d)
			return
		}
		c.failErr(w, r, err)
		return
	}
	http.Redirect(w, r, "/console/people?done=added", http.StatusSeeOther)
}

// setDisabled disables or enables an account. Disabling ends the
// person's sessions (the service does); nobody disables themselves, so
// the last administrator cannot lock everyone out by accident.
func (c *Console) setDisabled(disabled bool) func(http.ResponseWriter, *http.Request, *session) {
	return func(w http.ResponseWriter, r *http.Request, s *session) {
		id := r.PathValue("id")
		if id == s.user.ID {
			c.fail(w, r, http.StatusConflict, "Not possible", "You cannot disable your own account. Ask another administrator.")
			return
		}
		u, err := c.svc.GetUser(r.Context(), id)
		if err != nil {
			c.failErr(w, r, err)
			return
		}
		u.Disabled = disabled
		if err := c.svc.UpdateUser(r.Context(), u); err != nil {
			c.failErr(w, r, err)
			return
		}
		done := "enabled"
		if disabled {
			done = "disabled"
		}
		http.Redirect(w, r, "/console/people?done="+done, http.StatusSeeOther)
	}
}
