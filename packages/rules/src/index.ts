export * from './roles';
export * from './views';
export * from './limits';
export * from './errors';
export * from './session';
export * from './folders';
export * from './assets';
export * from './validation';
