import { Module } from '@nestjs/common';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { IdentityModule } from '../identity/identity.module';
import { CategoryController } from './category.controller';
import { CategoryService } from './category.service';
import { ContentCategoryController } from './content-category.controller';
import { ContentCategoryService } from './content-category.service';
import { FolderCallerService } from './folder-caller.service';
import { FolderRepository } from './folder.repository';

/** The built-in provider's folders (THRON categories) and content links, with ACL checks per group. */
@Module({
  imports: [BuiltinProviderDatabaseModule, IdentityModule],
  controllers: [CategoryController, ContentCategoryController],
  providers: [CategoryService, ContentCategoryService, FolderCallerService, FolderRepository],
  // Who calls, with the groups whose ACL rows apply: tagging checks rights the same way.
  exports: [FolderCallerService],
})
export class ProviderFoldersModule {}
