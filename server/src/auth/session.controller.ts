import { Body, Controller, Delete, Get, HttpCode, Inject, Ip, Post, Res, UseGuards } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Response } from 'express';
import { LOGIN_FLOOD_GUARD } from '../common/login-throttle';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import type { AuthUser } from '../common/auth-user';
import { BeforeDisclaimer } from '../common/before-disclaimer.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { LoginOriginGuard } from './login-origin.guard';
import { Public } from '../common/public.decorator';
import { LoginDto, SessionResponseDto, TokenLoginDto } from './session.dto';
import { SessionService } from './session.service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';

@ApiTags('session')
@Controller('api/session')
export class SessionController {
  constructor(
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post()
  @HttpCode(200)
  @UseGuards(ThrottlerGuard, LoginOriginGuard)
  @Throttle({ default: LOGIN_FLOOD_GUARD })
  @ApiOperation({ summary: 'Sign in with username and password; sets the paddock_session cookie' })
  @ApiOkResponse({ type: SessionResponseDto })
  @ApiResponse({ status: 400, description: 'VALIDATION_FAILED' })
  @ApiResponse({ status: 401, description: 'WRONG_CREDENTIALS, PASSWORD_EXPIRED or ACCOUNT_DISABLED' })
  @ApiResponse({ status: 403, description: 'CSRF_MISMATCH: posted from another origin' })
  @ApiResponse({
    status: 429,
    description:
      'TOO_MANY_ATTEMPTS: this username from this address must wait (Retry-After, details.retryAfterSeconds)',
  })
  @ApiResponse({ status: 503, description: 'PROVIDER_UNAVAILABLE' })
  async signIn(
    @Body() dto: LoginDto,
    @Ip() ip: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionResponseDto> {
    const { sessionToken, session } = await this.sessions.signIn(dto.username, dto.password, ip);
    setSessionCookie(res, sessionToken, this.config);
    return session;
  }

  @Public()
  @Post('token')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard, LoginOriginGuard)
  @Throttle({ default: LOGIN_FLOOD_GUARD })
  @ApiOperation({
    summary: 'Sign in with a provider token from single sign-on; sets the paddock_session cookie',
  })
  @ApiOkResponse({ type: SessionResponseDto })
  @ApiResponse({ status: 401, description: 'SSO_FAILED' })
  @ApiResponse({ status: 403, description: 'CSRF_MISMATCH: posted from another origin' })
  @ApiResponse({ status: 503, description: 'PROVIDER_UNAVAILABLE' })
  async signInWithToken(
    @Body() dto: TokenLoginDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionResponseDto> {
    const { sessionToken, session } = await this.sessions.signInWithToken(dto.token);
    setSessionCookie(res, sessionToken, this.config);
    return session;
  }

  @BeforeDisclaimer()
  @Get()
  @ApiCookieAuth()
  @ApiSecurity('token')
  @ApiOperation({ summary: 'The signed-in user, checked with the provider (once per page load)' })
  @ApiOkResponse({ type: SessionResponseDto })
  @ApiResponse({
    status: 401,
    description: 'UNAUTHENTICATED: no session, or it expired here or at the provider',
  })
  @ApiResponse({ status: 503, description: 'PROVIDER_UNAVAILABLE' })
  current(@CurrentUser() user: AuthUser): Promise<SessionResponseDto> {
    return this.sessions.current(user);
  }

  @BeforeDisclaimer()
  @Delete()
  @HttpCode(204)
  @ApiCookieAuth()
  @ApiSecurity('token')
  @ApiOperation({ summary: 'Sign out: ends the provider token and the session, clears the cookie' })
  @ApiNoContentResponse()
  @ApiResponse({ status: 403, description: 'CSRF_MISMATCH: cookie request without the x-csrf-token header' })
  async signOut(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.sessions.signOut(user);
    clearSessionCookie(res);
  }
}
