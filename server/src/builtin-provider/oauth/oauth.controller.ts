import { Body, Controller, Header, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import { oauthTokenFormSchema, type OAuthTokenForm, type OAuthTokenResponse } from './oauth.dto';
import { OAuthService } from './oauth.service';

/** THRON's `POST /auth/resources/oauth/token` (SPEC §7), form-urlencoded; not part of the hub's API description. */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/auth/resources/oauth')
export class OAuthController {
  constructor(private readonly oauth: OAuthService) {}

  @Post('token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  token(@Body(new ThronInputPipe(oauthTokenFormSchema)) form: OAuthTokenForm): Promise<OAuthTokenResponse> {
    return this.oauth.token(form);
  }
}
