import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, testimonials } from '../src/db/schema.ts';
import { cleanScreenshot } from '../src/modules/testimonials/image.ts';
import { type Account, newAccount, newAdmin } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

/** A PNG chunk with its length and checksum. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real 3×2 PNG carrying a text chunk with a place in it, as a phone might write. */
function pngWithText(): Buffer {
  const png = new PNG({ width: 3, height: 2 });
  png.data.fill(200);
  const plain = PNG.sync.write(png);
  const text = chunk('tEXt', Buffer.from('Location\u0000Home street 13', 'latin1'));
  return Buffer.concat([plain.subarray(0, 33), text, plain.subarray(33)]);
}

/** A JPEG's segments: start, JFIF, EXIF with a place, a comment, the frame of 640×480, a scan, the end. */
function jpegWithExif(): Buffer {
  const segment = (marker: number, data: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(data.length + 2, 2);
    return Buffer.concat([head, data]);
  };
  const frame = Buffer.from([8, 0x01, 0xe0, 0x02, 0x80, 1, 1, 0x11, 0]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\u0000\u0001\u0001\u0000\u0000\u0001\u0000\u0001\u0000\u0000', 'latin1')),
    segment(0xe1, Buffer.from('Exif\u0000\u0000GPS 55.75N 37.61E', 'latin1')),
    segment(0xfe, Buffer.from('my phone', 'latin1')),
    segment(0xc0, frame),
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from([0x12, 0x34, 0x56, 0xff, 0xd9]),
  ]);
}

/**
 * A phone's multi-picture JPEG: a first image carrying a multi-picture index (APP2 "MPF") that points past its end,
 * where a second image follows with EXIF and a comment of its own.
 */
function multiPictureJpeg(): { file: Buffer; first: Buffer } {
  const segment = (marker: number, data: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(data.length + 2, 2);
    return Buffer.concat([head, data]);
  };
  const picture = (width: number, extra: Buffer[]) => {
    const frame = Buffer.from([8, 0x01, 0xe0, width >> 8, width & 255, 1, 1, 0x11, 0]);
    return Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      ...extra,
      segment(0xc0, frame),
      segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
      // Entropy-coded data with a stuffed 0xFF 0x00 and a restart marker, which do not end the scan.
      Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd9]),
    ]);
  };
  const profile = segment(0xe2, Buffer.from('ICC_PROFILE\u0000\u0001\u0001colours', 'latin1'));
  const index = segment(0xe2, Buffer.from('MPF\u0000MM\u0000*second picture at 1234', 'latin1'));
  const first = picture(640, [profile, index]);
  const second = picture(160, [
    segment(0xe1, Buffer.from('Exif\u0000\u0000GPS 48.85N 2.35E', 'latin1')),
    segment(0xfe, Buffer.from('taken on my phone', 'latin1')),
  ]);
  return { file: Buffer.concat([first, second]), first };
}

const words = 'Reading my kin every morning changed how I plan my week.';
const submit = (account: Account | null, extra: Record<string, unknown> = {}) =>
  http.post(
    '/api/testimonials',
    { text: words, first_name: 'Ixchel', consent: true, lang: 'en', ...extra },
    { token: account?.token ?? null },
  );

let admin: Account;
let owner: Account;
let other: Account;

beforeAll(async () => {
  admin = await newAdmin(http, ctx.database.db);
  owner = await newAccount(http);
  other = await newAccount(http);
}, 60_000);

