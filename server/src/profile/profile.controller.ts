import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user';
import { BeforeDisclaimer } from '../common/before-disclaimer.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import {
  DisclaimerAcceptanceResponse,
  DisclaimerIdParams,
  DisclaimerResponse,
  SaveDisclaimerAcceptanceDto,
  UserPreferencesDto,
  UserPreferencesResponse,
  toDisclaimerResponse,
} from './profile.dto';
import { ProfileService } from './profile.service';
import { ApiSignedIn } from '../common/api-refusals.decorator';

/** SPEC §7 content service, profile part. */
@ApiTags('profile')
@ApiSignedIn()
@Controller('api/profile')
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @BeforeDisclaimer()
  @Get('check-disclaimer')
  @ApiOkResponse({ type: DisclaimerAcceptanceResponse })
  async checkDisclaimer(@CurrentUser() user: AuthUser): Promise<DisclaimerAcceptanceResponse> {
    return { disclaimerAcceptance: await this.profile.isDisclaimerAccepted(user.username) };
  }

  @BeforeDisclaimer()
  @Get('get-disclaimer')
  @ApiOkResponse({ type: DisclaimerResponse, description: 'The current disclaimer' })
  @ApiNotFoundResponse({ description: 'No disclaimer is active (NOT_FOUND)' })
  async getDisclaimer(@CurrentUser() _user: AuthUser): Promise<DisclaimerResponse> {
    return toDisclaimerResponse(await this.profile.currentDisclaimer());
  }

  @BeforeDisclaimer()
  @Post('save-disclaimer-acceptance/:disclaimerId')
  @HttpCode(200)
  @ApiOkResponse({ type: DisclaimerAcceptanceResponse })
  @ApiBadRequestResponse({
    description: 'Invalid body, or the disclaimer is not the current one (DISCLAIMER_NOT_CURRENT)',
  })
  @ApiNotFoundResponse({ description: 'No such disclaimer (NOT_FOUND)' })
  async saveDisclaimerAcceptance(
    @CurrentUser() user: AuthUser,
    @Param() params: DisclaimerIdParams,
    @Body() _body: SaveDisclaimerAcceptanceDto,
  ): Promise<DisclaimerAcceptanceResponse> {
    await this.profile.acceptDisclaimer(user.username, params.disclaimerId);
    return { disclaimerAcceptance: true };
  }

  @Get('user-preferences')
  @ApiOkResponse({ type: UserPreferencesResponse, description: 'The stored preferences ({} when none)' })
  getPreferences(@CurrentUser() user: AuthUser): Promise<UserPreferencesResponse> {
    return this.profile.preferences(user.username);
  }

  @Post('user-preferences')
  @HttpCode(200)
  @ApiOkResponse({ type: UserPreferencesResponse, description: 'The stored preferences after the change' })
  @ApiBadRequestResponse({ description: 'An unknown or invalid field (VALIDATION_FAILED)' })
  savePreferences(
    @CurrentUser() user: AuthUser,
    @Body() body: UserPreferencesDto,
  ): Promise<UserPreferencesResponse> {
    return this.profile.savePreferences(user.username, body);
  }
}
