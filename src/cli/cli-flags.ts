// The one flag parser, of the server and its subcommands: long and short flags, --x=v, -xV,
// --no-x and --x=false for switches.
import path from 'node:path';
import { parseSwitch } from '../config/config-values';
import { UsageError } from '../config/usage-error';

export interface CliFlag {
  name: string;
  short?: string;
  type: 'string' | 'boolean';
  /** Other spellings, such as File Browser's camelCase names. */
  aliases?: readonly string[];
  placeholder?: string;
  help: string;
}

export interface ParsedArgs {
  positionals: string[];
  strings: Map<string, string>;
  switches: Map<string, boolean>;
}

/** The flags every database subcommand takes after its name, like the server does. */
export const databaseFlags: readonly CliFlag[] = [
  {
    name: 'database',
    short: 'd',
    type: 'string',
    placeholder: 'FILE',
    help: 'the JSON database file (default ./drawer.json) [DRAWER_DATABASE]',
  },
  {
    name: 'root',
    short: 'r',
    type: 'string',
    placeholder: 'DIR',
    help: 'the served folder, where home folders are made (default .) [DRAWER_ROOT]',
  },
  { name: 'help', short: 'h', type: 'boolean', help: 'show this help' },
];

/** `command` names the subcommand in errors; '' is the server itself. */
export function parseCliArgs(
  command: string,
  args: readonly string[],
  flags: readonly CliFlag[],
): ParsedArgs {
  const prefix = command === '' ? '' : `${command}: `;
  const helpHint = `see drawer ${command === '' ? '' : `${command} `}--help`;
  const parsed: ParsedArgs = { positionals: [], strings: new Map(), switches: new Map() };
  const byName = new Map<string, CliFlag>();
  for (const flag of flags) {
    byName.set(`--${flag.name}`, flag);
    for (const alias of flag.aliases ?? []) byName.set(`--${alias}`, flag);
    if (flag.short) byName.set(`-${flag.short}`, flag);
  }
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--') {
      parsed.positionals.push(...args.slice(index + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-' || /^-\d/.test(arg)) {
      parsed.positionals.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    let name = equals > 0 ? arg.slice(0, equals) : arg;
    let inline = equals > 0 ? arg.slice(equals + 1) : undefined;
    // -p8081: a short flag that takes a value may have it attached.
    const attached = /^(-[A-Za-z])(.+)$/s.exec(arg);
    if (attached?.[1] && attached[2] && !attached[2].startsWith('=')) {
      if (byName.get(attached[1])?.type === 'string') {
        name = attached[1];
        inline = attached[2];
      }
    }
    const direct = byName.get(name);
    const negated =
      !direct && name.startsWith('--no-') ? byName.get(`--${name.slice(5)}`) : undefined;
    const flag = direct ?? negated;
    if (!flag || (negated && (flag.type !== 'boolean' || inline !== undefined)))
      throw new UsageError(`${prefix}unknown flag ${name} (${helpHint})`);
    // Errors name the flag as --help lists it, whichever spelling was typed.
    const shown = name === `--${flag.name}` ? name : `${name} (--${flag.name})`;
    if (flag.type === 'boolean') {
      if (negated) {
        parsed.switches.set(flag.name, false);
        continue;
      }
      const value = inline === undefined ? true : parseSwitch(inline);
      if (value === undefined)
        throw new UsageError(`${prefix}${shown} takes true or false, not "${inline}"`);
      parsed.switches.set(flag.name, value);
      continue;
    }
    let value = inline;
    if (value === undefined) {
      value = args[index + 1];
      index += 1;
    }
    if (value === undefined) throw new UsageError(`${prefix}${shown} needs a value`);
    parsed.strings.set(flag.name, value);
  }
  return parsed;
}

/** The database and root of a subcommand: its own flags, else the invocation's (environment). */
export function locations(
  parsed: ParsedArgs,
  defaults: { database: string; root: string },
  cwd: string,
): { database: string; root: string } {
  const database = parsed.strings.get('database');
  const root = parsed.strings.get('root');
  return {
    database: database ? path.resolve(cwd, database) : defaults.database,
    root: root ? path.resolve(cwd, root) : defaults.root,
  };
}

export function flagsHelp(flags: readonly CliFlag[]): string[] {
  return flags.map((flag) => {
    const names = `${flag.short ? `-${flag.short}, ` : '    '}--${flag.name}${flag.placeholder ? ` ${flag.placeholder}` : ''}`;
    return `  ${names.padEnd(30)} ${flag.help}`;
  });
}
