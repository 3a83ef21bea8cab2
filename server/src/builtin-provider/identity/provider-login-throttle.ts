import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../common/clock';
import { LoginThrottle } from '../../common/login-throttle';
import { REDIS_KEY_SPACES } from '../../common/redis/redis-client';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';

/**
 * The built-in provider's own login throttle, for whoever calls /provider directly, keyed on its
 * caller's address (`req.ip`). The hub on this server calls from loopback, a trusted proxy, with
 * the browser's address in X-Forwarded-For, so its sign-ins count per browser address here too.
 */
@Injectable()
export class ProviderLoginThrottle extends LoginThrottle {
  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(CLOCK) clock: Clock) {
    super(config, clock, REDIS_KEY_SPACES.providerLoginThrottle);
  }
}
