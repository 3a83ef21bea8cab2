import { Module } from '@nestjs/common';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { AccessModule } from '../access/access.module';
import { DerivativesRepository } from './derivatives.repository';
import { MakeDerivativesHandler } from './make-derivatives.handler';
import { ThumbnailController } from './thumbnail.controller';
import { ThumbnailService } from './thumbnail.service';

/**
 * The built-in provider's media derivatives: the `make-derivatives` job (run where workers run)
 * and the dynamic thumbnail service (THRON delivery/getThumbnail, needs a provider token).
 */
@Module({
  imports: [BuiltinProviderDatabaseModule, AccessModule],
  controllers: [ThumbnailController],
  providers: [DerivativesRepository, MakeDerivativesHandler, ThumbnailService],
})
export class DerivativesModule {}
