package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
)

func init() {
	register(&command{
		name:    "completion",
		summary: "Print a shell completion script for bash, zsh or fish.",
		usage:   "bash|zsh|fish",
		run:     completionCmd,
	})
}

func completionCmd(ctx context.Context, e *env, args []string) int {
	c := commands["completion"]
	fs := newFlags(e, c)
	fs.Usage = func() {
		fmt.Fprintf(e.stdout, `Usage: vouch completion bash|zsh|fish

%s

  bash:  source <(vouch completion bash)        (or save it in /etc/bash_completion.d/vouch)
  zsh:   vouch completion zsh > "${fpath[1]}/_vouch"   (then restart zsh)
  fish:  vouch completion fish > ~/.config/fish/completions/vouch.fish
`, c.summary)
	}
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return usageError(e, c, "name one shell: bash, zsh or fish")
	}
	specs := commandSpecs(ctx, e)
	switch pos[0] {
	case "bash":
		writeBash(e.stdout, specs)
	case "zsh":
		writeZsh(e.stdout, specs)
	case "fish":
		writeFish(e.stdout, specs)
	default:
		return usageError(e, c, "unknown shell %q: bash, zsh or fish", pos[0])
	}
	return 0
}

// cmdSpec is what completion knows of a command.
type cmdSpec struct {
	name, summary string
	flags         []flagSpec
	args          []string // words completed as arguments
	fileArgs      bool     // arguments are files
}

type flagSpec struct {
	name  string
	value bool // takes a value
	file  bool // the value is a path
	usage string
}

// fileFlags take paths.
var fileFlags = map[string]bool{"out": true, "download": true, "junit": true, "data": true, "chrome": true}

// commandSpecs reads every command's flags from its own --help, so the
// completion matches the flags the commands parse.
func commandSpecs(ctx context.Context, e *env) []cmdSpec {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	// Help ends a command before it does anything; a cancelled context
	// makes sure of it.
	hctx, cancel := context.WithCancel(ctx)
	cancel()
	var out []cmdSpec
	for _, n := range names {
		var help bytes.Buffer
		he := &env{stdin: strings.NewReader(""), stdout: &help, stderr: io.Discard, getenv: func(string) string { return "" }}
		commands[n].run(hctx, he, []string{"--help"})
		s := cmdSpec{name: n, summary: commands[n].summary, flags: parseFlagHelp(help.String())}
		switch n {
		case "completion":
			s.args = []string{"bash", "zsh", "fish"}
		case "keys":
			s.args = []string{"create", "list", "revoke"}
		case "users":
			s.args = []string{"add", "list"}
		case "run":
			s.fileArgs = true
		}
		out = append(out, s)
	}
	return out
}

// parseFlagHelp reads flag.PrintDefaults output: "  -name type" lines,
// each followed by its usage on a tab-indented line.
func parseFlagHelp(help string) []flagSpec {
	var out []flagSpec
	lines := strings.Split(help, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "  -") {
			continue
		}
		f := strings.Fields(strings.TrimSpace(l))
		fs := flagSpec{name: strings.TrimLeft(f[0], "-"), value: len(f) > 1}
		fs.file = fs.value && fileFlags[fs.name]
		if i+1 < len(lines) && strings.HasPrefix(strings.TrimLeft(lines[i+1], " "), "\t") {
			fs.usage = strings.TrimSpace(lines[i+1])
		}
		if fs.name != "" && fs.name != "help" && fs.name != "h" {
			out = append(out, fs)
		}
	}
	return out
}

func writeBash(w io.Writer, specs []cmdSpec) {
	var names []string
	for _, s := range specs {
		names = append(names, s.name)
	}
	fmt.Fprintf(w, `# bash completion for vouch. Load it with: source <(vouch completion bash)

# _vouch_files hands a path to the shell's own file-name completion, which
# adds "/" to directories, quotes spaces and follows ~ and $VARS. Called
# outside a completion (a test), it lists the matches itself, one per line.
_vouch_files() {
    if compopt -o default 2>/dev/null; then
        COMPREPLY=()
    else
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
}

_vouch() {
    local cur prev cmd flags valued files args
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD-1]}"
    COMPREPLY=()
    if [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=( $(compgen -W "%[1]s help --help --version" -- "$cur") )
        return
    fi
    cmd="${COMP_WORDS[1]}"
    case "$cmd" in
`, strings.Join(names, " "))
	for _, s := range specs {
		var flags, valued, files []string
		for _, f := range s.flags {
			flags = append(flags, "--"+f.name)
			if f.value {
				valued = append(valued, "--"+f.name)
			}
			if f.file {
				files = append(files, "--"+f.name)
			}
		}
		args := strings.Join(s.args, " ")
		fmt.Fprintf(w, "        %s) flags=%q; valued=%q; files=%q; args=%q ;;\n", s.name,
			strings.Join(flags, " "), strings.Join(valued, " "), strings.Join(files, " "), args)
	}
	fmt.Fprint(w, `        help) args="`+strings.Join(names, " ")+`" ;;
        *) return ;;
    esac
    if [[ " $valued " == *" $prev "* ]]; then
        if [[ " $files " == *" $prev "* ]]; then
            _vouch_files
        fi
        return
    fi
    if [[ "$cur" == -* ]]; then
        COMPREPLY=( $(compgen -W "$flags" -- "$cur") )
        return
    fi
`)
	var fileCmds []string
	for _, s := range specs {
		if s.fileArgs {
			fileCmds = append(fileCmds, s.name)
		}
	}
	if len(fileCmds) > 0 {
		fmt.Fprintf(w, `    case "$cmd" in
        %s) _vouch_files; return ;;
    esac
`, strings.Join(fileCmds, "|"))
	}
	fmt.Fprint(w, `    if [[ -n "$args" ]]; then
        COMPREPLY=( $(compgen -W "$args" -- "$cur") )
    fi
}
complete -F _vouch vouch
`)
}

