import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { IdentityModule } from './identity.module';
import { VUserManagerController } from './vuser-manager.controller';
import { VUserManagerService } from './vuser-manager.service';

/**
 * The user directory (THRON xsso vusermanager): apart from IdentityModule because its answers
 * depend on who asks (AccessModule), and AccessModule itself builds on IdentityModule's tokens.
 */
@Module({
  imports: [IdentityModule, AccessModule],
  controllers: [VUserManagerController],
  providers: [VUserManagerService],
})
export class DirectoryModule {}
