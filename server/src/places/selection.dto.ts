import { ApiProperty } from '@nestjs/swagger';
import { LIMITS } from '@paddock/rules';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsString,
  IsUUID,
  MaxLength,
  MinLength,
} from 'class-validator';

/**
 * A selection acted on from a folder (SelectionRequest): the body of the workflow's actions,
 * tagging and internal shares. Its OpenAPI schema keeps the workflow's name the web knows it by.
 */
export class WorkflowRequestDto {
  @ApiProperty({ type: [String], maxItems: LIMITS.workflowMaxAssets, description: 'Content ids' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(LIMITS.workflowMaxAssets)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  contentIds!: string[];

  @ApiProperty({ description: 'The folder the user acts from; the hub derives the view from it' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  folderId!: string;
}
