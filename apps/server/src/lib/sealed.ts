import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Secrets kept in the database (a CRM's tokens) sealed with AES-256-GCM under a key derived from the server's own
 * secret for one purpose, so a copy of the database alone does not hand them out, and a changed row is refused.
 * A sealed value reads `v1.<iv>.<ciphertext and tag>` in base64url.
 */
export function createSealer(secret: Uint8Array, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `hunab:${purpose}`, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },

    /** The plain value, or null when it was not sealed with this key or was changed since. */
    open(sealed: string): string | null {
      const [version, ivText = '', bodyText = ''] = sealed.split('.');
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (version !== VERSION || iv.length !== IV_BYTES || body.length < TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}

export type Sealer = ReturnType<typeof createSealer>;
