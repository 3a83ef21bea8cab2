import { Body, Controller, Get, Header, HttpCode, Inject, Post, Redirect, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiFoundResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { CookieOptions, Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { Public } from '../../common/public.decorator';
import { SsoExchangeRequest, SsoExchangeResponse, SsoStatusResponse } from './sso.dto';
import { SsoService } from './sso.service';
import { SSO_STATE_COOKIE, SSO_STATE_COOKIE_PATH, SSO_STATE_TTL_SECONDS } from './sso-state-cookie';

/** Single sign-on in a popup (SPEC §2 Login); the opener then signs in with POST /api/session/token. */
@ApiTags('auth')
@Controller('api/auth/sso')
export class SsoController {
  private readonly cookieOptions: CookieOptions;

  constructor(
    private readonly sso: SsoService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cookieOptions = {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.PUBLIC_URL.startsWith('https:'),
      path: SSO_STATE_COOKIE_PATH,
    };
  }

  @Public()
  @Get()
  @ApiOperation({ summary: 'Whether the login page offers single sign-on, and what its popup opens' })
  @ApiOkResponse({ type: SsoStatusResponse })
  status(): SsoStatusResponse {
    return this.sso.status();
  }

  @Public()
  @Get('start')
  @Redirect()
  @Header('Cache-Control', 'no-store')
  // This redirect is a hop in the popup's navigation: helmet's default COOP `same-origin` here would
  // cut the popup from its opener (a browsing context group switch), and the popup could not
  // postMessage the token back (SPEC §2 Login step 3).
  @Header('Cross-Origin-Opener-Policy', 'unsafe-none')
  @ApiOperation({
    summary: 'Opened by the popup: redirects to the OpenID issuer (PKCE, state in a signed cookie)',
  })
  @ApiFoundResponse({
    description:
      "To the issuer's authorization endpoint, with the state cookie; or, when the issuer is unreachable, to /sso-callback?error=issuer_unavailable",
  })
  @ApiNotFoundResponse({ description: 'SSO_NOT_CONFIGURED' })
  async start(@Res({ passthrough: true }) res: Response): Promise<{ url: string; statusCode: number }> {
    const { location, stateCookie } = await this.sso.start();
    if (stateCookie)
      res.cookie(SSO_STATE_COOKIE, stateCookie, {
        ...this.cookieOptions,
        maxAge: SSO_STATE_TTL_SECONDS * 1000,
      });
    return { url: location, statusCode: 302 };
  }

  @Public()
  @Post('exchange')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "Called by /sso-callback: trades the issuer's code for a provider token" })
  @ApiOkResponse({ type: SsoExchangeResponse })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED' })
  @ApiUnauthorizedResponse({
    description: 'SSO_FAILED: state missing, expired or different, or the provider refused the code',
  })
  @ApiNotFoundResponse({ description: 'SSO_NOT_CONFIGURED' })
  @ApiServiceUnavailableResponse({ description: 'PROVIDER_UNAVAILABLE' })
  async exchange(
    @Body() body: SsoExchangeRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SsoExchangeResponse> {
    const cookies: Record<string, unknown> = req.cookies ?? {};
    const pending = this.sso.pendingLogin(body.state, cookies[SSO_STATE_COOKIE]);
    res.clearCookie(SSO_STATE_COOKIE, this.cookieOptions);
    return this.sso.exchange(body, pending);
  }
}
