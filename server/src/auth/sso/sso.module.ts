import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { OPENID_GATEWAY, OpenIdClientGateway } from './openid.gateway';
import { ProviderModule } from '../../provider/provider.module';
import { SsoStateCookie, deriveSsoCookieKey, randomSsoCookieKey } from './sso-state-cookie';
import { SsoController } from './sso.controller';
import { SsoService } from './sso.service';

function stateCookieFactory(config: AppConfig): SsoStateCookie {
  const key = deriveSsoCookieKey(config.OIDC_CLIENT_ID ?? '', config.APP_SECRET ?? config.OIDC_CLIENT_SECRET);
  if (key) return new SsoStateCookie(key);
  if (config.ssoEnabled)
    new Logger('SsoModule').warn(
      'Neither APP_SECRET nor OIDC_CLIENT_SECRET is set: the SSO state cookie key is random per process, so a sign-on must start and finish on the same api replica',
    );
  return new SsoStateCookie(randomSsoCookieKey());
}

/** Single sign-on in the hub: GET /api/auth/sso, GET /api/auth/sso/start, POST /api/auth/sso/exchange. */
@Module({
  imports: [ProviderModule],
  controllers: [SsoController],
  providers: [
    SsoService,
    { provide: OPENID_GATEWAY, useClass: OpenIdClientGateway },
    { provide: SsoStateCookie, useFactory: stateCookieFactory, inject: [APP_CONFIG] },
  ],
})
export class SsoModule {}
