// A video's poster frame, drawn by ffmpeg from a descriptor the gate opened: never from a path.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { minimalEnvironment } from './run-process';

export interface PosterRequest {
  ffmpeg: string;
  /** The video, opened and verified by the gate; the child gets it as its descriptor 3. */
  fd: number;
  /** The poster fits in a square of this side, never larger than the video. */
  box: number;
  timeoutMs: number;
}

/** A JPEG poster is a few hundred KB at most; more means something is wrong. */
const maxPosterBytes = 8 * 1024 * 1024;

/**
 * Containers ffmpeg may open. Playlists (HLS, DASH), concat lists and image sequences are left
 * out: each names other files or URLs, and would make ffmpeg read what the gate never checked.
 */
const allowedDemuxers = 'mov,matroska,webm,avi,mpegts,mpeg,flv,asf,ogg';

/** ffmpeg's first executable candidate, or undefined: video posters are optional. */
export function findFfmpeg(candidates: readonly string[]): string | undefined {
  return candidates.find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

function posterArgs(box: number, seekSeconds: number | undefined): string[] {
  return [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    // Only the descriptor it was handed, re-opened through /proc as a plain file.
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    allowedDemuxers,
    '-threads',
    '1',
    ...(seekSeconds === undefined ? [] : ['-ss', String(seekSeconds)]),
    '-i',
    '/proc/self/fd/3',
    '-map',
    '0:v:0',
    '-frames:v',
    '1',
    '-vf',
    `scale=w='min(iw,${box})':h='min(ih,${box})':force_original_aspect_ratio=decrease`,
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
    '-q:v',
    '3',
    'pipe:1',
  ];
}

function runOnce(request: PosterRequest, seekSeconds: number | undefined): Promise<Buffer> {
  return new Promise((resolve) => {
    const child = spawn(request.ffmpeg, posterArgs(request.box, seekSeconds), {
      cwd: '/',
      env: minimalEnvironment('/'),
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore', request.fd],
    });
    const chunks: Buffer[] = [];
    let bytes = 0;
    let isOver = false;
    const kill = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      isOver = true;
      kill();
    }, request.timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxPosterBytes) {
        isOver = true;
        kill();
        return;
      }
      chunks.push(chunk);
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve(Buffer.alloc(0));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(isOver || code !== 0 ? Buffer.alloc(0) : Buffer.concat(chunks));
    });
  });
}

/**
 * A JPEG of the frame one second in (the first frame is often black), or of the first frame when
 * the video is shorter; undefined when ffmpeg finds no picture, fails or runs out of time.
 */
export async function drawPoster(request: PosterRequest): Promise<Buffer | undefined> {
  const started = Date.now();
  const seeked = await runOnce(request, 1);
  if (seeked.length > 0) return seeked;
  const left = request.timeoutMs - (Date.now() - started);
  if (left <= 0) return undefined;
  const first = await runOnce({ ...request, timeoutMs: left }, undefined);
  return first.length > 0 ? first : undefined;
}
