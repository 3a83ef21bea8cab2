import { viewerOf } from './actor';

describe('viewerOf', () => {
  it('makes administrators see every job and others only their own', () => {
    expect(viewerOf({ username: 'admin', roles: ['user', 'admin'] })).toEqual({
      username: 'admin',
      isAdmin: true,
    });
    expect(viewerOf({ username: 'mario.rossi', roles: ['user'] })).toEqual({
      username: 'mario.rossi',
      isAdmin: false,
    });
  });
});
