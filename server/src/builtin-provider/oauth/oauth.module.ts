import { Module } from '@nestjs/common';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { IdentityModule } from '../identity/identity.module';
import { OPENID_ISSUER_GATEWAY, OpenIdClientIssuerGateway } from './openid-issuer.gateway';
import { OAuthLinkRepository } from './oauth-link.repository';
import { OAuthController } from './oauth.controller';
import { OAuthService } from './oauth.service';

/** Single sign-on of the built-in provider: POST /provider/auth/resources/oauth/token. */
@Module({
  imports: [IdentityModule, BuiltinProviderDatabaseModule],
  controllers: [OAuthController],
  providers: [
    OAuthService,
    OAuthLinkRepository,
    { provide: OPENID_ISSUER_GATEWAY, useClass: OpenIdClientIssuerGateway },
  ],
})
export class OAuthModule {}
