import type { IncomingHttpHeaders } from 'node:http';
import { Body, Controller, Headers, HttpCode, Ip, Param, Post, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { LOGIN_FLOOD_GUARD } from '../../common/login-throttle';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import {
  loginFormSchema,
  singleHeader,
  validateTokenFormSchema,
  type LoginForm,
  type ValidateTokenForm,
} from './access-manager.dto';
import { AccessManagerService } from './access-manager.service';

/** THRON's xsso accessmanager (research §2.1, §2.2); not part of the hub's API description. */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xsso/resources/accessmanager')
export class AccessManagerController {
  constructor(private readonly accessManager: AccessManagerService) {}

  /** Form fields are THRON's contract; headers are accepted too (THRON's help puts them "among the headers"). */
  @Post('login/:clientId')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: LOGIN_FLOOD_GUARD })
  login(
    @Param('clientId') clientId: string,
    @Body(new ThronInputPipe(loginFormSchema)) form: LoginForm,
    @Headers() headers: IncomingHttpHeaders,
    @Ip() callerAddress: string,
  ) {
    return this.accessManager.login(
      clientId,
      {
        username: form.username ?? singleHeader(headers.username),
        password: form.password ?? singleHeader(headers.password),
      },
      callerAddress,
    );
  }

  @Post('validateToken/:clientId')
  @HttpCode(200)
  validateToken(
    @Param('clientId') clientId: string,
    @Headers('x-tokenid') token: string | undefined,
    @Body(new ThronInputPipe(validateTokenFormSchema)) form: ValidateTokenForm,
  ) {
    return this.accessManager.validateToken(clientId, token, form);
  }

  @Post('logout/:clientId')
  @HttpCode(200)
  logout(@Param('clientId') clientId: string, @Headers('x-tokenid') token: string | undefined) {
    return this.accessManager.logout(clientId, token);
  }
}
