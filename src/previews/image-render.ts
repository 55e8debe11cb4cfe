// Turning image bytes into a preview with ImageMagick compiled to WebAssembly: runs in a worker thread.
import {
  ConfigurationFiles,
  ImageMagick,
  initializeImageMagick,
  MagickFormat,
  MagickGeometry,
  MagickImageInfo,
  MagickReadSettings,
  ResourceLimits,
} from '@imagemagick/magick-wasm';
import type { IMagickImage } from '@imagemagick/magick-wasm';
import type { ImageFormat } from './preview-kind';
import { readJpegFacts } from './jpeg-exif';

export interface RenderRequest {
  input: Uint8Array;
  format: ImageFormat;
  /** The preview fits in a square of this side, never larger than the image itself. */
  box: number;
  /** Images with more pixels than this are refused before their pixels are decoded. */
  maxPixels: number;
  /** JPEG quality of the output, 1–100. */
  quality: number;
}

export interface RenderResult {
  bytes: Uint8Array;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  /** `embedded`: drawn from the camera's EXIF thumbnail, without decoding the photo. */
  source: 'embedded' | 'decoded';
  /** Pixels of the picture that was decoded (the pool renews workers after big ones). */
  sourcePixels: number;
}

export type RenderFailure = 'tooLarge' | 'undecodable';

export class RenderError extends Error {
  constructor(
    readonly reason: RenderFailure,
    message: string,
  ) {
    super(message);
    this.name = 'RenderError';
  }
}

const magickFormats: Record<ImageFormat, (typeof MagickFormat)[keyof typeof MagickFormat]> = {
  jpeg: MagickFormat.Jpeg,
  png: MagickFormat.Png,
  gif: MagickFormat.Gif,
  webp: MagickFormat.WebP,
  avif: MagickFormat.Avif,
  heic: MagickFormat.Heic,
  tiff: MagickFormat.Tiff,
  bmp: MagickFormat.Bmp,
};

/**
 * Only the coders Drawer needs may run, whatever the bytes claim to be: ImageMagick's script-like
 * formats (MVG, MSL, SVG, text, URLs) are the usual way into it, so every other coder is off.
 */
const securityPolicy = `<policymap>
  <policy domain="coder" rights="none" pattern="*" />
  <policy domain="coder" rights="read" pattern="{GIF,WEBP,AVIF,HEIC,TIFF,BMP}" />
  <policy domain="coder" rights="read | write" pattern="{JPEG,PNG}" />
  <policy domain="delegate" rights="none" pattern="*" />
  <policy domain="path" rights="none" pattern="@*" />
  <policy domain="path" rights="none" pattern="|*" />
</policymap>
`;

/** Loads the module once per worker; later calls reuse it. */
export async function initializeRenderer(
  wasm: WebAssembly.Module | Uint8Array,
  maxPixels: number,
): Promise<void> {
  const files = ConfigurationFiles.default;
  files.policy.data = securityPolicy;
  await initializeImageMagick(wasm, files);
  // A second line behind the pixel check in render(): the decoder itself refuses bigger images,
  // and never spills a pixel cache to its (in-memory) disk.
  ResourceLimits.area = BigInt(maxPixels);
  ResourceLimits.width = 65_535n;
  ResourceLimits.height = 65_535n;
  ResourceLimits.disk = 0n;
  ResourceLimits.listLength = 4096n;
  ResourceLimits.memory = 512n * 1024n * 1024n;
}

function readSettings(request: RenderRequest, hint?: number): MagickReadSettings {
  const settings = new MagickReadSettings();
  settings.format = magickFormats[request.format];
  // GIF, TIFF and HEIF may hold many frames or pages: only the first is drawn.
  settings.frameIndex = 0;
  settings.frameCount = 1;
  // libjpeg decodes at 1/2, 1/4 or 1/8 scale when asked: a 12-megapixel photo is never decoded whole.
  if (hint !== undefined && request.format === 'jpeg')
    settings.setDefine(MagickFormat.Jpeg, 'size', `${hint}x${hint}`);
  return settings;
}

/** The image's size from its headers alone (ImageMagick's ping): no pixel is decoded. */
function pixelsOf(request: RenderRequest): { width: number; height: number } {
  const info = MagickImageInfo.create(request.input, readSettings(request));
  if (info.width <= 0 || info.height <= 0)
    throw new RenderError('undecodable', 'the image has no size');
  return { width: info.width, height: info.height };
}

