import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { csrfMismatch } from './auth.errors';

/**
 * Login CSRF: a sign-in posted from another site would sign the victim's browser into the
 * attacker's account. Browsers send Origin on cross-site POSTs, so a present Origin other than
 * PUBLIC_URL's is refused; clients that send none (curl, the header contract) pass.
 */
@Injectable()
export class LoginOriginGuard implements CanActivate {
  private readonly origin: string;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'PUBLIC_URL'>) {
    this.origin = new URL(config.PUBLIC_URL).origin;
  }

  canActivate(context: ExecutionContext): boolean {
    const origin = context.switchToHttp().getRequest<Request>().headers.origin;
    if (origin !== undefined && origin !== this.origin) throw csrfMismatch();
    return true;
  }
}
