import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  SF_EVENT_ID_PATTERN,
  USER_SEARCH_LIMITS,
  VIN_PATTERN,
  type DirectoryEntry,
  type DirectoryPage,
  type UserSearchFilter,
} from './users.types';
import { OptionalPageOffset } from '../common/page-offset';

/** `a,b` or `?x=a&x=b` (or both) as a list of trimmed, non-empty values. */
function commaSeparated({ value }: { value: unknown }): unknown {
  if (value === undefined || value === null) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) =>
    typeof v === 'string' ? v.split(',') : [v],
  );
  const list = parts.map((p) => (typeof p === 'string' ? p.trim() : p)).filter((p) => p !== '');
  return list.length ? list : undefined;
}

function upperCaseList(params: { value: unknown }): unknown {
  const list = commaSeparated(params);
  return Array.isArray(list) ? list.map((v) => (typeof v === 'string' ? v.toUpperCase() : v)) : list;
}

/** GET /api/users/search query (SPEC §3 "User search filter"). */
export class UserSearchQueryDto {
  @ApiPropertyOptional({
    maxLength: USER_SEARCH_LIMITS.maxSearchLength,
    description:
      'Words to find in username, first and last name, e-mail and company (case-insensitive, anywhere in the ' +
      'field; every word must match). Empty lists everybody.',
    example: 'ross',
  })
  @IsOptional()
  @IsString()
  @MaxLength(USER_SEARCH_LIMITS.maxSearchLength)
  searchString?: string;

  @ApiPropertyOptional({
    type: String,
    description:
      'Comma-separated VINs (17 characters): only the owners of assets carrying one of them (vin-N metadata).',
    example: 'ZFA31200000123456',
  })
  @IsOptional()
  @Transform(upperCaseList)
  @IsArray()
  @ArrayMaxSize(USER_SEARCH_LIMITS.maxListValues)
  @Matches(VIN_PATTERN, { each: true, message: 'each value in vins must be a 17-character VIN' })
  vins?: string[];

  @ApiPropertyOptional({
    type: String,
    description:
      'Comma-separated booking event ids: only the owners of assets of one of these events (booking-event-id).',
  })
  @IsOptional()
  @Transform(commaSeparated)
  @IsArray()
  @ArrayMaxSize(USER_SEARCH_LIMITS.maxListValues)
  @Matches(SF_EVENT_ID_PATTERN, { each: true, message: 'each value in sfEventId must be an event id' })
  sfEventId?: string[];

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: USER_SEARCH_LIMITS.maxLimit,
    default: USER_SEARCH_LIMITS.defaultLimit,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(USER_SEARCH_LIMITS.maxLimit)
  limit?: number;

  @OptionalPageOffset()
  offset?: number;
}

export function toUserSearchFilter(q: UserSearchQueryDto): UserSearchFilter {
  return {
    searchString: q.searchString,
    vins: q.vins,
    sfEventIds: q.sfEventId,
    limit: q.limit,
    offset: q.offset,
  };
}

export class DirectoryUserResponse implements DirectoryEntry {
  @ApiProperty() username: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty() companyName: string;
  @ApiProperty({ type: String, nullable: true }) department: string | null;
}

export class UserSearchResponse {
  @ApiProperty({ type: [DirectoryUserResponse] }) users: DirectoryUserResponse[];
  @ApiProperty({ description: 'How many people match in all, across pages' }) totalResults: number;
}

export function toUserSearchResponse(page: DirectoryPage): UserSearchResponse {
  return {
    users: page.users.map((u) => ({
      username: u.username,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      companyName: u.companyName,
      department: u.department,
    })),
    totalResults: page.totalResults,
  };
}
