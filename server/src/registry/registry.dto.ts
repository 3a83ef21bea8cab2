import { ApiProperty } from '@nestjs/swagger';
import type { RegistryRecord, RegistrySharePublishResponse } from '@paddock/rules';
import { Matches } from 'class-validator';

export class RegistryIdParams {
  @ApiProperty({ description: 'Registry record id' })
  @Matches(/^[A-Za-z0-9_-]{1,100}$/)
  id!: string;
}

export class RegistryRecordDto implements RegistryRecord {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'ADP' }) category!: string;
  @ApiProperty() registryType!: string;
  @ApiProperty() name!: string;
  @ApiProperty() sfId!: string;
  @ApiProperty() groupId!: string;
  @ApiProperty({ type: [String] }) ancestors!: string[];
  @ApiProperty({ description: 'The folder whose ACL decides who sees the record' })
  currentCategoryId!: string;
  @ApiProperty({ example: 'Evento: Salone di Ginevra - Rif: SF-0042' }) title!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) publishedAt!: string | null;
}

export class RegistrySharePublishDto implements RegistrySharePublishResponse {
  @ApiProperty({ description: 'The external share job: GET /api/jobs/{jobId}/events' }) jobId!: string;
  @ApiProperty({ type: RegistryRecordDto }) record!: RegistryRecordDto;
}
