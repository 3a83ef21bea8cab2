import {
  ENRICHMENT_CLASSIFICATIONS,
  RESERVED_METADATA_KEYS,
  RESERVED_TAGS,
  mayTagSomewhere,
} from '@paddock/rules';
import type { ContentAccess } from './access.repository';
import type { ProviderCaller } from './provider-caller';

/** What a caller may do with a content: THRON's READ and MODIFY, and the rights a detail reports. */
export interface ContentRights {
  /** Its detail, bytes, thumbnails and archive entries. */
  read: boolean;
  /** New versions, locales, tags and metadata, links to folders, trash. */
  modify: boolean;
  share: boolean;
}

/**
 * THRON's content ACL in one place, through the content's folders only: reading needs a folder of
 * it that the caller's groups see, sharing `share` on one, modifying `write` on one and sight of
 * every folder it is in. Owning a content gives nothing (issue 11: an owner kept every right after
 * its delivery left its folders), and a content also placed where the caller cannot see is held by
 * others too: a supplier's delivery stays linked to the supplier work folder as the supplier's
 * record, but once it went on into approval (a folder the supplier does not see) it is no longer
 * the supplier's to change. A trashed content is in no folder and reads as absent.
 */
export function contentRights(access: ContentAccess): ContentRights {
  const visible = !access.trashed && access.folders.show;
  return {
    read: visible,
    modify: visible && access.folders.write && access.allFoldersShown,
    share: visible && access.folders.share,
  };
}

/**
 * Permanent delete: what the caller may modify; a trashed content is in no folder any more, so
 * only the hub's service account, which empties the trash, removes it for good.
 */
export function mayRemove(access: ContentAccess, caller: ProviderCaller): boolean {
  return access.trashed ? caller.serviceAccount : contentRights(access).modify;
}

/** A tag (by prettyId) and metadata keys an itag or imetadata call inserts or removes. */
export interface TaggingChange {
  tagPrettyId?: string | null;
  metadataKeys?: string[];
}

/**
 * The workflow's record (accepted / refused / deleted tags, who decided, note, drawing, deletion
 * date, internal share) is written by the hub's service account only, whatever the caller's
 * folder rights: a supplier may not accept its own delivery. Ids and keys match case-insensitively.
 */
export function mayWriteTagging(caller: ProviderCaller, change: TaggingChange): boolean {
  if (caller.serviceAccount) return true;
  const reservedTag = change.tagPrettyId != null && RESERVED_TAGS.includes(change.tagPrettyId.toLowerCase());
  const reservedKey = (change.metadataKeys ?? []).some((k) =>
    RESERVED_METADATA_KEYS.includes(k.toLowerCase()),
  );
  return !reservedTag && !reservedKey;
}

/**
 * Defining a tag (itagdefinition/insert; THRON's TAG_SUGGESTER for uncategorised tags, research
 * §4): whoever may tag somewhere defines free tags, in the free-tag classification only; the
 * service account in any. A reserved workflow prettyId nobody: those tags exist from the start, and
 * a second one would pass for the workflow's record.
 */
export function mayDefineTag(caller: ProviderCaller, classificationId: string, prettyId?: string): boolean {
  if (prettyId !== undefined && RESERVED_TAGS.includes(prettyId.toLowerCase())) return false;
  return (
    caller.serviceAccount ||
    (mayTagSomewhere(caller.roles) && classificationId === ENRICHMENT_CLASSIFICATIONS.tags)
  );
}

/** A user's directory detail (e-mail, groups, last login) answers to the user, the service account and admins. */
export function mayReadUserDetail(caller: ProviderCaller, username: string): boolean {
  return caller.serviceAccount || caller.roles.includes('admin') || caller.user.username === username;
}
