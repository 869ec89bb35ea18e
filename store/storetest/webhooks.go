package storetest

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/vouchdev/vouch/store"
)

// completedEvent completes a fresh run, enqueuing one outbox event, and
// returns the event's id.
func completedEvent(t *testing.T, s store.Store, at time.Time) string {
	t.Helper()
	ctx := context.Background()
	v := run(t, s, approved(t, s, at), "", at)
	if _, err := s.MarkRunning(ctx, v.ID, 1, at); err != nil {
		t.Fatal(err)
	}
	evt := id("evt_")
	if err := s.CompleteRun(ctx, store.Completion{ID: v.ID, Attempt: 1, Decision: "verified", At: at,
		Events: []store.OutboxEvent{{ID: evt, Type: "verification.completed", Payload: []byte(`{"verification_id":"` + v.ID + `"}`)}},
	}); err != nil {
		t.Fatal(err)
	}
	return evt
}

func mustEndpoint(t *testing.T, s store.Store, url string, at time.Time) *store.WebhookEndpoint {
	t.Helper()
	e := &store.WebhookEndpoint{
		ID: id("whe_"), URL: url, Description: "receiver", Secret: "whsec_c2VjcmV0",
		Events: []string{"verification.completed"}, CreatedBy: store.Principal{UserID: "usr_a"}, CreatedAt: at,
	}
	if err := s.CreateWebhookEndpoint(context.Background(), e); err != nil {
		t.Fatalf("CreateWebhookEndpoint: %v", err)
	}
	return e
}

