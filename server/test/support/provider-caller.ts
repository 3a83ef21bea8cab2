import { mayOpenView } from '@paddock/rules';
import type { ProviderCaller } from '../../src/builtin-provider/access/provider-caller';
import type { IdentityUser } from '../../src/builtin-provider/identity/identity-user';

/** An active built-in provider user, for unit specs of the provider's services. */
export function identityUser(overrides: Partial<IdentityUser> = {}): IdentityUser {
  return {
    id: '6f1c2b1e-1111-4222-8333-444455556666',
    username: 'writer.one',
    passwordHash: null,
    active: true,
    passwordExpiresAt: null,
    firstName: '',
    lastName: '',
    email: '',
    companyName: '',
    imageUrl: null,
    externalId: null,
    lastLogin: null,
    ...overrides,
  };
}

/** A caller as the CallerGuard hands it to a service: the user and their active groups, a plain user of no department unless said. */
export function providerCaller(
  username: string,
  groupIds: string[],
  roles: Partial<Pick<ProviderCaller, 'serviceAccount' | 'roles' | 'department'>> = {},
): ProviderCaller {
  const caller = {
    serviceAccount: false,
    roles: ['user'] as ProviderCaller['roles'],
    department: null,
    ...roles,
  };
  // As CallerResolver decides it: the junk opens to admins and the service account.
  return {
    user: identityUser({ username }),
    groupIds,
    opensJunk: caller.serviceAccount || mayOpenView(caller.roles, 'departmentJunk'),
    ...caller,
  };
}
