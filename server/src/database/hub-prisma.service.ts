import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient, type Prisma } from '../generated/hub/client';
import { APP_CONFIG, type AppConfig } from '../config/config.module';

/** The client inside `$transaction`: a repository hands it to another to write in the same transaction. */
export type HubTransaction = Prisma.TransactionClient;

/** The hub's database client; only repositories inject it (CONVENTIONS §3). */
@Injectable()
export class HubPrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({ adapter: new PrismaPg({ connectionString: config.DATABASE_URL }) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
