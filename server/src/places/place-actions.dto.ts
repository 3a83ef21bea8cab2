import { ApiProperty } from '@nestjs/swagger';
import { ARCHIVE_SUB_STATES, VIEWS, type AssetActions } from '@paddock/rules';

/** The OpenAPI shape of `Place` (@paddock/rules permissions.ts). */
export class PlaceDto {
  @ApiProperty({ enum: VIEWS }) view: string;
  @ApiProperty({ enum: ARCHIVE_SUB_STATES, nullable: true, type: String }) archiveSubState: string | null;
  @ApiProperty({ description: 'The suppliers folder itself (frnt01-<dept>)' }) isSuppliersRoot: boolean;
  @ApiProperty({ description: 'The department archive itself (arch04-<dept>), where nothing is tagged' })
  isDepartmentArchiveRoot: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'Approval step N of appstpN' }) step:
    number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Department code, lower case' }) department:
    string | null;
}

/** The OpenAPI shape of `AssetActions`: may the user take each SPEC §6 action here. */
export class AssetActionsDto implements AssetActions {
  @ApiProperty() accept: boolean;
  @ApiProperty() reject: boolean;
  @ApiProperty() move: boolean;
  @ApiProperty() delete: boolean;
  @ApiProperty() restore: boolean;
  @ApiProperty() rename: boolean;
  @ApiProperty() updateFile: boolean;
  @ApiProperty() download: boolean;
  @ApiProperty() share: boolean;
  @ApiProperty() tag: boolean;
}
