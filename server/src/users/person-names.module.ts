import { Module } from '@nestjs/common';
import { PersonNames } from './person-names';

/** People's names as shown to others, for every feature that says who did something. */
@Module({
  providers: [PersonNames],
  exports: [PersonNames],
})
export class PersonNamesModule {}
