import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, systemClock, type Clock } from '../common/clock';
import { ChangeFeed } from '../database/change-feed';
import { KeptUntilChanged } from '../database/kept-until-changed';
import { ProfileErrors } from './profile.errors';
import { ProfileRepository } from './profile.repository';
import {
  DISCLAIMER_ID_PATTERN,
  disclaimerTextProblems,
  type Disclaimer,
  type DisclaimerInput,
  type UserPreferences,
  type UserPreferencesPatch,
} from './profile.types';

/** What the service needs of its repository (unit tests pass a fake). */
export type ProfileStore = { [K in keyof ProfileRepository]: ProfileRepository[K] };

/**
 * Whether each person accepted the current disclaimer, asked by every request: kept until a
 * disclaimer or an acceptance changes (topic `callers`, migration `*_request_caches`).
 */
const ACCEPTANCES = { capacity: 10_000, ttlMs: 60_000 };

/** The profile part of the content service (SPEC §7): disclaimer and user preferences. */
@Injectable()
export class ProfileService {
  private readonly acceptances: KeptUntilChanged;

  constructor(
    @Inject(ProfileRepository) private readonly repo: ProfileStore,
    // Without them (unit tests), every request asks the repository.
    @Optional() @Inject(ChangeFeed) changes?: Pick<ChangeFeed, 'generation'>,
    @Optional() @Inject(CLOCK) clock: Clock = systemClock,
  ) {
    this.acceptances = new KeptUntilChanged(changes, 'callers', ACCEPTANCES, clock);
  }

  /** True when the user accepted the current disclaimer, or when no disclaimer is active. */
  async isDisclaimerAccepted(username: string): Promise<boolean> {
    return this.acceptances.read(['accepted', username], async () => {
      const current = await this.repo.currentDisclaimerAcceptance(username);
      return current === null || current.accepted;
    });
  }

  async currentDisclaimer(): Promise<Disclaimer> {
    const current = await this.repo.findCurrentDisclaimer();
    if (!current) throw ProfileErrors.noActiveDisclaimer();
    return current;
  }

  /** Records that `username` accepted the current disclaimer; repeating it changes nothing. */
  async acceptDisclaimer(username: string, disclaimerId: string): Promise<void> {
    const [disclaimer, current] = await Promise.all([
      this.repo.findDisclaimer(disclaimerId),
      this.repo.findCurrentDisclaimer(),
    ]);
    if (!disclaimer) throw ProfileErrors.disclaimerNotFound(disclaimerId);
    if (current?.id !== disclaimer.id)
      throw ProfileErrors.disclaimerNotCurrent(disclaimerId, current?.id ?? null);
    if (!(await this.repo.recordAcceptance(username, disclaimerId)))
      throw ProfileErrors.disclaimerNotFound(disclaimerId);
  }

  /**
   * Publishes a disclaimer (demo seed, administration); idempotent. The texts of an existing id
   * may change, its version may not: a new version is a new id, which every user must accept again.
   */
  async upsertDisclaimer(input: DisclaimerInput): Promise<Disclaimer> {
    const problems = [
      ...(DISCLAIMER_ID_PATTERN.test(input.id) ? [] : [`id must match ${String(DISCLAIMER_ID_PATTERN)}`]),
      ...(input.version.trim() ? [] : ['version must not be empty']),
      ...disclaimerTextProblems(input.texts),
    ];
    if (problems.length) throw ProfileErrors.invalidDisclaimer(problems);
    const result = await this.repo.upsertDisclaimer(input);
    if (result.outcome === 'version-conflict')
      throw ProfileErrors.disclaimerVersionImmutable(input.id, result.storedVersion, input.version);
    return result.disclaimer;
  }

  preferences(username: string): Promise<UserPreferences> {
    return this.repo.findPreferences(username);
  }

  /** Merges the given fields into the stored preferences and answers the result. */
  savePreferences(username: string, patch: UserPreferencesPatch): Promise<UserPreferences> {
    const clean = definedFields(patch);
    if (clean.recentRecipients) clean.recentRecipients = distinctAddresses(clean.recentRecipients);
    return this.repo.mergePreferences(username, clean);
  }
}

/** Most recent first, each address once (compared case-insensitively), trimmed. */
function distinctAddresses(addresses: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of addresses) {
    const address = raw.trim();
    const key = address.toLowerCase();
    if (!address || seen.has(key)) continue;
    seen.add(key);
    out.push(address);
  }
  return out;
}

function definedFields<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(o) as (keyof T)[]) if (o[key] !== undefined) out[key] = o[key];
  return out;
}
