import { Module, type DynamicModule, type Type } from '@nestjs/common';
import type { ActiveHold, HoldSubject, LegalHoldScope } from '@paddock/rules';

/**
 * The port through which the built-in provider reads legal holds (docs/legal-hold.md). The holds
 * are the hub's (one table, one query); the provider imports nothing of the hub for them: the app
 * root hands it the hub's repository under this token (HoldRegisterModule), and the provider
 * works out itself, from its own folders, what holds each content.
 */
export const HOLD_REGISTER = Symbol('HOLD_REGISTER');

export interface HoldRegister {
  /** The active holds that hold each subject, by subject id; subjects no hold keeps are left out. */
  heldAmong(subjects: readonly HoldSubject[]): Promise<ReadonlyMap<string, readonly ActiveHold[]>>;
  /** The active holds placed on exactly these targets of one scope. */
  activeOn(scope: LegalHoldScope, targetIds: readonly string[]): Promise<readonly ActiveHold[]>;
}

/** Gives every built-in provider module the hold register, wherever the provider runs. */
@Module({})
export class HoldRegisterModule {
  /** `register`, exported by `module`, answers HOLD_REGISTER. */
  static from(module: Type, register: Type<HoldRegister>): DynamicModule {
    return {
      module: HoldRegisterModule,
      global: true,
      imports: [module],
      providers: [{ provide: HOLD_REGISTER, useExisting: register }],
      exports: [HOLD_REGISTER],
    };
  }
}
