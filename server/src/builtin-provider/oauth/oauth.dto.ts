import { z } from 'zod';
import type { ThronEnvelope } from '../thron.errors';

/**
 * The form of POST /provider/auth/resources/oauth/token: SPEC §7's `client_id` and `code`, plus the
 * `redirect_uri` and PKCE `code_verifier` of the authorization request, and optionally its
 * response's `iss` (RFC 9207). Unknown fields are ignored, as THRON does; required ones are
 * checked by the service (400 INVALID_ARGUMENTS).
 */
export const oauthTokenFormSchema = z.object({
  client_id: z.string().optional(),
  code: z.string().max(4096).optional(),
  redirect_uri: z.string().max(2048).optional(),
  code_verifier: z.string().max(128).optional(),
  grant_type: z.literal('authorization_code').optional(),
  iss: z.string().max(2048).optional(),
});
export type OAuthTokenForm = z.infer<typeof oauthTokenFormSchema>;

/** 200: the OAuth token fields inside THRON's envelope. */
export interface OAuthTokenResponse extends ThronEnvelope {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds. */
  expires_in: number;
}
