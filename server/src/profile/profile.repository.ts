import { Injectable, Optional } from '@nestjs/common';
import { LANGUAGES } from '@paddock/rules';
import { ChangeFeed } from '../database/change-feed';
import { HubPrismaService } from '../database/hub-prisma.service';
import { Prisma } from '../generated/hub/client';
import {
  disclaimerTextsOf,
  userPreferencesOf,
  type Disclaimer,
  type DisclaimerInput,
  type DisclaimerTexts,
  type UserPreferences,
  type UserPreferencesPatch,
} from './profile.types';

/** The current disclaimer and whether one user accepted it. */
export interface CurrentDisclaimerAcceptance {
  disclaimerId: string;
  accepted: boolean;
}

/** What an upsert did: created, updated, or refused because the stored version differs. */
export type UpsertDisclaimerOutcome =
  | { outcome: 'created' | 'updated'; disclaimer: Disclaimer }
  | { outcome: 'version-conflict'; storedVersion: string };

/** The current disclaimer is the latest active one (by creation time, then id). */
const CURRENT = {
  where: { active: true },
  orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
} satisfies Prisma.DisclaimerFindFirstArgs;

/** Profile data in the hub schema: disclaimers, their acceptances and user preferences. */
@Injectable()
export class ProfileRepository {
  constructor(
    private readonly prisma: HubPrismaService,
    // Without it (tests of the repository alone), nothing is kept to drop.
    @Optional() private readonly changes?: ChangeFeed,
  ) {}

  async findCurrentDisclaimer(): Promise<Disclaimer | null> {
    const row = await this.prisma.disclaimer.findFirst(CURRENT);
    return row && toDisclaimer(row);
  }

  async findDisclaimer(id: string): Promise<Disclaimer | null> {
    const row = await this.prisma.disclaimer.findUnique({ where: { id } });
    return row && toDisclaimer(row);
  }

  /** One query: the current disclaimer's id and whether `username` accepted it; null when none is active. */
  async currentDisclaimerAcceptance(username: string): Promise<CurrentDisclaimerAcceptance | null> {
    const row = await this.prisma.disclaimer.findFirst({
      ...CURRENT,
      select: { id: true, acceptances: { where: { username }, select: { username: true }, take: 1 } },
    });
    return row && { disclaimerId: row.id, accepted: row.acceptances.length > 0 };
  }

  /**
   * Records an acceptance once; a repeat keeps the first acceptance time. False when the
   * disclaimer vanished meanwhile (foreign key).
   */
  async recordAcceptance(username: string, disclaimerId: string): Promise<boolean> {
    try {
      const { count } = await this.prisma.disclaimerAcceptance.createMany({
        data: [{ username, disclaimerId }],
        skipDuplicates: true,
      });
      // At every sign-in, mostly recorded already: only a new acceptance drops what was kept.
      if (count) this.changes?.changedHere('callers');
      return true;
    } catch (e) {
      if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2003') return false;
      throw e;
    }
  }

  /** Creates the disclaimer or updates its texts and active flag; never changes a stored version. */
  async upsertDisclaimer(input: DisclaimerInput): Promise<UpsertDisclaimerOutcome> {
    const outcome = await this.prisma.$transaction(async (tx) => {
      const stored = await tx.disclaimer.findUnique({ where: { id: input.id }, select: { version: true } });
      if (stored && stored.version !== input.version)
        return { outcome: 'version-conflict', storedVersion: stored.version } as const;
      const texts = jsonOf(input.texts);
      const row = stored
        ? await tx.disclaimer.update({
            where: { id: input.id },
            data: { texts, active: input.active ?? true },
          })
        : await tx.disclaimer.create({
            data: { id: input.id, version: input.version, texts, active: input.active ?? true },
          });
      return { outcome: stored ? 'updated' : 'created', disclaimer: toDisclaimer(row) } as const;
    });
    this.changes?.changedHere('callers');
    return outcome;
  }

  async findPreferences(username: string): Promise<UserPreferences> {
    const row = await this.prisma.userPreferences.findUnique({
      where: { username },
      select: { preferences: true },
    });
    return userPreferencesOf(row?.preferences);
  }

  /**
   * Merges `patch` into the stored preferences in one statement (concurrent saves never lose each
   * other's fields); a null in the patch removes that field.
   */
  async mergePreferences(username: string, patch: UserPreferencesPatch): Promise<UserPreferences> {
    const json = JSON.stringify(patch);
    const rows = await this.prisma.$queryRaw<{ preferences: unknown }[]>`
      INSERT INTO "hub"."user_preferences" ("username", "preferences", "updated_at")
      VALUES (${username}, jsonb_strip_nulls(${json}::jsonb), CURRENT_TIMESTAMP)
      ON CONFLICT ("username") DO UPDATE
        SET "preferences" = jsonb_strip_nulls("user_preferences"."preferences" || ${json}::jsonb),
            "updated_at" = CURRENT_TIMESTAMP
      RETURNING "preferences"`;
    return userPreferencesOf(rows[0]?.preferences);
  }
}

function toDisclaimer(row: {
  id: string;
  version: string;
  texts: unknown;
  active: boolean;
  createdAt: Date;
}): Disclaimer {
  return {
    id: row.id,
    version: row.version,
    texts: disclaimerTextsOf(row.texts),
    active: row.active,
    createdAt: row.createdAt,
  };
}

function jsonOf(texts: DisclaimerTexts): Prisma.InputJsonObject {
  return Object.fromEntries(
    LANGUAGES.map((lang) => {
      const { title, body, acceptLabel, closeLabel } = texts[lang];
      return [lang, { title, body, acceptLabel, closeLabel }];
    }),
  );
}
