import { ENRICHMENT_ERROR_CODES, ERROR_CODES, E_CODES } from '@paddock/rules';
import type { InternalAxiosRequestConfig } from 'axios';
import {
  inOrder,
  providerFailure,
  scriptedProviderHttp,
  type ProviderReply,
} from '../../test/support/scripted-provider';
import { fixedClock } from '../../test/support/workflow-factories';
import { HttpEnrichmentGateway, type EnrichmentGateway } from './enrichment.gateway';
import { ProviderError } from '../common/provider-error';

const OK = (targetsInIssue: { id: string; entityType: string }[] = []): ProviderReply => ({
  status: 200,
  data: { resultCode: 'OK', ssoCode: 'OK', targetsInIssue },
});
const REFUSED: ProviderReply = {
  status: 418,
  data: { resultCode: 'ACCESS_DENIED', errorDescription: 'ACCESS_DENIED', ssoCode: 'OK' },
};

function gatewayAnswering(...replies: ProviderReply[]) {
  const { http, sent } = scriptedProviderHttp(inOrder(...replies));
  return { gateway: new HttpEnrichmentGateway(http, { CLIENT_ID: 'paddock' }), sent };
}

const ids = (n: number) =>
  Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const targetsOf = (data: unknown) =>
  (JSON.parse(String(data)) as { value: { targets: unknown[] } }).value.targets.length;

describe('HttpEnrichmentGateway: one change over many contents, 50 a call', () => {
  it('sends 121 contents as 50, 50 and 21, and reports what the provider left out', async () => {
    const all = ids(121);
    const { gateway, sent } = gatewayAnswering(OK(), OK([{ id: all[70]!, entityType: 'CONTENT' }]), OK());
    const result = await gateway.tagMany('tok', 'add', 'prd-spider', 'vu62a5', all);
    expect(sent.map((r) => targetsOf(r.data))).toEqual([50, 50, 21]);
    expect(sent[0]?.url).toBe('/xintelligence/resources/itag/bulkInsertMultiTargets/paddock/vu62a5');
    expect(result).toEqual({ leftOut: [all[70]], refused: [], calls: 3 });
  });

  it('reports a refused chunk with the E-code of the step and goes on with the next', async () => {
    const all = ids(60);
    const { gateway, sent } = gatewayAnswering(REFUSED, OK());
    const result = await gateway.metadataMany('tok', 'set', { key: 'vin-1', value: 'X' }, 'ggdyqo', all);
    expect(sent).toHaveLength(2);
    expect(result.refused).toEqual([{ ids: all.slice(0, 50), code: E_CODES.METADATA_BULK_INSERT_FAILED }]);
    expect(result.leftOut).toEqual([]);
  });

  it('throws a transient failure or an expired session, for the job to retry or the session to renew', async () => {
    const down = gatewayAnswering({ network: 'ECONNREFUSED' });
    await expect(down.gateway.tagMany('tok', 'remove', 't', 'c', ids(3))).rejects.toMatchObject({
      transient: true,
    });
    const expired = gatewayAnswering({
      status: 403,
      data: {
        resultCode: 'SESSION_NON_FOUND',
        errorDescription: 'SESSION_EXPIRED',
        ssoCode: 'SESSION_EXPIRED',
      },
    });
    const error = await expired.gateway
      .metadataMany('tok', 'remove', { key: 'k' }, 'c', ids(3))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).code).toBe(ERROR_CODES.UNAUTHENTICATED);
  });

  it('reads metadata definitions: type, mandatory from the type’s constraint, one name per option', async () => {
    const { gateway } = gatewayAnswering({
      status: 200,
      data: {
        resultCode: 'OK',
        totalResults: 2,
        items: [
          {
            id: 'd1',
            key: 'utilizzo',
            names: [{ lang: 'IT', label: 'Utilizzo' }],
            metadataType: 'ALTERNATIVE_S',
            constraints: { alternativeSConstraint: { mandatory: true } },
            options: {
              alternativeSOption: {
                values: [
                  { value: 'stampa', lang: 'IT', label: 'Stampa' },
                  { value: 'stampa', lang: 'EN', label: 'Press' },
                ],
              },
            },
          },
          { id: 'd2', key: 'color', names: [], metadataType: 'COLOR' },
        ],
      },
    });
    expect(await gateway.metadataDefinitions('tok', 'ggdyqo')).toEqual([
      {
        id: 'd1',
        key: 'utilizzo',
        classificationId: 'ggdyqo',
        names: { it: 'Utilizzo' },
        type: 'singleEnum',
        mandatory: true,
        options: [{ value: 'stampa', name: 'Press', names: { it: 'Stampa', en: 'Press' } }],
      },
    ]);
  });
});

