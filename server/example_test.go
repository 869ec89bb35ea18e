package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"

	"github.com/vouchdev/vouch/server"
)

// A server in-process on a free loopback port with a temporary data
// directory, as the end-to-end tests run it.
func Example() {
	dir, err := os.MkdirTemp("", "vouch-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	srv, err := server.New(server.Config{Addr: "127.0.0.1:0", DataDir: dir, NoWorkers: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		panic(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		panic(err)
	}
	defer srv.Shutdown(context.Background())

	res, err := http.Get(srv.URL() + "/api/v1/usage") // no API key
	if err != nil {
		panic(err)
	}
	defer res.Body.Close()
	var env struct {
		Error struct {
			Code      string `json:"code"`
			RequestID string `json:"request_id"`
		} `json:"error"`
	}
	_ = json.NewDecoder(res.Body).Decode(&env)
	fmt.Println(res.StatusCode, env.Error.Code, env.Error.RequestID == res.Header.Get("X-Request-Id"))
	// Output: 401 unauthorized true
}
