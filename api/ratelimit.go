package api

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/vouchdev/vouch/service"
)

// Limiter is a token bucket per caller: each caller may make burst
// requests at once and rate a second over time. Buckets idle long enough
// to be full again are forgotten, so memory stays bounded by active
// callers. A nil *Limiter allows everything.
type Limiter struct {
	rate  float64 // tokens per second
	burst float64
	now   func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	sweep   time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// NewLimiter returns a limiter of rate requests a second and burst at
// once per caller, on the clock now; nil (no limit) when rate ≤ 0.
func NewLimiter(rate float64, burst int, now func() time.Time) *Limiter {
	if rate <= 0 {
		return nil
	}
	if now == nil {
		now = time.Now
	}
	return &Limiter{rate: rate, burst: float64(burst), now: now, buckets: map[string]*bucket{}}
}

// Limit takes a token for caller. When none is left it answers 429
// rate_limited, "too many <what>; retry after N s", with Retry-After: N
// (whole seconds, rounded up), and returns false.
func (l *Limiter) Limit(w http.ResponseWriter, r *http.Request, caller, what string) bool {
	ok, wait := l.Allow(caller)
	if ok {
		return true
	}
	secs := strconv.Itoa(max(1, int(math.Ceil(wait.Seconds()))))
	w.Header().Set("Retry-After", secs)
	WriteError(w, r, apiErr(service.CodeRateLimited, "too many "+what+"; retry after "+secs+" s"))
	return false
}

// Allow takes a token for caller. When none is left it returns false and
// how long until one is.
func (l *Limiter) Allow(caller string) (bool, time.Duration) {
	if l == nil || l.rate <= 0 {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.sweep) > time.Minute {
		full := time.Duration(l.burst / l.rate * float64(time.Second))
		for k, b := range l.buckets {
			if now.Sub(b.last) > full {
				delete(l.buckets, k)
			}
		}
		l.sweep = now
	}
	b, ok := l.buckets[caller]
	if !ok {
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[caller] = b
	}
	if el := now.Sub(b.last).Seconds(); el > 0 {
		b.tokens = math.Min(l.burst, b.tokens+el*l.rate)
		b.last = now
	}
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
	return false, wait
}
