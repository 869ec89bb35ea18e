package evidence

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"
)

// jpegSized is a payload like a JPEG q50 screenshot at 1280×720 (~80 KB,
// incompressible).
func jpegSized() []byte {
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, 80<<10)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// realisticDOM is a ~50 KB serialised DOM of a shop's product list:
// repeated structure, varied text, as outerHTML of real pages looks.
func realisticDOM() []byte {
	r := rand.New(rand.NewPCG(3, 4))
	words := []string{"wireless", "ergonomic", "mouse", "keyboard", "steel", "bottle", "organic", "cotton",
		"shirt", "lamp", "desk", "chair", "pro", "mini", "set", "charger", "cable", "case", "bamboo", "travel"}
	var b bytes.Buffer
	b.WriteString(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Products · Demo shop</title>` +
		`<link rel="stylesheet" href="/static/app.3f9a1c.css"></head><body class="page-products">` +
		`<header class="site-header"><nav><a href="/">Home</a><a href="/products" aria-current="page">Products</a>` +
		`<a href="/cart">Cart (2)</a><a href="/account">Account</a></nav></header><main id="main"><h1>All products</h1><ul class="grid">`)
	for i := 0; b.Len() < 50<<10; i++ {
		id := 1000 + r.IntN(9000)
		name := words[r.IntN(len(words))] + " " + words[r.IntN(len(words))] + " " + words[r.IntN(len(words))]
		fmt.Fprintf(&b, `<li class="product-card" data-product-id="%d"><a href="/products/%d" class="product-link">`+
			`<img src="/img/p/%d-320.webp" alt="%s" width="320" height="240" loading="lazy"><h2 class="product-name">%s</h2></a>`+
			`<p class="price"><span class="currency">$</span>%d.%02d</p><p class="rating" aria-label="%d.%d out of 5">★★★★☆ (%d)</p>`+
			`<button type="button" class="btn btn-primary add-to-cart" data-sku="SKU-%06d">Add to cart</button></li>`,
			id, id, id, name, name, r.IntN(200), r.IntN(100), 3+r.IntN(2), r.IntN(10), r.IntN(900), r.IntN(999999))
	}
	b.WriteString(`</ul></main><footer>© 2026 Demo shop</footer></body></html>`)
	return b.Bytes()
}

// BenchmarkPut measures what storing one artifact costs the step that
// produced it. "sync" does the whole job inline (mask, hash, compress,
// write), as a runner without Writer would; "put" is Writer.Put with the
// background write finished between iterations (outside the timer), as
// steps are spaced in a run; "put-burst" does not wait, so writes queue and
// compete for the CPU. "put" reports sync-ns/op and sync/put, the ratio of
// the baseline measured in the same run.
func BenchmarkPut(b *testing.B) {
	payloads := []struct {
		name    string
		kind    Kind
		ext, mt string
		data    []byte
	}{
		{"jpeg-80KB", Screenshot, "jpg", "image/jpeg", jpegSized()},
		{"dom-50KB", DOM, "html", "text/html", realisticDOM()},
	}
	secrets := []string{"hunter2&<Pw>", "tok_9f8e7d6c5b4a"}
	for _, p := range payloads {
		// fresh returns a distinct copy per iteration, so nothing is
		// deduplicated, made outside the timer.
		fresh := func(i int) []byte {
			d := bytes.Clone(p.data)
			binary.LittleEndian.PutUint64(d[len(d)-16:], uint64(i))
			return d
		}
		var syncNS float64
		b.Run(p.name+"/sync", func(b *testing.B) {
			w, err := NewWriter(b.TempDir(), secrets)
			if err != nil {
				b.Fatal(err)
			}
			w.Close() // a closed Writer does the whole job inline
			b.SetBytes(int64(len(p.data)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				d := fresh(i)
				b.StartTimer()
				w.Put(p.kind, p.ext, p.mt, d, 1, 1, "")
			}
			b.StopTimer()
			syncNS = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			if err := w.Flush(); err != nil {
				b.Fatal(err)
			}
		})
		b.Run(p.name+"/put", func(b *testing.B) {
			w, err := NewWriter(b.TempDir(), secrets)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(p.data)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				d := fresh(i)
				if err := w.Flush(); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				w.Put(p.kind, p.ext, p.mt, d, 1, 1, "")
			}
			b.StopTimer()
			putNS := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
			if syncNS > 0 {
				b.ReportMetric(syncNS, "sync-ns/op")
				b.ReportMetric(syncNS/putNS, "sync/put")
			}
		})
		b.Run(p.name+"/put-burst", func(b *testing.B) {
			w, err := NewWriter(b.TempDir(), secrets)
			if err != nil {
				b.Fatal(err)
			}
			ds := make([][]byte, b.N)
			for i := range ds {
				ds[i] = fresh(i)
			}
			b.SetBytes(int64(len(p.data)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				w.Put(p.kind, p.ext, p.mt, ds[i], 1, 1, "")
			}
			b.StopTimer()
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
		})
	}
}

// BenchmarkDOMCompression compares gzip levels on a 50 KB DOM: time and
// stored bytes per content byte (stored/raw). It backs the choice of
// BestSpeed in the package documentation.
func BenchmarkDOMCompression(b *testing.B) {
	dom := realisticDOM()
	for _, lv := range []struct {
		name  string
		level int
	}{{"BestSpeed", gzip.BestSpeed}, {"Default", gzip.DefaultCompression}, {"BestCompression", gzip.BestCompression}} {
		b.Run(lv.name, func(b *testing.B) {
			var out bytes.Buffer
			b.SetBytes(int64(len(dom)))
			for i := 0; i < b.N; i++ {
				out.Reset()
				zw, _ := gzip.NewWriterLevel(&out, lv.level)
				zw.Write(dom)
				zw.Close()
			}
			b.ReportMetric(float64(out.Len())/float64(len(dom)), "stored/raw")
		})
	}
}

// BenchmarkMask measures the masking pass of Put on a DOM without and with
// a secret in it.
func BenchmarkMask(b *testing.B) {
	m := newMasker([]string{"hunter2&<Pw>", "tok_9f8e7d6c5b4a"})
	clean := realisticDOM()
	dirty := bytes.Clone(clean)
	copy(dirty[len(dirty)/2:], "hunter2&amp;&lt;Pw&gt;")
	for name, d := range map[string][]byte{"clean": clean, "with-secret": dirty} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(d)))
			for i := 0; i < b.N; i++ {
				m.bytes(d)
			}
		})
	}
}
