//go:build tools

package tools

import (
	_ "github.com/chromedp/cdproto"
	_ "github.com/chromedp/chromedp"
	_ "golang.org/x/sync/errgroup"
	_ "go.yaml.in/yaml/v3"
	_ "modernc.org/sqlite"
	_ "golang.org/x/crypto/argon2"
	_ "golang.org/x/term"
	_ "github.com/modelcontextprotocol/go-sdk/mcp"
	_ "github.com/standard-webhooks/standard-webhooks/libraries/go"
)
