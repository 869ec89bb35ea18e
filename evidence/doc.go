// Package evidence holds the artifacts a verification run leaves behind: the
// screenshots, DOM snapshots, network log (HAR 1.2) and console log of every
// journey, the manifest that ties them to the plan's steps and decision, a
// self-contained report.html for people and JUnit XML for CI.
//
// # Layout of a run directory
//
// Every artifact is stored once, under the hex sha256 of its content, so a
// file's name is its checksum and identical screenshots are stored once:
//
//	<run dir>/
//	  manifest.json                        what ran, what happened, which file is which
//	  report.html                          the entry point for people; needs no network
//	  <sha256>.jpg | .png | .webp          screenshots (Kind "screenshot")
//	  <sha256>.html.gz                     DOM snapshots, gzip-compressed (Kind "dom")
//	  <sha256>.har                         one HAR 1.2 network log per journey (Kind "har")
//	  <sha256>.json                        one console log per journey (Kind "console"),
//	                                       a JSON array of ConsoleEntry
//
// manifest.json and report.html are the only names that are not hashes: they
// are where a reader starts. A write goes to a temporary file that is renamed
// into place, so a name never holds half a file.
//
// # The manifest
//
// manifest.json is compact JSON (a Manifest): "version" (1), "plan_id" (the
// sha256 of the approved plan's canonical JSON), "plan_name",
// "requirements", "base_url", "started"/"ended" (RFC 3339), "decision"
// ("verified", "failed" or "blocked"), "repair_prompt", "journeys" (a
// JourneyResult each: decision, reason, repair prompt, times, the steps with
// status, expected/actual/error, duration and the files of their screenshot
// and DOM snapshot, and the journey's HAR and console files, the dialogs it
// dismissed, the popups it closed, the downloads it refused and the first
// document it received: URL, status, and the sha256 and size of its body,
// which a run's signed attestation names as its subject) and
// "artifacts" (an Artifact for each file, listed once where it was first
// recorded: kind, file, sha256, size, media type, journey, step, note; the
// steps and journeys name the files they use).
//
// For an artifact with "encoding": "gzip" (DOM snapshots) the file holds the
// gzip-compressed content while "sha256" and "size" describe the content
// itself, as git names objects by their uncompressed bytes. The name therefore
// stays the same whatever the compression level, and the check is:
//
//	sha256sum <sha256>.jpg                  # prints the name's hash
//	gzip -dc <sha256>.html.gz | sha256sum   # prints the name's hash
//
// VerifyDir does the same for every artifact the manifest lists, and also
// checks sizes.
//
// # Cost, and why only DOM snapshots are compressed
//
// Put costs the caller the masking scan and the sha256 only; compressing and
// writing run in the background (at most 4 at a time; Put blocks only when
// 64 MB wait to be written). Measured with BenchmarkPut on this kind of
// machine (2 cores, ext4): an 80 KB JPEG screenshot costs the caller ~55 µs
// against ~0.85 ms written inline, a 50 KB DOM snapshot ~65 µs against
// ~1.3 ms; about 15–19× less, and never a disk wait between two steps.
//
// BenchmarkDOMCompression on a 50 KB product-list DOM: gzip at the default
// level takes ~0.35 ms and stores 9.6% of the bytes (~10× smaller);
// BestSpeed was no faster and stores 10.5%, BestCompression takes 2.4× as
// long to store 9.3%. So DOM snapshots are stored at the default level.
// Screenshots are JPEG/PNG/WebP and do not shrink. HAR files stay plain
// because Chrome DevTools imports only plain .har files; console logs are
// small.
//
// # Secrets
//
// A Writer is given the values of the run's secrets and replaces each of them
// with "••••" in every text artifact before it is hashed — DOM, HAR, console,
// manifest and report — together with the spellings the secret takes in those
// formats: HTML-escaped (as browsers serialise text and attributes, and as
// html/template writes it), JSON-escaped and URL-encoded. Put masks
// artifacts, Writer.WriteManifest and Writer.WriteReport mask the manifest's
// text; the package-level WriteManifest, WriteReport and WriteJUnit write what
// they are given, so pass them Writer.MaskManifest's result. A secret that only
// appears transformed some other way (base64 in an Authorization header,
// hashed, split across elements) is not found; the runner must not record
// such values. Screenshots are images and are not masked: a typed password
// shows as dots in a password field, but a page that echoes a secret as
// visible text leaks it into the pixels.
package evidence
