import { LIMITS } from '@paddock/rules';
import { z } from 'zod';
import type { ThronEnvelope } from '../thron.errors';
import type { UserType } from './access-manager.dto';
import type { IdentityGroup, IdentityUser, LinkedGroupsPage } from './identity-user';

/** THRON pages linked groups by `offset` and `numberOfResults`, default and maximum 50 (research §1). */
export const userDetailQuerySchema = z.object({
  clientId: z.string().min(1),
  username: z.string().min(1),
  // Accepted for THRON compatibility; the built-in provider keeps no itags or imetadata on users.
  returnItags: z.string().optional(),
  returnImetadata: z.string().optional(),
  offset: z.coerce.number().int().min(0).default(0),
  numberOfResults: z.coerce
    .number()
    .int()
    .min(1)
    .default(LIMITS.idChunkSize)
    .transform((n) => Math.min(n, LIMITS.idChunkSize)),
});
export type UserDetailQuery = z.infer<typeof userDetailQuerySchema>;

/** THRON's MVUser, the fields the portal reads; null fields are omitted as THRON does. */
export interface VUser {
  credential: { username: string; lastLogin?: string };
  active: boolean;
  userType: UserType;
  detail: {
    name: { firstName: string; lastName: string };
    emails: { email: string }[];
    businessDetail: { companyName: string };
  };
  imageUrl?: string;
}

/** THRON's MUsersGroup. */
export interface VUserGroup {
  id: string;
  name: string;
  description: string;
  active: boolean;
  groupType: 'PLATFORM';
}

/** THRON's MResponseVUserDetail. */
export interface VUserDetailResponse extends ThronEnvelope {
  user: VUser;
  linkedGroups: VUserGroup[];
  totalResults: number;
}

function toVUser(user: IdentityUser): VUser {
  return {
    credential: { username: user.username, lastLogin: user.lastLogin?.toISOString() },
    active: user.active,
    userType: 'PLATFORM_USER',
    detail: {
      name: { firstName: user.firstName, lastName: user.lastName },
      emails: user.email ? [{ email: user.email }] : [],
      businessDetail: { companyName: user.companyName },
    },
    imageUrl: user.imageUrl ?? undefined,
  };
}

function toVUserGroup(group: IdentityGroup): VUserGroup {
  return { ...group, groupType: 'PLATFORM' };
}

export function toVUserDetailResponse(user: IdentityUser, page: LinkedGroupsPage): VUserDetailResponse {
  return {
    resultCode: 'OK',
    user: toVUser(user),
    linkedGroups: page.groups.map(toVUserGroup),
    totalResults: page.total,
    ssoCode: 'OK',
  };
}
