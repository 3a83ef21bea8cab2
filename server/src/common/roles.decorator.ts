import { SetMetadata } from '@nestjs/common';
import type { Role } from '@paddock/rules';

export const REQUIRED_ROLES = 'paddock:roles';

/** Lets a hub route through only for users holding at least one of `roles` (checked by the AuthGuard). */
export const Roles = (...roles: Role[]) => SetMetadata(REQUIRED_ROLES, roles);
