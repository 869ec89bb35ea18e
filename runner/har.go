package runner

import (
	"fmt"
	"math"
	"net/url"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chromedp/cdproto/har"
	"github.com/chromedp/cdproto/network"

	vouchversion "github.com/vouchdev/vouch/version"
)

// maxHAREntries bounds one journey's network log; a page that polls forever
// must not grow it without limit.
const maxHAREntries = 5000

// netLog builds a HAR 1.2 log from the Network events the tab sends anyway:
// one entry per request and per redirect hop, no body ever re-fetched.
// Its methods are called with the recorder's lock held.
type netLog struct {
	hops     map[network.RequestID][]*hop // the hops of each request, in order
	order    []*hop
	reqExtra map[network.RequestID][]network.Headers // extra info that came first
	resExtra map[network.RequestID][]*network.EventResponseReceivedExtraInfo
	dropped  int
	// bodyBytes is the size of the bodies asked for so far, against
	// maxBodiesBytes.
	bodyBytes int64
}

// Response bodies are recorded for what a page needs to be replayed
// offline (Playwright's routeFromHAR, DevTools' import): documents,
// scripts, styles, JSON and other text. Images, fonts and media are not:
// they are most of a page's bytes and none of what a verification shows.
const (
	// maxBodyBytes bounds one recorded body; a larger one is left out
	// whole (a truncated script replays worse than none).
	maxBodyBytes = 1 << 20
	// maxBodiesBytes bounds one journey's recorded bodies.
	maxBodiesBytes = 8 << 20
)

// bodyTypes are the resource types whose bodies are recorded.
var bodyTypes = map[network.ResourceType]bool{
	network.ResourceTypeDocument: true, network.ResourceTypeStylesheet: true,
	network.ResourceTypeScript: true, network.ResourceTypeXHR: true, network.ResourceTypeFetch: true,
	network.ResourceTypeManifest: true,
}

// textMime says whether a response's media type is text a replay needs.
func textMime(m string) bool {
	m = strings.ToLower(m)
	return strings.HasPrefix(m, "text/") || strings.Contains(m, "json") || strings.Contains(m, "javascript") ||
		strings.Contains(m, "ecmascript") || strings.HasSuffix(m, "+xml") || m == "application/xml"
}

// wantBody returns the hop of a request that just finished loading when
// its body is to be recorded, counting it against the journey's budget,
// or nil (noting on the hop why, when the cap left it out).
func (n *netLog) wantBody(id network.RequestID) *hop {
	h := n.last(id)
	if h == nil || h.resp == nil || h.req == nil || h.req.Method == "HEAD" {
		return nil
	}
	switch st := h.resp.Status; {
	case st == 204 || st == 304 || (st >= 100 && st < 200):
		return nil
	}
	if !bodyTypes[h.typ] && !textMime(h.resp.MimeType) {
		return nil
	}
	switch {
	case h.decoded > maxBodyBytes:
		h.bodyNote = fmt.Sprintf("body not recorded: %d bytes, over the %d MiB limit for one body", h.decoded, maxBodyBytes>>20)
		return nil
	case n.bodyBytes+h.decoded > maxBodiesBytes:
		h.bodyNote = fmt.Sprintf("body not recorded: the journey's %d MiB of recorded bodies is spent", maxBodiesBytes>>20)
		return nil
	}
	n.bodyBytes += max(h.decoded, 0)
	return h
}

// setBody stores a body the browser returned; mask hides the run's
// secrets in it, as everywhere else in the evidence.
func (h *hop) setBody(b []byte, base64 bool, mask func(string) string) {
	if len(b) > maxBodyBytes {
		h.bodyNote = fmt.Sprintf("body not recorded: %d bytes, over the %d MiB limit for one body", len(b), maxBodyBytes>>20)
		return
	}
	h.binary = base64 && !utf8.Valid(b)
	if mask != nil {
		b = []byte(mask(string(b)))
	}
	h.body = b
}

