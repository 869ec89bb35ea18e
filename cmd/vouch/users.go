package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/mail"
	"strings"
	"text/tabwriter"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
)

func init() {
	register(&command{
		name:    "users",
		summary: "add and list the people who sign in and approve plans",
		usage:   "add EMAIL --password-stdin [--admin] [--data DIR] | list [--json] [--data DIR]",
		run:     runUsers,
	})
}

func runUsers(ctx context.Context, e *env, args []string) int {
	c := commands["users"]
	fs := newFlags(e, c)
	data := fs.String("data", defaultDataDir, "data `directory`")
	database := fs.String("database", e.getenv("VOUCH_DATABASE"), databaseUsage)
	stdinPw := fs.Bool("password-stdin", false, "read the password from the first line of standard input")
	admin := fs.Bool("admin", false, "make the person an administrator")
	asJSON := fs.Bool("json", false, "list as JSON")
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) == 0 {
		return usageError(e, c, "missing subcommand: add or list")
	}
	switch pos[0] {
	case "add":
		if len(pos) != 2 {
			return usageError(e, c, "add takes one EMAIL")
		}
		addr, err := mail.ParseAddress(pos[1])
		if err != nil || addr.Address != pos[1] {
			return usageError(e, c, "%q is not an email address", pos[1])
		}
		if !*stdinPw {
			return usageError(e, c, "give the password on standard input with --password-stdin (never as an argument: it would show in ps and shell history)")
		}
		pw, err := readStdinPassword(e.stdin)
		if err != nil {
			fmt.Fprintf(e.stderr, "vouch users: %v\n", err)
			return exitUsage
		}
		hash, err := auth.HashPassword(pw)
		if err != nil {
			fmt.Fprintf(e.stderr, "vouch users: %v\n", err)
			return exitError
		}
		svc, done, err := openAdminService(ctx, *data, *database)
		if err != nil {
			fmt.Fprintf(e.stderr, "vouch users: %v\n", err)
			return exitError
		}
		defer done()
		u, err := svc.CreateUser(ctx, service.NewUser{Email: pos[1], PasswordHash: hash, Admin: *admin})
		if err != nil {
			if service.ErrorCode(err) == service.CodeConflict {
				fmt.Fprintf(e.stderr, "vouch users: %s already exists\n", pos[1])
				return exitUsage
			}
			fmt.Fprintf(e.stderr, "vouch users: %v\n", err)
			return exitError
		}
		fmt.Fprintf(e.stdout, "added %s (%s); they can sign in at /console/sign-in\n", u.Email, u.ID)
		return 0
	case "list":
		if len(pos) != 1 {
			return usageError(e, c, "list takes no arguments")
		}
		svc, done, err := openAdminService(ctx, *data, *database)
		if err != nil {
			fmt.Fprintf(e.stderr, "vouch users: %v\n", err)
			return exitError
		}
		defer done()
		us, err := svc.ListUsers(ctx)
		if err != nil {
			fmt.Fprintf(e.stderr, "vouch users: %v\n", err)
			return exitError
		}
		if *asJSON {
			type row struct {
				ID       string `json:"id"`
				Email    string `json:"email"`
				Admin    bool   `json:"admin"`
				Disabled bool   `json:"disabled"`
				Created  string `json:"created_at"`
			}
			out := []row{}
			for _, u := range us {
				out = append(out, row{u.ID, u.Email, u.Admin, u.Disabled, u.CreatedAt.UTC().Format("2006-01-02T15:04:05Z")})
			}
			enc := json.NewEncoder(e.stdout)
			enc.SetIndent("", "  ")
			_ = enc.Encode(out)
			return 0
		}
		tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tEMAIL\tADMIN\tCREATED")
		for _, u := range us {
			fmt.Fprintf(tw, "%s\t%s\t%v\t%s\n", u.ID, u.Email, u.Admin, u.CreatedAt.UTC().Format("2006-01-02 15:04"))
		}
		_ = tw.Flush()
		return 0
	}
	return usageError(e, c, "unknown subcommand %q", pos[0])
}

// readStdinPassword reads the first line of r, without its line ending.
func readStdinPassword(r io.Reader) (string, error) {
	line, err := bufio.NewReader(io.LimitReader(r, 4096)).ReadString('\n')
	if err != nil && err != io.EOF {
		return "", err
	}
	pw := strings.TrimRight(line, "\r\n")
	if pw == "" {
		return "", fmt.Errorf("no password on standard input")
	}
	if len(pw) < 8 {
		return "", fmt.Errorf("the password is shorter than 8 characters")
	}
	return pw, nil
}
