package api

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
)

// reqInfo is what the middleware learns about a request as it is handled,
// for the request log.
type reqInfo struct {
	id     string
	log    *slog.Logger // the middleware's, for WriteError
	mu     sync.Mutex
	code   service.Code
	keyID  string
	userID string
}

type ctxKey struct{}

func info(r *http.Request) *reqInfo {
	if ri, ok := r.Context().Value(ctxKey{}).(*reqInfo); ok {
		return ri
	}
	return nil
}

// RequestID returns the id Requests.Handler gave the request ("" outside
// it).
func RequestID(r *http.Request) string {
	if ri := info(r); ri != nil {
		return ri.id
	}
	return ""
}

func setErrorCode(r *http.Request, c service.Code) {
	if ri := info(r); ri != nil {
		ri.mu.Lock()
		ri.code = c
		ri.mu.Unlock()
	}
}

// SetCaller records who is calling (the key, or the signed-in person) in
// the request's request log row. WriteError records the error code.
func SetCaller(r *http.Request, p service.Principal) {
	if ri := info(r); ri != nil {
		ri.mu.Lock()
		ri.keyID, ri.userID = p.KeyID, p.UserID
		ri.mu.Unlock()
	}
}

// NewRequestID returns a fresh request id: "req_" and 16 random URL-safe
// characters. Ids are always made here, never taken from the caller, so a
// log line cannot be forged through a header.
func NewRequestID() string {
	t, err := auth.RandomToken(12)
	if err != nil {
		return fmt.Sprintf("req_%d", time.Now().UnixNano())
	}
	return "req_" + t
}

// statusWriter records the status and size a handler wrote.
type statusWriter struct {
	http.ResponseWriter
	status int
	size   int
}

func (s *statusWriter) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.size += n
	return n, err
}

func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// Requests are the API's request conventions, for the API and for the
// handlers mounted beside it (chat, the webhook API): every response
// carries X-Request-Id, a panic becomes a 500 envelope and the server
// keeps serving, and every request is one row of the request log, written
// in batches. Make one with NewRequests, or share the API's (API.Requests)
// so that all requests go through one request log.
type Requests struct {
	log    *slog.Logger
	now    func() time.Time
	reqlog *requestLog // nil: no request log
}

// RequestsConfig configures NewRequests.
type RequestsConfig struct {
	// Service stores the request log. Required unless NoRequestLog.
	Service *service.Service
	// Logger receives errors and panics. Defaults to slog.Default().
	Logger *slog.Logger
	// Now is the clock. Defaults to time.Now.
	Now func() time.Time
	// NoRequestLog turns the request log off.
	NoRequestLog bool
}

// NewRequests returns request conventions writing to cfg.Service's request
// log. Close flushes the log.
func NewRequests(cfg RequestsConfig) *Requests {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	q := &Requests{log: cfg.Logger, now: cfg.Now}
	if !cfg.NoRequestLog && cfg.Service != nil {
		q.reqlog = newRequestLog(cfg.Service.LogRequests, cfg.Logger)
	}
	return q
}

// WithLogger returns the same conventions, with the same request log,
// logging errors and panics to log.
func (q *Requests) WithLogger(log *slog.Logger) *Requests {
	c := *q
	c.log = log
	return &c
}

// Close flushes the request log, until ctx ends.
func (q *Requests) Close(ctx context.Context) error {
	if q.reqlog == nil {
		return nil
	}
	return q.reqlog.close(ctx)
}

// Handler gives every request an id (X-Request-Id on every response),
// turns a panic into a 500 envelope so the server keeps serving, and logs
// the request to the request log. Handlers behind it answer errors with
// WriteError and name the caller with SetCaller.
func (q *Requests) Handler(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := q.now()
		ri := &reqInfo{id: NewRequestID(), log: q.log}
		r = r.WithContext(context.WithValue(r.Context(), ctxKey{}, ri))
		w.Header().Set("X-Request-Id", ri.id)
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				q.log.ErrorContext(r.Context(), "panic in handler", "request_id", ri.id, "panic", p, "stack", string(debug.Stack()))
				if sw.status == 0 {
					WriteError(sw, r, &service.Error{Code: service.CodeInternal, Err: fmt.Errorf("panic: %v", p)})
				}
			}
			q.logRequest(r, ri, sw.status, q.now().Sub(start))
		}()
		next.ServeHTTP(sw, r)
	})
}

// requestLog writes request log rows from a goroutine, so that a request
// never waits for the log's database write, and in batches of what has
// queued meanwhile, so that a busy server writes fewer, larger
// transactions. Rows are dropped, and counted, when the queue is full.
type requestLog struct {
	write   func(context.Context, []*store.RequestLog) error
	log     *slog.Logger
	rows    chan *store.RequestLog
	done    chan struct{}
	mu      sync.Mutex
	closed  bool
	dropped int
}

// maxLogBatch bounds the rows written in one call.
const maxLogBatch = 256

func newRequestLog(write func(context.Context, []*store.RequestLog) error, log *slog.Logger) *requestLog {
	l := &requestLog{write: write, log: log, rows: make(chan *store.RequestLog, 4096), done: make(chan struct{})}
	go l.loop()
	return l
}

func (l *requestLog) loop() {
	defer close(l.done)
	batch := make([]*store.RequestLog, 0, maxLogBatch)
	for row := range l.rows {
		batch = append(batch[:0], row)
	more:
		for len(batch) < maxLogBatch {
			select {
			case r, ok := <-l.rows:
				if !ok {
					break more
				}
				batch = append(batch, r)
			default:
				break more
			}
		}
		if err := l.write(context.Background(), batch); err != nil {
			l.log.Warn("request log", "rows", len(batch), "err", err)
		}
	}
}

func (l *requestLog) add(row *store.RequestLog) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return
	}
	select {
	case l.rows <- row:
	default:
		l.dropped++
	}
}

// close writes the queued rows and stops, until ctx ends.
func (l *requestLog) close(ctx context.Context) error {
	l.mu.Lock()
	if !l.closed {
		l.closed = true
		close(l.rows)
	}
	dropped := l.dropped
	l.mu.Unlock()
	select {
	case <-l.done:
		if dropped > 0 {
			l.log.Warn("request log rows dropped while the queue was full", "rows", dropped)
		}
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (q *Requests) logRequest(r *http.Request, ri *reqInfo, status int, d time.Duration) {
	if status == 0 {
		status = http.StatusOK
	}
	ri.mu.Lock()
	row := &store.RequestLog{
		RequestID: ri.id, At: q.now().Add(-d), Method: r.Method, Path: r.URL.Path,
		Status: status, Duration: d, KeyID: ri.keyID, UserID: ri.userID,
		RemoteAddr: r.RemoteAddr, ErrorCode: string(ri.code),
	}
	ri.mu.Unlock()
	if q.reqlog != nil {
		q.reqlog.add(row)
	}
}
