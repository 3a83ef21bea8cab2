import { Global, Module } from '@nestjs/common';
import { ChangeFeed } from './change-feed';
import { HubPrismaService } from './hub-prisma.service';

@Global()
@Module({ providers: [HubPrismaService, ChangeFeed], exports: [HubPrismaService, ChangeFeed] })
export class DatabaseModule {}
