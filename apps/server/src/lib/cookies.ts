import { REFERRAL_COOKIE } from '@hunab/contracts';
import type { FastifyRequest } from 'fastify';

/** A cookie of the request by name; undefined when absent. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The referral attribution cookie /r/{slug} set, if the request carries one. */
export const referralCookie = (request: FastifyRequest) => cookieOf(request, REFERRAL_COOKIE);