func testWebhookEndpoints(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := mustEndpoint(t, s, "https://a.example.com/hook", t0)
	b := mustEndpoint(t, s, "https://b.example.com/hook", t0.Add(time.Second))
	wantErr(t, "CreateWebhookEndpoint with a taken id", s.CreateWebhookEndpoint(ctx, a), store.ErrConflict)
	got, err := s.GetWebhookEndpoint(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.URL != a.URL || got.Secret != a.Secret || !slices.Equal(got.Events, a.Events) || got.Disabled ||
		got.CreatedBy != a.CreatedBy || !got.CreatedAt.Equal(t0) || !got.DeletedAt.IsZero() {
		t.Errorf("GetWebhookEndpoint = %+v, want %+v", got, a)
	}
	_, err = s.GetWebhookEndpoint(ctx, "whe_missing")
	wantErr(t, "GetWebhookEndpoint of a missing id", err, store.ErrNotFound)

	got.Disabled, got.DisabledAt, got.DisabledReason = true, t0.Add(time.Minute), "410 Gone"
	got.Description, got.Events = "renamed", []string{"verification.completed", "other"}
	if err := s.UpdateWebhookEndpoint(ctx, got); err != nil {
		t.Fatal(err)
	}
	again, _ := s.GetWebhookEndpoint(ctx, a.ID)
	if !again.Disabled || again.DisabledReason != "410 Gone" || !again.DisabledAt.Equal(got.DisabledAt) ||
		again.Description != "renamed" || len(again.Events) != 2 {
		t.Errorf("after update = %+v", again)
	}
	wantErr(t, "UpdateWebhookEndpoint of a missing id", s.UpdateWebhookEndpoint(ctx, &store.WebhookEndpoint{ID: "whe_missing"}), store.ErrNotFound)

	if err := s.DeleteWebhookEndpoint(ctx, b.ID, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "deleting twice", s.DeleteWebhookEndpoint(ctx, b.ID, t0.Add(time.Hour)), store.ErrNotFound)
	list, err := s.ListWebhookEndpoints(ctx)
	if err != nil || len(list) != 1 || list[0].ID != a.ID {
		t.Errorf("ListWebhookEndpoints = %v, %v; want only %s", list, err, a.ID)
	}
	if del, err := s.GetWebhookEndpoint(ctx, b.ID); err != nil || !del.DeletedAt.Equal(t0.Add(time.Hour)) {
		t.Errorf("deleted endpoint = %+v, %v", del, err)
	}
}

func testWebhookDispatch(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := mustEndpoint(t, s, "https://a.example.com/hook", t0)
	evt := completedEvent(t, s, t0)
	pending, err := s.UndispatchedOutbox(ctx, 10)
	if err != nil || len(pending) != 1 || pending[0].ID != evt {
		t.Fatalf("UndispatchedOutbox = %v, %v", pending, err)
	}
	ds := []*store.WebhookDelivery{
		{EventType: "verification.completed", EndpointID: e.ID, URL: e.URL, Payload: []byte(`{"a":1}`)},
		{EventType: "verification.completed", URL: "https://chat.example.com/in", Payload: []byte(`{"text":"x"}`)},
	}
	at := t0.Add(time.Second)
	if err := s.DispatchOutboxEvent(ctx, evt, ds, at); err != nil {
		t.Fatal(err)
	}
	// A second dispatch (another process raced this one) stores nothing.
	wantErr(t, "dispatching twice", s.DispatchOutboxEvent(ctx, evt, []*store.WebhookDelivery{{EndpointID: e.ID, URL: e.URL}}, at), store.ErrConflict)
	wantErr(t, "dispatching a missing event", s.DispatchOutboxEvent(ctx, "evt_missing", nil, at), store.ErrNotFound)
	if pending, _ := s.UndispatchedOutbox(ctx, 10); len(pending) != 0 {
		t.Errorf("still undispatched: %v", pending)
	}
	all, err := s.ListWebhookDeliveries(ctx, store.WebhookDeliveryFilter{EventID: evt})
	if err != nil || len(all) != 2 {
		t.Fatalf("deliveries of %s = %v, %v", evt, all, err)
	}
	for _, tt := range []struct {
		name string
		f    store.WebhookDeliveryFilter
		want []string
	}{
		{"by endpoint", store.WebhookDeliveryFilter{EndpointID: e.ID}, []string{ds[0].ID}},
		{"channel", store.WebhookDeliveryFilter{Channel: true}, []string{ds[1].ID}},
		{"pending", store.WebhookDeliveryFilter{State: store.DeliveryPending, EndpointID: e.ID}, []string{ds[0].ID}},
		{"delivered", store.WebhookDeliveryFilter{State: store.DeliveryDelivered}, nil},
	} {
		got, err := s.ListWebhookDeliveries(ctx, tt.f)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, d := range got {
			ids = append(ids, d.ID)
		}
		if !slices.Equal(ids, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, ids, tt.want)
		}
	}
	d, attempts, err := s.GetWebhookDelivery(ctx, ds[0].ID)
	if err != nil || len(attempts) != 0 {
		t.Fatalf("GetWebhookDelivery = %v, %v, %v", d, attempts, err)
	}
	if d.EventID != evt || d.State != store.DeliveryPending || string(d.Payload) != `{"a":1}` ||
		!d.CreatedAt.Equal(at) || !d.NextAttemptAt.Equal(at) || d.Attempts != 0 {
		t.Errorf("delivery = %+v", d)
	}
}

