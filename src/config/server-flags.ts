// The server's flags: names, variables and help rows, and the --help text built from them.

export interface FlagSpec {
  long: string;
  short?: string;
  type: 'string' | 'boolean';
  env: string;
  placeholder?: string;
  help: string;
  defaultText?: string;
}

export const serverFlags: readonly FlagSpec[] = [
  {
    long: 'root',
    short: 'r',
    type: 'string',
    env: 'DRAWER_ROOT',
    placeholder: 'DIR',
    help: 'folder to serve',
    defaultText: '.',
  },
  {
    long: 'port',
    short: 'p',
    type: 'string',
    env: 'DRAWER_PORT',
    placeholder: 'N',
    help: 'port to listen on (0 picks a free one)',
    defaultText: '8080',
  },
  {
    long: 'address',
    short: 'a',
    type: 'string',
    env: 'DRAWER_ADDRESS',
    placeholder: 'ADDR',
    help: 'address to listen on',
    defaultText: '127.0.0.1',
  },
  {
    long: 'database',
    short: 'd',
    type: 'string',
    env: 'DRAWER_DATABASE',
    placeholder: 'FILE',
    help: 'the JSON database file',
    defaultText: './drawer.json',
  },
  {
    long: 'baseurl',
    short: 'b',
    type: 'string',
    env: 'DRAWER_BASEURL',
    placeholder: 'PATH',
    help: 'URL prefix when behind a reverse proxy (also --baseURL)',
    defaultText: '""',
  },
  {
    long: 'noauth',
    type: 'boolean',
    env: 'DRAWER_NOAUTH',
    help: 'no login: every request acts as the first admin',
  },
  {
    long: 'username',
    type: 'string',
    env: 'DRAWER_USERNAME',
    placeholder: 'NAME',
    help: 'first run only: name of the admin',
    defaultText: 'admin',
  },
  {
    long: 'password',
    type: 'string',
    env: 'DRAWER_PASSWORD',
    placeholder: 'PW',
    help: 'first run only: admin password, plaintext or bcrypt hash',
    defaultText: 'random, printed once',
  },
  {
    long: 'cert',
    short: 't',
    type: 'string',
    env: 'DRAWER_CERT',
    placeholder: 'FILE',
    help: 'TLS certificate (serve HTTPS)',
  },
  {
    long: 'key',
    short: 'k',
    type: 'string',
    env: 'DRAWER_KEY',
    placeholder: 'FILE',
    help: 'TLS private key',
  },
  {
    long: 'log',
    short: 'l',
    type: 'string',
    env: 'DRAWER_LOG',
    placeholder: 'DEST',
    help: 'stdout, stderr, a file path, or off',
    defaultText: 'stdout',
  },
  {
    long: 'enable-exec',
    type: 'boolean',
    env: 'DRAWER_ENABLE_EXEC',
    help: 'enable the command runner (in a bubblewrap sandbox) and event hooks',
  },
  {
    long: 'enable-exec-unsandboxed',
    type: 'boolean',
    env: 'DRAWER_ENABLE_EXEC_UNSANDBOXED',
    help: 'with --enable-exec: start without a working sandbox (DANGEROUS: commands run unconfined)',
  },
  {
    long: 'bwrap',
    type: 'string',
    env: 'DRAWER_BWRAP',
    placeholder: 'FILE',
    help: 'with --enable-exec: the bubblewrap executable',
    defaultText: 'bwrap on PATH',
  },
  {
    long: 'exec-timeout',
    type: 'string',
    env: 'DRAWER_EXEC_TIMEOUT',
    placeholder: 'DUR',
    help: 'with --enable-exec: stop a command or hook after this long',
    defaultText: '10m',
  },
  {
    long: 'exec-max-output',
    type: 'string',
    env: 'DRAWER_EXEC_MAX_OUTPUT',
    placeholder: 'SIZE',
    help: 'with --enable-exec: stop a command or hook that prints more (bytes, or 512K, 10M, 1G)',
    defaultText: '10M',
  },
  {
    long: 'follow-external-symlinks',
    type: 'boolean',
    env: 'DRAWER_FOLLOW_EXTERNAL_SYMLINKS',
    help: 'follow symlinks that lead out of a scope',
  },
  {
    long: 'token-expiration',
    type: 'string',
    env: 'DRAWER_TOKEN_EXPIRATION',
    placeholder: 'DUR',
    help: 'lifetime of one token before it must be renewed, e.g. 2h, 90m, 1h30m',
    defaultText: '2h',
  },
  {
    long: 'request-timeout',
    type: 'string',
    env: 'DRAWER_REQUEST_TIMEOUT',
    placeholder: 'DUR',
    help: 'close a client whose headers, or whose body (uploads aside), take longer',
    defaultText: '20s',
  },
  {
    long: 'idle-timeout',
    type: 'string',
    env: 'DRAWER_IDLE_TIMEOUT',
    placeholder: 'DUR',
    help: 'close an upload or download that moves no bytes for this long',
    defaultText: '60s',
  },
  {
    long: 'max-connections',
    type: 'string',
    env: 'DRAWER_MAX_CONNECTIONS',
    placeholder: 'N',
    help: 'refuse connections past this many',
    defaultText: '1000',
  },
  {
    long: 'max-walks',
    type: 'string',
    env: 'DRAWER_MAX_WALKS',
    placeholder: 'N[/U]',
    help: 'archives, searches and recursive listings at once: N in all, U per user',
    defaultText: '6/2',
  },
  {
    long: 'max-listings',
    type: 'string',
    env: 'DRAWER_MAX_LISTINGS',
    placeholder: 'N[/U]',
    help: 'folder listings at once: N in all, U per user',
    defaultText: '16/4',
  },
  {
    long: 'session-lifetime',
    type: 'string',
    env: 'DRAWER_SESSION_LIFETIME',
    placeholder: 'DUR',
    help: 'a login ends this long after it began, renewed or not, e.g. 30d, 12h',
    defaultText: '30d',
  },
  {
    long: 'tus-expiration',
    type: 'string',
    env: 'DRAWER_TUS_EXPIRATION',
    placeholder: 'DUR',
    help: 'remove a resumable upload that receives nothing for this long',
    defaultText: '24h',
  },
  {
    long: 'tus-max-size',
    type: 'string',
    env: 'DRAWER_TUS_MAX_SIZE',
    placeholder: 'SIZE',
    help: 'the largest resumable upload (bytes, or 512M, 50G, 1T)',
    defaultText: '1T',
  },
];

