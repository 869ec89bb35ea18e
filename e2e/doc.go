// Package e2e holds vouch's black-box tests: a real server (server/) on
// 127.0.0.1 with real SQLite in a temporary directory, real Chromium run by
// the real runner, against testapp served on loopback. Nothing is mocked;
// tests talk to vouch only over HTTP (and, for the crash test, to a `vouch
// serve` subprocess built from cmd/vouch).
//
// Chromium is found as the runner finds it ($VOUCH_CHROME, then
// /usr/lib/chromium/chromium, then PATH). Without it the tests that run
// plans are skipped with the reason printed, except when CI=true, where a
// missing browser fails them.
package e2e
