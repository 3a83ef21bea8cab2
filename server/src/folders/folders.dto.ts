import { IsName } from '../common/latin1.validator';
import { AssetActionsDto, PlaceDto } from '../places/place-actions.dto';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ARCHIVE_SUB_STATES,
  FOLDER_PRETTY_ID_MAX_LENGTH,
  LANGUAGES,
  LIMITS,
  VIEWS,
  type ArchiveSubState,
  type Language,
  type View,
} from '@paddock/rules';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

/** The synthetic root of the tree (SPEC §3): the parent of every top-level folder the user sees. */
export const ROOT_FOLDER_ID = 'root';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class FolderLanguageQuery {
  @ApiPropertyOptional({
    enum: LANGUAGES,
    description: 'Language of the names; a missing name falls back to EN',
  })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Language;
}

export class FolderTreeQuery extends FolderLanguageQuery {
  @ApiPropertyOptional({
    enum: VIEWS,
    description:
      "Only the view's folders (SPEC §2), with the folders above them as context; every folder without",
  })
  @IsOptional()
  @IsIn(VIEWS)
  view?: View;

  @ApiPropertyOptional({
    enum: ARCHIVE_SUB_STATES,
    description: 'In the archives view: only this sub-state (SPEC §2); every archive folder without',
  })
  @IsOptional()
  @IsIn(ARCHIVE_SUB_STATES)
  archive?: ArchiveSubState;
}

export class FolderIdParams {
  @ApiProperty({ description: 'Folder id, or root for the synthetic root' })
  @IsString()
  @MaxLength(100)
  id: string;
}

export class CreateFolderDto {
  @ApiProperty({ description: 'Parent folder id; the user needs manage on it' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  parentId: string;

  @ApiPropertyOptional({
    description: 'Name, saved in IT and EN (SPEC §5: a folder must have a name, else FOLDER_NAME_REQUIRED)',
    maxLength: LIMITS.nameMaxLength,
  })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @IsName()
  name?: string;
}

export class UpdateFolderDto {
  @ApiPropertyOptional({
    description: 'New name, saved in IT and EN; empty is FOLDER_NAME_REQUIRED',
    maxLength: LIMITS.nameMaxLength,
  })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @IsName()
  name?: string;

  @ApiPropertyOptional({
    description:
      'New code (prettyId): lower-case letters and digits in dash-separated parts (FOLDER_PRETTY_ID_INVALID); the codes of SPEC §3 stay the workflow folders own (FOLDER_PRETTY_ID_RESERVED)',
    maxLength: FOLDER_PRETTY_ID_MAX_LENGTH,
  })
  // Absent means "keep the code"; null is not a code (IsOptional would let it through).
  @ValidateIf((_, value) => value !== undefined)
  @Transform(trimmed)
  @IsString()
  @MaxLength(FOLDER_PRETTY_ID_MAX_LENGTH)
  prettyId?: string;
}

export class FolderRightsResponse {
  @ApiProperty({ description: 'Write the folder: create sub-folders, rename, delete' }) manage: boolean;
  @ApiProperty({ description: 'Share the contents' }) share: boolean;
  @ApiProperty({ description: 'Write the contents: upload, link, unlink' }) write: boolean;
}

export class FolderPathItem {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
}

export class FolderNodeResponse {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'In the asked language; supplier exchange folders named per SPEC §2' })
  name: string;
  @ApiProperty({ description: 'The folder code (SPEC §3)' }) prettyId: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'root for a top-level folder of the user; null for the synthetic root itself',
  })
  parentId: string | null;
  @ApiProperty() isSupplier: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'SPEC §3 origin folder: the folder this one was made from',
  })
  originId: string | null;
  @ApiProperty({ type: FolderRightsResponse }) rights: FolderRightsResponse;
  @ApiProperty({
    description:
      'SPEC §3 tree node data: the user may create a sub-folder here (SPEC §6 "Create" in its view, with manage), checked again on create',
  })
  canCreate: boolean;
  @ApiProperty({ description: 'Has sub-folders the user may see' }) hasChildren: boolean;
  @ApiPropertyOptional({ type: () => [FolderNodeResponse], description: 'Visible sub-folders, by name' })
  children?: FolderNodeResponse[];
  @ApiPropertyOptional({
    description:
      'On a top-level folder below folders the user does not see: the name of the top folder above it (its department)',
  })
  department?: string;
  @ApiPropertyOptional({
    description:
      'In a view-scoped tree: a folder kept only because folders of the view sit below it, shown for orientation and not opened',
  })
  context?: boolean;
}

export class FolderDetailResponse extends FolderNodeResponse {
  @ApiProperty({ type: [FolderPathItem], description: 'Breadcrumb: the visible ancestors then the folder' })
  path: FolderPathItem[];
  @ApiPropertyOptional({ type: PlaceDto, description: 'The view of the folder (not on the synthetic root)' })
  place?: PlaceDto;
  @ApiPropertyOptional({
    type: AssetActionsDto,
    description: 'What SPEC §6 allows on assets in the folder (the step is the folder own)',
  })
  actions?: AssetActionsDto;
}

export class FolderTreeResponse {
  @ApiProperty({ type: [FolderNodeResponse], description: "The user's top-level visible folders, by name" })
  roots: FolderNodeResponse[];
}