describe('HttpEnrichmentGateway: an outage of a lookup carries that lookup’s SPEC §8 code (E005–E008)', () => {
  // Literal codes, not ENRICHMENT_LOOKUP_CODES: two codes swapped in the gateway's table fail here.
  const lookups: [string, (gateway: EnrichmentGateway) => Promise<unknown>, string][] = [
    ['the product listing', (g) => g.products('tok'), 'E005'],
    ['the products of a content', (g) => g.productsOfContent('tok', 'c1'), 'E005'],
    ['the tags of a classification', (g) => g.tagsOf('tok', 'joc5rg'), 'E006'],
    ['tags by id', (g) => g.tagsByIds('tok', 'joc5rg', ['t1']), 'E007'],
    ['one tag’s detail', (g) => g.tagDetail('tok', 'joc5rg', 't1'), 'E007'],
    ['the metadata definitions', (g) => g.metadataDefinitions('tok', 'ggdyqo'), 'E008'],
  ];
  const outages: [string, ProviderReply][] = [
    ['an unreachable provider', { network: 'ECONNREFUSED' }],
    ['a 5xx', { status: 502, data: 'bad gateway' }],
  ];

  it.each(
    lookups.flatMap(([what, call, code]) =>
      outages.map(([outage, reply]) => [what, outage, code, call, reply] as const),
    ),
  )('fails %s on %s with %s, retryable', async (_what, _outage, code, call, reply) => {
    const { gateway } = gatewayAnswering(reply);
    await expect(providerFailure(call(gateway))).resolves.toMatchObject({ code, transient: true });
  });
});

describe('HttpEnrichmentGateway: a new free tag (SPEC §7 itagdefinition/insert and detail)', () => {
  const refusal = (resultCode: string): ProviderReply => ({
    status: 418,
    data: { resultCode, errorDescription: resultCode, ssoCode: 'OK' },
  });

  it('inserts the names without a prettyId, then reads the tag back with the prettyId the provider gave it', async () => {
    const { gateway, sent } = gatewayAnswering(
      { status: 200, data: { resultCode: 'OK', item: { id: 'n1' } } },
      {
        status: 200,
        data: {
          resultCode: 'OK',
          item: {
            id: 'n1',
            prettyId: 'rally',
            classificationId: 'dmuyud',
            names: [{ lang: 'IT', label: 'Rally' }],
          },
        },
      },
    );
    const id = await gateway.insertTag('tok', 'dmuyud', { it: 'Rally', en: 'Rally race' });
    expect(id).toBe('n1');
    expect(sent[0]).toMatchObject({ url: '/xintelligence/resources/itagdefinition/insert/paddock/dmuyud' });
    expect(JSON.parse(String(sent[0]?.data))).toEqual({
      value: {
        names: [
          { lang: 'IT', label: 'Rally', description: '' },
          { lang: 'EN', label: 'Rally race', description: '' },
        ],
        categorized: false,
        patch: [{ op: 'remove', field: 'prettyId' }],
      },
    });
    await expect(gateway.tagDetail('tok', 'dmuyud', id)).resolves.toMatchObject({
      id: 'n1',
      prettyId: 'rally',
    });
    expect(sent[1]).toMatchObject({
      method: 'get',
      url: '/xintelligence/resources/itagdefinition/detail/paddock/dmuyud/n1',
    });
  });

  it.each([
    ['ITAG_ALREADY_DEFINED', ENRICHMENT_ERROR_CODES.TAG_EXISTS],
    ['ACCESS_DENIED', ERROR_CODES.FORBIDDEN],
    ['CLASSIFICATION_NOT_FOUND', E_CODES.TAG_INSERT_FAILED],
  ])('reads a refused insert %s as %s', async (resultCode, code) => {
    const { gateway } = gatewayAnswering(refusal(resultCode));
    await expect(gateway.insertTag('tok', 'dmuyud', { it: 'Rally' })).rejects.toMatchObject({
      code,
      transient: false,
    });
  });
});

