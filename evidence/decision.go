package evidence

// Decision is the outcome of a journey or a run.
type Decision string

// The three decisions. Their meaning is fixed by the design: verified when
// every assertion held, failed when the app was reached and contradicted the
// plan, blocked when no verdict was possible for a reason outside the claim.
const (
	Verified Decision = "verified"
	Failed   Decision = "failed"
	Blocked  Decision = "blocked"
)

// Valid reports whether d is one of the three decisions.
func (d Decision) Valid() bool {
	return d == Verified || d == Failed || d == Blocked
}

// Combine returns the overall decision of several parts: failed if any part
// failed, else blocked if any part was blocked, else verified. Failed wins over
// blocked because a contradiction seen is a verdict, while a blocked part only
// lacks one. No parts, or a part that is not a valid decision, counts as
// blocked: nothing proven is never verified.
func Combine(ds ...Decision) Decision {
	if len(ds) == 0 {
		return Blocked
	}
	out := Verified
	for _, d := range ds {
		switch d {
		case Failed:
			return Failed
		case Verified:
		default:
			out = Blocked
		}
	}
	return out
}
