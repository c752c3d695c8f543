import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { crmConnections } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ApiError } from '../../lib/errors.ts';
import { createSealer } from '../../lib/sealed.ts';
import { type CrmAdapter, type CrmTokens, notConfigured } from './adapter.ts';

const PROVIDER = 'amocrm';
/** An authorisation started by an administrator must come back within this time. */
const STATE_MINUTES = 15;
/** An access token this close to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export interface CrmStatus {
  configured: boolean;
  connected: boolean;
  base_url: string | null;
  expires_at: string | null;
  updated_at: string | null;
}

/**
 * The CRM connection: an administrator starts it (`authorizeUrl`, with a signed state naming them), the CRM sends
 * them back to /amoauth with a code, and `connect` trades the code for tokens that stay on the server (never sent to
 * a browser), sealed in the database with a key derived from the server's secret. `accessToken` gives a working
 * token to the code that talks to the CRM, refreshing it when near its end. Tokens sealed under another secret (the
 * server's secret was changed) read as no connection: an administrator connects again.
 */
export function createCrmService(deps: { db: Db; adapter: CrmAdapter; secret: Uint8Array; now: () => Date }) {
  const { db, adapter, now } = deps;
  const sign = (value: string) => createHmac('sha256', deps.secret).update(`crm-state:${value}`).digest('base64url');
  const sealer = createSealer(deps.secret, 'crm-tokens');
  const sealed = (tokens: CrmTokens) => ({
    accessToken: sealer.seal(tokens.accessToken),
    refreshToken: sealer.seal(tokens.refreshToken),
  });
  /** The connection's tokens in the clear, or null when there is none or they cannot be opened. */
  const opened = (row: typeof crmConnections.$inferSelect | undefined) => {
    const accessToken = row ? sealer.open(row.accessToken) : null;
    const refreshToken = row ? sealer.open(row.refreshToken) : null;
    return row && accessToken && refreshToken ? { ...row, accessToken, refreshToken } : null;
  };

  function checkState(state: string, adminId: string): void {
    const [user = '', expires = '', mac = ''] = state.split('.');
    const expected = Buffer.from(sign(`${user}.${expires}`));
    const given = Buffer.from(mac);
    const valid =
      user === adminId &&
      expected.length === given.length &&
      timingSafeEqual(expected, given) &&
      Number(expires) > now().getTime();
    if (!valid) throw new ApiError(400, 'INVALID_STATE', 'This authorisation was not started here, or has expired.');
  }

  async function status(): Promise<CrmStatus> {
    const [row] = await db.select().from(crmConnections).where(eq(crmConnections.provider, PROVIDER));
    return {
      configured: adapter.configured,
      connected: opened(row) !== null,
      base_url: row?.baseUrl ?? adapter.baseUrl,
      expires_at: row?.expiresAt.toISOString() ?? null,
      updated_at: row?.updatedAt.toISOString() ?? null,
    };
  }

  return {
    status,
    /** The CRM's credentials are set (CRM_*): without them nothing is sent to a CRM. */
    configured: adapter.configured,

    /** The CRM's grant page for this administrator, with a state that only they can bring back, for 15 minutes. */
    authorizeUrl(adminId: string): string {
      const expires = now().getTime() + STATE_MINUTES * 60_000;
      const value = `${adminId}.${expires}`;
      return adapter.authorizeUrl(`${value}.${sign(value)}`);
    },

    /** Trades the code of /amoauth for tokens and keeps them, with the audit row, in one transaction. */
    async connect(adminId: string, input: { code: string; state: string }): Promise<CrmStatus> {
      if (!adapter.configured) throw notConfigured();
      checkState(input.state, adminId);
      const tokens = await adapter.exchangeCode(input.code);
      const at = now();
      const values = {
        baseUrl: adapter.baseUrl ?? '',
        ...sealed(tokens),
        expiresAt: new Date(at.getTime() + tokens.expiresIn * 1000),
        connectedBy: adminId,
        updatedAt: at,
      };
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ connectedBy: crmConnections.connectedBy, updatedAt: crmConnections.updatedAt })
          .from(crmConnections)
          .where(eq(crmConnections.provider, PROVIDER));
        await tx
          .insert(crmConnections)
          .values({ provider: PROVIDER, ...values })
          .onConflictDoUpdate({ target: crmConnections.provider, set: values });
        await recordAudit(tx as unknown as Db, {
          actorId: adminId,
          action: 'crm.connect',
          targetType: 'crm',
          targetId: PROVIDER,
          before: before ? { connected_by: before.connectedBy, updated_at: before.updatedAt.toISOString() } : null,
          after: { base_url: values.baseUrl, expires_at: values.expiresAt.toISOString() },
        });
      });
      return status();
    },

    /**
     * A working access token, refreshed (and the new pair kept) when it is close to its end; null when not connected.
     * The refresh holds the connection's row, so of several processes only one spends the single-use refresh token;
     * the others wait and read the new pair.
     */
    async accessToken(): Promise<string | null> {
      const [stored] = await db.select().from(crmConnections).where(eq(crmConnections.provider, PROVIDER));
      const row = opened(stored);
      if (!row) return null;
      const fresh = (expiresAt: Date) => expiresAt.getTime() - now().getTime() > REFRESH_MARGIN_MS;
      if (fresh(row.expiresAt)) return row.accessToken;
      return db.transaction(async (tx) => {
        const [lockedRow] = await tx
          .select()
          .from(crmConnections)
          .where(eq(crmConnections.provider, PROVIDER))
          .for('update');
        const locked = opened(lockedRow);
        if (!locked) return null;
        if (fresh(locked.expiresAt)) return locked.accessToken;
        const tokens = await adapter.refresh(locked.refreshToken);
        const at = now();
        await tx
          .update(crmConnections)
          .set({
            ...sealed(tokens),
            expiresAt: new Date(at.getTime() + tokens.expiresIn * 1000),
            updatedAt: at,
          })
          .where(eq(crmConnections.provider, PROVIDER));
        return tokens.accessToken;
      });
    },
  };
}

export type CrmService = ReturnType<typeof createCrmService>;
