// Zip as a stream: stored (uncompressed) entries written as they come, the central directory at the end.
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import type { ArchiveEntry } from './archive-entry';
import type { ArchiveWriter } from './archive-writer';
import { batchBytes, OutputBatch } from './output-batch';
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
  /** Room for one batch while the next is filled. */
  readonly output = new PassThrough({ highWaterMark: batchBytes });
  private readonly batch: OutputBatch;
  /** The central directory needs one record per entry; only these small records are kept. */
  private readonly records: ZipRecord[] = [];

  constructor(stop: AbortSignal) {
    this.batch = new OutputBatch(this.output, stop);
  }

  private get offset(): number {
    return this.batch.offset;
  }

  /** Headers and large file chunks: buffers nobody writes to again. */
  private async write(chunk: Buffer): Promise<void> {
    await this.batch.add(chunk);
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

  /** zlib.crc32 (Node >= 20.15) runs in C: the checksum costs less than copying the bytes. */
  async addBytes(name: string, entry: ArchiveEntry, bytes: Buffer): Promise<void> {
    const record = this.recordOf(name, entry);
    const declaredZip64 = entry.size >= zip32Limit;
    await this.write(localFileHeader(record, declaredZip64));
    record.crc = zlib.crc32(bytes);
    record.size = bytes.length;
    await this.batch.copyIn(bytes);
    await this.write(dataDescriptor(record, declaredZip64));
    this.records.push(record);
  }

  async finish(): Promise<void> {
    const start = this.offset;
    for (const record of this.records) await this.write(centralDirectoryHeader(record));
    await this.write(endOfCentralDirectory(this.records.length, this.offset - start, start));
    await this.batch.flush();
    this.output.end();
  }

  giveBack(chunk: Buffer): void {
    this.batch.giveBack(chunk);
  }
}