// hop is one request/response exchange.
type hop struct {
	id       network.RequestID
	wall     time.Time
	ts       float64 // monotonic seconds at the request
	typ      network.ResourceType
	req      *network.Request
	rawReq   network.Headers
	resp     *network.Response
	rawResp  network.Headers
	headText string
	decoded  int64
	wire     float64 // encoded bytes incl. headers, -1 unknown
	endTS    float64
	failed   string
	// body is the response body when it was recorded (see wantBody),
	// binary true when it is not text; bodyNote says why it was not.
	body     []byte
	binary   bool
	bodyNote string
}

func newNetLog() *netLog {
	return &netLog{
		hops:     map[network.RequestID][]*hop{},
		reqExtra: map[network.RequestID][]network.Headers{},
		resExtra: map[network.RequestID][]*network.EventResponseReceivedExtraInfo{},
	}
}

func (n *netLog) last(id network.RequestID) *hop {
	hs := n.hops[id]
	if len(hs) == 0 {
		return nil
	}
	return hs[len(hs)-1]
}

func (n *netLog) requestWillBeSent(e *network.EventRequestWillBeSent) {
	if e.RedirectResponse != nil {
		// The previous hop of this request ended with a redirect.
		if prev := n.last(e.RequestID); prev != nil {
			prev.resp = e.RedirectResponse
			prev.endTS = float64(e.Timestamp)
			prev.wire = e.RedirectResponse.EncodedDataLength
			n.applyResExtra(e.RequestID)
		}
	}
	if len(n.order) >= maxHAREntries {
		n.dropped++
		return
	}
	h := &hop{id: e.RequestID, ts: float64(e.Timestamp), typ: e.Type, req: e.Request, wire: -1}
	if e.WallTime != 0 {
		h.wall = time.UnixMicro(int64(e.WallTime.Float64() * 1e6))
	} else {
		h.wall = time.Now()
	}
	n.hops[e.RequestID] = append(n.hops[e.RequestID], h)
	n.order = append(n.order, h)
	if q := n.reqExtra[e.RequestID]; len(q) > 0 {
		h.rawReq = q[0]
		n.reqExtra[e.RequestID] = q[1:]
	}
}

func (n *netLog) requestExtra(e *network.EventRequestWillBeSentExtraInfo) {
	for _, h := range n.hops[e.RequestID] {
		if h.rawReq == nil {
			h.rawReq = e.Headers
			return
		}
	}
	n.reqExtra[e.RequestID] = append(n.reqExtra[e.RequestID], e.Headers)
}

func (n *netLog) responseExtra(e *network.EventResponseReceivedExtraInfo) {
	n.resExtra[e.RequestID] = append(n.resExtra[e.RequestID], e)
	n.applyResExtra(e.RequestID)
}

// applyResExtra gives queued raw response headers to the hops that have a
// response but no raw headers yet, in order.
func (n *netLog) applyResExtra(id network.RequestID) {
	q := n.resExtra[id]
	for _, h := range n.hops[id] {
		if len(q) == 0 {
			break
		}
		if h.rawResp == nil && h.resp != nil {
			h.rawResp, h.headText = q[0].Headers, q[0].HeadersText
			if h.rawResp == nil {
				h.rawResp = network.Headers{}
			}
			q = q[1:]
		}
	}
	n.resExtra[id] = q
}

func (n *netLog) responseReceived(e *network.EventResponseReceived) {
	if h := n.last(e.RequestID); h != nil {
		h.resp = e.Response
		n.applyResExtra(e.RequestID)
	}
}

func (n *netLog) dataReceived(e *network.EventDataReceived) {
	if h := n.last(e.RequestID); h != nil {
		h.decoded += e.DataLength
	}
}

func (n *netLog) loadingFinished(e *network.EventLoadingFinished) {
	if h := n.last(e.RequestID); h != nil {
		h.endTS = float64(e.Timestamp)
		h.wire = e.EncodedDataLength
	}
}

func (n *netLog) loadingFailed(e *network.EventLoadingFailed) {
	if h := n.last(e.RequestID); h != nil {
		h.endTS = float64(e.Timestamp)
		h.failed = e.ErrorText
		if e.BlockedReason != "" {
			h.failed += " (" + string(e.BlockedReason) + ")"
		}
	}
}

