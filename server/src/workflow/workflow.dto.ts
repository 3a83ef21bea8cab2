import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DRAWING_LIMITS } from '@paddock/rules';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IsLatin1 } from '../common/latin1.validator';
import { WorkflowRequestDto } from '../places/selection.dto';

/** The longest rejection note the hub keeps (a metadata value). */
export const NOTE_MAX_LENGTH = 2_000;

export class AcceptRequestDto extends WorkflowRequestDto {
  @ApiPropertyOptional({
    description: 'At the last step: the enrichment folder (arrc03) or one below it',
  })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  enrichmentFolderId?: string;
}

export class RejectRequestDto extends WorkflowRequestDto {
  @ApiProperty({ description: 'Why (required, Latin-1)', maxLength: NOTE_MAX_LENGTH })
  @IsString()
  @MaxLength(NOTE_MAX_LENGTH)
  @IsLatin1()
  note!: string;

  @ApiPropertyOptional({
    description: 'The drawing over the preview: a DrawingDocument as JSON',
    maxLength: DRAWING_LIMITS.maxChars,
  })
  @IsOptional()
  @IsString()
  @MaxLength(DRAWING_LIMITS.maxChars)
  canvas?: string;
}

export class TargetRequestDto extends WorkflowRequestDto {
  @ApiProperty({ description: 'Where the contents go; the user needs write on it' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  toFolderId!: string;
}

export class RestoreRequestDto extends WorkflowRequestDto {
  @ApiPropertyOptional({
    description:
      'Where the contents go (the user needs write on it); without it each goes back to the folder it was deleted from',
  })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  toFolderId?: string;
}
