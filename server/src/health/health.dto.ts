import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { DependencyHealth, HealthReport } from './health.service';

export class DependencyHealthResponse implements DependencyHealth {
  @ApiProperty({ enum: ['ok', 'down'] })
  status!: 'ok' | 'down';

  @ApiPropertyOptional({ description: 'Why it is down: a code or a few words, never a host or an account' })
  reason?: string;
}

export class HealthChecksResponse {
  @ApiProperty() database!: DependencyHealthResponse;
  @ApiProperty() redis!: DependencyHealthResponse;
  @ApiProperty() provider!: DependencyHealthResponse;
  @ApiProperty() blobStore!: DependencyHealthResponse;
}

export class HealthResponse implements HealthReport {
  @ApiProperty({ enum: ['ok', 'down'] })
  status!: 'ok' | 'down';

  @ApiProperty()
  checks!: HealthChecksResponse;
}
