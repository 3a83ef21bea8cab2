import { Module } from '@nestjs/common';
import { ArchivesModule } from './archives/archives.module';
import { ContentsModule } from './contents/contents.module';
import { DerivativesModule } from './derivatives/derivatives.module';
import { ProviderFoldersModule } from './folders/folders.module';
import { DirectoryModule } from './identity/directory.module';
import { IdentityModule } from './identity/identity.module';
import { OAuthModule } from './oauth/oauth.module';
import { ContentSearchModule } from './search/content-search.module';
import { SharingModule } from './sharing/sharing.module';
import { TaggingModule } from './tagging/tagging.module';

/**
 * The built-in provider (ARCHITECTURE §2), mounted under /provider with THRON's paths and shapes.
 * Hub code never imports it; the hub reaches it through its provider client like the real provider,
 * in-process when it runs here (provider/in-process-transport.ts), else over HTTP at PROVIDER_URL.
 */
@Module({
  imports: [
    IdentityModule,
    DirectoryModule,
    OAuthModule,
    ProviderFoldersModule,
    ContentsModule,
    ContentSearchModule,
    DerivativesModule,
    ArchivesModule,
    TaggingModule,
    SharingModule,
  ],
  exports: [IdentityModule],
})
export class BuiltinProviderModule {}
