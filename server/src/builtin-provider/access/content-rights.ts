import type { ContentAccess } from './access.repository';

/** What a caller may do with a content: THRON's READ and MODIFY, and the rights a detail reports. */
export interface ContentRights {
  /** Its detail, bytes, thumbnails and archive entries. */
  read: boolean;
  /** New versions, locales, trash, permanent delete. */
  modify: boolean;
  share: boolean;
}

/**
 * THRON's content ACL in one place: the owner reads and modifies their content (even from the trash,
 * to delete it for good); anyone else needs a folder of it that their groups see, and `write` on one
 * to modify it. A trashed content is in no folder and reads as absent.
 */
export function contentRights(access: ContentAccess, username: string): ContentRights {
  const owner = access.ownerUsername === username;
  const visible = !access.trashed && access.folders.show;
  return {
    read: !access.trashed && (owner || visible),
    modify: owner || (visible && access.folders.write),
    share: visible && access.folders.share,
  };
}

/**
 * The rights itag and imetadata calls need: through the folders only (the owner gets no more), as
 * THRON's MODIFY ACL on the content's folders.
 */
export function tagRights(access: ContentAccess): Pick<ContentRights, 'read' | 'modify'> {
  const visible = !access.trashed && access.folders.show;
  return { read: visible, modify: visible && access.folders.write };
}
