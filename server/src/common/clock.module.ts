import { Global, Module } from '@nestjs/common';
import { CLOCK, systemClock } from './clock';

/** One clock for the whole process; tests override CLOCK once. */
@Global()
@Module({ providers: [{ provide: CLOCK, useValue: systemClock }], exports: [CLOCK] })
export class ClockModule {}
