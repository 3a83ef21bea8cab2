import { Injectable } from '@nestjs/common';
import { HubPrismaService } from '../database/hub-prisma.service';

/** The health check's one query: the database answers. */
@Injectable()
export class HealthRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  async ping(): Promise<void> {
    await this.prisma.$queryRaw`SELECT 1`;
  }
}
