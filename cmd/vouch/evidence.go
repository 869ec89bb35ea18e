package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/vouchdev/vouch/attest"
	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store/backend"
	"github.com/vouchdev/vouch/version"
)

func init() {
	register(&command{
		name:    "evidence",
		summary: "Check a run's evidence offline: its signature, every file's hash, the manifest against the signed statement.",
		usage:   "verify DIR|ZIP [--key FILE | --server URL] [--plan FILE] [--json]",
		run:     evidenceCmd,
	})
	register(&command{
		name:    "attestation-keys",
		summary: "List, export or rotate the keys that sign runs (the server's with --data, and every worker's published in --database; else this user's for vouch run).",
		usage:   "list [--json] | export | rotate   [--data DIR] [--database PATH|postgres://URL]",
		run:     attestationKeysCmd,
	})
}

// Exit codes of vouch evidence verify.
const (
	exitValid   = 0
	exitInvalid = 1
)

func evidenceCmd(ctx context.Context, e *env, args []string) int {
	c := commands["evidence"]
	fs := newFlags(e, c)
	keyFile := fs.String("key", "", "trusted public keys: a PEM `FILE` (vouch attestation-keys export) or the JSON of GET /api/v1/attestation-keys")
	server := fs.String("server", "", "fetch the trusted keys from this vouch server's /api/v1/attestation-keys (`URL`; no API key needed)")
	planFile := fs.String("plan", "", "also check that this plan `FILE` (YAML or JSON, e.g. from GET /api/v1/verifications/plans/{id}) is the plan that ran")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	fs.Usage = func() {
		fmt.Fprintf(e.stdout, `Usage: vouch evidence %s

%s

Without --key or --server the keys of this user's vouch run are trusted.
Exit status: 0 valid, 1 not valid (one line per problem), 4 usage, 7 the
keys could not be read.

Flags:
`, c.usage, c.summary)
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
		fs.SetOutput(e.stderr)
	}
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 2 || pos[0] != "verify" {
		return usageError(e, c, "give verify and one evidence directory or zip")
	}
	if *keyFile != "" && *server != "" {
		return usageError(e, c, "give --key or --server, not both")
	}
	keys, from, err := trustedKeys(ctx, e, *keyFile, *server)
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch evidence: %v\n", err)
		return exitError
	}
	r, err := attest.VerifyPath(ctx, pos[1], keys)
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch evidence: %v\n", err)
		return exitUsage
	}
	if *planFile != "" && r.Predicate != nil {
		checkPlanFile(e, *planFile, r)
	}
	code = exitValid
	if !r.Valid {
		code = exitInvalid
	}
	if *asJSON {
		printJSON(e, map[string]any{"path": pos[1], "keys_from": from, "result": r, "exit_code": code})
		return code
	}
	if !r.Valid {
		fmt.Fprintf(e.stdout, "NOT VALID  %s\n", pos[1])
		for _, p := range r.Problems {
			fmt.Fprintf(e.stdout, "  %s\n", p)
		}
		return code
	}
	p := r.Predicate
	fmt.Fprintf(e.stdout, "VALID  %s\n  signed by %s (%s)\n  %d files match the signed statement\n  decision %s, plan %s\n",
		pos[1], r.KeyID, from, r.FilesChecked, p.Decision, p.Plan.ID)
	if a := p.Approval; a != nil {
		fmt.Fprintf(e.stdout, "  plan approved by %s at %s\n", a.By, a.At.UTC().Format(time.RFC3339))
	} else {
		fmt.Fprintln(e.stdout, "  run locally with vouch run: no person approved the plan")
	}
	if len(r.Subjects) > 0 && r.Subjects[0].Name == "deployment" {
		fmt.Fprintf(e.stdout, "  deployment %s served a first document with sha256 %s\n", r.Subjects[0].URI, r.Subjects[0].Digest["sha256"])
	}
	return code
}

// checkPlanFile adds a problem unless the plan in name hashes to the
// signed statement's plan id: the plan in hand is the one that ran.
func checkPlanFile(e *env, name string, r *attest.Result) {
	data, err := readInput(e, name)
	var p *plan.Plan
	if err == nil {
		p, err = parsePlanDocument(data)
	}
	switch {
	case err != nil:
		r.Problems = append(r.Problems, attest.Problem{File: name, Reason: "not a plan: " + firstLine(err.Error())})
	case p.ID() != r.Predicate.Plan.ID:
		r.Problems = append(r.Problems, attest.Problem{File: name, Reason: fmt.Sprintf("plan hash mismatch: this plan is %s, the run's plan is %s", p.ID(), r.Predicate.Plan.ID)})
	}
	r.Valid = len(r.Problems) == 0
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// trustedKeys reads the keys to verify with and says where they came from.
func trustedKeys(ctx context.Context, e *env, keyFile, server string) ([]attest.PublicKey, string, error) {
	switch {
	case keyFile != "":
		ks, err := attest.ReadPublicKeys(keyFile)
		return ks, keyFile, err
	case server != "":
		ks, err := fetchKeys(ctx, server)
		return ks, server, err
	}
	kr, err := localKeyring(e)
	if err != nil {
		return nil, "", err
	}
	ks, err := kr.PublicKeys()
	return ks, "this user's vouch run key, " + kr.Dir(), err
}

// fetchKeys reads a server's published attestation keys.
func fetchKeys(ctx context.Context, server string) ([]attest.PublicKey, error) {
	u := strings.TrimRight(server, "/") + "/api/v1/attestation-keys"
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
	if err != nil {
		return nil, fmt.Errorf("--server: %w", err)
	}
	req.Header.Set("User-Agent", "vouch-cli/"+version.String())
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetching the server's keys: %w", err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("fetching the server's keys: %w", err)
	}
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET %s: %s", u, res.Status)
	}
	ks, err := attest.ParsePublicKeys(b)
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", u, err)
	}
	return ks, nil
}

