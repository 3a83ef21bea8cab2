import { ApiProperty } from '@nestjs/swagger';
import {
  INTERNAL_SHARE_MAX_TARGETS,
  type InternalShareRequest,
  type SharingFolder,
  type SharingFolderPlace,
  type SharingFoldersResponse,
} from '@paddock/rules';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';
import { WorkflowRequestDto } from '../places/selection.dto';

/** `POST /api/shares` (SPEC §4 "Internal share"): the selection as for the workflow, and the targets. */
export class InternalShareRequestDto extends WorkflowRequestDto implements InternalShareRequest {
  @ApiProperty({
    type: [String],
    maxItems: INTERNAL_SHARE_MAX_TARGETS,
    description: 'Folders of GET /api/shares/folders to link the assets to',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(INTERNAL_SHARE_MAX_TARGETS)
  @ArrayUnique()
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(200, { each: true })
  targetFolderIds!: string[];
}

export class SharingFolderPlaceDto implements SharingFolderPlace {
  @ApiProperty({ description: 'SPEC §3 folder code; well-known folders are named by it' })
  prettyId!: string;

  @ApiProperty()
  isSupplier!: boolean;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, description: 'Locale → name' })
  names!: Record<string, string>;
}

export class SharingFolderDto extends SharingFolderPlaceDto implements SharingFolder {
  @ApiProperty()
  id!: string;

  @ApiProperty({ type: [SharingFolderPlaceDto], description: 'The ancestors the user sees, top first' })
  path!: SharingFolderPlaceDto[];
}

export class SharingFoldersDto implements SharingFoldersResponse {
  @ApiProperty({ type: [SharingFolderDto] })
  items!: SharingFolderDto[];
}
