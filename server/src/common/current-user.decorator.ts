import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { DomainError } from './domain-error';
import type { AuthenticatedRequest, AuthUser } from './auth-user';

/** The signed-in user the AuthGuard put on the request; on a @Public route without one, 401. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
  if (!user) throw DomainError.unauthenticated();
  return user;
});
