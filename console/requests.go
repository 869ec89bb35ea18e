package console

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/vouchdev/vouch/service"
)

// reqRow is one API request in the inspector.
type reqRow struct {
	*service.RequestLog
	Caller string // the key's prefix and name, or the person's email
	KeyID  string
}

type requestsData struct {
	RequestID, Path string
	Errors          bool
	Rows            []reqRow
	Searched        bool // a request id was searched for
	NextPage        string
	Error           string
}

const requestsPage = 100

// requestsPage lists the API's recent requests (the API's request log:
// console pages are not in it), newest first, or the one request with the
// id a person holds from an X-Request-Id header or an error envelope.
func (c *Console) requestsPage(w http.ResponseWriter, r *http.Request, s *session) {
	q := r.URL.Query()
	d := requestsData{RequestID: strings.TrimSpace(q.Get("request_id")), Path: strings.TrimSpace(q.Get("path")), Errors: q.Get("errors") == "1"}
	f := service.RequestFilter{RequestID: d.RequestID, PathPrefix: d.Path, Limit: requestsPage + 1}
	if d.Errors {
		f.MinStatus = 400
	}
	if b := q.Get("before"); b != "" {
		id, err := strconv.ParseInt(b, 10, 64)
		if err != nil || id <= 0 {
			d.Error = "That page of requests does not exist."
		}
		f.BeforeID = id
	}
	d.Searched = d.RequestID != ""
	rows, err := c.svc.SearchRequests(r.Context(), f)
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	if len(rows) > requestsPage {
		rows = rows[:requestsPage]
		nq := url.Values{}
		for k, v := range map[string]string{"request_id": d.RequestID, "path": d.Path, "errors": q.Get("errors")} {
			if v != "" {
				nq.Set(k, v)
			}
		}
		nq.Set("before", strconv.FormatInt(rows[len(rows)-1].ID, 10))
		d.NextPage = "/console/requests?" + nq.Encode()
	}
	n := c.names(r.Context())
	for _, row := range rows {
		rr := reqRow{RequestLog: row, KeyID: row.KeyID}
		switch {
		case row.KeyID != "":
			rr.Caller = n.keyLabel(row.KeyID)
		case row.UserID != "":
			rr.Caller = n.user(row.UserID)
		}
		d.Rows = append(d.Rows, rr)
	}
	c.render(w, r, http.StatusOK, "requests", s, "Requests", d)
}
