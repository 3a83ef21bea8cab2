import { Module } from '@nestjs/common';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { FolderSeeder } from './folder.seeder';

@Module({ imports: [BuiltinProviderDatabaseModule], providers: [FolderSeeder], exports: [FolderSeeder] })
export class FolderSeedModule {}
