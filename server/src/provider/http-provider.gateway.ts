import { Inject, Injectable } from '@nestjs/common';
import { ERROR_CODES, LIMITS, type ErrorCode } from '@paddock/rules';
import axios, { type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { PROVIDER_PATHS } from './provider-paths';
import { envelopeSchema } from './provider.errors';
import { callProvider, tokenHeader } from './provider-call';
import type {
  ProviderCallContext,
  ProviderGateway,
  ProviderLogin,
  ProviderTokenOwner,
  ProviderUserDetail,
} from './provider.gateway';

/** The one axios instance of the hub's provider gateways (ProviderModule makes it at PROVIDER_URL). */
export const PROVIDER_HTTP = Symbol('PROVIDER_HTTP');
/** A user's linked groups are read 50 a page; more than this many pages is not a real user. */
const MAX_GROUP_PAGES = 20;

/** `adapter`: the transport, HTTP unless given (inProcessAdapter for the built-in provider in this process). */
export function createProviderHttp(baseURL: string, adapter?: AxiosAdapter): AxiosInstance {
  return axios.create({
    baseURL,
    adapter,
    timeout: LIMITS.contentServiceTimeoutMs,
    // Every status is read by the gateway: 418 is THRON's normal business answer (research §1).
    validateStatus: () => true,
    maxRedirects: 0,
  });
}

const accessLoginSchema = envelopeSchema.extend({
  tokenId: z.string().min(1),
  username: z.string().min(1),
  userFullName: z.string().optional(),
});

const tokenOwnerSchema = envelopeSchema.extend({
  username: z.string().min(1),
  userFullName: z.string().optional(),
});

const userDetailSchema = envelopeSchema.extend({
  user: z.object({
    credential: z.object({ username: z.string().min(1) }),
    active: z.boolean().optional(),
    detail: z
      .object({
        name: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).optional(),
        emails: z.array(z.object({ email: z.string() })).optional(),
        businessDetail: z.object({ companyName: z.string().optional() }).optional(),
      })
      .optional(),
    imageUrl: z.string().optional(),
  }),
  linkedGroups: z
    .array(z.object({ id: z.string(), name: z.string(), active: z.boolean().optional() }))
    .optional()
    .default([]),
  totalResults: z.number().optional(),
});

function form(fields: Record<string, string | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) params.set(k, v);
  return params;
}

/** The provider over HTTP with THRON's paths and shapes (ARCHITECTURE §2), clientId = CLIENT_ID. */
@Injectable()
export class HttpProviderGateway implements ProviderGateway {
  private readonly clientId: string;

  constructor(
    @Inject(PROVIDER_HTTP) private readonly http: AxiosInstance,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'CLIENT_ID'>,
  ) {
    this.clientId = config.CLIENT_ID;
  }

  async login(username: string, password: string, context: ProviderCallContext = {}): Promise<ProviderLogin> {
    const body = await this.call(
      {
        method: 'POST',
        url: PROVIDER_PATHS.identity.login(this.clientId),
        data: form({ username, password }),
        headers: context.clientIp ? { 'X-Forwarded-For': context.clientIp } : {},
      },
      accessLoginSchema,
      ERROR_CODES.WRONG_CREDENTIALS,
    );
    return { token: body.tokenId, username: body.username, fullName: body.userFullName ?? body.username };
  }

  async validateToken(token: string, username?: string): Promise<ProviderTokenOwner> {
    const body = await this.call(
      {
        method: 'POST',
        url: PROVIDER_PATHS.identity.validateToken(this.clientId),
        data: form({ clientId: this.clientId, username }),
        headers: tokenHeader(token),
      },
      tokenOwnerSchema,
      ERROR_CODES.UNAUTHENTICATED,
    );
    return { username: body.username, fullName: body.userFullName ?? body.username };
  }

  async logout(token: string): Promise<void> {
    await this.call(
      {
        method: 'POST',
        url: PROVIDER_PATHS.identity.logout(this.clientId),
        data: form({}),
        headers: tokenHeader(token),
      },
      envelopeSchema,
      ERROR_CODES.UNAUTHENTICATED,
    );
  }

  async userDetail(token: string, username: string): Promise<ProviderUserDetail> {
    const pageSize = LIMITS.idChunkSize;
    const pages: z.infer<typeof userDetailSchema>[] = [];
    let read = 0;
    for (let page = 0; page < MAX_GROUP_PAGES; page++) {
      const body = await this.call(
        {
          method: 'GET',
          url: PROVIDER_PATHS.identity.userDetail(),
          params: {
            clientId: this.clientId,
            username,
            returnItags: false,
            offset: read,
            numberOfResults: pageSize,
          },
          headers: tokenHeader(token),
        },
        userDetailSchema,
        ERROR_CODES.NOT_FOUND,
      );
      pages.push(body);
      read += body.linkedGroups.length;
      if (body.linkedGroups.length < pageSize || read >= (body.totalResults ?? Infinity)) break;
    }
    const { user } = pages[0];
    return {
      username: user.credential.username,
      firstName: user.detail?.name?.firstName ?? '',
      lastName: user.detail?.name?.lastName ?? '',
      email: user.detail?.emails?.[0]?.email ?? '',
      companyName: user.detail?.businessDetail?.companyName ?? '',
      imageUrl: user.imageUrl ?? null,
      active: user.active ?? true,
      linkedGroups: pages
        .flatMap((p) => p.linkedGroups)
        .map((g) => ({ id: g.id, name: g.name, active: g.active ?? true })),
    };
  }

  private call<S extends z.ZodType>(
    request: AxiosRequestConfig,
    schema: S,
    fallback: ErrorCode,
  ): Promise<z.infer<S>> {
    return callProvider(this.http, request, schema, { fallback });
  }
}