describe('HttpEnrichmentGateway: products (SPEC §3 Product)', () => {
  const product = (id: string, tags?: unknown) => ({
    id,
    prettyId: id,
    name: { it: `Modello ${id}`, en: `Model ${id}` },
    ...(tags ? { tags } : {}),
  });

  it('carries each product’s tags by classification from the listing, and none when the provider gives none', async () => {
    const { gateway, sent } = gatewayAnswering({
      status: 200,
      data: {
        resultCode: 'OK',
        items: [
          product('spider', [
            { classificationId: 'vu62a5', ids: ['spider'] },
            { classificationId: 'joc5rg', ids: ['t1', 't2'] },
          ]),
          product('berlina'),
        ],
        paging: { next: 'c2' },
      },
    });
    await expect(gateway.products('tok')).resolves.toEqual({
      items: [
        {
          id: 'spider',
          classificationId: 'vu62a5',
          names: { it: 'Modello spider', en: 'Model spider' },
          tags: [
            { classificationId: 'vu62a5', ids: ['spider'] },
            { classificationId: 'joc5rg', ids: ['t1', 't2'] },
          ],
        },
        {
          id: 'berlina',
          classificationId: 'vu62a5',
          names: { it: 'Modello berlina', en: 'Model berlina' },
          tags: [],
        },
      ],
      next: 'c2',
    });
    expect(sent[0]?.url).toBe('/productdata/resources/products/paddock');
  });
});

describe('HttpEnrichmentGateway: definitions by key, kept a minute per token (issue 26)', () => {
  const definition = (key: string) => ({ id: `d-${key}`, key, names: [], metadataType: 'STRING' });
  // The provider answers with the definitions of the keys asked for that it knows ('gone' it does not).
  const answerAskedKeys = (request: InternalAxiosRequestConfig): ProviderReply => {
    const asked = (JSON.parse(String(request.data)) as { criteria: { keys: string[] } }).criteria.keys;
    const items = asked.filter((key) => key !== 'gone').map(definition);
    return { status: 200, data: { resultCode: 'OK', totalResults: items.length, items } };
  };
  const askedKeys = (sent: InternalAxiosRequestConfig[]) =>
    sent.map((r) => (JSON.parse(String(r.data)) as { criteria: { keys: string[] } }).criteria.keys);

  function gatewayWithClock() {
    const { http, sent } = scriptedProviderHttp(answerAskedKeys);
    const clock = fixedClock();
    return { gateway: new HttpEnrichmentGateway(http, { CLIENT_ID: 'paddock' }, clock), sent, clock };
  }
  const keysOf = (found: { key: string }[]) => found.map((d) => d.key).sort();

  it('asks the provider only for keys it has not been asked about in the last minute, unknown keys included', async () => {
    const { gateway, sent } = gatewayWithClock();
    expect(keysOf(await gateway.metadataDefinitions('tok', 'ggdyqo', ['vin', 'gone']))).toEqual(['vin']);
    expect(keysOf(await gateway.metadataDefinitions('tok', 'ggdyqo', ['vin', 'gone', 'plate']))).toEqual([
      'plate',
      'vin',
    ]);
    expect(keysOf(await gateway.metadataDefinitions('tok', 'ggdyqo', ['plate', 'vin']))).toEqual([
      'plate',
      'vin',
    ]);
    expect(askedKeys(sent)).toEqual([['vin', 'gone'], ['plate']]);
  });

  it('asks again after a minute, for another token, and for another classification', async () => {
    const { gateway, sent, clock } = gatewayWithClock();
    await gateway.metadataDefinitions('tok', 'ggdyqo', ['vin']);
    await gateway.metadataDefinitions('other', 'ggdyqo', ['vin']);
    await gateway.metadataDefinitions('tok', 'vu62a5', ['vin']);
    clock.at = new Date(clock.at.getTime() + 60_000);
    await gateway.metadataDefinitions('tok', 'ggdyqo', ['vin']);
    expect(sent).toHaveLength(4);
  });

  it('always asks afresh for the whole list an editor picks from', async () => {
    const { http, sent } = scriptedProviderHttp(() => ({
      status: 200,
      data: { resultCode: 'OK', totalResults: 1, items: [definition('vin')] },
    }));
    const gateway = new HttpEnrichmentGateway(http, { CLIENT_ID: 'paddock' }, fixedClock());
    await gateway.metadataDefinitions('tok', 'ggdyqo');
    await gateway.metadataDefinitions('tok', 'ggdyqo');
    expect(sent).toHaveLength(2);
  });
});
