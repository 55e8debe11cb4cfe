// What npm start serves: the root the invocation names, else data/ beside the checkout (made on the
// first run), so a newcomer's first listing is their own files and not the repository's.
import fs from 'node:fs';
import path from 'node:path';
import { parseInvocation } from '../src/config';

type Env = Record<string, string | undefined>;

/**
 * The server's arguments: as given when a root is named anywhere the server looks (a flag, DRAWER_ROOT,
 * FB_ROOT, a File Browser config file) or when they are not a plain serve (help, subcommands, a
 * mistake the server will explain); otherwise the same with `--root <checkout>/data`.
 */
export function startArgs(args: string[], env: Env, cwd: string, checkout: string): string[] {
  let invocation: ReturnType<typeof parseInvocation>;
  try {
    invocation = parseInvocation(args, env, cwd);
  } catch {
    return args;
  }
  if (invocation.kind !== 'serve' || invocation.rootSource !== undefined) return args;
  const data = path.join(checkout, 'data');
  fs.mkdirSync(data, { recursive: true });
  return [...args, '--root', data];
}