// zshQuote makes s safe inside a single-quoted _arguments or _describe
// spec: no quotes, brackets or colons.
func zshQuote(s string) string {
	r := strings.NewReplacer("'", "", "[", "(", "]", ")", ":", " -", "`", "", "\\", "")
	return r.Replace(s)
}

func writeZsh(w io.Writer, specs []cmdSpec) {
	fmt.Fprint(w, `#compdef vouch
# zsh completion for vouch: vouch completion zsh > "${fpath[1]}/_vouch"
_vouch() {
    local -a cmds
    cmds=(
`)
	for _, s := range specs {
		fmt.Fprintf(w, "        '%s:%s'\n", s.name, zshQuote(s.summary))
	}
	fmt.Fprint(w, `    )
    if (( CURRENT == 2 )); then
        _describe -t commands 'vouch command' cmds
        return
    fi
    local cmd=$words[2]
    shift words
    (( CURRENT-- ))
    case $cmd in
`)
	for _, s := range specs {
		fmt.Fprintf(w, "        %s)\n            _arguments", s.name)
		for _, f := range s.flags {
			switch {
			case f.file:
				fmt.Fprintf(w, " \\\n                '--%s=[%s]:path:_files'", f.name, zshQuote(f.usage))
			case f.value:
				fmt.Fprintf(w, " \\\n                '--%s=[%s]:value: '", f.name, zshQuote(f.usage))
			default:
				fmt.Fprintf(w, " \\\n                '--%s[%s]'", f.name, zshQuote(f.usage))
			}
		}
		switch {
		case len(s.args) > 0:
			fmt.Fprintf(w, " \\\n                '1:argument:(%s)'", strings.Join(s.args, " "))
		case s.fileArgs:
			fmt.Fprint(w, " \\\n                '1:file:_files'")
		}
		fmt.Fprint(w, "\n            ;;\n")
	}
	fmt.Fprint(w, `        help)
            _describe -t commands 'vouch command' cmds
            ;;
    esac
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
    _vouch "$@"
else
    compdef _vouch vouch
fi
`)
}

// fishQuote makes s safe inside single quotes in fish.
func fishQuote(s string) string {
	return strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s)
}

func writeFish(w io.Writer, specs []cmdSpec) {
	fmt.Fprintln(w, "# fish completion for vouch: vouch completion fish > ~/.config/fish/completions/vouch.fish")
	fmt.Fprintln(w, "complete -c vouch -f")
	for _, s := range specs {
		fmt.Fprintf(w, "complete -c vouch -n __fish_use_subcommand -a %s -d '%s'\n", s.name, fishQuote(s.summary))
	}
	var names []string
	for _, s := range specs {
		names = append(names, s.name)
	}
	fmt.Fprintf(w, "complete -c vouch -n '__fish_seen_subcommand_from help' -a '%s'\n", strings.Join(names, " "))
	for _, s := range specs {
		cond := "__fish_seen_subcommand_from " + s.name
		for _, f := range s.flags {
			extra := ""
			switch {
			case f.file:
				extra = " -r -F"
			case f.value:
				extra = " -r"
			}
			fmt.Fprintf(w, "complete -c vouch -n '%s' -l %s%s -d '%s'\n", cond, f.name, extra, fishQuote(f.usage))
		}
		switch {
		case len(s.args) > 0:
			fmt.Fprintf(w, "complete -c vouch -n '%s' -a '%s'\n", cond, strings.Join(s.args, " "))
		case s.fileArgs:
			fmt.Fprintf(w, "complete -c vouch -n '%s' -F\n", cond)
		}
	}
}
