// File Browser's records in its bbolt file, as its storage lays them out through storm.
//
// storm puts each saved type in a top-level bucket named after the Go type: users in "User"
// (keyed by the id as 8 big-endian bytes), share links in "Link" (keyed by the hash). Settings
// go through storm's key/value calls into the "config" bucket under "settings", "server" and
// "auther". Every such bucket holds storm's own nested buckets: "__storm_metadata" (the codec's
// name, and "IDcounter", the last user id handed out) and "__storm_index_<Field>" (indexes,
// rebuilt from the records, so not needed here). Values are JSON, storm's default codec.
import type { BoltBucket, BoltDatabase } from './bbolt-reader';
import type { FileBrowserData, RawRecord } from './filebrowser-data';
import { ImportError } from './import-error';

const metadataBucket = '__storm_metadata';

export function readFileBrowserDb(db: BoltDatabase): FileBrowserData {
  const users = db.root.bucket('User');
  const links = db.root.bucket('Link');
  const config = db.root.bucket('config');
  if (!users && !config)
    throw new ImportError('this bbolt file holds no File Browser data (no "User" or "config")');
  const problems: string[] = [];
  const data: FileBrowserData = { kind: 'database', users: [], shares: [], problems };
  if (config) {
    checkCodec(config, 'config');
    data.settings = readValue(config, 'settings', problems);
    data.server = readValue(config, 'server', problems);
    data.auther = readValue(config, 'auther', problems);
  }
  if (users) {
    checkCodec(users, 'User');
    data.users = readRecords(users, 'user', problems, (key, record) => {
      const id = key.length === 8 ? key.readBigUInt64BE(0) : undefined;
      return Number.isSafeInteger(record.id) && BigInt(record.id as number) === id
        ? undefined
        : `user stored under key ${key.toString('hex')} says it is user ${String(record.id)}`;
    });
    const counter = users.bucket(metadataBucket)?.get('IDcounter');
    if (counter?.length === 8) data.userIdCounter = Number(counter.readBigInt64BE(0));
  }
  if (links) {
    checkCodec(links, 'Link');
    data.shares = readRecords(links, 'share link', problems, (key, record) =>
      record.hash === key.toString('utf8')
        ? undefined
        : `share link stored under "${key.toString('utf8')}" says its hash is ${JSON.stringify(record.hash)}`,
    );
  }
  return data;
}

/** storm refuses to open a bucket with another codec's data; so does the import. */
function checkCodec(bucket: BoltBucket, name: string): void {
  const codec = bucket.bucket(metadataBucket)?.get('codec')?.toString('utf8');
  if (codec !== undefined && codec !== 'json')
    throw new ImportError(
      `File Browser's "${name}" data is stored with the ${codec} codec; only JSON, File Browser's own, can be read`,
    );
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

function readValue(bucket: BoltBucket, key: string, problems: string[]): RawRecord | undefined {
  const bytes = bucket.get(key);
  if (bytes === undefined) return undefined;
  const value = parseJson(bytes);
  if (isRecord(value)) return value;
  problems.push(`the ${key} in File Browser's config are not a JSON object`);
  return undefined;
}

/** Every record of a type bucket; storm's nested buckets are skipped, bad records listed. */
function readRecords(
  bucket: BoltBucket,
  what: string,
  problems: string[],
  keyProblem: (key: Buffer, record: RawRecord) => string | undefined,
): RawRecord[] {
  const records: RawRecord[] = [];
  for (const entry of bucket.entries()) {
    if (!entry.value) continue;
    const record = parseJson(entry.value);
    if (!isRecord(record)) {
      problems.push(`a ${what} stored under key ${entry.key.toString('hex')} is not a JSON object`);
      continue;
    }
    const problem = keyProblem(entry.key, record);
    if (problem) problems.push(problem);
    else records.push(record);
  }
  return records;
}

export function isRecord(value: unknown): value is RawRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
