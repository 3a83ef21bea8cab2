import { Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user';
import { ApiAdministratorsOnly, ApiSignedIn } from '../common/api-refusals.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { Roles } from '../common/roles.decorator';
import { PreflightDepartmentParams, PreflightRuleSetDto, PreflightRulesBody } from './preflight.dto';
import { PreflightRulesService } from './preflight-rules.service';

/** Each department's pre-flight rules (issue 27), edited by administrators. */
@ApiTags('preflight')
@ApiSignedIn()
@ApiAdministratorsOnly()
@ApiNotFoundResponse({ description: 'NOT_FOUND: no such department' })
@Roles('admin')
@Controller('api/preflight/rules')
export class PreflightController {
  constructor(private readonly rules: PreflightRulesService) {}

  @Get(':department')
  @ApiOperation({ summary: "The department's rules, or the defaults it checks with" })
  @ApiOkResponse({ type: PreflightRuleSetDto })
  get(@Param() params: PreflightDepartmentParams): Promise<PreflightRuleSetDto> {
    return this.rules.get(params.department);
  }

  @Put(':department')
  @ApiOperation({
    summary:
      "Replaces the rule set: all the rules are saved, or none (the department's administrators, or one of no department)",
  })
  @ApiOkResponse({ type: PreflightRuleSetDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED with every problem, each with its field' })
  save(
    @CurrentUser() user: AuthUser,
    @Param() params: PreflightDepartmentParams,
    @Body() body: PreflightRulesBody,
  ): Promise<PreflightRuleSetDto> {
    return this.rules.save(user, params.department, body.rules);
  }

  @Delete(':department')
  @ApiOperation({
    summary: "Back to the default rules (the department's administrators, or one of no department)",
  })
  @ApiOkResponse({ type: PreflightRuleSetDto })
  reset(
    @CurrentUser() user: AuthUser,
    @Param() params: PreflightDepartmentParams,
  ): Promise<PreflightRuleSetDto> {
    return this.rules.reset(user, params.department);
  }
}
