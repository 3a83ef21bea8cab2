import { Module } from '@nestjs/common';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { AccessManagerController } from './access-manager.controller';
import { AccessManagerService } from './access-manager.service';
import { BuiltinIdentitySeeder } from './builtin-identity.seeder';
import { GroupRepository } from './group.repository';
import { PasswordHasher } from './password-hasher';
import { ProviderLoginThrottle } from './provider-login-throttle';
import { TokenRepository } from './token.repository';
import { TokenService } from './token.service';
import { UserDirectoryRepository } from './user-directory.repository';

/**
 * The built-in provider's identity: users, groups, login and tokens (THRON xsso). Exports what the
 * OAuth code exchange needs (TokenService, UserDirectoryRepository) and the seeder.
 */
@Module({
  imports: [BuiltinProviderDatabaseModule],
  controllers: [AccessManagerController],
  providers: [
    AccessManagerService,
    TokenService,
    TokenRepository,
    UserDirectoryRepository,
    GroupRepository,
    PasswordHasher,
    ProviderLoginThrottle,
    BuiltinIdentitySeeder,
  ],
  exports: [TokenService, UserDirectoryRepository, BuiltinIdentitySeeder, PasswordHasher],
})
export class IdentityModule {}
