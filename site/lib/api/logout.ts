import * as z from 'zod/mini';
import { APP_API_TIMEOUT_MS, AUTH_BASE } from '../../../bff/contracts/http.ts';
import { createKy, requestJson, type ClientOverrides } from './client.ts';

const LogoutResponseSchema = z.object({ redirectTo: z.string().check(z.minLength(1)) });

/**
 * `POST /api/auth/logout` ends the portal session; the answer is the identity provider's end-session URL to
 * navigate to. Kept apart from getSession, whose SessionUserSchema would bring all of classic zod along.
 */
export async function logout(overrides?: ClientOverrides): Promise<z.output<typeof LogoutResponseSchema>> {
  return requestJson(createKy(AUTH_BASE, APP_API_TIMEOUT_MS, overrides), AUTH_BASE, 'post', 'logout', LogoutResponseSchema);
}