describe('the screenshot of a testimonial', () => {
  it('keeps a PNG’s pixels and drops its text chunks; keeps a JPEG’s frame and drops EXIF and comments', () => {
    const png = cleanScreenshot(pngWithText());
    expect(png).toMatchObject({ type: 'image/png', width: 3, height: 2 });
    expect(png.bytes.includes(Buffer.from('Home street'))).toBe(false);
    expect(PNG.sync.read(png.bytes).data).toEqual(PNG.sync.read(pngWithText()).data);
    const jpeg = cleanScreenshot(jpegWithExif());
    expect(jpeg).toMatchObject({ type: 'image/jpeg', width: 640, height: 480 });
    expect(jpeg.bytes.includes(Buffer.from('GPS'))).toBe(false);
    expect(jpeg.bytes.includes(Buffer.from('my phone'))).toBe(false);
    expect(jpeg.bytes.includes(Buffer.from('JFIF'))).toBe(true);
    expect(jpeg.bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('keeps only the first picture of a multi-picture JPEG, without its index or the second one’s EXIF', async () => {
    const { file, first } = multiPictureJpeg();
    const reader = await newAccount(http);
    const sent = await submit(reader, { screenshot: file.toString('base64') });
    expect(sent.status).toBe(200);
    const image = await ctx.app.inject({
      method: 'GET',
      url: `/api/testimonials/${sent.body.data.id}/screenshot`,
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(image.statusCode).toBe(200);
    const kept = image.rawPayload;
    for (const gone of ['GPS', 'my phone', 'MPF', 'second picture'])
      expect(kept.includes(Buffer.from(gone))).toBe(false);
    expect(kept.includes(Buffer.from('ICC_PROFILE'))).toBe(true);
    expect(kept.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    // One start and one end of image: the first picture's scan whole, with its stuffed byte and restart marker.
    expect(kept.indexOf(Buffer.from([0xff, 0xd8]), 2)).toBe(-1);
    expect(kept.indexOf(Buffer.from([0xff, 0xd9]))).toBe(kept.length - 2);
    expect(kept.subarray(-9)).toEqual(first.subarray(-9));
    expect(cleanScreenshot(file)).toMatchObject({ width: 640, height: 480 });
  });

  it('refuses what is not a PNG or JPEG whatever it claims, damaged files and giant sizes', async () => {
    const refused = [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('GIF89a\u0001\u0000\u0001\u0000'),
      pngWithText().subarray(0, 40),
      jpegWithExif().subarray(0, 30),
    ];
    const huge = pngWithText();
    huge.writeUInt32BE(100_000, 16);
    refused.push(huge);
    // Refused sends count against the hour's limit too, so this reader is a new one.
    const prober = await newAccount(http);
    for (const bytes of refused) {
      const reply = await submit(prober, { screenshot: bytes.toString('base64') });
      expect(reply.status).toBe(400);
      expect(reply.body.error.code).toBe('INVALID_IMAGE');
    }
    expect(await ctx.database.db.select().from(testimonials).where(eq(testimonials.userId, prober.id))).toEqual([]);
  });

  it('refuses a screenshot over 1 MB before reading it', async () => {
    const reply = await submit(owner, { screenshot: 'A'.repeat(1_400_000) });
    expect(reply.status).toBe(400);
  });
});

describe('testimonials people give', () => {
  it('takes a signed-in reader’s testimonial with consent, and refuses guests and missing consent', async () => {
    expect((await submit(null)).status).toBe(401);
    expect((await submit(owner, { consent: false })).status).toBe(400);
    expect((await submit(owner, { text: 'Too short' })).status).toBe(400);
    const sent = await submit(owner, { screenshot: pngWithText().toString('base64') });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'pending', first_name: 'Ixchel', has_screenshot: true });
    const mine = await http.get('/api/testimonials/mine', { token: owner.token });
    expect(mine.body.data.map((row: { id: number }) => row.id)).toEqual([sent.body.data.id]);
    expect((await http.get('/api/testimonials/mine', { token: other.token })).body.data).toEqual([]);
  });

  it('shows a waiting screenshot to its owner and administrators only, and any approved one to everyone', async () => {
    const id = (await submit(owner, { screenshot: pngWithText().toString('base64') })).body.data.id;
    const image = (token?: string) => http.get(`/api/testimonials/${id}/screenshot`, { token: token ?? null });
    for (const token of [owner.token, admin.token]) {
      const reply = await image(token);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe('image/png');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['content-security-policy']).toContain('sandbox');
      expect(reply.headers['cache-control']).toBe('private, no-store');
    }
    expect((await image(other.token)).status).toBe(404);
    expect((await image()).status).toBe(404);
    await http.put(`/api/admin/testimonials/${id}`, { status: 'approved' }, { token: admin.token });
    const published = await image();
    expect(published.status).toBe(200);
    expect(published.headers['cache-control']).toBe('public, max-age=300');
  });

  it('lets only the owner withdraw theirs and an administrator remove any', async () => {
    const id = (await submit(other)).body.data.id;
    expect((await http.delete(`/api/testimonials/${id}`)).status).toBe(401);
    expect((await http.delete(`/api/testimonials/${id}`, { token: owner.token })).status).toBe(404);
    expect((await http.delete(`/api/testimonials/${id}`, { token: other.token })).status).toBe(202);
    const again = (await submit(other)).body.data.id;
    expect((await http.delete(`/api/testimonials/${again}`, { token: admin.token })).status).toBe(202);
    expect((await http.get('/api/testimonials/mine', { token: other.token })).body.data).toEqual([]);
  });

  it('keeps at most 3 waiting per reader, even when sent at once', async () => {
    const reader = await newAccount(http);
    const replies = await Promise.all([1, 2, 3, 4, 5].map(() => submit(reader)));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(replies.find((reply) => reply.status === 409)?.body.error.code).toBe('TESTIMONIAL_LIMIT_REACHED');
    // The hour's limit: the sixth is refused with a wait.
    expect((await submit(reader)).status).toBe(429);
  });
});

describe('the administrators’ review and the published files', () => {
  it('approves, translates and orders; the files hold only approved words, in the language asked, for 5 minutes', async () => {
    const writer = await newAccount(http);
    const first = (await submit(writer, { lang: 'ru', text: 'Календарь помог мне понять свой ритм и планы.' })).body
      .data.id;
    const second = (await submit(writer)).body.data.id;
    const file = async (lang: string) => {
      const reply = await http.get(`/content/${lang}/products/testimonial_texts_${lang}.json`);
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe('public, max-age=300');
      return reply.body.people_testimonials.filter((row: { id: number }) => [first, second].includes(row.id));
    };
    expect(await file('en')).toEqual([]);

    expect(
      (await http.put(`/api/admin/testimonials/${first}`, { status: 'approved' }, { token: writer.token })).status,
    ).toBe(403);
    const translated = await http.put(
      `/api/admin/testimonials/${first}`,
      { status: 'approved', translations: { en: 'The calendar helped me see my rhythm and plans.' }, position: 2 },
      { token: admin.token },
    );
    expect(translated.status).toBe(200);
    await http.put(`/api/admin/testimonials/${second}`, { status: 'approved', position: 1 }, { token: admin.token });
    expect(await file('en')).toEqual([
      { id: second, name: 'Ixchel', text: words },
      { id: first, name: 'Ixchel', text: 'The calendar helped me see my rhythm and plans.' },
    ]);
    expect((await file('ru')).map((row: { id: number }) => row.id)).toEqual([first]);
    expect(await file('de')).toEqual([]);

    await http.put(`/api/admin/testimonials/${second}`, { status: 'rejected' }, { token: admin.token });
    expect((await file('en')).map((row: { id: number }) => row.id)).toEqual([first]);
    const audit = await ctx.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.targetId, String(first)));
    expect(audit.map((row) => row.action)).toContain('testimonial.update');
    expect(JSON.stringify(audit)).not.toContain('Ixchel');
  });

  it('links video testimonials by https to known hosts only, and serves them by language', async () => {
    const video = {
      video_url: 'https://www.youtube.com/watch?v=abc123',
      first_name: 'Marta',
      lang: 'es',
      text: 'Mi año',
    };
    expect((await http.post('/api/admin/testimonials/videos', video, { token: owner.token })).status).toBe(403);
    for (const video_url of ['http://www.youtube.com/watch?v=1', 'https://evil.example/x', 'javascript:alert(1)']) {
      const refused = await http.post(
        '/api/admin/testimonials/videos',
        { ...video, video_url },
        { token: admin.token },
      );
      expect(refused.status).toBe(400);
    }
    const added = await http.post('/api/admin/testimonials/videos', video, { token: admin.token });
    expect(added.status).toBe(200);
    const videos = (await http.get('/content/es/products/testimonial_videos_es.json')).body.video_testimonials;
    expect(videos).toContainEqual({ id: added.body.data.id, name: 'Marta', title: 'Mi año', url: video.video_url });
    const list = await http.get('/api/admin/testimonials?kind=video', { token: admin.token });
    expect(list.body.data.map((row: { id: number }) => row.id)).toContain(added.body.data.id);
    expect((await http.get('/api/admin/testimonials', { token: owner.token })).status).toBe(403);
  });

  it('answers 404 for a file of another language or an unknown name', async () => {
    expect((await http.get('/content/en/products/testimonial_texts_ru.json')).status).toBe(404);
    expect((await http.get('/content/xx/products/testimonial_texts_xx.json')).status).toBe(404);
    expect((await http.get('/content/en/products/other.json')).status).toBe(404);
  });
});
