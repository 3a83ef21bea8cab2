import { Module } from '@nestjs/common';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { AccessModule } from '../access/access.module';
import { MetadataDefinitionController, MetadataDefinitionService } from './metadata-definition';
import { ProductsController, ProductsService } from './products';
import { TagDefinitionController, TagDefinitionService } from './tag-definition';
import { ImetadataController, ItagController } from './tagging.controller';
import { TaggingRepository } from './tagging.repository';
import { TaggingService } from './tagging.service';

/** The built-in provider's itags and imetadata on contents (THRON xintelligence). */
@Module({
  imports: [BuiltinProviderDatabaseModule, AccessModule],
  controllers: [
    ItagController,
    ImetadataController,
    TagDefinitionController,
    MetadataDefinitionController,
    ProductsController,
  ],
  providers: [
    TaggingService,
    TaggingRepository,
    TagDefinitionService,
    MetadataDefinitionService,
    ProductsService,
  ],
})
export class TaggingModule {}
