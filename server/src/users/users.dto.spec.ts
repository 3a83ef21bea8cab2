import { BadRequestException } from '@nestjs/common';
import { RequestValidationPipe } from '../common/request-validation.pipe';
import { UserSearchQueryDto, toUserSearchFilter } from './users.dto';

/** The app's global pipe (app.factory.ts). */
const pipe = new RequestValidationPipe();

const parse = (query: Record<string, unknown>) =>
  pipe.transform(query, { type: 'query', metatype: UserSearchQueryDto }) as Promise<UserSearchQueryDto>;

async function problemsOf(query: Record<string, unknown>): Promise<string> {
  try {
    await parse(query);
  } catch (e) {
    if (e instanceof BadRequestException)
      return (e.getResponse() as { message: string[] }).message.join('\n');
    throw e;
  }
  throw new Error(`expected ${JSON.stringify(query)} to be refused`);
}

describe('UserSearchQueryDto', () => {
  it('reads numbers and comma-separated lists from the query string', async () => {
    const dto = await parse({
      searchString: 'rossi',
      vins: 'zfa31200000123456, ZFA31200000654321',
      sfEventId: ['a0B5g00000XyZ12', 'a0B5g00000XyZ13AAA,EVT-1'],
      limit: '50',
      offset: '40',
    });
    expect(toUserSearchFilter(dto)).toEqual({
      searchString: 'rossi',
      vins: ['ZFA31200000123456', 'ZFA31200000654321'],
      sfEventIds: ['a0B5g00000XyZ12', 'a0B5g00000XyZ13AAA', 'EVT-1'],
      limit: 50,
      offset: 40,
    });
  });

  it('accepts an empty query and empty lists', async () => {
    expect(toUserSearchFilter(await parse({}))).toEqual({});
    expect((await parse({ vins: '', sfEventId: ' , ' })).vins).toBeUndefined();
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '51' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ offset: '-1' }, 'offset'],
    [{ offset: '1.5' }, 'offset'],
    [{ vins: 'ZFA3120000012345' }, 'vins'],
    [{ vins: 'ZFA31200000I23456' }, 'vins'],
    [{ vins: Array.from({ length: 51 }, () => 'ZFA31200000123456').join(',') }, 'vins'],
    [{ sfEventId: 'a b' }, 'sfEventId'],
    [{ searchString: 'x'.repeat(101) }, 'searchString'],
    [{ searchString: ['a', 'b'] }, 'searchString'],
    [{ role: 'admin' }, 'role'],
  ])('refuses %j, naming %s', async (query, field) => {
    expect(await problemsOf(query)).toContain(field);
  });
});
