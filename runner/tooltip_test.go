package runner

import (
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// TestHoverTooltip checks that right after a hover, the hovered element's
// native tooltip (its title, or its nearest ancestor's) counts as text the
// page shows, as a person sees it; and only then: before the hover, after a
// click, or for a title elsewhere on the page, it does not.
func TestHoverTooltip(t *testing.T) {
	pages := servePages(t, map[string]string{
		"/": `<title>app</title>
<label for="utp" title="uTP is a tool for reducing network congestion."><input id="utp" type="checkbox"> Enable uTP</label>
<p title="Peers found by DHT"><span id="dht">Use DHT</span></p>
<button title="Saves the draft" onclick="this.textContent='Saved'">Save</button>
<div title="A title nobody hovers">Elsewhere</div>`,
	})
	runDecisionCases(t, pages.URL, []decisionCase{
		{name: "hovered label's title", want: evidence.Verified, steps: `
      - visit: /
      - hover: text="Enable uTP"
      - expect_text: uTP is a tool for reducing network congestion.`},
		{name: "nearest ancestor's title", want: evidence.Verified, steps: `
      - visit: /
      - hover: css=#dht
      - expect_text: peers found by DHT`},
		{name: "negated after the hover", want: evidence.Failed, reason: []string{"step 3"}, steps: `
      - visit: /
      - hover: text="Enable uTP"
      - expect_no_text: reducing network congestion
        timeout: 500ms`},
		{name: "without a hover: no tooltip", want: evidence.Failed, reason: []string{"step 2"}, steps: `
      - visit: /
      - expect_text: reducing network congestion
        timeout: 500ms`},
		{name: "another element's title", want: evidence.Failed, reason: []string{"step 3"}, steps: `
      - visit: /
      - hover: text="Enable uTP"
      - expect_text: A title nobody hovers
        timeout: 500ms`},
		{name: "counted against a remembered count", want: evidence.Verified, steps: `
      - visit: /
      - remember_count: {target: 'text=uTP is a tool for reducing network congestion.', as: before}
      - hover: text="Enable uTP"
      - expect_count: {target: 'text=uTP is a tool for reducing network congestion.', more_than: before}
        reach: true`},
		{name: "another element's title, counted", want: evidence.Blocked, steps: `
      - visit: /
      - remember_count: {target: 'text=A title nobody hovers', as: before}
      - hover: text="Enable uTP"
      - expect_count: {target: 'text=A title nobody hovers', more_than: before}
        reach: true
        timeout: 500ms`},
		{name: "after a click, not a hover", want: evidence.Failed, reason: []string{"step 3"}, steps: `
      - visit: /
      - click: role=button[name="Save"]
      - expect_text: Saves the draft
        timeout: 500ms`},
	})
}

// TestHoverCountDrawn checks that a remembered count counts what a person
// sees: a tooltip drawn transparent, or placed off the page's edge, until
// its control is hovered, and a skip link above the page or clipped to a
// pixel until a Tab focuses it, is no match before, so the hover or Tab
// adds one; a heading shown all along is counted before and after alike,
// and the journey blocks, as does one still fading in when counted.
func TestHoverCountDrawn(t *testing.T) {
	pages := servePages(t, map[string]string{
		"/": `<title>app</title>
<style>
.tip{opacity:0;transition:opacity .2s}
#rename:hover + .tip{opacity:1}
.off{position:absolute;left:-9999px}
#help:hover + .off{left:0;top:60px}
.skip{position:absolute;top:-40px;left:0;height:30px}
.skip:focus{top:0}
</style>
<a class="skip" href="#main">Skip to content</a>
<h1>Project: Apollo</h1>
<button id="rename">Rename</button><span class="tip">Rename the project</span>
<button id="help">Help</button><span class="off">Help topics</span>`,
		// a heading that fades in half a second after the page loads,
		// and a button that does nothing
		"/late": `<title>late</title>
<style>@keyframes fade{from{opacity:0}to{opacity:1}} h1{animation:fade .2s .5s backwards}</style>
<h1>Welcome</h1><button id="noop">Menu</button>`,
		// a skip link clipped to a pixel until focused, as "sr-only" does
		"/sr": `<title>sr</title>
<style>.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.sr:focus{width:auto;height:auto;clip:auto}</style>
<a class="sr" href="#main">Skip to main content</a><h1 id="main">Main</h1>`,
	})
	counted := func(target, text string) string {
		return `
      - visit: /
      - remember_count: {target: 'text=` + text + `', as: before}
      - hover: css=#` + target + `
      - expect_count: {target: 'text=` + text + `', more_than: before}
        reach: true
        timeout: 1s`
	}
	tabbed := func(text string) string {
		page := "/"
		if strings.HasPrefix(text, "Skip to main") {
			page = "/sr"
		}
		return `
      - visit: ` + page + `
      - remember_count: {target: 'text=` + text + `', as: before}
      - press: Tab
      - expect_count: {target: 'text=` + text + `', more_than: before}
        reach: true
        timeout: 1s`
	}
	runDecisionCases(t, pages.URL, []decisionCase{
		{name: "skip link above the page until focused", want: evidence.Verified, steps: tabbed("Skip to content")},
		{name: "skip link clipped to a pixel until focused", want: evidence.Verified, steps: tabbed("Skip to main content")},
		{name: "a heading shown all along, after a Tab", want: evidence.Blocked, steps: tabbed("Apollo")},
		{name: "transparent until hovered", want: evidence.Verified, steps: counted("rename", "Rename the project")},
		{name: "off the page until hovered", want: evidence.Verified, steps: counted("help", "Help topics")},
		{name: "a heading shown all along", want: evidence.Blocked, steps: counted("rename", "Apollo")},
		// fading in when counted: drawn, whatever the click did
		{name: "a heading fading in after the load", want: evidence.Blocked, steps: `
      - visit: /late
      - remember_count: {target: 'text=Welcome', as: before}
      - click: css=#noop
      - expect_count: {target: 'text=Welcome', more_than: before}
        reach: true
        timeout: 1500ms`},
	})
}
