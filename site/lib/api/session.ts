import { SessionUserSchema, type SessionUser } from '~/bff/contracts/auth.ts';
import { APP_API_TIMEOUT_MS, AUTH_BASE } from '~/bff/contracts/http.ts';
import { createKy, parseBody, sendRequest, type ClientOverrides } from './client.ts';
import { ApiError, ParsingError, RequestError } from './errors.ts';

/**
 * `GET /api/auth/me` gives the signed-in customer, or null on 204 (nobody signed in). Any failure
 * throws a RequestError with the HTTP status, or status 0 when no response came (network failure, timeout).
 */
export async function getSession(overrides?: ClientOverrides): Promise<SessionUser | null> {
  try {
    const { response, url } = await sendRequest(createKy(AUTH_BASE, APP_API_TIMEOUT_MS, overrides), AUTH_BASE, 'get', 'me');
    if (response.status === 204) return null;
    return await parseBody(response, SessionUserSchema, 'get', url);
  } catch (error) {
    if (error instanceof RequestError || !(error instanceof ApiError)) throw error;
    const status = error instanceof ParsingError ? error.status : 0;
    throw new RequestError(error.message, error.method, error.url, status, null, { cause: error });
  }
}
