import type { INestApplication } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import { DomainExceptionFilter } from '../common/domain-exception.filter';
import { RequestValidationPipe } from '../common/request-validation.pipe';
import { ProfileController } from './profile.controller';
import { ProfileErrors } from './profile.errors';
import { ProfileService } from './profile.service';
import type { Disclaimer } from './profile.types';

const text = { title: 'T', body: 'B', acceptLabel: 'A', closeLabel: 'C' };
const disclaimer: Disclaimer = {
  id: 'disclaimer-v2',
  version: '2',
  texts: { it: text, en: text, fr: text },
  active: true,
  createdAt: new Date(),
};

/** Routes, status codes and validation of the profile API, over a fake service. */
describe('ProfileController', () => {
  let app: INestApplication;
  const service = {
    isDisclaimerAccepted: jest.fn(async (_username: string) => false),
    currentDisclaimer: jest.fn(async () => disclaimer),
    acceptDisclaimer: jest.fn(async (_username: string, _id: string) => undefined),
    preferences: jest.fn(async (_username: string) => ({ language: 'en' })),
    savePreferences: jest.fn(async (_username: string, patch: object) => ({ language: 'en', ...patch })),
  };

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [ProfileController],
      providers: [
        { provide: ProfileService, useValue: service },
        { provide: APP_FILTER, useClass: DomainExceptionFilter },
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    // Stands in for the auth guard: the user named in a test header.
    app.use((req: Request & { user?: { username: string } }, _res: Response, next: NextFunction) => {
      const username = req.header('x-test-user');
      if (username) req.user = { username };
      next();
    });
    app.useGlobalPipes(new RequestValidationPipe());
    await app.init();
  });
  afterAll(() => app.close());
  beforeEach(() => jest.clearAllMocks());

  const as = (username: string) => ({ 'x-test-user': username });

  it('refuses every route without a user', async () => {
    const server = app.getHttpServer();
    for (const res of [
      await request(server).get('/api/profile/check-disclaimer'),
      await request(server).get('/api/profile/get-disclaimer'),
      await request(server)
        .post('/api/profile/save-disclaimer-acceptance/disclaimer-v2')
        .send({ accepted: true }),
      await request(server).get('/api/profile/user-preferences'),
      await request(server).post('/api/profile/user-preferences').send({ language: 'en' }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    expect(service.acceptDisclaimer).not.toHaveBeenCalled();
    expect(service.savePreferences).not.toHaveBeenCalled();
  });

  it('GET check-disclaimer answers {disclaimerAcceptance}', async () => {
    const res = await request(app.getHttpServer()).get('/api/profile/check-disclaimer').set(as('mario'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ disclaimerAcceptance: false });
    expect(service.isDisclaimerAccepted).toHaveBeenCalledWith('mario');
  });

  it('GET get-disclaimer answers id, version and texts only', async () => {
    const res = await request(app.getHttpServer()).get('/api/profile/get-disclaimer').set(as('mario'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 'disclaimer-v2', version: '2', texts: disclaimer.texts });
  });

  it('GET get-disclaimer is 404 NOT_FOUND when none is active', async () => {
    service.currentDisclaimer.mockRejectedValueOnce(ProfileErrors.noActiveDisclaimer());
    const res = await request(app.getHttpServer()).get('/api/profile/get-disclaimer').set(as('mario'));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('POST save-disclaimer-acceptance records and answers 200 {disclaimerAcceptance: true}', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/profile/save-disclaimer-acceptance/disclaimer-v2')
      .set(as('mario'))
      .send({ accepted: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ disclaimerAcceptance: true });
    expect(service.acceptDisclaimer).toHaveBeenCalledWith('mario', 'disclaimer-v2');
  });

  it.each([{}, { accepted: false }, { accepted: 'yes' }, { accepted: true, note: 'x' }])(
    'POST save-disclaimer-acceptance refuses %j with 400 and records nothing',
    async (body) => {
      const res = await request(app.getHttpServer())
        .post('/api/profile/save-disclaimer-acceptance/disclaimer-v2')
        .set(as('mario'))
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(service.acceptDisclaimer).not.toHaveBeenCalled();
    },
  );

  it('POST save-disclaimer-acceptance passes DISCLAIMER_NOT_CURRENT on as 400 with details', async () => {
    service.acceptDisclaimer.mockRejectedValueOnce(
      ProfileErrors.disclaimerNotCurrent('disclaimer-v1', 'disclaimer-v2'),
    );
    const res = await request(app.getHttpServer())
      .post('/api/profile/save-disclaimer-acceptance/disclaimer-v1')
      .set(as('mario'))
      .send({ accepted: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'DISCLAIMER_NOT_CURRENT',
      details: { disclaimerId: 'disclaimer-v1', currentDisclaimerId: 'disclaimer-v2' },
    });
  });

  it('GET user-preferences answers the stored object', async () => {
    const res = await request(app.getHttpServer()).get('/api/profile/user-preferences').set(as('mario'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ language: 'en' });
  });

  it('POST user-preferences passes the validated fields and answers 200 with the stored object', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/profile/user-preferences')
      .set(as('mario'))
      .send({ viewMode: 'list', pageSize: 50 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ language: 'en', viewMode: 'list', pageSize: 50 });
    expect(service.savePreferences).toHaveBeenCalledWith(
      'mario',
      expect.objectContaining({ viewMode: 'list', pageSize: 50 }),
    );
  });

  it.each([{ theme: 'dark' }, { pageSize: 500 }, [{ language: 'en' }]])(
    'POST user-preferences refuses %j with 400',
    async (body) => {
      const res = await request(app.getHttpServer())
        .post('/api/profile/user-preferences')
        .set(as('mario'))
        .send(body);
      expect(res.status).toBe(400);
      expect(service.savePreferences).not.toHaveBeenCalled();
    },
  );
});