// har returns the log as HAR; the evidence writer masks secrets in it.
func (n *netLog) har(browserVersion string) *har.HAR {
	entries := make([]*har.Entry, 0, len(n.order))
	for _, h := range n.order {
		entries = append(entries, h.entry())
	}
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].StartedDateTime < entries[j].StartedDateTime })
	l := &har.Log{
		Version: "1.2",
		Creator: &har.Creator{Name: "vouch", Version: vouchversion.String()},
		Entries: entries,
	}
	if browserVersion != "" {
		// "HeadlessChrome/156.0.8078.79"
		name, version, ok := strings.Cut(browserVersion, "/")
		if !ok {
			name, version = "Chromium", browserVersion
		}
		l.Browser = &har.Creator{Name: name, Version: version}
	}
	if n.dropped > 0 {
		l.Comment = fmt.Sprintf("%d later requests were not recorded (limit %d)", n.dropped, maxHAREntries)
	}
	return &har.HAR{Log: l}
}

func (h *hop) entry() *har.Entry {
	e := &har.Entry{
		StartedDateTime: h.wall.UTC().Format("2006-01-02T15:04:05.000Z"),
		Request:         h.harRequest(),
		Cache:           &har.Cache{},
		Timings:         &har.Timings{Send: 0, Wait: 0, Receive: 0},
	}
	if h.failed != "" {
		e.Comment = h.failed
	}
	if h.resp == nil {
		e.Response = nil
		return e
	}
	r := h.resp
	e.ServerIPAddress = r.RemoteIPAddress
	if r.ConnectionID != 0 {
		e.Connection = fmt.Sprintf("%.0f", r.ConnectionID)
	}
	hdrs := r.Headers
	if len(h.rawResp) > 0 {
		hdrs = h.rawResp
	}
	headersSize := int64(-1)
	if h.headText != "" {
		headersSize = int64(len(h.headText))
	}
	bodySize := int64(-1)
	if h.wire >= 0 {
		bodySize = int64(h.wire)
		if headersSize > 0 {
			bodySize -= headersSize
		}
		bodySize = max(bodySize, 0)
	}
	status := r.Status
	mime := r.MimeType
	if ct := headerValue(hdrs, "Content-Type"); ct != "" {
		mime = ct
	}
	redirect := headerValue(hdrs, "Location")
	if redirect != "" {
		if base, err := url.Parse(r.URL); err == nil {
			if u, err := base.Parse(redirect); err == nil {
				redirect = u.String()
			}
		}
	}
	e.Response = &har.Response{
		Status:      status,
		StatusText:  r.StatusText,
		HTTPVersion: httpVersion(r.Protocol),
		Cookies:     []*har.Cookie{},
		Headers:     harHeaders(hdrs),
		Content:     h.content(mime),
		RedirectURL: redirect,
		HeadersSize: headersSize,
		BodySize:    bodySize,
	}
	if r.StatusText == "" {
		e.Response.StatusText = statusText(status)
	}
	if t := r.Timing; t != nil {
		ms := func(a, b float64) float64 {
			if a < 0 || b < 0 {
				return -1
			}
			return round3(b - a)
		}
		neg := func(v float64) *float64 { return &v }
		blocked := -1.0
		first := firstNonNeg(t.DNSStart, t.ConnectStart, t.SendStart)
		if first > 0 {
			blocked = round3(first)
		}
		e.Timings.Blocked = neg(blocked)
		e.Timings.DNS = neg(ms(t.DNSStart, t.DNSEnd))
		e.Timings.Connect = neg(ms(t.ConnectStart, t.ConnectEnd))
		e.Timings.Ssl = neg(ms(t.SslStart, t.SslEnd))
		e.Timings.Send = max(ms(t.SendStart, t.SendEnd), 0)
		e.Timings.Wait = max(ms(t.SendEnd, t.ReceiveHeadersStart), 0)
		if t.ReceiveHeadersStart <= 0 {
			e.Timings.Wait = max(ms(t.SendEnd, t.ReceiveHeadersEnd), 0)
		}
		if h.endTS > 0 {
			e.Timings.Receive = max(round3((h.endTS-t.RequestTime)*1000-t.ReceiveHeadersEnd), 0)
		}
		total := e.Timings.Send + e.Timings.Wait + e.Timings.Receive
		for _, p := range []*float64{e.Timings.Blocked, e.Timings.DNS, e.Timings.Connect} {
			if *p > 0 {
				total += *p
			}
		}
		e.Time = round3(total)
	} else if h.endTS > 0 {
		e.Timings.Receive = round3((h.endTS - h.ts) * 1000)
		e.Time = e.Timings.Receive
	}
	return e
}

