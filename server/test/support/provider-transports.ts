import { ModulesContainer } from '@nestjs/core';
import { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import type { AxiosInstance } from 'axios';
import { createProviderHttp } from '../../src/provider/http-provider.gateway';
import { InProcessProvider, inProcessAdapter } from '../../src/provider/in-process-transport';
import { freePort } from './free-port';
import type { TestApp } from './test-app';

/** The two transports of the provider client; the contract tests run each gateway over both. */
export const PROVIDER_TRANSPORTS = ['HTTP', 'in-process'] as const;
export type ProviderTransport = (typeof PROVIDER_TRANSPORTS)[number];

/**
 * The provider client of `t`'s built-in provider over `transport`. In-process, its base URL is a
 * closed port: a call that fell back to HTTP would fail, so a passing call went in-process.
 */
export async function providerHttp(t: TestApp, transport: ProviderTransport): Promise<AxiosInstance> {
  if (transport === 'HTTP') return createProviderHttp(t.config.providerUrl);
  const provider = new InProcessProvider(t.app.get(ModulesContainer), t.app.get(ExternalContextCreator));
  return createProviderHttp(`http://127.0.0.1:${await freePort()}/provider`, inProcessAdapter(provider));
}
