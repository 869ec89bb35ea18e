package testapp

import (
	"fmt"
	"net/http"
	"time"
)

// Pages that change late, after a long quiet spell, to check that a runner
// which decides "failed" early on a settled page never does so on them: a
// timer of 3 s, a slow XHR (the API answers after 3 s) and a streaming list
// (the server sends one item a second). /late/settled is their control: it
// is finished when it loads.
const lateDelay = 3 * time.Second

func (a *App) lateRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /late/timer", a.static("late-timer", "Late timer"))
	mux.HandleFunc("GET /late/xhr", a.static("late-xhr", "Late XHR"))
	mux.HandleFunc("GET /late/stream", a.static("late-stream", "Streaming list"))
	mux.HandleFunc("GET /late/settled", a.static("late-settled", "Settled page"))
	mux.HandleFunc("GET /api/late", func(w http.ResponseWriter, r *http.Request) {
		if !wait(r, lateDelay) {
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"message":"Loaded late"}`)
	})
	mux.HandleFunc("GET /api/stream", func(w http.ResponseWriter, r *http.Request) {
		// One line a second, each flushed: a fetch reading the body as a
		// stream shows each item as it comes.
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		f, _ := w.(http.Flusher)
		for i := 1; i <= 4; i++ {
			if i > 1 && !wait(r, time.Second) {
				return
			}
			fmt.Fprintf(w, "Item %d\n", i)
			if f != nil {
				f.Flush()
			}
		}
	})
}
