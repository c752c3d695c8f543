import { kinOfDate, parseDate, sealOfKin, toneOfKin } from '@hunab/calendar';
import type { SessionUser } from '../features/auth/session.ts';

/** Up to two initials of the name, else of the email, else U (spec 000 section 2.3). */
export function initialsOf(user: Pick<SessionUser, 'name' | 'email'> | null): string {
  const source = user?.name?.trim() || user?.email?.trim() || '';
  if (!source) return 'U';
  const words = source.includes('@') ? [source] : source.split(/\s+/);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

const SEAL_COLORS = ['red', 'white', 'blue', 'yellow'] as const;

/** The kin of the birth date (seal colour, seal and tone numbers) when known, else the initials. */
export function Avatar({ user, size = 56 }: { user: SessionUser | null; size?: number }) {
  let kin: number | null = null;
  try {
    kin = user?.birth_date ? kinOfDate(parseDate(user.birth_date)) : null;
  } catch {
    kin = null;
  }
  if (kin) {
    const seal = sealOfKin(kin);
    return (
      <span
        className={`avatar avatar-kin kin-${SEAL_COLORS[(seal - 1) % 4]}`}
        style={{ width: size, height: size }}
        data-testid="avatar"
        data-kin={kin}
        title={`Kin ${kin}`}
      >
        <span className="avatar-seal">{seal}</span>
        <span className="avatar-tone">{toneOfKin(kin)}</span>
      </span>
    );
  }
  return (
    <span
      className="avatar avatar-initials"
      style={{ width: size, height: size }}
      data-testid="avatar"
      aria-hidden="true"
    >
      {initialsOf(user)}
    </span>
  );
}
