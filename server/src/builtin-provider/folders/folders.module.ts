import { Module } from '@nestjs/common';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { AccessModule } from '../access/access.module';
import { ProviderHoldsModule } from '../holds/holds.module';
import { CategoryController } from './category.controller';
import { CategoryService } from './category.service';
import { ContentCategoryController } from './content-category.controller';
import { ContentCategoryService } from './content-category.service';
import { FolderRepository } from './folder.repository';

/** The built-in provider's folders (THRON categories) and content links, with ACL checks per group. */
@Module({
  imports: [BuiltinProviderDatabaseModule, AccessModule, ProviderHoldsModule],
  controllers: [CategoryController, ContentCategoryController],
  providers: [CategoryService, ContentCategoryService, FolderRepository],
})
export class ProviderFoldersModule {}
