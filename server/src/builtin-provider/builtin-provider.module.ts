import { Module } from '@nestjs/common';
import { IdentityModule } from './identity/identity.module';
import { OAuthModule } from './oauth/oauth.module';

/**
 * The built-in provider (ARCHITECTURE §2), mounted under /provider with THRON's paths and shapes.
 * Hub code never imports it; it is reached over HTTP at PROVIDER_URL like the real provider.
 */
@Module({ imports: [IdentityModule, OAuthModule], exports: [IdentityModule] })
export class BuiltinProviderModule {}
