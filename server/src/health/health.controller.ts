import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/public.decorator';
import { HealthResponse } from './health.dto';
import { HealthService } from './health.service';

/** For load balancers and operators: public, so it names each dependency's state and nothing else. */
@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get()
  @ApiOkResponse({ type: HealthResponse, description: 'Every dependency answers' })
  @ApiServiceUnavailableResponse({ type: HealthResponse, description: 'At least one dependency is down' })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const report = await this.health.check();
    res.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
