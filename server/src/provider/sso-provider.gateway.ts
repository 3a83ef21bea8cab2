import { Inject, Injectable, Logger } from '@nestjs/common';
import { ERROR_CODES } from '@paddock/rules';
import { isAxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { PROVIDER_HTTP } from './http-provider.gateway';
import { PROVIDER_PATHS } from './provider-paths';
import { envelopeSchema, unreachable } from './provider.errors';
import { ProviderError } from '../common/provider-error';

/** The form of the provider's OAuth token call (PROVIDER_PATHS.identity.oauthToken; SPEC §7, plus PKCE fields). */
export interface SsoCodeExchange {
  code: string;
  redirectUri: string;
  codeVerifier: string;
  /** The issuer named in the authorization response (RFC 9207), when the browser passed it on. */
  iss?: string;
}

/**
 * The provider's side of single sign-on: trades the issuer's code for a provider token.
 * Throws ProviderError: SSO_FAILED when the provider refuses, PROVIDER_UNAVAILABLE otherwise.
 */
export interface SsoProviderGateway {
  exchangeCode(exchange: SsoCodeExchange): Promise<string>;
}

export const SSO_PROVIDER_GATEWAY = Symbol('SSO_PROVIDER_GATEWAY');

const tokenAnswerSchema = envelopeSchema.extend({ access_token: z.string().min(1) });

@Injectable()
export class HttpSsoProviderGateway implements SsoProviderGateway {
  private readonly logger = new Logger(HttpSsoProviderGateway.name);
  private readonly clientId: string;

  constructor(
    @Inject(PROVIDER_HTTP) private readonly http: AxiosInstance,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'CLIENT_ID'>,
  ) {
    this.clientId = config.CLIENT_ID;
  }

  async exchangeCode(exchange: SsoCodeExchange): Promise<string> {
    const form = new URLSearchParams({
      client_id: this.clientId,
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
      code_verifier: exchange.codeVerifier,
    });
    if (exchange.iss) form.set('iss', exchange.iss);
    let res: AxiosResponse<unknown>;
    try {
      res = await this.http.post<unknown>(PROVIDER_PATHS.identity.oauthToken(), form, {
        responseType: 'json',
      });
    } catch (e) {
      // The axios error is not kept: its config holds the code and the verifier.
      if (isAxiosError(e)) throw unreachable(e.code);
      throw e;
    }
    const answer = tokenAnswerSchema.safeParse(res.data);
    if (res.status === 200 && answer.success && answer.data.resultCode === 'OK')
      return answer.data.access_token;
    throw this.failure(res.status, res.data);
  }

  /**
   * | answer                                  | code                 | transient |
   * |-----------------------------------------|----------------------|-----------|
   * | HTTP 5xx                                | PROVIDER_UNAVAILABLE | yes       |
   * | resultCode CLIENT_NOT_FOUND (our CLIENT_ID is wrong) | PROVIDER_UNAVAILABLE | no |
   * | any other refusal (418, 4xx, not OK)    | SSO_FAILED           | no        |
   */
  private failure(status: number, body: unknown): ProviderError {
    const envelope = envelopeSchema.safeParse(body);
    const detail = {
      status,
      resultCode: envelope.data?.resultCode,
      errorDescription: envelope.data?.errorDescription,
    };
    const message =
      `Provider answered the SSO code exchange with HTTP ${status} ${detail.resultCode ?? ''} ${detail.errorDescription ?? ''}`.trim();
    if (status >= 500) return new ProviderError(ERROR_CODES.PROVIDER_UNAVAILABLE, true, message, detail);
    if (detail.resultCode === 'CLIENT_NOT_FOUND') {
      this.logger.error(`${message}: CLIENT_ID is not known to the provider`);
      return new ProviderError(ERROR_CODES.PROVIDER_UNAVAILABLE, false, message, detail);
    }
    this.logger.warn(message);
    return new ProviderError(ERROR_CODES.SSO_FAILED, false, message, detail);
  }
}