// content is the response's HAR content: its body, text inline or binary
// as base64, when it was recorded.
func (h *hop) content(mime string) *har.Content {
	c := &har.Content{Size: max(h.decoded, 0), MimeType: mime, Comment: h.bodyNote}
	if h.body != nil {
		c.Text = h.body
		c.Size = max(c.Size, int64(len(h.body)))
		if h.binary {
			c.Encoding = "base64"
		}
	}
	return c
}

func (h *hop) harRequest() *har.Request {
	r := h.req
	hdrs := r.Headers
	if len(h.rawReq) > 0 {
		hdrs = h.rawReq
	}
	out := &har.Request{
		Method:      r.Method,
		URL:         r.URL,
		HTTPVersion: "HTTP/1.1",
		Cookies:     []*har.Cookie{},
		Headers:     harHeaders(hdrs),
		QueryString: []*har.NameValuePair{},
		HeadersSize: -1,
		BodySize:    0,
	}
	if h.resp != nil {
		out.HTTPVersion = httpVersion(h.resp.Protocol)
	}
	if u, err := url.Parse(r.URL); err == nil {
		for k, vs := range u.Query() {
			for _, v := range vs {
				out.QueryString = append(out.QueryString, &har.NameValuePair{Name: k, Value: v})
			}
		}
		sort.Slice(out.QueryString, func(i, j int) bool { return out.QueryString[i].Name < out.QueryString[j].Name })
	}
	if c := headerValue(hdrs, "Cookie"); c != "" {
		for part := range strings.SplitSeq(c, ";") {
			name, value, _ := strings.Cut(strings.TrimSpace(part), "=")
			out.Cookies = append(out.Cookies, &har.Cookie{Name: name, Value: value})
		}
	}
	if r.HasPostData {
		var body []byte
		for _, p := range r.PostDataEntries {
			body = append(body, p.Bytes...)
		}
		mime := headerValue(hdrs, "Content-Type")
		pd := &har.PostData{MimeType: mime, Text: string(body), Params: []*har.Param{}}
		if strings.HasPrefix(mime, "application/x-www-form-urlencoded") {
			if vals, err := url.ParseQuery(string(body)); err == nil {
				for k, vs := range vals {
					for _, v := range vs {
						pd.Params = append(pd.Params, &har.Param{Name: k, Value: v})
					}
				}
				sort.Slice(pd.Params, func(i, j int) bool { return pd.Params[i].Name < pd.Params[j].Name })
			}
		}
		out.PostData = pd
		out.BodySize = int64(len(body))
	}
	return out
}

func harHeaders(h network.Headers) []*har.NameValuePair {
	out := make([]*har.NameValuePair, 0, len(h))
	for k, v := range h {
		// Raw headers join repeated values with newlines.
		for line := range strings.SplitSeq(fmt.Sprint(v), "\n") {
			out = append(out, &har.NameValuePair{Name: k, Value: line})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return strings.ToLower(out[i].Name) < strings.ToLower(out[j].Name) })
	return out
}

func headerValue(h network.Headers, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			return fmt.Sprint(v)
		}
	}
	return ""
}

func httpVersion(p string) string {
	switch strings.ToLower(p) {
	case "", "http/1.1":
		return "HTTP/1.1"
	case "http/1.0":
		return "HTTP/1.0"
	case "h2":
		return "HTTP/2"
	case "h3":
		return "HTTP/3"
	}
	return p
}

func firstNonNeg(vs ...float64) float64 {
	for _, v := range vs {
		if v >= 0 {
			return v
		}
	}
	return -1
}

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }
