import { BadRequestException } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsOptional, IsString, ValidateNested } from 'class-validator';
import { RequestValidationPipe } from './request-validation.pipe';

class ItemDto {
  @ApiProperty()
  @IsString()
  name!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  note?: string;
}

class RequestDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  canvas?: string;

  @ApiPropertyOptional({ nullable: true, enum: ['it', 'en'] })
  @IsOptional()
  @IsIn(['it', 'en'])
  language?: string | null;

  @ApiPropertyOptional({ type: [ItemDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ItemDto)
  items?: ItemDto[];

  @ApiPropertyOptional({ type: ItemDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ItemDto)
  single?: ItemDto;
}

const pipe = new RequestValidationPipe();
const validate = (body: unknown) => pipe.transform(body, { type: 'body', metatype: RequestDto });

async function problemsOf(body: unknown): Promise<string[]> {
  try {
    await validate(body);
  } catch (e) {
    if (e instanceof BadRequestException) return (e.getResponse() as { message: string[] }).message;
    throw e;
  }
  return [];
}

describe('RequestValidationPipe', () => {
  it('takes what the contract allows: absent fields, values, and null where it is declared nullable', async () => {
    expect(await problemsOf({})).toEqual([]);
    expect(
      await problemsOf({
        canvas: '{}',
        language: null,
        items: [{ name: 'a', note: 'b' }],
        single: { name: 'c' },
      }),
    ).toEqual([]);
  });

  it('refuses null in an optional field the contract does not declare nullable, at any depth', async () => {
    expect(await problemsOf({ canvas: null })).toEqual(['canvas must not be null']);
    expect(await problemsOf({ items: [{ name: 'a', note: null }] })).toEqual([
      'items.0.note must not be null',
    ]);
    expect(await problemsOf({ single: { name: 'a', note: null } })).toEqual(['single.note must not be null']);
  });

  it('leaves a null in a required field to its own validators, once', async () => {
    expect(await problemsOf({ single: { name: null } })).toEqual(['single.name must be a string']);
  });

  it('refuses a list where a nested object belongs', async () => {
    expect(await problemsOf({ items: [[]] })).toEqual(['items.0 must be an object, not a list']);
    expect(await problemsOf({ items: [[{ name: 'a' }]] })).toEqual(['items.0 must be an object, not a list']);
    expect(await problemsOf({ single: [] })).toEqual(['single must be an object, not a list']);
  });
});
