import { Global, Module } from '@nestjs/common';
import { HubPrismaService } from './hub-prisma.service';

@Global()
@Module({ providers: [HubPrismaService], exports: [HubPrismaService] })
export class DatabaseModule {}
