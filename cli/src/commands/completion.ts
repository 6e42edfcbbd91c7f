/** `completion bash|zsh`: a script completing commands and their options. */
import type { ParseArgsConfig } from 'node:util';
import type { Command } from './index.js';

type Options = NonNullable<ParseArgsConfig['options']>;

const flags = (options: Options) => Object.keys(options).map((name) => `--${name}`);

export function completionScript(
  shell: 'bash' | 'zsh',
  commands: readonly Command[],
  globals: Options,
): string {
  const first = [...new Set(commands.map((command) => command.name.split(' ')[0]!)), 'completion'];
  const second = new Map<string, string[]>();
  for (const command of commands) {
    const [head, tail] = command.name.split(' ');
    if (tail) second.set(head!, [...(second.get(head!) ?? []), tail]);
  }
  second.set('completion', ['bash', 'zsh']);
  const cases = commands
    .map(
      (command) =>
        `    "${command.name}") opts="${[...flags(command.options), ...flags(globals)].join(' ')}" ;;`,
    )
    .join('\n');
  const subcommands = [...second]
    .map(([head, tails]) => `    ${head}) subs="${tails.join(' ')}" ;;`)
    .join('\n');
  const body = `_expiry_radar_words() {
  # $1: the words typed so far after the program's name; prints the candidates.
  local first="$1" second="$2" opts="" subs=""
  case "$first" in
${subcommands}
  esac
  if [ -z "$first" ]; then echo "${first.join(' ')}"; return; fi
  if [ -n "$subs" ] && [ -z "$second" ]; then echo "$subs"; return; fi
  local name="$first"
  [ -n "$subs" ] && name="$first $second"
  case "$name" in
${cases}
    *) opts="${flags(globals).join(' ')}" ;;
  esac
  if [ -n "$subs" ]; then echo "$opts"; else echo "$opts"; fi
}
`;
  if (shell === 'bash') {
    return `# bash completion for expiry-radar: eval "$(expiry-radar completion bash)" in ~/.bashrc
${body}
_expiry_radar() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" first="" second="" i word
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == -* ]] && continue
    if [ -z "$first" ]; then first="$word"; elif [ -z "$second" ]; then second="$word"; fi
  done
  if [[ "$cur" != -* && -n "$first" ]]; then
    local candidates
    candidates="$(_expiry_radar_words "$first" "$second")"
    if [[ "$candidates" == --* ]]; then COMPREPLY=($(compgen -f -- "$cur")); return; fi
  fi
  COMPREPLY=($(compgen -W "$(_expiry_radar_words "$first" "$second")" -- "$cur"))
}
complete -o default -F _expiry_radar expiry-radar
`;
  }
  return `#compdef expiry-radar
# zsh completion for expiry-radar: eval "$(expiry-radar completion zsh)" in ~/.zshrc (after compinit)
${body}
_expiry_radar() {
  local first="" second="" word
  for word in "\${(@)words[2,CURRENT-1]}"; do
    [[ "$word" == -* ]] && continue
    if [[ -z "$first" ]]; then first="$word"; elif [[ -z "$second" ]]; then second="$word"; fi
  done
  local -a candidates
  candidates=(\${=$(_expiry_radar_words "$first" "$second")})
  if [[ "\${words[CURRENT]}" != -* && "\${candidates[1]}" == --* ]]; then _files; return; fi
  compadd -- $candidates
}
compdef _expiry_radar expiry-radar
`;
}
