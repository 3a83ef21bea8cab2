import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ProfileModule } from '../profile/profile.module';
import { ProviderModule } from '../provider/provider.module';
import { AuthGuard } from './auth.guard';
import { AuthenticationService } from './authentication.service';
import { DirectoryUserRepository } from './directory-user.repository';
import { LoginOriginGuard } from './login-origin.guard';
import { SessionController } from './session.controller';
import { SessionRepository } from './session.repository';
import { SessionService } from './session.service';
import { SignInThrottle } from './sign-in-throttle';

/** Hub sign-in, sessions and the global guard of every /api route. */
@Module({
  imports: [ProviderModule, ProfileModule],
  controllers: [SessionController],
  providers: [
    SessionService,
    AuthenticationService,
    SessionRepository,
    DirectoryUserRepository,
    LoginOriginGuard,
    SignInThrottle,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
})
export class AuthModule {}
