import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { LIMITS } from '@paddock/rules';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** A query's optional `offset`: a whole number from 0 to LIMITS.pageOffsetMax, 0 when absent. */
export const OptionalPageOffset = () =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: LIMITS.pageOffsetMax, default: 0 }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(0),
    Max(LIMITS.pageOffsetMax),
  );
