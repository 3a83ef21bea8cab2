import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  BUILTIN_SAVED_SEARCHES,
  SAVED_SEARCH_LIMITS,
  type SaveSearchRequest,
  type SavedListingQuery,
  type SavedSearchView,
  type SharedWith,
} from '@paddock/rules';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
} from 'class-validator';
import { IsLatin1 } from '../common/latin1.validator';
import { savedListingQuerySchema } from './saved-search-query';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** A saved search's id, or a built-in's. */
const SAVED_SEARCH_ID = new RegExp(`^(${UUID}|${BUILTIN_SAVED_SEARCHES.map((b) => b.id).join('|')})$`);
export const USERNAME = /^[\w.@-]{1,100}$/;
export const DEPARTMENT = /^[a-zA-Z0-9]{1,40}$/;

function IsSavedListingQuery(): PropertyDecorator {
  return ValidateBy({
    name: 'isSavedListingQuery',
    validator: {
      validate: (value: unknown) => savedListingQuerySchema.safeParse(value).success,
      defaultMessage: () =>
        "query must be the listing's keys: {folder?, q?, sub?, sort?, order?, type?, ext?, pub?, meta?, only?}",
    },
  });
}

/** A name of a saved search or a collection: 1 to SAVED_SEARCH_LIMITS.nameMaxLength Latin-1 characters, not blank. */
export function NameOf(description: string): PropertyDecorator {
  return (target, key) => {
    ApiProperty({ description, maxLength: SAVED_SEARCH_LIMITS.nameMaxLength })(target, key);
    IsString()(target, key);
    MaxLength(SAVED_SEARCH_LIMITS.nameMaxLength)(target, key);
    Matches(/\S/, { message: 'name must not be blank' })(target, key);
    IsLatin1()(target, key);
  };
}

export class SavedSearchIdParams {
  @ApiProperty({ description: 'A saved search id (uuid) or a built-in id (builtin-…)' })
  @Matches(SAVED_SEARCH_ID, { message: 'id must be a saved search id' })
  id!: string;
}

const QUERY_DESCRIPTION =
  "The listing's address keys (web listing-search.ts): folder, q, sub, sort, order, type, ext, pub, meta, only";

export class SaveSearchDto implements SaveSearchRequest {
  @NameOf('Its name, unique among the owner’s')
  name!: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: QUERY_DESCRIPTION })
  @IsSavedListingQuery()
  query!: SavedListingQuery;
}

export class UpdateSavedSearchDto {
  @ApiPropertyOptional({ maxLength: SAVED_SEARCH_LIMITS.nameMaxLength })
  @IsOptional()
  @IsString()
  @MaxLength(SAVED_SEARCH_LIMITS.nameMaxLength)
  @Matches(/\S/, { message: 'name must not be blank' })
  @IsLatin1()
  name?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: QUERY_DESCRIPTION })
  @IsOptional()
  @IsSavedListingQuery()
  query?: SavedListingQuery;
}

export class ShareDto implements SharedWith {
  @ApiProperty({
    type: [String],
    maxItems: SAVED_SEARCH_LIMITS.shareUsersMax,
    description: 'Colleagues by username; [] shares with nobody by name',
  })
  @IsArray()
  @ArrayMaxSize(SAVED_SEARCH_LIMITS.shareUsersMax)
  @ArrayUnique()
  @IsString({ each: true })
  @Matches(USERNAME, { each: true, message: 'users must be usernames' })
  users!: string[];

  @ApiProperty({ type: String, nullable: true, description: 'A department code, or null' })
  @IsOptional()
  @IsString()
  @Matches(DEPARTMENT, { message: 'department must be a department code' })
  department!: string | null;
}

export class PinDto {
  @ApiProperty() @IsBoolean() pinned!: boolean;
}

export class SharedWithDto implements SharedWith {
  @ApiProperty({ type: [String] }) users!: string[];
  @ApiProperty({ type: String, nullable: true }) department!: string | null;
}

export class SavedSearchDto implements SavedSearchView {
  @ApiProperty() id!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Null for a built-in: the web names it' })
  name!: string | null;
  @ApiProperty() builtin!: boolean;
  @ApiProperty({ type: String, nullable: true }) owner!: string | null;
  @ApiProperty({ description: 'The reader owns it: renames, shares and deletes it' }) mine!: boolean;
  @ApiProperty() pinned!: boolean;
  @ApiProperty({ type: 'object', additionalProperties: true, description: QUERY_DESCRIPTION })
  query!: SavedListingQuery;
  @ApiProperty({ type: SharedWithDto, description: "The owner's sharing; empty for the others" })
  sharedWith!: SharedWithDto;
}

export class SavedSearchListDto {
  @ApiProperty({ type: [SavedSearchDto], description: 'Pinned first, then built-ins, own, shared' })
  items!: SavedSearchDto[];
}
