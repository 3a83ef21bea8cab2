import type { AccessScope, FolderRights } from '../access/access.repository';

export interface FolderLocale {
  locale: string;
  name: string;
  description: string;
}

/** A folder as the built-in provider's services see it (never a Prisma type). */
export interface FolderRecord {
  id: string;
  prettyId: string;
  parentId: string | null;
  /** Root first, the folder itself excluded. */
  ancestorIds: string[];
  categoryType: string;
  locales: FolderLocale[];
  isSupplier: boolean;
  originId: string | null;
  createdAt: Date;
  /** Linked contents that are not in the trash; 0 when not counted. */
  numberOfContents: number;
  /** Direct sub-folders the caller may see. */
  numberOfSubCategories: number;
  rights: FolderRights;
}

export type FolderOrder = 'categoryName_A' | 'categoryName_D' | 'creationDate_A' | 'creationDate_D';

export interface FolderQuery {
  /** The caller's: only folders it may `show` are returned. */
  scope: AccessScope;
  /** Ids or prettyIds; empty means any. */
  categoryIds: string[];
  /** A folder id: only its descendants (every level, as THRON's childOf). */
  childOfId?: string;
  /** The root level is 1. */
  maxLevel?: number;
  textSearch?: string;
  /** Counting linked contents costs a scan per big folder; THRON's returnNumberOfContents. */
  countContents: boolean;
  locale: string;
  orderBy: FolderOrder;
  offset: number;
  limit: number;
}
