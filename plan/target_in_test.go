package plan

import (
	"strings"
	"testing"
)

// TestTargetIn: in= pins any target inside a part of the page (and
// under= inside the section under a heading); they are parsed in any
// order with within= and nth=, spelled canonically before them, takes the landmark role names and "sidebar" as aliases, and an
// unknown part is refused naming the known ones.
func TestTargetIn(t *testing.T) {
	for _, tc := range []struct{ in, canon, desc string }{
		{`role=link[name="Docs"] in=footer`, `role=link[name="Docs"] in=footer`, `the "Docs" link in the footer`},
		{`text=Supporters in=header`, `text=Supporters in=header`, `the text "Supporters" in the header`},
		{`text=Blog in=navigation`, `text=Blog in=nav`, `the text "Blog" in the nav`},
		{`role=button nth=last in=sidebar`, `role=button in=aside nth=last`, `a button in the sidebar (the last match)`},
		{`role=checkbox within="renew" in=main nth=2`, `role=checkbox in=main within="renew" nth=second`, `a checkbox in the main content in the item containing "renew" (the second match)`},
		{`css=nav a in=banner`, `css=nav a in=header`, `the element matching "nav a" in the header`},
		{`text="2 eggs" under="Ingredients"`, `text="2 eggs" under="Ingredients"`, `the text "2 eggs" in the section under the heading "Ingredients"`},
		{`role=link nth=2 under='Resources' in=main`, `role=link in=main under="Resources" nth=second`, `a link in the main content in the section under the heading "Resources" (the second match)`},
		{`text=x within="a b" under="Folders"`, `text=x under="Folders" within="a b"`, `the text "x" in the section under the heading "Folders" in the item containing "a b"`},
		{`text="Never" beside="Last seen"`, `text="Never" beside="Last seen"`, `the text "Never" shown as the value of "Last seen"`},
		{`text=x within="Backup NAS" beside='Last seen' under="Remote Devices"`, `text=x under="Remote Devices" beside="Last seen" within="Backup NAS"`, `the text "x" in the section under the heading "Remote Devices" shown as the value of "Last seen" in the item containing "Backup NAS"`},
	} {
		tg, err := ParseTarget(tc.in)
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if got := tg.String(); got != tc.canon {
			t.Errorf("%s: canonical %q, want %q", tc.in, got, tc.canon)
		}
		if got := tg.Describe(); got != tc.desc {
			t.Errorf("%s: described %q, want %q", tc.in, got, tc.desc)
		}
		again, err := ParseTarget(tg.String())
		if err != nil || again != tg {
			t.Errorf("%s: canonical spelling does not parse back: %+v %v", tc.in, again, err)
		}
	}
	// A target without in= is spelled as before.
	tg, _ := ParseTarget(`role=button[name="Save"] within="Alice" nth=last`)
	if tg.In != "" || tg.String() != `role=button[name="Save"] within="Alice" nth=last` {
		t.Errorf("unpinned target changed: %+v %s", tg, tg)
	}
	for _, tc := range []struct{ in, want string }{
		{`text=Docs in=heder`, `in=heder is not a part of the page (known: header, footer, nav, aside, main, dialog) (did you mean "header"?)`},
		{`text=Docs in=`, `in= is not a part of the page`},
		{`text=Docs in=footer in=header`, `in= given twice`},
		{`text=Docs under="A" under="B"`, `under= given twice`},
		{`text=Docs under=""`, `under= needs the text of a heading`},
		{`text=Docs under=Resources`, `under= takes quoted text at the end of the target`},
		{`text=Docs beside="A" beside="B"`, `beside= given twice`},
		{`text=Docs beside=""`, `beside= needs the text of a label`},
		{`text=Docs beside=Hash`, `beside= takes quoted text at the end of the target`},
	} {
		if _, err := ParseTarget(tc.in); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.in, err, tc.want)
		}
	}
	// The error is the one validation shape, naming journey, step and field.
	p := &Plan{Version: 1, Name: "x", Journeys: []Journey{{Name: "j", Steps: []Step{{Kind: Visit, Value: "/"}, {Kind: Click, Target: "text=Docs in=toolbar"}}}}}
	err := p.Validate()
	if err == nil || !strings.Contains(err.Error(), `step 2, field "click": bad target "text=Docs in=toolbar": in=toolbar is not a part of the page`) {
		t.Errorf("validation error: %v", err)
	}
}
