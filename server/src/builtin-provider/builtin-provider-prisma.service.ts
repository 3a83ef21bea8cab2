import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/provider/client';
import { APP_CONFIG, type AppConfig } from '../config/config.module';

/**
 * The built-in provider's database client (its own `provider` schema); only its repositories inject it.
 * JIT is off: a search over a large catalogue is planned above jit_above_cost and then spends about
 * 10 ms compiling expressions for a query that runs in tens of milliseconds. Parallel workers are off:
 * a listing's two half-pages run side by side, each beside other people's, and a page deep in a large
 * folder took 165–200 ms with two workers each on two cores, 37 ms without workers (issue 26).
 */
const PROVIDER_SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

@Injectable()
export class BuiltinProviderPrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({
      adapter: new PrismaPg({ connectionString: config.DATABASE_URL, options: PROVIDER_SESSION_OPTIONS }),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
