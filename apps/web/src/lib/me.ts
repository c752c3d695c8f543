import type { User } from '@hunab/contracts';

/** The reader's own birth date, given at sign-up: "me", the main card of the cards bar and the first pick on /compat. */
export interface Me {
  /** The name the account gave itself, or null (the interface then says "me" in its language). */
  name: string | null;
  /** YYYY-MM-DD */
  birthDate: string;
}

export function meOf(
  user: Pick<User, 'name' | 'display_name' | 'username' | 'birth_date'> | null | undefined,
): Me | null {
  const birthDate = user?.birth_date?.slice(0, 10);
  if (!user || !birthDate) return null;
  return { name: user.name?.trim() || user.display_name?.trim() || user.username?.trim() || null, birthDate };
}
