import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  FALLBACK_LANGUAGE,
  LANGUAGES,
  LIMITS,
  PLATE_BOX_SOURCES,
  PLATE_STATES,
  type PlateBox,
  type Language,
  type NamedPlateBoxesView,
  type PlateBoxesView,
  type PlateBoxShape,
  type PlateBoxSource,
  type PlateState,
  type PlateViewsAnswer,
  type PlateViewsRequest,
  type SavePlateBoxesRequest,
} from '@paddock/rules';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsNumber,
  IsOptional,
  IsUUID,
  ValidateNested,
} from 'class-validator';

/** A bound on what a request may carry; the rule's own limit (PLATE_BOXES_MAX) answers PLATES_INVALID_BOXES. */
const BOXES_IN_A_REQUEST = 200;

export class AssetPlatesParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  id!: string;
}

export class PlateBoxShapeDto implements PlateBoxShape {
  @ApiProperty({ description: 'Left edge, a fraction of the picture’s width (0..1)' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  x!: number;

  @ApiProperty({ description: 'Top edge, a fraction of the picture’s height (0..1)' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  y!: number;

  @ApiProperty({ description: 'Width, a fraction of the picture’s width' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  w!: number;

  @ApiProperty({ description: 'Height, a fraction of the picture’s height' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  h!: number;
}

export class SavePlateBoxesDto implements SavePlateBoxesRequest {
  @ApiProperty({
    type: [PlateBoxShapeDto],
    description:
      'Every box of the picture (they replace the others); an empty list confirms there is no plate to blur',
  })
  @IsArray()
  @ArrayMaxSize(BOXES_IN_A_REQUEST)
  @ValidateNested({ each: true })
  @Type(() => PlateBoxShapeDto)
  boxes!: PlateBoxShapeDto[];
}

export class PlateBoxDto extends PlateBoxShapeDto implements PlateBox {
  @ApiProperty({ enum: PLATE_BOX_SOURCES })
  source!: PlateBoxSource;
}

export class PlateBoxesViewDto implements PlateBoxesView {
  @ApiProperty({ format: 'uuid' })
  assetId!: string;

  @ApiProperty({ enum: PLATE_STATES })
  state!: PlateState;

  @ApiProperty({ type: [PlateBoxDto] })
  boxes!: PlateBoxDto[];

  @ApiProperty({ description: 'A plate is recorded in the asset’s VIN and plate pairs' })
  plateRecorded!: boolean;

  @ApiProperty({ description: 'Whether the caller may save boxes or run the detection again' })
  mayEdit!: boolean;

  @ApiPropertyOptional()
  confirmedBy?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  confirmedAt?: string;
}

/** The images of an external share, each once (a share holds at most LIMITS.externalShareMaxFiles). */
export class PlateViewsDto implements PlateViewsRequest {
  @ApiProperty({
    type: [String],
    format: 'uuid',
    minItems: 1,
    maxItems: LIMITS.externalShareMaxFiles,
    uniqueItems: true,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(LIMITS.externalShareMaxFiles)
  @ArrayUnique()
  @IsUUID(undefined, { each: true })
  assetIds!: string[];

  @ApiPropertyOptional({
    enum: LANGUAGES,
    default: FALLBACK_LANGUAGE,
    description: 'The language the assets are named in (nameIn)',
  })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Language;
}

export class NamedPlateBoxesViewDto extends PlateBoxesViewDto implements NamedPlateBoxesView {
  @ApiProperty({ description: 'The asset’s name in the asked language' })
  name!: string;

  @ApiProperty({ description: 'The extension of its source file, without the dot' })
  extension!: string;
}

export class PlateViewsAnswerDto implements PlateViewsAnswer {
  @ApiProperty({ type: [NamedPlateBoxesViewDto], description: 'In the order of the ids asked' })
  views!: NamedPlateBoxesViewDto[];
}
