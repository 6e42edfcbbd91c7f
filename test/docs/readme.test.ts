/**
 * The README's first screen: a first-run walkthrough before anything else, and "The two commands"
 * showing exactly two, each a script this project has.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: object }).scripts,
);

/** The text of the `## title` section, up to the next `## `. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`README has no section "${title}"`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

describe('README', () => {
  it('opens with a first-run walkthrough from opening the app to seeing an alert', () => {
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings[0]).toBe('First run');
    const steps = section('First run');
    for (const step of ['Open the app', 'Register', 'email viewer', 'Verify', 'Create a token']) {
      expect(steps).toContain(step);
    }
    expect(steps).toContain('npm run alerts:scan');
    expect(steps).toContain('See the alert');
  });

  it('shows exactly two commands under "The two commands", each an npm script of the project', () => {
    const block = /```sh\n([\s\S]*?)```/.exec(section('The two commands'))?.[1] ?? '';
    const commands = block.trim().split('\n');
    expect(commands).toHaveLength(2);
    for (const command of commands) {
      for (const [, script] of command.matchAll(/npm (?:run )?([\w:-]+)/g)) {
        if (script !== 'ci' && script !== 'run') expect(scripts).toContain(script);
      }
    }
  });
});
