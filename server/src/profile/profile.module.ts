import { Module } from '@nestjs/common';
import { ProfileController } from './profile.controller';
import { ProfileRepository } from './profile.repository';
import { ProfileService } from './profile.service';

/**
 * Disclaimer and user preferences (SPEC §7). Exports ProfileService for the demo seed
 * (upsertDisclaimer) and the AuthGuard (isDisclaimerAccepted).
 */
@Module({
  controllers: [ProfileController],
  providers: [ProfileService, ProfileRepository],
  exports: [ProfileService],
})
export class ProfileModule {}