// testWebhookAttempts walks one delivery through a failed attempt, a lost
// lease, a 410 that disables its endpoint, and a redelivery.
func testWebhookAttempts(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := mustEndpoint(t, s, "https://a.example.com/hook", t0)
	evt := completedEvent(t, s, t0)
	d := &store.WebhookDelivery{EventType: "verification.completed", EndpointID: e.ID, URL: e.URL, Payload: []byte(`{}`)}
	if err := s.DispatchOutboxEvent(ctx, evt, []*store.WebhookDelivery{d}, t0); err != nil {
		t.Fatal(err)
	}
	_, err := s.ClaimWebhookDelivery(ctx, t0.Add(-time.Second), t0.Add(time.Minute))
	wantErr(t, "claiming before it is due", err, store.ErrNotFound)

	c, err := s.ClaimWebhookDelivery(ctx, t0, t0.Add(30*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if c.ID != d.ID || c.Attempts != 1 || !c.LeaseUntil.Equal(t0.Add(30*time.Second)) {
		t.Fatalf("claimed %+v", c)
	}
	_, err = s.ClaimWebhookDelivery(ctx, t0.Add(time.Second), t0.Add(time.Minute))
	wantErr(t, "claiming a leased delivery", err, store.ErrNotFound)
	_, err = s.RedeliverWebhook(ctx, d.ID, t0.Add(time.Second))
	wantErr(t, "redelivering during an attempt", err, store.ErrConflict)

	retry := t0.Add(10 * time.Second)
	if err := s.RecordWebhookAttempt(ctx, store.WebhookAttemptResult{
		Attempt: store.WebhookAttempt{DeliveryID: d.ID, N: 1, At: t0, Duration: 1500 * time.Microsecond, Status: 500, Error: "HTTP 500", Response: "oops"},
		State:   store.DeliveryPending, NextAttemptAt: retry,
	}); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "recording the same attempt twice", s.RecordWebhookAttempt(ctx, store.WebhookAttemptResult{
		Attempt: store.WebhookAttempt{DeliveryID: d.ID, N: 1, At: t0}, State: store.DeliveryDelivered,
	}), store.ErrLeaseLost)
	_, err = s.ClaimWebhookDelivery(ctx, retry.Add(-time.Millisecond), retry.Add(time.Minute))
	wantErr(t, "claiming before the retry is due", err, store.ErrNotFound)

	// Attempt 2's deliverer dies; the lease ends and attempt 3 claims it.
	if _, err := s.ClaimWebhookDelivery(ctx, retry, retry.Add(30*time.Second)); err != nil {
		t.Fatal(err)
	}
	c, err = s.ClaimWebhookDelivery(ctx, retry.Add(30*time.Second), retry.Add(time.Minute))
	if err != nil || c.Attempts != 3 {
		t.Fatalf("claim after the lease ended = %+v, %v", c, err)
	}
	wantErr(t, "recording the dead attempt", s.RecordWebhookAttempt(ctx, store.WebhookAttemptResult{
		Attempt: store.WebhookAttempt{DeliveryID: d.ID, N: 2, At: retry}, State: store.DeliveryDelivered,
	}), store.ErrLeaseLost)
	at3 := retry.Add(30 * time.Second)
	if err := s.RecordWebhookAttempt(ctx, store.WebhookAttemptResult{
		Attempt:         store.WebhookAttempt{DeliveryID: d.ID, N: 3, At: at3, Status: 410, Error: "HTTP 410"},
		State:           store.DeliveryFailed,
		DisableEndpoint: "the endpoint answered 410 Gone",
	}); err != nil {
		t.Fatal(err)
	}
	got, attempts, err := s.GetWebhookDelivery(ctx, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.State != store.DeliveryFailed || got.Attempts != 3 || got.LastStatus != 410 || !got.LastAttemptAt.Equal(at3) || !got.LeaseUntil.IsZero() {
		t.Errorf("after 410: %+v", got)
	}
	if len(attempts) != 2 || attempts[0].N != 1 || attempts[0].Status != 500 || attempts[0].Response != "oops" ||
		attempts[0].Duration != 1500*time.Microsecond || attempts[1].N != 3 {
		t.Errorf("attempts = %+v", attempts)
	}
	if ep, _ := s.GetWebhookEndpoint(ctx, e.ID); !ep.Disabled || ep.DisabledReason != "the endpoint answered 410 Gone" {
		t.Errorf("endpoint after 410 = %+v", ep)
	}

	// Redelivered while its endpoint is disabled: pending, but not claimed
	// until the endpoint is enabled again.
	at4 := at3.Add(time.Hour)
	r, err := s.RedeliverWebhook(ctx, d.ID, at4)
	if err != nil || r.State != store.DeliveryPending || !r.NextAttemptAt.Equal(at4) {
		t.Fatalf("RedeliverWebhook = %+v, %v", r, err)
	}
	_, err = s.ClaimWebhookDelivery(ctx, at4, at4.Add(time.Minute))
	wantErr(t, "claiming for a disabled endpoint", err, store.ErrNotFound)
	ep, _ := s.GetWebhookEndpoint(ctx, e.ID)
	ep.Disabled, ep.DisabledAt, ep.DisabledReason = false, time.Time{}, ""
	if err := s.UpdateWebhookEndpoint(ctx, ep); err != nil {
		t.Fatal(err)
	}
	c, err = s.ClaimWebhookDelivery(ctx, at4, at4.Add(time.Minute))
	if err != nil || c.Attempts != 4 {
		t.Fatalf("claim after re-enabling = %+v, %v", c, err)
	}
	if err := s.RecordWebhookAttempt(ctx, store.WebhookAttemptResult{
		Attempt: store.WebhookAttempt{DeliveryID: d.ID, N: 4, At: at4, Duration: time.Millisecond, Status: 204},
		State:   store.DeliveryDelivered,
	}); err != nil {
		t.Fatal(err)
	}
	got, _, _ = s.GetWebhookDelivery(ctx, d.ID)
	if got.State != store.DeliveryDelivered || !got.DeliveredAt.Equal(at4.Add(time.Millisecond)) || got.LastStatus != 204 || got.LastError != "" {
		t.Errorf("delivered: %+v", got)
	}
	_, err = s.RedeliverWebhook(ctx, "whd_missing", at4)
	wantErr(t, "redelivering a missing delivery", err, store.ErrNotFound)
}

// testWebhookRelease covers a sole deliverer's restart and deleting an
// endpoint with deliveries pending.
func testWebhookRelease(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := mustEndpoint(t, s, "https://a.example.com/hook", t0)
	b := mustEndpoint(t, s, "https://b.example.com/hook", t0)
	evt := completedEvent(t, s, t0)
	da := &store.WebhookDelivery{EventType: "verification.completed", EndpointID: a.ID, URL: a.URL, Payload: []byte(`{}`)}
	db := &store.WebhookDelivery{EventType: "verification.completed", EndpointID: b.ID, URL: b.URL, Payload: []byte(`{}`)}
	if err := s.DispatchOutboxEvent(ctx, evt, []*store.WebhookDelivery{da, db}, t0); err != nil {
		t.Fatal(err)
	}
	c, err := s.ClaimWebhookDelivery(ctx, t0, t0.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	restart := t0.Add(time.Minute)
	if n, err := s.ReleaseWebhookLeases(ctx, restart); err != nil || n != 1 {
		t.Fatalf("ReleaseWebhookLeases = %d, %v; want 1", n, err)
	}
	again, err := s.ClaimWebhookDelivery(ctx, restart, restart.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	// The other delivery was due first (t0) and is claimed first.
	other := db.ID
	if c.ID == db.ID {
		other = da.ID
	}
	if again.ID != other {
		t.Fatalf("claimed %s, want %s", again.ID, other)
	}
	third, err := s.ClaimWebhookDelivery(ctx, restart, restart.Add(time.Minute))
	if err != nil || third.ID != c.ID || third.Attempts != 2 {
		t.Fatalf("claim of the released delivery = %+v, %v", third, err)
	}
	_, attempts, _ := s.GetWebhookDelivery(ctx, c.ID)
	if len(attempts) != 1 || attempts[0].N != 1 || attempts[0].Error == "" || !attempts[0].At.Equal(t0) {
		t.Errorf("the interrupted attempt is logged as %+v", attempts)
	}

	if err := s.DeleteWebhookEndpoint(ctx, b.ID, restart); err != nil {
		t.Fatal(err)
	}
	got, _, _ := s.GetWebhookDelivery(ctx, db.ID)
	if got.State != store.DeliveryCancelled || !got.LeaseUntil.IsZero() {
		t.Errorf("delivery of a deleted endpoint = %+v", got)
	}
}

// testConcurrentWebhookClaims checks that each due delivery is claimed by
// exactly one of many concurrent deliverers.
func testConcurrentWebhookClaims(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := mustEndpoint(t, s, "https://a.example.com/hook", t0)
	const n = 8
	for range n {
		evt := completedEvent(t, s, t0)
		d := &store.WebhookDelivery{EventType: "verification.completed", EndpointID: e.ID, URL: e.URL, Payload: []byte(`{}`)}
		if err := s.DispatchOutboxEvent(ctx, evt, []*store.WebhookDelivery{d}, t0); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	seen := map[string]int{}
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				d, err := s.ClaimWebhookDelivery(ctx, t0, t0.Add(time.Hour))
				if err != nil {
					if !errors.Is(err, store.ErrNotFound) {
						errs <- err
					}
					return
				}
				mu.Lock()
				seen[d.ID]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if len(seen) != n {
		t.Errorf("claimed %d distinct deliveries, want %d", len(seen), n)
	}
	for id, c := range seen {
		if c != 1 {
			t.Errorf("%s claimed %d times", id, c)
		}
	}
}
