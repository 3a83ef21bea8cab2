import { Module } from '@nestjs/common';
import { ProviderModule } from '../provider/provider.module';
import { SharingModule } from '../sharing/sharing.module';
import { RightsDigestHandler } from './rights-digest.handler';
import { RightsNoticeSender } from './rights-notice-sender';
import { RightsNoticesHandler } from './rights-notices.handler';
import { RightsNoticesRepository } from './rights-notices.repository';
import { RightsWebhookHandler } from './rights-webhook.handler';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** The rights notices' jobs (docs/rights-notices.md): the daily scan, the digests, the webhook deliveries. */
@Module({
  imports: [ProviderModule, SharingModule],
  providers: [
    RightsNoticesRepository,
    RightsNoticeSender,
    RightsNoticesHandler,
    RightsWebhookHandler,
    RightsDigestHandler,
  ],
  exports: [RightsNoticesRepository],
})
export class RightsNoticesModule {}

/** The administrators' webhook routes, where the api runs. */
@Module({
  imports: [RightsNoticesModule],
  controllers: [WebhooksController],
  providers: [WebhooksService],
})
export class RightsNoticesApiModule {}
