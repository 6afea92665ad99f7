package command

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/internal/status"
)

// The bash and zsh scripts ask the program itself for the words that may
// come next (urfave/cli's --generate-bash-completion), so they never go stale.
const (
	bashCompletion = `# bash completion for queensjudge. Load it with:
#   source <(queensjudge completion bash)
_queensjudge() {
  local cur=${COMP_WORDS[COMP_CWORD]}
  local args=("${COMP_WORDS[@]:0:COMP_CWORD}")
  [[ $cur == -* ]] && args+=("$cur")
  local words
  words=$("${args[@]}" --generate-bash-completion 2>/dev/null)
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _queensjudge queensjudge
`
	zshCompletion = `#compdef queensjudge
# zsh completion for queensjudge. Load it with:
#   source <(queensjudge completion zsh)
_queensjudge() {
  local -a next
  local cur=${words[-1]}
  if [[ $cur == -* ]]; then
    next=("${(@f)$(${words[@]:0:#words[@]-1} $cur --generate-bash-completion 2>/dev/null)}")
  else
    next=("${(@f)$(${words[@]:0:#words[@]-1} --generate-bash-completion 2>/dev/null)}")
  fi
  if [[ -n ${next[1]} ]]; then
    _describe 'queensjudge' next
  else
    _files
  fi
}
compdef _queensjudge queensjudge
`
)

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash, zsh or fish)",
		ArgsUsage: "bash|zsh|fish",
		Description: `Completion prints a script that makes the shell complete queensjudge's
commands and flags. For bash: source <(queensjudge completion bash); for zsh
the same with zsh; for fish: queensjudge completion fish | source.`,
		Action: action(arity{1, 1, "one shell: bash, zsh or fish"}, func(c *cli.Context) error {
			w := c.App.Writer
			switch c.Args().First() {
			case "bash":
				_, err := fmt.Fprint(w, bashCompletion)
				return err
			case "zsh":
				_, err := fmt.Fprint(w, zshCompletion)
				return err
			case "fish":
				script, err := c.App.ToFishCompletion()
				if err != nil {
					return err
				}
				_, err = fmt.Fprint(w, script)
				return err
			}
			return status.Usagef("completion: unknown shell %q (want bash, zsh or fish)", c.Args().First())
		}),
	}
}
