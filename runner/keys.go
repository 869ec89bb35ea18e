package runner

import (
	"fmt"
	"strings"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp/kb"
)

// namedKeys maps the plan's key names (plan.Keys) to chromedp's key runes.
var namedKeys = map[string]string{
	"Enter": kb.Enter, "Tab": kb.Tab, "Escape": kb.Escape, "Backspace": kb.Backspace,
	"Delete": kb.Delete, "Space": " ",
	"ArrowUp": kb.ArrowUp, "ArrowDown": kb.ArrowDown, "ArrowLeft": kb.ArrowLeft, "ArrowRight": kb.ArrowRight,
	"Home": kb.Home, "End": kb.End, "PageUp": kb.PageUp, "PageDown": kb.PageDown,
}

var modifierBits = map[string]int64{
	"Alt": int64(kb.ModifierAlt), "Control": int64(kb.ModifierCtrl), "Meta": int64(kb.ModifierMeta), "Shift": int64(kb.ModifierShift),
}

// modifierKeys are the key definitions of the modifiers themselves, pressed
// around the main key as a keyboard does: the left ones, at location 1
// (KeyboardEvent.DOM_KEY_LOCATION_LEFT), which a keyboard reports and
// Chromium does not derive from the code.
var modifierKeys = map[string]input.DispatchKeyEventParams{
	"Alt":     {Key: "Alt", Code: "AltLeft", WindowsVirtualKeyCode: 18, NativeVirtualKeyCode: 18, Location: 1},
	"Control": {Key: "Control", Code: "ControlLeft", WindowsVirtualKeyCode: 17, NativeVirtualKeyCode: 17, Location: 1},
	"Meta":    {Key: "Meta", Code: "MetaLeft", WindowsVirtualKeyCode: 91, NativeVirtualKeyCode: 91, Location: 1},
	"Shift":   {Key: "Shift", Code: "ShiftLeft", WindowsVirtualKeyCode: 16, NativeVirtualKeyCode: 16, Location: 1},
}

// keyEvents turns "Enter", "a" or "Control+Shift+A" into the key events a
// keyboard sends. As Puppeteer does, a printable key's keyDown carries its
// text, so that Chromium also fires keypress and inserts it, and Enter
// submits a form; with Control, Alt or Meta held, no text is sent.
func keyEvents(spec string) ([]input.DispatchKeyEventParams, error) {
	parts := strings.Split(spec, "+")
	if len(parts) > 1 && parts[len(parts)-1] == "" { // "Control++"
		parts = append(parts[:len(parts)-2], "+")
	}
	mods, key := parts[:len(parts)-1], parts[len(parts)-1]
	var bits int64
	var out []input.DispatchKeyEventParams
	for _, m := range mods {
		b, ok := modifierBits[m]
		if !ok {
			return nil, fmt.Errorf("unknown modifier %q", m)
		}
		bits |= b
		down := modifierKeys[m]
		down.Type = kb.KeyRawDown
		down.Modifiers = bits
		out = append(out, down)
	}
	r := key
	if k, ok := namedKeys[key]; ok {
		r = k
	}
	if len([]rune(r)) != 1 {
		return nil, fmt.Errorf("unknown key %q", key)
	}
	rn := []rune(r)[0]
	evs := kb.Encode(rn)
	if len(evs) == 0 {
		return nil, fmt.Errorf("unknown key %q", key)
	}
	down := *evs[0]
	up := *evs[len(evs)-1]
	text := ""
	for _, e := range evs {
		if e.Type == kb.KeyChar {
			text = e.Text
		}
	}
	down.Modifiers |= bits
	up.Modifiers |= bits
	textMods := bits &^ int64(kb.ModifierShift)
	if text != "" && textMods == 0 {
		down.Type = kb.KeyDown
		down.Text, down.UnmodifiedText = text, text
	} else {
		down.Type = kb.KeyRawDown
	}
	up.Type = kb.KeyUp
	out = append(out, down, up)
	for i := len(mods) - 1; i >= 0; i-- {
		u := modifierKeys[mods[i]]
		u.Type = kb.KeyUp
		bits &^= modifierBits[mods[i]]
		u.Modifiers = bits
		out = append(out, u)
	}
	return out, nil
}
