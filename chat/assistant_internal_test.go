package chat

import "testing"

// splitVerify reads the deployment and the claim out of a request to
// verify, wherever the URL is in the sentence.
func TestSplitVerify(t *testing.T) {
	tests := []struct {
		in, deployment, claim string
		ok                    bool
	}{
		{"verify that https://staging.example.com shows 'Welcome'", "https://staging.example.com/", "the home page shows 'Welcome'", true},
		{"Please verify that https://staging.example.com/pricing shows \"Pro\".", "https://staging.example.com/", "/pricing shows \"Pro\"", true},
		{"check https://app.example.com: signing in as the demo user shows the dashboard", "https://app.example.com/", "signing in as the demo user shows the dashboard", true},
		{"verify that the login page shows 'Sign in' on https://app.example.com.", "https://app.example.com/", "the login page shows 'Sign in'", true},
		{"verify https://app.example.com/search?q=x shows 'Results'", "https://app.example.com/search?q=x", "the page shows 'Results'", true},
		{"verify http://127.0.0.1:8080", "http://127.0.0.1:8080/", "", true},
		{"verify that the home page shows hi", "", "", false},
	}
	for _, tt := range tests {
		d, c, ok := splitVerify(tt.in)
		if d != tt.deployment || c != tt.claim || ok != tt.ok {
			t.Errorf("splitVerify(%q) = %q, %q, %v; want %q, %q, %v", tt.in, d, c, ok, tt.deployment, tt.claim, tt.ok)
		}
	}
}

// classify picks the operation a message asks for.
func TestClassify(t *testing.T) {
	tests := []struct {
		in   string
		want intent
	}{
		{"verify that https://x.example shows 'a'", intentVerify},
		{"recheck it", intentRecheck},
		{"please re-run ver_abcdef", intentRecheck},
		{"run pln_abcdef", intentRun},
		{"why did it fail?", intentWhy},
		{"what is the status of ver_abcdef?", intentStatus},
		{"ver_abcdef", intentStatus},
		{"check ver_abcdef", intentStatus},
		{"good morning", intentHelp},
	}
	for _, tt := range tests {
		if got := classify(tt.in); got != tt.want {
			t.Errorf("classify(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
