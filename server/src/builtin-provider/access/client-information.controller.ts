import { Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ENRICHMENT_CLASSIFICATIONS, LANGUAGES } from '@paddock/rules';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ok } from '../thron.errors';
import { Authenticated, Caller, type ProviderCaller } from './provider-caller';

/** The content locales the built-in provider keeps (rename writes IT and EN, SPEC §5). */
const CONTENT_LOCALES = ['IT', 'EN'];

/**
 * SPEC §7 `getClientInformations` (JSON body `{clientId}`) for connectors: what the tenant offers
 * a signed-in caller of it — its languages, content locales and classifications. Not in THRON's
 * public sources (research §8), so the shape is the built-in provider's own.
 */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xsso/resources/accessmanager')
export class ClientInformationController {
  @Post('getClientInformations')
  @HttpCode(200)
  @Authenticated({ clientId: 'json' })
  getClientInformations(@Caller() caller: ProviderCaller) {
    return ok({
      client: {
        languages: LANGUAGES.map((l) => l.toUpperCase()),
        contentLocales: CONTENT_LOCALES,
        classifications: Object.values(ENRICHMENT_CLASSIFICATIONS),
      },
      user: { username: caller.user.username },
    });
  }
}
