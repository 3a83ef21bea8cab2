import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CHECKLIST_MARKS,
  DRAWING_LIMITS,
  type ChecklistMark,
  type ChecklistMarkRequest,
} from '@paddock/rules';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
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

export class ChecklistMarkDto implements ChecklistMarkRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  contentId!: string;

  @ApiProperty({ description: 'The folder the approver works from, as for accept' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  folderId!: string;

  @ApiProperty({
    description: 'The version looked at; a newer one since is refused (WORKFLOW_CHECKLIST_STALE)',
  })
  @IsInt()
  @Min(2)
  @Max(1_000_000)
  version!: number;

  @ApiProperty({ description: "The region's number (rules drawingRegions), from 1" })
  @IsInt()
  @Min(1)
  @Max(DRAWING_LIMITS.maxStrokes)
  region!: number;

  @ApiProperty({ enum: CHECKLIST_MARKS, nullable: true, description: 'null clears the mark' })
  @ValidateIf((_, value) => value !== null)
  @IsIn(CHECKLIST_MARKS)
  mark!: ChecklistMark | null;
}