// publishedKeys lists kr's keys and those published in database.
func publishedKeys(ctx context.Context, database string, kr *attest.Keyring) ([]attest.PublicKey, error) {
	st, err := backend.Open(ctx, database)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", backend.Redact(database), err)
	}
	defer st.Close()
	return service.PublishedKeys(ctx, st, kr, nil)
}

// localKeyring is this user's keyring for vouch run: attestation-keys
// beside the config file (~/.config/vouch/attestation-keys).
func localKeyring(e *env) (*attest.Keyring, error) {
	p, err := configPath(e.getenv)
	if err != nil {
		return nil, err
	}
	return attest.NewKeyring(filepath.Join(filepath.Dir(p), "attestation-keys")), nil
}

func attestationKeysCmd(ctx context.Context, e *env, args []string) int {
	c := commands["attestation-keys"]
	fs := newFlags(e, c)
	data := fs.String("data", "", "the server's data `directory` (default: this user's keys for vouch run)")
	database := fs.String("database", "", "list and export also the keys workers published in this `database` (a SQLite file or a postgres:// URL; default with --data: $VOUCH_DATABASE, then DATA/vouch.db when it exists)")
	asJSON := fs.Bool("json", false, "list as JSON (the form GET /api/v1/attestation-keys serves)")
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return usageError(e, c, "give one of list, export or rotate")
	}
	// A server's keys (--data) include those its workers published: in
	// $VOUCH_DATABASE, as serve reads it, or DATA/vouch.db when there is one.
	if *database == "" && *data != "" {
		if *database = e.getenv("VOUCH_DATABASE"); *database == "" {
			if _, err := os.Stat(filepath.Join(*data, "vouch.db")); err == nil {
				*database = filepath.Join(*data, "vouch.db")
			}
		}
	}
	kr, err := localKeyring(e)
	if *data != "" {
		kr = attest.NewKeyring(filepath.Join(*data, service.KeyringDir))
	}
	if err != nil && *data == "" {
		fmt.Fprintf(e.stderr, "vouch attestation-keys: %v\n", err)
		return exitError
	}
	fail := func(err error) int {
		fmt.Fprintf(e.stderr, "vouch attestation-keys: %v\n", err)
		return exitError
	}
	switch pos[0] {
	case "list", "export":
		keys, err := kr.PublicKeys()
		if *database != "" {
			// The keys every worker published, as the server's
			// /api/v1/attestation-keys lists them.
			var server *attest.Keyring // not this user's vouch run keys
			if *data != "" {
				server = kr
			}
			keys, err = publishedKeys(ctx, *database, server)
		}
		if err != nil {
			return fail(err)
		}
		if len(keys) == 0 {
			where := kr.Dir()
			if *database != "" {
				where += " nor in " + backend.Redact(*database)
			}
			fmt.Fprintf(e.stderr, "vouch attestation-keys: no keys in %s yet (the first run, or vouch serve's first start, creates one)\n", where)
			return exitError
		}
		switch {
		case pos[0] == "export":
			for _, k := range keys {
				fmt.Fprint(e.stdout, k.PEM())
			}
		case *asJSON:
			printJSON(e, attest.NewKeySet(keys))
		default:
			tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "KEY ID\tCREATED\tHOST\tSTATUS")
			for _, k := range keys {
				st := "rotated out: verifies older runs"
				if k.Current {
					st = "current: signs new runs"
				}
				host := k.Host
				if host == "" {
					host = "-"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", k.ID, k.Created.UTC().Format(time.RFC3339), host, st)
			}
			_ = tw.Flush()
		}
		return 0
	case "rotate":
		k, err := kr.Rotate()
		if err != nil {
			return fail(err)
		}
		fmt.Fprintf(e.stdout, "New signing key %s in %s.\nOlder keys stay listed (public half only) so earlier runs still verify.\n", k.PublicKey().ID, kr.Dir())
		return 0
	}
	return usageError(e, c, "unknown subcommand %q: give list, export or rotate", pos[0])
}
