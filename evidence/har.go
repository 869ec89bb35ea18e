package evidence

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/chromedp/cdproto/har"

	"github.com/vouchdev/vouch/version"
)

// HARVersion is the HAR format version EncodeHAR writes.
const HARVersion = "1.2"

// EncodeHAR returns h as HAR 1.2 JSON that Chrome DevTools (Network panel,
// "Import HAR file") and other HAR viewers open. The creator is "vouch".
//
// It fills what HAR 1.2 requires and importers dereference without checking
// (cookie, header and query arrays, cache, timings, a response for a request
// that never got one) and writes content text as HAR expects, plain or base64
// with "encoding", which the cdproto types, holding it as []byte, do not do by
// themselves. h is not modified.
func EncodeHAR(h *har.HAR) ([]byte, error) {
	if h == nil || h.Log == nil {
		return nil, errors.New("evidence: HAR has no log")
	}
	l := h.Log
	out := harLog{
		Version: HARVersion,
		Creator: har.Creator{Name: "vouch", Version: version.String()},
		Browser: l.Browser,
		Pages:   l.Pages,
		Entries: make([]harEntry, 0, len(l.Entries)),
		Comment: l.Comment,
	}
	if l.Creator != nil {
		if l.Creator.Version != "" {
			out.Creator.Version = l.Creator.Version
		}
		out.Creator.Comment = l.Creator.Comment
	}
	for i, e := range l.Entries {
		if e == nil || e.Request == nil {
			return nil, fmt.Errorf("evidence: HAR entry %d has no request", i+1)
		}
		out.Entries = append(out.Entries, harEntry{
			Pageref:         e.Pageref,
			StartedDateTime: e.StartedDateTime,
			Time:            e.Time,
			Request:         request(e.Request),
			Response:        response(e.Response),
			Cache:           orNew(e.Cache),
			Timings:         orNew(e.Timings),
			ServerIPAddress: e.ServerIPAddress,
			Connection:      e.Connection,
			Comment:         e.Comment,
		})
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	// URLs with & stay readable; the file is never inlined into HTML.
	enc.SetEscapeHTML(false)
	// Compact: tools and DevTools read it; indentation would add two
	// fifths to the evidence, bodies included.
	if err := enc.Encode(struct {
		Log harLog `json:"log"`
	}{out}); err != nil {
		return nil, fmt.Errorf("evidence: encoding HAR: %w", err)
	}
	return b.Bytes(), nil
}

// ParseHAR reads a HAR file (any version whose shape matches 1.2).
func ParseHAR(data []byte) (*har.HAR, error) {
	var h har.HAR
	if err := json.Unmarshal(data, &h); err != nil {
		return nil, fmt.Errorf("evidence: reading HAR: %w", err)
	}
	if h.Log == nil {
		return nil, errors.New(`evidence: reading HAR: no "log"`)
	}
	for i, e := range h.Log.Entries {
		if e == nil || e.Request == nil {
			return nil, fmt.Errorf("evidence: reading HAR: entry %d has no request", i+1)
		}
	}
	return &h, nil
}

// The types below mirror har's where its JSON is not what HAR 1.2 files
// hold; the rest is har's own.
type harLog struct {
	Version string       `json:"version"`
	Creator har.Creator  `json:"creator"`
	Browser *har.Creator `json:"browser,omitempty"`
	Pages   []*har.Page  `json:"pages,omitempty"`
	Entries []harEntry   `json:"entries"`
	Comment string       `json:"comment,omitempty"`
}

type harEntry struct {
	Pageref         string       `json:"pageref,omitempty"`
	StartedDateTime string       `json:"startedDateTime"`
	Time            float64      `json:"time"`
	Request         har.Request  `json:"request"`
	Response        harResponse  `json:"response"`
	Cache           *har.Cache   `json:"cache"`
	Timings         *har.Timings `json:"timings"`
	ServerIPAddress string       `json:"serverIPAddress,omitempty"`
	Connection      string       `json:"connection,omitempty"`
	Comment         string       `json:"comment,omitempty"`
}

type harResponse struct {
	Status      int64                `json:"status"`
	StatusText  string               `json:"statusText"`
	HTTPVersion string               `json:"httpVersion"`
	Cookies     []*har.Cookie        `json:"cookies"`
	Headers     []*har.NameValuePair `json:"headers"`
	Content     harContent           `json:"content"`
	RedirectURL string               `json:"redirectURL"`
	HeadersSize int64                `json:"headersSize"`
	BodySize    int64                `json:"bodySize"`
	Comment     string               `json:"comment,omitempty"`
}

type harContent struct {
	Size        int64  `json:"size"`
	Compression *int64 `json:"compression,omitempty"`
	MimeType    string `json:"mimeType"`
	Text        string `json:"text,omitempty"`
	Encoding    string `json:"encoding,omitempty"`
	Comment     string `json:"comment,omitempty"`
}

func request(r *har.Request) har.Request {
	out := *r
	out.Cookies = orEmpty(r.Cookies)
	out.Headers = orEmpty(r.Headers)
	out.QueryString = orEmpty(r.QueryString)
	if r.PostData != nil {
		pd := *r.PostData
		pd.Params = orEmpty(pd.Params)
		out.PostData = &pd
	}
	return out
}

// response converts r; a request that failed (connection refused, blocked)
// has no response, which HAR 1.2 spells as status 0 and sizes -1.
func response(r *har.Response) harResponse {
	if r == nil {
		return harResponse{
			Cookies: []*har.Cookie{}, Headers: []*har.NameValuePair{},
			Content:     harContent{MimeType: "x-unknown"},
			HeadersSize: -1, BodySize: -1,
		}
	}
	out := harResponse{
		Status:      r.Status,
		StatusText:  r.StatusText,
		HTTPVersion: r.HTTPVersion,
		Cookies:     orEmpty(r.Cookies),
		Headers:     orEmpty(r.Headers),
		RedirectURL: r.RedirectURL,
		HeadersSize: r.HeadersSize,
		BodySize:    r.BodySize,
		Comment:     r.Comment,
	}
	if c := r.Content; c != nil {
		out.Content = harContent{
			Size: c.Size, Compression: c.Compression, MimeType: c.MimeType,
			Encoding: c.Encoding, Comment: c.Comment,
		}
		// har.Content holds the decoded bytes (its UnmarshalJSON decodes
		// base64), so encode again when asked to or when the bytes are
		// not text JSON can carry.
		switch {
		case c.Encoding == "base64" || (c.Encoding == "" && !utf8.Valid(c.Text)):
			out.Content.Text = base64.StdEncoding.EncodeToString(c.Text)
			out.Content.Encoding = "base64"
		default:
			out.Content.Text = string(c.Text)
		}
	}
	return out
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func orNew[T any](p *T) *T {
	if p == nil {
		return new(T)
	}
	return p
}