/** The EXIF thumbnail is used when it is big enough and shows the whole photo (no bars). */
function usableThumbnail(request: RenderRequest) {
  if (request.format !== 'jpeg') return undefined;
  const facts = readJpegFacts(request.input);
  const thumbnail = facts?.thumbnail;
  if (!facts || !thumbnail) return undefined;
  const wanted = Math.min(request.box, Math.max(facts.width, facts.height));
  if (Math.max(thumbnail.width, thumbnail.height) < wanted) return undefined;
  const photoRatio = facts.width / facts.height;
  const thumbnailRatio = thumbnail.width / thumbnail.height;
  if (Math.abs(thumbnailRatio - photoRatio) / photoRatio > 0.02) return undefined;
  return { bytes: thumbnail.bytes, orientation: facts.orientation };
}

type Fitted = Omit<RenderResult, 'source' | 'sourcePixels'>;

function fitAndEncode(image: IMagickImage, request: RenderRequest): Fitted {
  image.autoOrient();
  const box = new MagickGeometry(request.box, request.box);
  box.greater = true; // shrink only: a small image keeps its size
  image.thumbnail(box);
  image.strip();
  const isOpaque = !image.hasAlpha || image.isOpaque;
  let bytes: Uint8Array | undefined;
  if (isOpaque) {
    image.hasAlpha = false;
    image.quality = request.quality;
  }
  image.write(isOpaque ? MagickFormat.Jpeg : MagickFormat.Png, (data) => {
    bytes = new Uint8Array(data); // the module's memory is reused after the callback: copy
  });
  if (!bytes) throw new RenderError('undecodable', 'the preview could not be written');
  return {
    bytes,
    contentType: isOpaque ? 'image/jpeg' : 'image/png',
    width: image.width,
    height: image.height,
  };
}

/**
 * Decodes of at least this many pixels (after JPEG's scaling) take hundreds of MB: the workers
 * take turns for them, so two never add up (a 100-megapixel PNG needs about 560 MB).
 */
export const largeDecodePixels = 24_000_000;

/** Runs `work` as the only large decode in progress; the worker supplies it. */
export type HoldLargeDecode = <T>(work: () => T) => T;

/** What libjpeg will decode: a JPEG asked for `hint` px shrinks by up to 8 while both sides stay above it. */
function decodedPixels(
  request: RenderRequest,
  width: number,
  height: number,
  hint?: number,
): number {
  if (request.format !== 'jpeg' || hint === undefined) return width * height;
  const scale = Math.min(8, Math.min(width, height) / hint);
  return Math.ceil((width * height) / Math.max(1, Math.floor(scale)) ** 2);
}

/** Synchronous and CPU-bound: call it in a worker thread, never on the server's event loop. */
export function renderImage(
  request: RenderRequest,
  holdLargeDecode: HoldLargeDecode = (work) => work(),
): RenderResult {
  try {
    const embedded = usableThumbnail(request);
    if (embedded) {
      let result: Fitted | undefined;
      let sourcePixels = 0;
      const settings = new MagickReadSettings();
      settings.format = MagickFormat.Jpeg;
      ImageMagick.read(embedded.bytes, settings, (image) => {
        // The thumbnail is stored as the sensor saw it; the photo's orientation applies to it.
        image.orientation = embedded.orientation as typeof image.orientation;
        sourcePixels = image.width * image.height;
        result = fitAndEncode(image, request);
      });
      if (result) return { ...result, source: 'embedded', sourcePixels };
    }
    const { width, height } = pixelsOf(request);
    if (width * height > request.maxPixels)
      throw new RenderError(
        'tooLarge',
        `the image has ${width}×${height} pixels, more than ${request.maxPixels} are not previewed`,
      );
    let result: Fitted | undefined;
    // libjpeg scales up as readily as down: the hint is only given when it shrinks the decode.
    const wanted = Math.max(request.box, 512);
    const hint = Math.min(width, height) > wanted ? wanted : undefined;
    const decode = () =>
      ImageMagick.read(request.input, readSettings(request, hint), (image) => {
        result = fitAndEncode(image, request);
      });
    if (decodedPixels(request, width, height, hint) >= largeDecodePixels) holdLargeDecode(decode);
    else decode();
    if (!result) throw new RenderError('undecodable', 'the image could not be decoded');
    return { ...result, source: 'decoded', sourcePixels: width * height };
  } catch (error) {
    if (error instanceof RenderError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/limit|exceeds|too large|cache resources exhausted/i.test(message))
      throw new RenderError('tooLarge', 'the image is too large to preview');
    throw new RenderError('undecodable', `the image could not be decoded (${firstLine(message)})`);
  }
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? '').slice(0, 200);
}
