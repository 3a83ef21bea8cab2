import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  PLATE_BOX_SOURCES,
  PLATE_STATES,
  type PlateBox,
  type PlateBoxesView,
  type PlateBoxShape,
  type PlateBoxSource,
  type PlateState,
  type SavePlateBoxesRequest,
} from '@paddock/rules';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNumber, IsUUID, ValidateNested } from 'class-validator';

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
