import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../common/clock';
import { LoginThrottle } from '../common/login-throttle';
import { REDIS_KEY_SPACES } from '../common/redis/redis-client';
import { APP_CONFIG, type AppConfig } from '../config/config.module';

/**
 * The hub's sign-in throttle, keyed on the browser's address (Express `req.ip` under the app's
 * trust-proxy setting): the provider behind the hub may see only the hub's own address.
 */
@Injectable()
export class SignInThrottle extends LoginThrottle {
  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(CLOCK) clock: Clock) {
    super(config, clock, REDIS_KEY_SPACES.signInThrottle);
  }
}
