import { ApiError } from '../../lib/errors.ts';

/** The screenshot kinds accepted, known by their bytes, never by what the client says. */
export type ImageType = 'image/png' | 'image/jpeg';

export interface CleanImage {
  type: ImageType;
  width: number;
  height: number;
  bytes: Buffer;
}

/** The side and area a screenshot may have: enough for a tall phone capture, not a decompression bomb. */
export const MAX_IMAGE_SIDE = 8_000;
export const MAX_IMAGE_PIXELS = 40_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG chunks kept: the image itself and how to show its colours; text, EXIF, times and animation are dropped. */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'pHYs',
  'bKGD',
]);

const refuse = (message: string): never => {
  throw new ApiError(400, 'INVALID_IMAGE', message);
};

function checkSize(width: number, height: number): void {
  if (
    width < 1 ||
    height < 1 ||
    width > MAX_IMAGE_SIDE ||
    height > MAX_IMAGE_SIDE ||
    width * height > MAX_IMAGE_PIXELS
  ) {
    refuse(`The image must be at most ${MAX_IMAGE_SIDE} pixels a side.`);
  }
}

/** A PNG rewritten with only the chunks that draw it, each chunk's bounds checked. */
function cleanPng(input: Buffer): CleanImage {
  const parts: Buffer[] = [PNG_SIGNATURE];
  let offset = 8;
  let width = 0;
  let height = 0;
  let ended = false;
  let first = true;
  while (offset + 12 <= input.length) {
    const length = input.readUInt32BE(offset);
    const type = input.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (length > input.length || end > input.length || !/^[A-Za-z]{4}$/.test(type)) refuse('The PNG file is damaged.');
    if (first) {
      if (type !== 'IHDR' || length !== 13) refuse('The PNG file is damaged.');
      width = input.readUInt32BE(offset + 8);
      height = input.readUInt32BE(offset + 12);
      first = false;
    }
    if (PNG_KEPT.has(type)) parts.push(input.subarray(offset, end));
    offset = end;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended || first) refuse('The PNG file is damaged.');
  checkSize(width, height);
  return { type: 'image/png', width, height, bytes: Buffer.concat(parts) };
}

/** JPEG markers without a length. */
const STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7]);
/** Start-of-frame markers, which carry the size (not DHT C4, JPG C8 or DAC CC). */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
/** Application segments kept: JFIF (APP0), the colour profile (APP2) and Adobe's colour transform (APP14). */
const JPEG_APPS_KEPT = new Set([0xe0, 0xe2, 0xee]);
/** An APP2 segment is kept only when it is a colour profile: a multi-picture index (MPF) points at other images. */
const ICC_PROFILE = Buffer.from('ICC_PROFILE\u0000', 'latin1');

/** Whether a segment (from its marker to its end) is kept: the image's own, not metadata, comments or an index. */
function keptSegment(marker: number, segment: Buffer): boolean {
  if (marker === 0xfe) return false;
  if (marker < 0xe0 || marker > 0xef) return true;
  if (!JPEG_APPS_KEPT.has(marker)) return false;
  return marker !== 0xe2 || segment.subarray(4, 4 + ICC_PROFILE.length).equals(ICC_PROFILE);
}

/**
 * Where the entropy-coded data of a scan that starts at `offset` ends: at the first marker that is neither a stuffed
 * zero byte, a fill byte nor a restart marker.
 */
function endOfScan(input: Buffer, offset: number): number {
  let at = offset;
  while (at + 1 < input.length) {
    if (input[at] !== 0xff) {
      at += 1;
      continue;
    }
    const next = input[at + 1] as number;
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) at += next === 0xff ? 1 : 2;
    else return at;
  }
  return refuse('The JPEG file is damaged.');
}

/**
 * A JPEG rewritten without its EXIF, XMP, comment and multi-picture segments (where a camera writes the place and
 * the device), up to the end of its first image: pictures appended after it (a phone's second image with its own
 * EXIF) are dropped. Each segment's bounds are checked.
 */
function cleanJpeg(input: Buffer): CleanImage {
  const parts: Buffer[] = [input.subarray(0, 2)];
  let offset = 2;
  let width = 0;
  let height = 0;
  let scanned = false;
  while (offset + 2 <= input.length) {
    if (input[offset] !== 0xff) refuse('The JPEG file is damaged.');
    const marker = input[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd9) {
      // The end of the first image: whatever follows is another picture or trailing bytes, and is dropped.
      if (!scanned) refuse('The JPEG file is damaged.');
      parts.push(input.subarray(offset, offset + 2));
      checkSize(width, height);
      return { type: 'image/jpeg', width, height, bytes: Buffer.concat(parts) };
    }
    if (STANDALONE.has(marker)) {
      parts.push(input.subarray(offset, offset + 2));
      offset += 2;
      continue;
    }
    if (offset + 4 > input.length) refuse('The JPEG file is damaged.');
    const length = input.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > input.length) refuse('The JPEG file is damaged.');
    if (isFrame(marker)) {
      if (length < 8) refuse('The JPEG file is damaged.');
      height = input.readUInt16BE(offset + 5);
      width = input.readUInt16BE(offset + 7);
    }
    if (marker === 0xda) {
      // A scan: its header, then its entropy-coded data up to the next marker, kept as they are.
      if (!width) refuse('The JPEG file is damaged.');
      const scanEnd = endOfScan(input, end);
      parts.push(input.subarray(offset, scanEnd));
      scanned = true;
      offset = scanEnd;
      continue;
    }
    const segment = input.subarray(offset, end);
    if (keptSegment(marker, segment)) parts.push(segment);
    offset = end;
  }
  return refuse('The JPEG file is damaged.');
}

/**
 * A screenshot as it will be kept and served: its type sniffed from its first bytes (PNG or JPEG only), its size read
 * from its header and capped, and its metadata dropped. Anything else is refused with 400 INVALID_IMAGE.
 */
export function cleanScreenshot(input: Buffer): CleanImage {
  if (input.length >= 8 && input.subarray(0, 8).equals(PNG_SIGNATURE)) return cleanPng(input);
  if (input.length >= 4 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return cleanJpeg(input);
  return refuse('The screenshot must be a PNG or JPEG image.');
}
