package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/server/servertest"
)

// vouch init checks the server and key before writing; the file holds the
// server and the key's variable name, never the key, with mode 0600; the
// client commands then find both through it.
func TestInit(t *testing.T) {
	env := servertest.Start(t, servertest.Options{NoWorkers: true})
	cfgHome := t.TempDir()
	cfgFile := filepath.Join(cfgHome, "vouch", "config.json")
	base := map[string]string{"XDG_CONFIG_HOME": cfgHome, "HOME": t.TempDir(), "TEAM_VOUCH_KEY": env.ReadKey}
	tests := []struct {
		name   string
		vars   map[string]string
		args   []string
		code   int
		stderr string
		writes bool
	}{
		{"no server", nil, []string{"init"}, exitUsage, "--server", false},
		{"key variable unset", nil, []string{"init", "--server", env.URL, "--key-env", "MISSING"}, exitUsage, "$MISSING is not set", false},
		{"a key instead of a name", nil, []string{"init", "--server", env.URL, "--key-env", env.ReadKey}, exitUsage, "NAME of a variable", false},
		{"not a name", nil, []string{"init", "--server", env.URL, "--key-env", "A-B"}, exitUsage, "not an environment variable name", false},
		{"wrong key", map[string]string{"BAD": "vch_0000"}, []string{"init", "--server", env.URL, "--key-env", "BAD"}, exitError, "unauthorized", false},
		{"server down", nil, []string{"init", "--server", servertest.ClosedPort(t), "--key-env", "TEAM_VOUCH_KEY"}, exitError, "nothing written", false},
		{"works", nil, []string{"init", "--server", env.URL + "/api/v1", "--key-env", "TEAM_VOUCH_KEY"}, 0, "", true},
		{"server from the environment", map[string]string{"VOUCH_SERVER": env.URL}, []string{"init", "--key-env", "TEAM_VOUCH_KEY"}, 0, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(cfgFile)
			c := &cli{t: t, env: env, vars: map[string]string{}}
			for k, v := range base {
				c.vars[k] = v
			}
			for k, v := range tt.vars {
				c.vars[k] = v
			}
			code, out, errs := c.run(tt.args...)
			if code != tt.code || !strings.Contains(errs, tt.stderr) {
				t.Fatalf("exit %d (want %d)\nstdout: %s\nstderr: %s", code, tt.code, out, errs)
			}
			_, err := os.Stat(cfgFile)
			if wrote := err == nil; wrote != tt.writes {
				t.Fatalf("config written: %v, want %v", wrote, tt.writes)
			}
		})
	}

	st, err := os.Stat(cfgFile)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("config mode: %v %v", st, err)
	}
	raw, _ := os.ReadFile(cfgFile)
	var cfg clientConfig
	if err := json.Unmarshal(raw, &cfg); err != nil || cfg.Server != env.URL || cfg.KeyEnv != "TEAM_VOUCH_KEY" {
		t.Fatalf("config %s: %v", raw, err)
	}
	if strings.Contains(string(raw), env.ReadKey) || strings.Contains(string(raw), "vch_") {
		t.Fatalf("the key was written to disk: %s", raw)
	}

	// With only the config and the variable it names, a command works.
	c := &cli{t: t, env: env, vars: base}
	code, out, errs := c.run("verify", "--url", env.AppURL, "--claim", servertest.HomeClaim, "--no-wait")
	if code != 0 || !strings.Contains(out, "Approve: "+env.URL) {
		t.Fatalf("verify through the config: exit %d\n%s\n%s", code, out, errs)
	}
	// The config names a variable that is not set: say which.
	c = &cli{t: t, env: env, vars: map[string]string{"XDG_CONFIG_HOME": cfgHome}}
	code, _, errs = c.run("verify", "--url", env.AppURL, "--claim", servertest.HomeClaim, "--no-wait")
	if code != exitUsage || !strings.Contains(errs, "$TEAM_VOUCH_KEY") || !strings.Contains(errs, cfgFile) {
		t.Fatalf("unset variable: exit %d\n%s", code, errs)
	}
}

// Flags win over the environment, which wins over the config file.
func TestCredentialPrecedence(t *testing.T) {
	cfgHome := t.TempDir()
	if err := writeConfig(filepath.Join(cfgHome, "vouch", "config.json"), &clientConfig{Server: "http://config.example", KeyEnv: "CFG_KEY"}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		flags      clientFlags
		vars       map[string]string
		wantServer string
		wantErr    string
	}{
		{"config only", clientFlags{}, map[string]string{"CFG_KEY": "k1"}, "http://config.example", ""},
		{"environment over config", clientFlags{}, map[string]string{"CFG_KEY": "k1", "VOUCH_SERVER": "http://env.example"}, "http://env.example", ""},
		{"flag over environment", clientFlags{server: "http://flag.example"}, map[string]string{"VOUCH_SERVER": "http://env.example", "VOUCH_API_KEY": "k"}, "http://flag.example", ""},
		{"VOUCH_API_KEY over the config's variable", clientFlags{}, map[string]string{"VOUCH_API_KEY": "k"}, "http://config.example", ""},
		{"config's variable unset", clientFlags{}, nil, "", "$CFG_KEY, which is not set"},
		{"no config, no server", clientFlags{key: "k"}, map[string]string{"XDG_CONFIG_HOME": t.TempDir()}, "", "no server"},
		{"no config, no key", clientFlags{server: "http://x"}, map[string]string{"XDG_CONFIG_HOME": t.TempDir()}, "", "no API key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vars := map[string]string{"XDG_CONFIG_HOME": cfgHome}
			for k, v := range tt.vars {
				vars[k] = v
			}
			e := &env{getenv: func(k string) string { return vars[k] }}
			cl, err := newAPIClient(e, tt.flags)
			if tt.wantErr != "" {
				var ce *credentialError
				if !errors.As(err, &ce) || !strings.Contains(err.Error(), tt.wantErr) || exitFor(err) != exitUsage {
					t.Fatalf("err %v, want a usage error with %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || cl.BaseURL() != tt.wantServer {
				t.Fatalf("server %v, err %v; want %s", cl, err, tt.wantServer)
			}
		})
	}
}

func TestConfigPath(t *testing.T) {
	tests := []struct {
		vars map[string]string
		want string
	}{
		{map[string]string{"XDG_CONFIG_HOME": "/x", "HOME": "/h"}, "/x/vouch/config.json"},
		{map[string]string{"XDG_CONFIG_HOME": "relative", "HOME": "/h"}, "/h/.config/vouch/config.json"},
		{map[string]string{"HOME": "/h"}, "/h/.config/vouch/config.json"},
	}
	for _, tt := range tests {
		got, err := configPath(func(k string) string { return tt.vars[k] })
		if err != nil || got != tt.want {
			t.Errorf("configPath(%v) = %q, %v; want %q", tt.vars, got, err, tt.want)
		}
	}
}
