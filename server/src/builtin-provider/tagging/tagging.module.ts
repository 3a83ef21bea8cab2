import { Module } from '@nestjs/common';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { AccessModule } from '../access/access.module';
import { PlateRenditionsModule } from '../plates/plate-renditions.module';
import { MetadataDefinitionController } from './metadata-definition.controller';
import { MetadataDefinitionRepository } from './metadata-definition.repository';
import { MetadataDefinitionService } from './metadata-definition.service';
import { ProductsController } from './products.controller';
import { ProductsRepository } from './products.repository';
import { ProductsService } from './products.service';
import { TagDefinitionController } from './tag-definition.controller';
import { TagDefinitionRepository } from './tag-definition.repository';
import { TagDefinitionService } from './tag-definition.service';
import { ImetadataController, ItagController } from './tagging.controller';
import { TaggingRepository } from './tagging.repository';
import { TaggingService } from './tagging.service';

/** The built-in provider's itags and imetadata on contents (THRON xintelligence). */
@Module({
  imports: [BuiltinProviderDatabaseModule, AccessModule, PlateRenditionsModule],
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
    TagDefinitionRepository,
    MetadataDefinitionService,
    MetadataDefinitionRepository,
    ProductsService,
    ProductsRepository,
  ],
})
export class TaggingModule {}
