import { hash, type Options, verify } from '@node-rs/argon2';

/** argon2id with OWASP's first recommended setting (19 MiB, 2 passes): about 25 ms a hash on this hardware. */
const OPTIONS: Options = {
  algorithm: 2 as Options['algorithm'], // Algorithm.Argon2id (a const enum, not importable as a value here)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let verifications = 0;
/** How many password hashes this process has verified, the decoy's included (`hunab_password_verifications_total`). */
export const passwordVerifications = () => verifications;

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  verifications += 1;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a password no one knows, verified when an email is unknown so both answers take the same time. */
let decoyHash: Promise<string> | null = null;
export function verifyDecoy(password: string): Promise<boolean> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash.then((decoy) => verifyPassword(decoy, password));
}