export function helpText(version: string): string {
  const rows = serverFlags.map((flag) => {
    const names = `${flag.short ? `-${flag.short}, ` : '    '}--${flag.long}${flag.placeholder ? ` ${flag.placeholder}` : ''}`;
    const defaults = flag.defaultText ? ` (default ${flag.defaultText})` : '';
    return `  ${names.padEnd(34)} ${flag.help}${defaults} [${flag.env}]`;
  });
  return [
    `Drawer ${version}: a web file manager in one executable.`,
    '',
    'Usage:',
    '  drawer [flags]                 serve a folder',
    '  drawer version                 print the version',
    '  drawer hash PASSWORD           print a bcrypt hash to use with --password',
    '  drawer users ls|add|update|rm  manage users in the database (see drawer users --help)',
    '  drawer config export FILE      back up settings, users and shares to a JSON file',
    '  drawer config import FILE      replace settings, users and shares from such a file',
    '                                 (see drawer config --help)',
    "  drawer import FILE             carry File Browser's users, settings and links over",
    '                                 (see drawer import --help)',
    '',
    'Flags (each can also come from the environment variable in brackets):',
    ...rows,
    `  ${'-c, --config FILE'.padEnd(34)} File Browser's config file (.json, .yaml, .yml or .toml)`,
    `  ${''.padEnd(34)} (default .filebrowser.* here, in $HOME, in /etc/filebrowser)`,
    '  -h, --help                         show this help',
    '',
    "File Browser's flag names and FB_ variables work too. Precedence: flags, then DRAWER_",
    'variables, then FB_ variables, then the config file, then the defaults.',
    '',
  ].join('\n');
}
