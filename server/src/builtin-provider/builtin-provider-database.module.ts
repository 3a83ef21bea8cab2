import { Module } from '@nestjs/common';
import { BuiltinProviderPrismaService } from './builtin-provider-prisma.service';

/** Imported by each built-in provider module that has repositories; never global, so hub modules cannot see it. */
@Module({ providers: [BuiltinProviderPrismaService], exports: [BuiltinProviderPrismaService] })
export class BuiltinProviderDatabaseModule {}
