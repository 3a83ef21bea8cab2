import { ApiProperty } from '@nestjs/swagger';
import type { PreflightRule, PreflightRuleSetView } from '@paddock/rules';
import { IsArray, Matches } from 'class-validator';

export class PreflightDepartmentParams {
  @ApiProperty({ example: 'marketing', description: 'The department code (as in its folder codes)' })
  @Matches(/^[a-z0-9]{1,40}$/)
  department!: string;
}

export class PreflightRulesBody {
  @ApiProperty({
    description:
      'The whole rule set, each { id, assetType, check, params, action: warn | block }; all saved or none',
    example: [
      {
        id: 'image-shorter-side',
        assetType: 'IMAGE',
        check: 'minShorterSide',
        params: { min: 1080 },
        action: 'block',
      },
    ],
  })
  @IsArray()
  rules!: unknown[];
}

export class PreflightRuleSetDto implements PreflightRuleSetView {
  @ApiProperty() department!: string;
  @ApiProperty({ description: 'In the order they are judged and shown' }) rules!: PreflightRule[];
  @ApiProperty({ description: 'The defaults apply: the department saved no rules of its own' })
  isDefault!: boolean;
  @ApiProperty({ type: String, nullable: true }) updatedBy!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) updatedAt!: string | null;
}
