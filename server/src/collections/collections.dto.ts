import { ApiProperty, PickType } from '@nestjs/swagger';
import { SAVED_SEARCH_LIMITS, type CollectionView } from '@paddock/rules';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsUUID } from 'class-validator';
import { NameOf, SharedWithDto } from '../saved-searches/saved-searches.dto';
import { AssetListQueryDto } from '../search/search.dto';

export class CollectionIdParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  id!: string;
}

export class CollectionNameDto {
  @NameOf('Its name, unique among the owner’s')
  name!: string;
}

export class CollectionItemsDto {
  @ApiProperty({
    type: [String],
    format: 'uuid',
    minItems: 1,
    maxItems: SAVED_SEARCH_LIMITS.collectionItemsMax,
    description: 'Asset (content) ids, from any folders',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(SAVED_SEARCH_LIMITS.collectionItemsMax)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  contentIds!: string[];
}

/** A collection's assets: the listing's sort, page and language, no folder nor filter. */
export class CollectionAssetsQueryDto extends PickType(AssetListQueryDto, [
  'sort',
  'order',
  'offset',
  'limit',
  'lang',
] as const) {}

export class CollectionDto implements CollectionView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() owner!: string;
  @ApiProperty({ description: 'The reader owns it: renames, shares, fills and deletes it' }) mine!: boolean;
  @ApiProperty({ description: 'The ids it keeps; the reader is listed only those it may see' }) size!: number;
  @ApiProperty({ type: SharedWithDto, description: "The owner's sharing; empty for the others" })
  sharedWith!: SharedWithDto;
}

export class CollectionListDto {
  @ApiProperty({ type: [CollectionDto], description: 'By name' }) items!: CollectionDto[];
}
