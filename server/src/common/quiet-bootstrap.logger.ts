import { Injectable } from '@nestjs/common';
import { Logger } from 'nestjs-pino';

/** Nest's start-up chatter (every module and route it wires) is debug detail, not news. */
const BOOTSTRAP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']);

@Injectable()
export class QuietBootstrapLogger extends Logger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && BOOTSTRAP_CONTEXTS.has(context))
      super.debug(message, ...optionalParams);
    else super.log(message, ...optionalParams);
  }
}
