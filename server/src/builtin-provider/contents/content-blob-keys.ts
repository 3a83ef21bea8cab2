/**
 * Where a content's files live in the blob store, in one place, so that what writes them and what
 * deletes the content for good agree.
 */

/** A version's source file. */
export function sourceKeyOf(contentId: string, version: number, extension: string): string {
  return `contents/${contentId}/v${version}/source${extension ? `.${extension}` : ''}`;
}

/**
 * The folder of a content's blurred renditions (docs/plates.md), every version's: they are recorded
 * nowhere but in the store, so the content's delete empties the folder.
 */
export function blurredFolderOf(contentId: string): string {
  return `plates/${contentId}/`;
}
