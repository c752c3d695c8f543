import { ApiError } from '../../lib/errors.ts';

/** The CRM application's credentials (amoCRM's "integration"): from CRM_* variables; absent, the CRM is off. */
export interface CrmConfig {
  /** The account's address, e.g. https://example.amocrm.ru; the token endpoint is `{baseUrl}/oauth2/access_token`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The address of /amoauth as registered with the integration; sent again with every code exchange. */
  redirectUri: string;
  /** Where an administrator grants access (amoCRM's https://www.amocrm.ru/oauth). */
  authorizeUrl: string;
}

/** The tokens of a grant as the token endpoint answers them. */
export interface CrmTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token works from now. */
  expiresIn: number;
}

export interface CrmAdapter {
  readonly configured: boolean;
  readonly baseUrl: string | null;
  /** The page an administrator opens to grant access, carrying `state` back to /amoauth. */
  authorizeUrl(state: string): string;
  /** Trades the code of /amoauth for tokens. */
  exchangeCode(code: string): Promise<CrmTokens>;
  /** A new pair from the refresh token (amoCRM's refresh tokens are single-use: the new one replaces it). */
  refresh(refreshToken: string): Promise<CrmTokens>;
}

/** The refusal of every CRM call while no credentials are set. */
export const notConfigured = () =>
  new ApiError(
    409,
    'CRM_NOT_CONFIGURED',
    'CRM not configured: set CRM_BASE_URL, CRM_CLIENT_ID, CRM_CLIENT_SECRET and CRM_REDIRECT_URI.',
  );

/** The adapter when no credentials are set: every call answers the same clear refusal. */
const offlineAdapter: CrmAdapter = {
  configured: false,
  baseUrl: null,
  authorizeUrl: () => {
    throw notConfigured();
  },
  exchangeCode: async () => {
    throw notConfigured();
  },
  refresh: async () => {
    throw notConfigured();
  },
};

/**
 * amoCRM's OAuth 2 token endpoint (`POST {base}/oauth2/access_token`, JSON in and out), or the offline adapter when
 * the credentials are not set. A refusal of the CRM (a used or expired code, wrong credentials) becomes a 400 in the
 * envelope with the CRM's own words; a CRM that cannot be reached or answers nonsense, a 424 (the dependency failed).
 */
export function createCrmAdapter(config: CrmConfig | undefined, fetchImpl: typeof fetch = fetch): CrmAdapter {
  if (!config) return offlineAdapter;
  const endpoint = `${config.baseUrl.replace(/\/+$/, '')}/oauth2/access_token`;

  async function token(grant: Record<string, string>): Promise<CrmTokens> {
    let reply: Response;
    try {
      reply = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          client_id: config?.clientId,
          client_secret: config?.clientSecret,
          redirect_uri: config?.redirectUri,
          ...grant,
        }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new ApiError(424, 'CRM_UNAVAILABLE', 'The CRM could not be reached. Try again later.');
    }
    const body = (await reply.json().catch(() => null)) as Record<string, unknown> | null;
    if (!reply.ok) {
      const said = typeof body?.hint === 'string' ? body.hint : typeof body?.title === 'string' ? body.title : '';
      throw new ApiError(
        400,
        'CRM_REFUSED',
        `The CRM refused the authorisation${said ? `: ${said.slice(0, 200)}` : ''}.`,
      );
    }
    const accessToken = body?.access_token;
    const refreshToken = body?.refresh_token;
    const expiresIn = Number(body?.expires_in);
    if (typeof accessToken !== 'string' || typeof refreshToken !== 'string' || !Number.isFinite(expiresIn)) {
      throw new ApiError(424, 'CRM_UNAVAILABLE', 'The CRM answered without tokens.');
    }
    return { accessToken, refreshToken, expiresIn };
  }

  return {
    configured: true,
    baseUrl: config.baseUrl,
    authorizeUrl: (state) => `${config.authorizeUrl}?${new URLSearchParams({ client_id: config.clientId, state })}`,
    exchangeCode: (code) => token({ grant_type: 'authorization_code', code }),
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  };
}
