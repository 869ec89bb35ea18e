package claim

import (
	"regexp"
	"sync"
)

// lazyRegexp is a regular expression compiled on first use. The claim
// readers declare several hundred at package level; compiling them all
// when the package loads cost every vouch process (a CLI call that never
// reads a claim too) tens of milliseconds and tens of megabytes.
type lazyRegexp struct {
	once sync.Once
	src  string
	re   *regexp.Regexp
}

// lazyRE is regexp.MustCompile, deferred to the first use; a pattern that
// does not compile panics then, as MustCompile would at load time (every
// pattern is used by the package's tests).
func lazyRE(src string) *lazyRegexp { return &lazyRegexp{src: src} }

func (l *lazyRegexp) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.src) })
	return l.re
}

func (l *lazyRegexp) MatchString(s string) bool            { return l.get().MatchString(s) }
func (l *lazyRegexp) FindString(s string) string           { return l.get().FindString(s) }
func (l *lazyRegexp) FindStringIndex(s string) []int       { return l.get().FindStringIndex(s) }
func (l *lazyRegexp) FindStringSubmatch(s string) []string { return l.get().FindStringSubmatch(s) }
func (l *lazyRegexp) FindStringSubmatchIndex(s string) []int {
	return l.get().FindStringSubmatchIndex(s)
}
func (l *lazyRegexp) FindAllString(s string, n int) []string {
	return l.get().FindAllString(s, n)
}
func (l *lazyRegexp) FindAllStringIndex(s string, n int) [][]int {
	return l.get().FindAllStringIndex(s, n)
}
func (l *lazyRegexp) FindAllStringSubmatch(s string, n int) [][]string {
	return l.get().FindAllStringSubmatch(s, n)
}
func (l *lazyRegexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return l.get().FindAllStringSubmatchIndex(s, n)
}
func (l *lazyRegexp) ReplaceAllString(s, repl string) string {
	return l.get().ReplaceAllString(s, repl)
}
func (l *lazyRegexp) ReplaceAllLiteralString(s, repl string) string {
	return l.get().ReplaceAllLiteralString(s, repl)
}
func (l *lazyRegexp) ReplaceAllStringFunc(s string, f func(string) string) string {
	return l.get().ReplaceAllStringFunc(s, f)
}
func (l *lazyRegexp) Split(s string, n int) []string { return l.get().Split(s, n) }
func (l *lazyRegexp) SubexpIndex(name string) int    { return l.get().SubexpIndex(name) }
func (l *lazyRegexp) SubexpNames() []string          { return l.get().SubexpNames() }
func (l *lazyRegexp) NumSubexp() int                 { return l.get().NumSubexp() }
func (l *lazyRegexp) String() string                 { return l.src }
