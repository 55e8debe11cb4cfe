// Zip as a stream: stored (uncompressed) entries written as they come, the central directory at the end.
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import type { ArchiveEntry } from './archive-entry';
import type { ArchiveWriter } from './archive-writer';
import { writeWithBackPressure } from './archive-writer';
import type { ZipRecord } from './zip-headers';
import {
  centralDirectoryHeader,
  dataDescriptor,
  endOfCentralDirectory,
  localFileHeader,
  zip32Limit,
} from './zip-headers';

/**
 * Written by hand rather than with archiver or yazl: both rewrite names (archiver strips a
 * leading "word:" so "12:30 notes.txt" became " notes.txt"; yazl throws on it), and archiver
 * never puts a zip64 extra in the local header of a file past 4 GiB.
 */
export class ZipWriter implements ArchiveWriter {
  readonly output = new PassThrough();
  private offset = 0;
  /** The central directory needs one record per entry; only these small records are kept. */
  private readonly records: ZipRecord[] = [];

  constructor(private readonly stop: AbortSignal) {}

  private async write(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    await writeWithBackPressure(this.output, chunk, this.stop);
  }

  private recordOf(name: string, entry: ArchiveEntry): ZipRecord {
    const type = entry.isDir ? 0o040000 : 0o100000;
    return {
      name: Buffer.from(name, 'utf8'),
      isDir: entry.isDir,
      mode: type | (entry.mode & 0o7777),
      mtime: entry.mtime,
      offset: this.offset,
      crc: 0,
      size: 0,
    };
  }

  async addDirectory(name: string, entry: ArchiveEntry): Promise<void> {
    const record = this.recordOf(name, entry);
    await this.write(localFileHeader(record, false));
    this.records.push(record);
  }

  async addFile(name: string, entry: ArchiveEntry, source: AsyncIterable<Buffer>): Promise<void> {
    const record = this.recordOf(name, entry);
    const declaredZip64 = entry.size >= zip32Limit;
    await this.write(localFileHeader(record, declaredZip64));
    for await (const chunk of source) {
      record.crc = zlib.crc32(chunk, record.crc);
      record.size += chunk.length;
      await this.write(chunk);
    }
    await this.write(dataDescriptor(record, declaredZip64 || record.size >= zip32Limit));
    this.records.push(record);
  }

  async finish(): Promise<void> {
    const start = this.offset;
    let batch: Buffer[] = [];
    let batched = 0;
    for (const record of this.records) {
      const header = centralDirectoryHeader(record);
      batch.push(header);
      batched += header.length;
      if (batched >= 64 * 1024) {
        await this.write(Buffer.concat(batch));
        batch = [];
        batched = 0;
      }
    }
    await this.write(Buffer.concat(batch));
    await this.write(endOfCentralDirectory(this.records.length, this.offset - start, start));
    this.output.end();
  }
}
