import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FALLBACK_LANGUAGE, LANGUAGES, LIMITS, type Language } from '@paddock/rules';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsUUID, Matches } from 'class-validator';

export class CreateDownloadDto {
  /** As many assets as an external share may hold (SPEC §9). */
  @ApiProperty({ type: [String], format: 'uuid', maxItems: LIMITS.externalShareMaxFiles })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(LIMITS.externalShareMaxFiles)
  @IsUUID('all', { each: true })
  contentIds: string[];

  @ApiProperty({
    type: [String],
    description:
      "Image resolutions: 'original' or 'WxH' (fit inside, never enlarged; larger than an image → left out for it)",
    example: ['original', '1920x1080'],
  })
  @IsArray()
  @ArrayMaxSize(20)
  @Matches(/^(original|[1-9]\d{0,4}x[1-9]\d{0,4})$/, { each: true })
  images: string[];

  @ApiProperty({
    type: [String],
    enum: ['original', 'web'],
    description: "Video renditions: 'original' (the source) or 'web' (the web proxy)",
  })
  @IsArray()
  @ArrayMaxSize(2)
  @IsIn(['original', 'web'], { each: true })
  videos: string[];

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'The folder the user looks at the assets in: SPEC §6 decides the download there. Without it, an asset may be downloaded when some folder of it the user sees allows it',
  })
  @IsOptional()
  @IsUUID('all')
  folderId?: string;

  @ApiPropertyOptional({
    enum: LANGUAGES,
    default: FALLBACK_LANGUAGE,
    description: "The requester's interface language: ZIP entries are named in its asset locale",
  })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Language;
}

export class DownloadCreatedDto {
  @ApiProperty({ description: 'GET /api/downloads/{downloadId} streams the ZIP (valid one hour)' })
  downloadId: string;
}
