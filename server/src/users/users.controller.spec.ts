import type { INestApplication } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import { DomainExceptionFilter } from '../common/domain-exception.filter';
import { RequestValidationPipe } from '../common/request-validation.pipe';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';
import type { UserSearchFilter } from './users.types';

/** Route, auth and validation of user search, over a fake service. */
describe('UsersController', () => {
  let app: INestApplication;
  const service = {
    search: jest.fn(async (_filter: UserSearchFilter) => ({
      users: [
        {
          username: 'anna.bianchi',
          firstName: 'Anna',
          lastName: 'Bianchi',
          email: 'anna.bianchi@example.com',
          companyName: 'Maker',
          department: null,
        },
      ],
      totalResults: 1,
    })),
  };

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [UsersController],
      providers: [
        { provide: UsersService, useValue: service },
        { provide: APP_FILTER, useClass: DomainExceptionFilter },
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.use(
      (
        req: Request & { user?: { username: string; providerToken: string } },
        _res: Response,
        next: NextFunction,
      ) => {
        const username = req.header('x-test-user');
        if (username) req.user = { username, providerToken: `token-of-${username}` };
        next();
      },
    );
    app.useGlobalPipes(new RequestValidationPipe());
    await app.init();
  });
  afterAll(() => app.close());
  beforeEach(() => jest.clearAllMocks());

  it('refuses a request without a user', async () => {
    const res = await request(app.getHttpServer()).get('/api/users/search?searchString=anna');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(service.search).not.toHaveBeenCalled();
  });

  it('answers {users, totalResults} for a valid query', async () => {
    const res = await request(app.getHttpServer())
      .get('/api/users/search')
      .query({ searchString: 'anna', vins: 'ZFA31200000123456', limit: '10', offset: '0' })
      .set('x-test-user', 'mario');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      users: [
        {
          username: 'anna.bianchi',
          firstName: 'Anna',
          lastName: 'Bianchi',
          email: 'anna.bianchi@example.com',
          companyName: 'Maker',
          department: null,
        },
      ],
      totalResults: 1,
    });
    expect(service.search).toHaveBeenCalledWith(
      { searchString: 'anna', vins: ['ZFA31200000123456'], sfEventIds: undefined, limit: 10, offset: 0 },
      // The signed-in user's provider token: VINs narrow among the assets that user sees.
      'token-of-mario',
    );
  });

  it.each(['limit=51', 'vins=nope', 'unknown=1'])('refuses ?%s with 400 VALIDATION_FAILED', async (query) => {
    const res = await request(app.getHttpServer())
      .get(`/api/users/search?${query}`)
      .set('x-test-user', 'mario');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(service.search).not.toHaveBeenCalled();
  });
});
