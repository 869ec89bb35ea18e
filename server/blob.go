package server

import (
	"context"
	"fmt"
	"net/url"

	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:///dir?create_dir=true
	_ "gocloud.dev/blob/s3blob"   // s3://bucket?endpoint=…&region=…
)

// openBucket opens the evidence bucket named by u (gocloud.dev/blob URLs:
// file:///dir, s3://bucket?endpoint=…&region=…); "" is none.
func openBucket(ctx context.Context, u string) (*blob.Bucket, error) {
	if u == "" {
		return nil, nil
	}
	b, err := blob.OpenBucket(ctx, u)
	if err != nil {
		return nil, fmt.Errorf("evidence bucket %s: %w", redactURL(u), err)
	}
	return b, nil
}

// redactURL hides a password and query secrets in a bucket URL.
func redactURL(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return "(unparsable URL)"
	}
	p.User = nil
	q := p.Query()
	for k := range q {
		switch k {
		case "endpoint", "region", "create_dir", "use_path_style", "s3ForcePathStyle", "disable_https", "awssdk":
		default:
			q.Set(k, "xxxxx")
		}
	}
	p.RawQuery = q.Encode()
	return p.String()
}
