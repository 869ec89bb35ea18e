package runner

import (
	"bytes"
	"context"
	"image"
	_ "image/jpeg" // screenshots are JPEG
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
)

// caretPage has one field, focused by a click, whose caret is tall and
// red on a white page: a red pixel in a capture is the caret.
const caretPage = `<!doctype html><html lang="en"><title>caret</title>
<body style="margin:0;background:#fff"><label>Name <input id="f" style="font:120px monospace;caret-color:#f00;color:#000;border:0;outline:0;width:600px;height:200px;margin:20px"></label></body></html>`

// TestScreenshotHidesCaret: a capture taken by the runner never shows the
// blinking caret of the focused field, and leaves the page as it was. The
// control, plain captures of the same page taken in turn with the
// runner's over more than two blink periods, must show the caret at least
// once: otherwise this test could not tell hidden from never drawn.
func TestScreenshotHidesCaret(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(caretPage))
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	br, err := shared.browser(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := br.tab(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer br.release(tb)
	jr := &journeyRun{rs: &runState{r: shared}, tab: tb}
	if _, err := cdp.Call(ctx, tb.t, page.Navigate, page.NavigateParams{URL: srv.URL}); err != nil {
		t.Fatal(err)
	}
	for !jr.evalBool(ctx, `document.readyState === "complete" && !!document.getElementById("f")`) {
		if ctx.Err() != nil {
			t.Fatal("the page did not load")
		}
		time.Sleep(20 * time.Millisecond)
	}
	// A person's click focuses the field and shows its caret.
	if err := jr.mouse(ctx, 200, 120, true); err != nil {
		t.Fatal(err)
	}
	if !jr.evalBool(ctx, `document.activeElement === document.getElementById("f")`) {
		t.Fatal("the click did not focus the field")
	}

	redPixels := func(jpeg []byte) int {
		t.Helper()
		im, _, err := image.Decode(bytes.NewReader(jpeg))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		b := im.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := im.At(x, y).RGBA()
				if int(r>>8)-int(g>>8) > 60 && int(r>>8)-int(bl>>8) > 60 {
					n++
				}
			}
		}
		return n
	}
	quality := int64(60)
	var plainRed, shown int
	for i := range 10 {
		// The runner's capture, full size as at a failure.
		pre := &preCapture{}
		img, err := jr.screenshot(ctx, true, pre)
		if err != nil {
			t.Fatal(err)
		}
		if !pre.caretHidden {
			t.Fatalf("capture %d: the focused field's caret was not hidden", i+1)
		}
		jr.revealCaret(ctx)
		jr.caretShown()
		if n := redPixels(img); n > 0 {
			t.Errorf("capture %d shows the caret (%d red pixels)", i+1, n)
		}
		// The style sheet that hid it is gone again.
		res, err := cdp.Call(ctx, tb.t, runtime.Evaluate, runtime.EvaluateParams{Expression: "document.adoptedStyleSheets.length", ReturnByValue: new(true)})
		if err != nil || string(res.Result.Value) != "0" {
			t.Fatalf("after capture %d the page keeps %v adopted style sheets (err %v)", i+1, res.Result, err)
		}
		plain, err := cdp.Call(ctx, tb.t, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatJpeg, Quality: &quality})
		if err != nil {
			t.Fatal(err)
		}
		if redPixels(plain.Data) > 0 {
			plainRed++
		}
		shown++
		time.Sleep(130 * time.Millisecond) // sample the blink's phases
	}
	if plainRed == 0 {
		t.Fatalf("none of %d plain captures showed the caret: the control failed, so this test cannot tell a hidden caret from one never drawn", shown)
	}
}
