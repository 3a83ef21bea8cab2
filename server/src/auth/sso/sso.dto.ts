import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** GET /api/auth/sso. */
export class SsoStatusResponse {
  @ApiProperty({ description: 'Whether the login page shows the single sign-on button' })
  enabled: boolean;

  @ApiProperty({ example: '/api/auth/sso/start', description: 'What the popup opens' })
  startUrl: string;
}

/** POST /api/auth/sso/exchange: what the /sso-callback page read from its query string. */
export class SsoExchangeRequest {
  @ApiProperty({ description: 'The authorization code the issuer returned' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(4096)
  code: string;

  @ApiProperty({ description: 'The state the issuer returned; must match the one /start issued' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(512)
  state: string;

  @ApiPropertyOptional({ description: 'The issuer named in the authorization response (RFC 9207), if any' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  iss?: string;
}

/** The provider token to sign in with (POST /api/session/token). */
export class SsoExchangeResponse {
  @ApiProperty({ description: 'A provider token; valid for one sign-in' })
  token: string;
}
