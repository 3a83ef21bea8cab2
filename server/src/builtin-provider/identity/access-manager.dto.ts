import { z } from 'zod';
import type { ThronEnvelope } from '../thron.errors';
import { fullNameOf, type IdentityUser } from './identity-user';

/** THRON's MEUserType; the built-in provider only has platform users. */
export type UserType = 'PLATFORM_USER' | 'PLATFORM_USER_GUEST';

export const loginFormSchema = z.object({
  username: z.string().optional(),
  password: z.string().optional(),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** The SPEC sends clientId in the form, THRON in the path: both are accepted and must agree. */
export const validateTokenFormSchema = z.object({
  username: z.string().optional(),
  clientId: z.string().optional(),
});
export type ValidateTokenForm = z.infer<typeof validateTokenFormSchema>;

export interface LoginCredentials {
  username?: string;
  password?: string;
}

/** THRON's MResponseAccessLogin, the answer of login and validateToken. */
export interface AccessLoginResponse extends ThronEnvelope {
  tokenId: string;
  username: string;
  userFullName: string;
  userType: UserType;
}

export function toAccessLoginResponse(user: IdentityUser, tokenId: string): AccessLoginResponse {
  return {
    resultCode: 'OK',
    tokenId,
    username: user.username,
    userFullName: fullNameOf(user),
    userType: 'PLATFORM_USER',
    ssoCode: 'OK',
  };
}

/** A header's value when sent once; repeated or missing headers count as absent. */
export function singleHeader(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
